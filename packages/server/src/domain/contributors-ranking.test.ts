/**
 * The order of a text search, pinned on a small catalogue (issue 18): the name above the titles
 * and subjects above the bio, whole words above parts of words, Arabic variants as their plain
 * forms, one typo tolerated in a word of five letters or more (exact words first), and the
 * filters and the blank list newest first. The same order on both databases.
 */
import { type ContributorProfile, riyadhDay, riyadhInstant } from '@mashura/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Row } from '../db/tables.ts'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import {
  addCenter,
  addExpert,
  addSubject,
  type ExpertOptions,
  fromNow,
  insertSlot,
} from '../test-support/fixtures.ts'
import { type ContributorFilters, searchContributorIds } from './contributors.ts'

eachDatabase('contributor search ranking', (dialect) => {
  const ctx = useTestContext(dialect)
  /** Each expert's id by letter, and back. */
  const ids: Record<string, number> = {}
  const letters = new Map<number, string>()
  let riyadh: Row<'centers'>
  let finance: Row<'subjects'>
  const day = riyadhDay(fromNow(4))
  const nextDay = riyadhDay(fromNow(5))

  beforeAll(async () => {
    const { db } = ctx.store
    const marketing = await addSubject(db, {
      name_ar: 'التسويق الرقمي',
      name_en: 'Digital marketing',
      type: 1,
    })
    finance = await addSubject(db, {
      name_ar: 'الإدارة المالية',
      name_en: 'Financial management',
      type: 2,
    })
    riyadh = await addCenter(db, 'مركز الرياض', 'Riyadh center')
    const jeddah = await addCenter(db, 'مركز جدة', 'Jeddah center')
    // Oldest first: a newest-first list would be the reverse of this one.
    const catalogue: [string, Omit<ExpertOptions, 'created_at'>][] = [
      // «جميل» whole in the name; «التسويق» in a subject and the bio.
      [
        'A',
        {
          name: 'جميل العنزي',
          kind: 'consultant',
          subjects: [marketing.id],
          center_id: riyadh.id,
          bio_ar: 'خبير في التسويق الرقمي للمتاجر',
        },
      ],
      // «الجميل»: the whole word with its article, in the name.
      ['E', { name: 'عبدالله الجميل', kind: 'advisor', subjects: [finance.id], center_id: jeddah.id }],
      // «الجميلي»: «جميل» as part of a word of the name.
      ['D', { name: 'نادر الجميلي', kind: 'partner', center_id: jeddah.id }],
      // «الجميل» in the title; «التسويق» in a subject.
      [
        'B',
        {
          name: 'هند القحطاني',
          kind: 'bsa',
          title_ar: 'مستشارة في التصميم الجميل',
          subjects: [marketing.id],
          center_id: riyadh.id,
        },
      ],
      // «جميل» in the bio.
      [
        'C',
        {
          name: 'سلمان الدوسري',
          kind: 'consultant',
          subjects: [finance.id],
          center_id: riyadh.id,
          bio_ar: 'أسلوب جميل في الشرح',
        },
      ],
      // «أسامة» in the name, then in a bio.
      ['F', { name: 'أسامة الشهري', kind: 'advisor', subjects: [finance.id], center_id: jeddah.id }],
      ['G', { name: 'ليلى الزهراني', kind: 'partner', bio_ar: 'تدرّبت مع أُسامه على التخطيط' }],
      // «التسويف» (procrastination) is one letter away from «التسويق».
      ['K', { name: 'خالد المطيري', kind: 'consultant', bio_ar: 'يعالج التسويف في إدارة الوقت' }],
    ]
    for (const [i, [letter, options]] of catalogue.entries()) {
      const { contributorId } = await addExpert(ctx, {
        ...options,
        created_at: `2024-01-0${i + 1}T09:00:00.000Z`,
      })
      ids[letter] = contributorId
      letters.set(contributorId, letter)
    }
    await insertSlot(db, { contributorId: ids.A!, start: riyadhInstant(day, '10:00'), availability: 2 })
    await insertSlot(db, { contributorId: ids.C!, start: riyadhInstant(day, '12:00'), availability: 1 })
    await insertSlot(db, { contributorId: ids.F!, start: riyadhInstant(nextDay, '10:00'), availability: 2 })
  })

  /** The letters of the experts a search finds, in its order, and its total. */
  const search = async (filters: ContributorFilters, page = 1, perPage = 100) => {
    const { ids: found, total } = await searchContributorIds(ctx.store, filters, { page, perPage })
    return { letters: found.map((id) => letters.get(id)).join(''), total }
  }
  const order = async (filters: ContributorFilters) => (await search(filters)).letters

  describe('a text query ranks by how well it matches', () => {
    it('puts the name above the topics above the bio, and a whole word above part of one', async () => {
      // E and A: «جميل» a whole name word (ties newest first); D: part of one; B: title; C: bio.
      expect(await order({ q: 'جميل' })).toBe('EADBC')
    })

    it('ranks Arabic variants as their plain forms: the article, hamza, taa marbuta, diacritics', async () => {
      for (const q of ['الجميل', 'جَمِيل', 'بالجميل']) expect(await order({ q }), q).toBe('EADBC')
      for (const q of ['اسامه', 'أسامة', 'إسامة', 'أُسَامَة']) expect(await order({ q }), q).toBe('FG')
      // A subject and a bio above a subject alone, though newer; then K's «التسويف», one typo away.
      for (const q of ['تسويق', 'التسويق', 'للتسويق']) expect(await order({ q }), q).toBe('ABK')
      // Equal scores: newest first.
      expect(await order({ q: 'MARKETING' })).toBe('BA')
    })

    it('adds up the terms of a query, each of which must match', async () => {
      expect(await order({ q: 'جميل تسويق' })).toBe('AB')
      expect(await order({ q: 'التسويق  جميل' })).toBe('AB')
      expect(await order({ q: 'جميل الشهري' })).toBe('')
    })

    it('tolerates one typo in a word of five letters or more, exact words first', async () => {
      // «التسويف» as typed (K's bio) above the corrections to «التسويق» (A, B).
      expect(await order({ q: 'تسويف' })).toBe('KAB')
      expect(await order({ q: 'التسويف' })).toBe('KAB')
      // A transposition, an extra letter, a missing one in a name, a substitution in a name.
      expect(await order({ q: 'تسيوق' })).toBe('AB')
      expect(await order({ q: 'تسويقق' })).toBe('AB')
      expect(await order({ q: 'القحطني' })).toBe('B')
      expect(await order({ q: 'الدوسزي' })).toBe('C')
      // With another term: the typo's term still counts.
      expect(await order({ q: 'جميل تسيوق' })).toBe('AB')
      expect((await search({ q: 'تسيوق' })).total).toBe(2)
    })

    it('does not correct a word shorter than five letters', async () => {
      expect(await order({ q: 'تسوق' })).toBe('')
      expect(await order({ q: 'جميك' })).toBe('')
      expect(await order({ q: 'هنب' })).toBe('')
    })

    it('keeps the ranking within the filters', async () => {
      expect(await order({ q: 'جميل', centers: [riyadh.id] })).toBe('ABC')
      expect(await order({ q: 'جميل', kinds: ['consultant', 'advisor'] })).toBe('EAC')
      expect(await order({ q: 'تسويف', available: true })).toBe('A')
    })

    it('pages a ranked list without duplicates or gaps, with the total on every page', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((page) => search({ q: 'جميل' }, page, 2)))
      expect(pages.map((p) => p.letters)).toEqual(['EA', 'DB', 'C', ''])
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5])
    })

    it('answers the ranked order through the API', async () => {
      const names = async (url: string) => {
        const res = await ctx.get(url)
        expect(res.statusCode).toBe(200)
        return (res.json() as { data: ContributorProfile[] }).data.map((p) => p.sso_user.full_name)
      }
      const q = encodeURIComponent('جميل')
      const ranked = ['عبدالله الجميل', 'جميل العنزي', 'نادر الجميلي', 'هند القحطاني', 'سلمان الدوسري']
      expect(await names(`/api/profile/contributors?q=${q}`)).toEqual(ranked)
      expect(await names(`/api/profile/v2/consultants?q=${q}&per_page=2&page=2`)).toEqual([
        'نادر الجميلي',
        'سلمان الدوسري',
      ])
      expect(await names(`/api/profile/v2/bsa?q=${encodeURIComponent('تسيوق')}`)).toEqual(['هند القحطاني'])
    })
  })

  describe('filters and the blank list stay newest first', () => {
    const everyone = 'KGFCBDEA'

    it('lists everyone newest first for a blank query or none', async () => {
      expect(await order({})).toBe(everyone)
      expect(await order({ q: ' ' })).toBe(everyone)
    })

    it('keeps newest first with every filter', async () => {
      expect(await order({ kinds: ['consultant'] })).toBe('KCA')
      expect(await order({ type: 1 })).toBe('KCBA')
      expect(await order({ type: 2 })).toBe('FE')
      expect(await order({ subjects: [finance.id] })).toBe('FCE')
      expect(await order({ centers: [riyadh.id] })).toBe('CBA')
      expect(await order({ dates: [day] })).toBe('CA')
      expect(await order({ dates: [nextDay] })).toBe('F')
      expect(await order({ availability: 1 })).toBe('C')
      expect(await order({ availability: 2 })).toBe('FA')
      expect(await order({ available: true })).toBe('FCA')
    })

    it('orders a text newest first when its sort asks, with the same matches and total', async () => {
      expect(await order({ q: 'جميل', sort: 'newest' })).toBe('CBDEA')
      expect(await order({ q: 'جميل', sort: 'relevance' })).toBe('EADBC')
      expect(await order({ q: 'تسويف', sort: 'newest' })).toBe('KBA')
      expect(await order({ q: 'جميل', sort: 'newest', centers: [riyadh.id] })).toBe('CBA')
      const pages = await Promise.all([1, 2, 3].map((page) => search({ q: 'جميل', sort: 'newest' }, page, 2)))
      expect(pages.map((p) => p.letters)).toEqual(['CB', 'DE', 'A'])
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5])
      // Without a text, relevance has nothing to weigh: newest first still.
      expect(await order({ q: ' ', sort: 'relevance' })).toBe(everyone)
    })

    it('takes the sort through the API and refuses an unknown one', async () => {
      const names = async (url: string) => {
        const res = await ctx.get(url)
        expect(res.statusCode, url).toBe(200)
        return (res.json() as { data: ContributorProfile[] }).data.map((p) => p.sso_user.full_name)
      }
      const q = encodeURIComponent('جميل')
      const newest = ['سلمان الدوسري', 'هند القحطاني', 'نادر الجميلي', 'عبدالله الجميل', 'جميل العنزي']
      expect(await names(`/api/profile/contributors?q=${q}&sort=newest`)).toEqual(newest)
      // The cache keeps the two orders apart.
      expect((await names(`/api/profile/contributors?q=${q}&sort=relevance`))[0]).toBe('عبدالله الجميل')
      expect(await names(`/api/profile/contributors?q=${q}&sort=newest`)).toEqual(newest)
      expect(await names(`/api/profile/v2/consultants?q=${q}&sort=newest&per_page=2`)).toEqual([
        'سلمان الدوسري',
        'نادر الجميلي',
      ])
      const wrong = await ctx.get(`/api/profile/contributors?q=${q}&sort=rating`)
      expect(wrong.statusCode).toBe(400)
    })

    it('pages the blank list without duplicates or gaps', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => search({ q: ' ' }, page, 3)))
      expect(pages.map((p) => p.letters).join('')).toBe(everyone)
      expect(pages.map((p) => p.total)).toEqual([8, 8, 8])
    })
  })
})
