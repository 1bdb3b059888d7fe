import { addCalendarDays, type ContributorProfile, riyadhDay, riyadhInstant, type Slot } from '@mashura/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { normalizeArabic } from '../../../adapters/search/arabic.ts'
import type { Row } from '../../../db/tables.ts'
import { eachDatabase, jsonOf, useTestContext } from '../../../test-support/context.ts'
import {
  addCenter,
  addExpert,
  addOffice,
  addSession,
  addSubject,
  fromNow,
  insertSlot,
} from '../../../test-support/fixtures.ts'

const SCRIPT_NAME = '<script>alert("x")</script>'
const SQL_BIO = "'; DROP TABLE contributors; --"

eachDatabase('public contributor reads', (dialect) => {
  const ctx = useTestContext(dialect)
  const s: Record<string, Row<'subjects'>> = {}
  const ids: Record<string, number> = {}
  let riyadh: Row<'centers'>
  let jeddah: Row<'centers'>
  let office: Row<'offices'>
  /** A Riyadh day a few days ahead, and the day after it. */
  const day = riyadhDay(fromNow(5))
  const nextDay = addCalendarDays(day, 1)
  let slotA1: Row<'slots'>
  let slotA2: Row<'slots'>

  beforeAll(async () => {
    s.marketing = await addSubject(ctx.store.db, {
      name_ar: 'التسويق الرقمي',
      name_en: 'Digital Marketing',
      type: 1,
    })
    s.finance = await addSubject(ctx.store.db, {
      name_ar: 'الإرشاد المالي',
      name_en: 'Financial guidance',
      type: 2,
    })
    s.partners = await addSubject(ctx.store.db, { name_ar: 'الشراكات', name_en: 'Partnerships', type: 4 })
    s.bsa = await addSubject(ctx.store.db, {
      name_ar: 'دعم الأعمال',
      name_en: 'Business support',
      type: 1,
      bsa: 1,
    })
    s.unused = await addSubject(ctx.store.db, {
      name_ar: 'موضوع بلا خبراء',
      name_en: 'Nobody covers this',
      type: 2,
    })
    riyadh = await addCenter(ctx.store.db, 'مركز الرياض', 'Riyadh center')
    jeddah = await addCenter(ctx.store.db, 'مركز جدة', 'Jeddah center')
    office = await addOffice(ctx.store.db, riyadh.id)

    const a = await addExpert(ctx, {
      name: 'أحمد العتيبي',
      kind: 'consultant',
      subjects: [s.marketing!.id],
      center_id: riyadh.id,
      created_at: '2024-01-01T09:00:00.000Z',
      bio_ar: 'خبير في التسويق',
      bio_en: 'A marketing expert',
    })
    const b = await addExpert(ctx, {
      name: 'مُحَمَّد الشَّهْرِي',
      kind: 'advisor',
      subjects: [s.finance!.id],
      center_id: jeddah.id,
      created_at: '2024-01-02T09:00:00.000Z',
    })
    const c = await addExpert(ctx, {
      name: 'فاطمة الزهراء',
      kind: 'partner',
      subjects: [s.partners!.id],
      created_at: '2024-01-03T09:00:00.000Z',
    })
    const d = await addExpert(ctx, {
      name: 'سارة 100% _خبيرة_',
      kind: 'bsa',
      subjects: [s.bsa!.id],
      created_at: '2024-01-04T09:00:00.000Z',
    })
    const e = await addExpert(ctx, {
      name: 'خالد أحمد',
      kind: 'consultant',
      created_at: '2024-01-05T09:00:00.000Z',
    })
    const x = await addExpert(ctx, {
      name: SCRIPT_NAME,
      kind: 'consultant',
      created_at: '2024-01-06T09:00:00.000Z',
      bio_ar: SQL_BIO,
      bio_en: SQL_BIO,
    })
    Object.assign(ids, {
      a: a.contributorId,
      b: b.contributorId,
      c: c.contributorId,
      d: d.contributorId,
      e: e.contributorId,
      x: x.contributorId,
    })
    const sme = await ctx.person({ name: 'صاحب منشأة' })

    // A: an online slot just after midnight of the next day, a slot freed by a cancellation,
    // a past free slot and a held (ended) session.
    slotA1 = await insertSlot(ctx.store.db, {
      contributorId: ids.a!,
      start: riyadhInstant(nextDay, '00:30'),
      availability: 2,
    })
    const cancelled = await addSession(ctx.store.db, {
      contributorId: ids.a!,
      smeId: sme.personId,
      start: fromNow(10),
      state: 'cancelled',
      availability: 2,
    })
    slotA2 = await ctx.store.db
      .selectFrom('slots')
      .selectAll()
      .where('id', '=', cancelled.slot_id)
      .executeTakeFirstOrThrow()
    await insertSlot(ctx.store.db, { contributorId: ids.a!, start: fromNow(-2), availability: 2 })
    await addSession(ctx.store.db, {
      contributorId: ids.a!,
      smeId: sme.personId,
      start: fromNow(-3),
      state: 'ended',
    })
    // B: an office slot late in the evening of the day.
    await insertSlot(ctx.store.db, {
      contributorId: ids.b!,
      start: riyadhInstant(day, '23:30'),
      availability: 1,
      officeId: office.id,
    })
    // E: a booked future slot and a past free one: nothing free to book.
    await addSession(ctx.store.db, { contributorId: ids.e!, smeId: sme.personId, start: fromNow(3) })
    await insertSlot(ctx.store.db, { contributorId: ids.e!, start: fromNow(-1) })
  })

  const search = (query: Record<string, unknown>, lang?: 'ar' | 'en') =>
    ctx.call({
      method: 'GET',
      url: '/api/profile/contributors',
      query: query as never,
      ...(lang ? { lang } : {}),
    })
  const names = (body: { data: ContributorProfile[] }) => body.data.map((p) => p.sso_user.full_name)
  const found = async (query: Record<string, unknown>) => {
    const res = await search(query)
    expect(res.statusCode, res.body).toBe(200)
    return names(res.json())
  }

  describe('GET /profile/contributors', () => {
    it('answers full profiles in Arabic and in English', async () => {
      const ar = await search({ q: 'العتيبي' })
      expect(ar.statusCode).toBe(200)
      const body = ar.json()
      expect(body.meta).toEqual({ page: 1, per_page: 15, total: 1, last_page: 1 })
      expect(body.data).toEqual([
        {
          id: ids.a,
          sso_user: { full_name: 'أحمد العتيبي' },
          file: null,
          role: 'consultant',
          gender: null,
          can_create_slots: true,
          can_delete_slots: true,
          subjects: [
            { id: s.marketing!.id, name: 'التسويق الرقمي', type: 1, bsa_subject: false, description: null },
          ],
          bio: 'خبير في التسويق',
          center: { id: riyadh.id, name: 'مركز الرياض', city: 'الرياض' },
          availability: 2,
          next_free_slot: slotA1.start_at,
          rating: null,
          sessions_count: 1,
          created_at: '2024-01-01T09:00:00.000Z',
          available_now: false,
        },
      ])
      const en = (await search({ q: 'العتيبي' }, 'en')).json().data[0]
      expect(en.subjects[0].name).toBe('Digital Marketing')
      expect(en.center).toEqual({ id: riyadh.id, name: 'Riyadh center', city: 'Riyadh' })
      expect(en.bio).toBe('A marketing expert')
    })

    it('finds "أحمد" when "احمد" is typed, and the other way round', async () => {
      expect(await found({ q: 'احمد' })).toEqual(['خالد أحمد', 'أحمد العتيبي'])
      expect(await found({ q: 'أَحْمَد' })).toEqual(['خالد أحمد', 'أحمد العتيبي'])
    })

    it('ignores diacritics on both sides', async () => {
      expect(await found({ q: 'محمد' })).toEqual(['مُحَمَّد الشَّهْرِي'])
      expect(await found({ q: 'الشهري' })).toEqual(['مُحَمَّد الشَّهْرِي'])
    })

    it('treats taa marbuta and haa alike', async () => {
      expect(await found({ q: 'فاطمه' })).toEqual(['فاطمة الزهراء'])
      expect(await found({ q: 'فاطمة' })).toEqual(['فاطمة الزهراء'])
    })

    it('requires every word (AND), in any order', async () => {
      expect(await found({ q: 'احمد العتيبي' })).toEqual(['أحمد العتيبي'])
      expect(await found({ q: 'العتيبي   احمد' })).toEqual(['أحمد العتيبي'])
      expect(await found({ q: 'احمد فاطمه' })).toEqual([])
    })

    it('matches subject names in both languages, any case', async () => {
      expect(await found({ q: 'التسويق' })).toEqual(['أحمد العتيبي'])
      expect(await found({ q: 'MARKETING' })).toEqual(['أحمد العتيبي'])
      expect(await found({ q: 'الشراكات' })).toEqual(['فاطمة الزهراء'])
    })

    it('matches terms shorter than the trigram index (one and two letters) and inner substrings', async () => {
      expect(await found({ q: 'سار' })).toEqual(['سارة 100% _خبيرة_'])
      expect(await found({ q: 'فا' })).toEqual(['فاطمة الزهراء'])
      expect(await found({ q: 'تيب' })).toEqual(['أحمد العتيبي'])
      // Editing a contributor's text keeps the index in step (SQLite's FTS5 table follows by trigger).
      const [row] = await ctx.store.db
        .selectFrom('contributors')
        .select(['id', 'search_text'])
        .where('search_text', 'like', '%فاطمه%')
        .execute()
      await ctx.store.db
        .updateTable('contributors')
        .set({ search_text: `${row!.search_text} ${normalizeArabic('ريادة')}` })
        .where('id', '=', row!.id)
        .execute()
      // As every write through the API does (this one is by hand, in the server's own process): the search's
      // word index and lists are kept under the catalogue's version.
      await ctx.app.catalogueCache.bump(['catalogue'])
      expect(await found({ q: 'ريادة' })).toEqual(['فاطمة الزهراء'])
    })

    it('takes % and _ literally', async () => {
      expect(await found({ q: '%' })).toEqual(['سارة 100% _خبيرة_'])
      expect(await found({ q: '_' })).toEqual(['سارة 100% _خبيرة_'])
      expect(await found({ q: '0%' })).toEqual(['سارة 100% _خبيرة_'])
      expect(await found({ q: 'ا_' })).toEqual([])
      expect(await found({ q: '\\' })).toEqual([])
    })

    it('lists everyone, newest first, for a blank query or none', async () => {
      const all = ['<script>alert("x")</script>', 'خالد أحمد', 'سارة 100% _خبيرة_', 'فاطمة الزهراء']
      const everyone = [...all, 'مُحَمَّد الشَّهْرِي', 'أحمد العتيبي']
      expect(await found({ q: ' ' })).toEqual(everyone)
      expect(await found({})).toEqual(everyone)
      expect(await found({ q: ' ', sort: 'newest' })).toEqual(everyone)
    })

    it('returns script and SQL text as plain text and survives it in the query', async () => {
      const res = await search({ q: 'script' })
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json().data).toHaveLength(1)
      expect(res.json().data[0].sso_user.full_name).toBe(SCRIPT_NAME)
      expect(res.json().data[0].bio).toBe(SQL_BIO)
      expect(await found({ q: SQL_BIO })).toEqual([SCRIPT_NAME])
      expect(await found({ q: "' OR 1=1 --" })).toEqual([])
      expect((await found({ q: ' ' })).length).toBe(6)
    })

    it('narrows by subjects (any of them)', async () => {
      expect(await found({ subjects: [s.marketing!.id] })).toEqual(['أحمد العتيبي'])
      expect(await found({ subjects: [s.marketing!.id, s.finance!.id] })).toEqual([
        'مُحَمَّد الشَّهْرِي',
        'أحمد العتيبي',
      ])
      expect(await found({ subjects: [s.unused!.id] })).toEqual([])
      // A single value of a list parameter is a list of one.
      expect(await found({ subjects: String(s.finance!.id) })).toEqual(['مُحَمَّد الشَّهْرِي'])
    })

    it('narrows by centers', async () => {
      expect(await found({ centers: [jeddah.id] })).toEqual(['مُحَمَّد الشَّهْرِي'])
      expect(await found({ centers: [jeddah.id, riyadh.id] })).toEqual(['مُحَمَّد الشَّهْرِي', 'أحمد العتيبي'])
    })

    it('narrows by Riyadh days with a free future slot', async () => {
      // B's slot is at 23:30 on the day (20:30 UTC); A's at 00:30 the next day (21:30 UTC the same UTC day).
      expect(await found({ dates: [day] })).toEqual(['مُحَمَّد الشَّهْرِي'])
      expect(await found({ dates: [nextDay] })).toEqual(['أحمد العتيبي'])
      expect(await found({ dates: [day, nextDay] })).toEqual(['مُحَمَّد الشَّهْرِي', 'أحمد العتيبي'])
      expect(await found({ dates: ['2020-01-01'] })).toEqual([])
    })

    it('narrows by session type (slot availability) and by having anything free', async () => {
      expect(await found({ availability: 2 })).toEqual(['أحمد العتيبي'])
      expect(await found({ availability: 1 })).toEqual(['مُحَمَّد الشَّهْرِي'])
      expect(await found({ availability: 3 })).toEqual(['مُحَمَّد الشَّهْرِي', 'أحمد العتيبي'])
      expect(await found({ available: true })).toEqual(['مُحَمَّد الشَّهْرِي', 'أحمد العتيبي'])
      expect(await found({ available: false })).toHaveLength(6)
      expect(await found({ dates: [day], availability: 2 })).toEqual([])
    })

    it('narrows by field, the kind for consultants and the subjects for bsa', async () => {
      expect(await found({ type: 2 })).toEqual(['مُحَمَّد الشَّهْرِي'])
      expect(await found({ type: 4 })).toEqual(['فاطمة الزهراء'])
      expect(await found({ type: 1 })).toEqual([
        SCRIPT_NAME,
        'خالد أحمد',
        'سارة 100% _خبيرة_',
        'أحمد العتيبي',
      ])
    })

    it('combines filters with AND', async () => {
      expect(await found({ q: 'احمد', centers: [riyadh.id] })).toEqual(['أحمد العتيبي'])
      expect(await found({ q: 'احمد', available: true })).toEqual(['أحمد العتيبي'])
      expect(await found({ subjects: [s.finance!.id], centers: [riyadh.id] })).toEqual([])
    })

    it('pages with correct meta, also beyond the last page', async () => {
      const page2 = (await search({ q: ' ', per_page: 2, page: 2 })).json()
      expect(names(page2)).toEqual(['سارة 100% _خبيرة_', 'فاطمة الزهراء'])
      expect(page2.meta).toEqual({ page: 2, per_page: 2, total: 6, last_page: 3 })
      const beyond = await search({ per_page: 2, page: 9 })
      expect(beyond.statusCode).toBe(200)
      expect(beyond.json()).toEqual({ data: [], meta: { page: 9, per_page: 2, total: 6, last_page: 3 } })
      const none = (await search({ q: 'لا أحد بهذا الاسم' })).json()
      expect(none).toEqual({ data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } })
    })

    it('refuses bad parameters with 400 and the field', async () => {
      for (const [query, field] of [
        [{ per_page: 101 }, 'per_page'],
        [{ page: 0 }, 'page'],
        [{ page: 'two' }, 'page'],
        [{ dates: ['2025-02-30'] }, 'dates.0'],
        [{ dates: ['tomorrow'] }, 'dates.0'],
        [{ availability: 5 }, 'availability'],
        [{ type: 3 }, 'type'],
        [{ sort: 'oldest' }, 'sort'],
        [{ centers: ['abc'] }, 'centers.0'],
        [{ subjects: [0] }, 'subjects.0'],
        [{ q: 'ا'.repeat(201) }, 'q'],
      ] as const) {
        const res = await search(query)
        expect(res.statusCode, JSON.stringify(query)).toBe(400)
        expect(res.json().error.code).toBe('validation_failed')
        expect(Object.keys(res.json().error.fields)).toContain(field)
      }
    })
  })

  describe('GET /profile/v2/consultants and /profile/v2/bsa', () => {
    const list = (path: string, query: Record<string, unknown> = {}, lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'GET',
        url: `/api/profile/v2/${path}`,
        query: query as never,
        ...(lang ? { lang } : {}),
      })

    it('lists consultants, advisors and partners, newest first, without bsa', async () => {
      const res = await list('consultants')
      expect(res.statusCode).toBe(200)
      expect(names(res.json())).toEqual([
        SCRIPT_NAME,
        'خالد أحمد',
        'فاطمة الزهراء',
        'مُحَمَّد الشَّهْرِي',
        'أحمد العتيبي',
      ])
      expect(res.json().meta.total).toBe(5)
      const en = await list('consultants', { type: 2 }, 'en')
      expect(en.json().data[0].subjects[0].name).toBe('Financial guidance')
    })

    it('maps the field to the kind: 1 consultants, 2 advisors, 4 partners', async () => {
      expect(names((await list('consultants', { type: 1 })).json())).toEqual([
        SCRIPT_NAME,
        'خالد أحمد',
        'أحمد العتيبي',
      ])
      expect(names((await list('consultants', { type: 2 })).json())).toEqual(['مُحَمَّد الشَّهْرِي'])
      expect(names((await list('consultants', { type: 4 })).json())).toEqual(['فاطمة الزهراء'])
    })

    it('applies the search filters and paging', async () => {
      expect(names((await list('consultants', { q: 'احمد', available: true })).json())).toEqual([
        'أحمد العتيبي',
      ])
      const page = (await list('consultants', { per_page: 2, page: 3, sort: 'newest' })).json()
      expect(page.meta).toEqual({ page: 3, per_page: 2, total: 5, last_page: 3 })
      expect(names(page)).toEqual(['أحمد العتيبي'])
    })

    it('lists bsa contributors only, by the types of their subjects', async () => {
      const res = await list('bsa')
      expect(res.statusCode).toBe(200)
      expect(names(res.json())).toEqual(['سارة 100% _خبيرة_'])
      expect(res.json().data[0].subjects[0]).toMatchObject({ bsa_subject: true, name: 'دعم الأعمال' })
      expect(names((await list('bsa', { type: 1 })).json())).toEqual(['سارة 100% _خبيرة_'])
      expect(names((await list('bsa', { type: 2 })).json())).toEqual([])
      expect((await list('bsa', { per_page: 500 })).statusCode).toBe(400)
    })
  })

  describe('GET /schedule/contributor/{id}/', () => {
    const schedule = (id: number | string, query: Record<string, unknown> = {}, lang?: 'ar' | 'en') =>
      ctx.call({
        method: 'GET',
        url: `/api/schedule/contributor/${id}/`,
        query: query as never,
        ...(lang ? { lang } : {}),
      })

    it("answers the profile and the free future slots, earliest first, in the request's language", async () => {
      const res = await schedule(ids.a!)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.data.contributor).toMatchObject({ id: ids.a, sso_user: { full_name: 'أحمد العتيبي' } })
      const slots: Slot[] = body.data.slots
      expect(slots).toEqual([
        {
          id: slotA1.id,
          contributor_id: ids.a,
          start: slotA1.start_at,
          end: slotA1.end_at,
          availability: 2,
          office: null,
          is_booked: false,
          session_id: null,
        },
        expect.objectContaining({ id: slotA2.id, is_booked: false, session_id: null }),
      ])
      expect(body.meta).toEqual({ page: 1, per_page: 15, total: 2, last_page: 1 })
      const en = await schedule(ids.a!, {}, 'en')
      expect(en.json().data.contributor.subjects[0].name).toBe('Digital Marketing')
    })

    it('embeds the office of an office slot, by language', async () => {
      const ar = (await schedule(ids.b!)).json().data.slots
      expect(ar).toHaveLength(1)
      expect(ar[0].office).toEqual({
        id: office.id,
        name: 'مكتب العليا',
        center_id: riyadh.id,
        address: 'طريق العليا',
        map_url: null,
      })
      expect((await schedule(ids.b!, {}, 'en')).json().data.slots[0].office.name).toBe('Olaya office')
    })

    it('leaves out booked and past slots', async () => {
      const res = (await schedule(ids.e!)).json()
      expect(res.data.slots).toEqual([])
      expect(res.meta).toEqual({ page: 1, per_page: 15, total: 0, last_page: 1 })
      expect(res.data.contributor.next_free_slot).toBeNull()
      expect(res.data.contributor.availability).toBe(3)
    })

    it('pages the slots', async () => {
      const page2 = (await schedule(ids.a!, { per_page: 1, page: 2 })).json()
      expect(page2.data.slots.map((x: Slot) => x.id)).toEqual([slotA2.id])
      expect(page2.meta).toEqual({ page: 2, per_page: 1, total: 2, last_page: 2 })
      const beyond = (await schedule(ids.a!, { per_page: 1, page: 5 })).json()
      expect(beyond.data.slots).toEqual([])
      expect(beyond.data.contributor.id).toBe(ids.a)
    })

    it('answers 404 for an unknown contributor and 400 for a bad id', async () => {
      const missing = await schedule(999_999)
      expect(missing.statusCode).toBe(404)
      expect(missing.json().error.code).toBe('not_found')
      expect((await schedule('abc')).statusCode).toBe(400)
      expect((await schedule(0)).statusCode).toBe(400)
    })
  })

  describe('GET /profile/contributors/subjects', () => {
    it('lists the subjects someone covers, by language', async () => {
      const ar = await jsonOf(ctx.get('/api/profile/contributors/subjects'))
      expect(ar.data.map((x: { name: string }) => x.name)).toEqual([
        'التسويق الرقمي',
        'الإرشاد المالي',
        'الشراكات',
        'دعم الأعمال',
      ])
      const en = await ctx.get('/api/profile/contributors/subjects', null, 'en')
      expect(en.json().data[3]).toEqual({
        id: s.bsa!.id,
        name: 'Business support',
        type: 1,
        bsa_subject: true,
        description: null,
      })
    })
  })
})
