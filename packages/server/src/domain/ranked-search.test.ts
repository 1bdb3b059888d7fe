/**
 * The search ranked from kept word lists (issue 37): the pure intersection and cut, then, on a seeded
 * catalogue on both databases, the same pages and totals as the search read each time, for queries made as
 * people type them (fragments of the catalogue's words, typos, short words, kinds), with deactivated experts
 * left out, and a word's list read once for every query that has it.
 */
import type { ContributorKind } from '@mashura/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { wordIndexRows } from '../db/queries/contributors.ts'
import { seedDatabase } from '../seed/seed.ts'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import {
  type ContributorFilters,
  type KeptReads,
  rebuildSearchText,
  searchContributorIds,
} from './contributors.ts'
import { newestOrder, rankedPage, termList } from './ranked-search.ts'
import { buildWordIndex, type WordIndex } from './word-index.ts'

describe('rankedPage', () => {
  // Ids 10..15, newest first: 15 is rank 0.
  const order = newestOrder(
    [15, 14, 13, 12, 11, 10].map((id) => ({
      id,
      kind: (id % 2 === 0 ? 'advisor' : 'bsa') as ContributorKind,
    })),
  )
  const list = (pairs: [number, number][]) =>
    termList(order, { ids: pairs.map(([id]) => id), scores: pairs.map(([, score]) => score) })
  const all = { limit: 100, offset: 0 }

  it('keeps those every list holds, adds up their scores, and breaks ties newest first', () => {
    const a = list([
      [10, 3],
      [11, 9],
      [12, 3],
      [14, 1],
    ])
    const b = list([
      [14, 2],
      [12, 1],
      [10, 1],
      [13, 50],
    ])
    // 12 and 10 score 4 (12 is newer), 14 scores 3; 11 and 13 are in one list only.
    expect(rankedPage(order, [a, b], undefined, all)).toEqual({ ids: [12, 10, 14], total: 3 })
  })

  it('leaves out ids the order does not hold (deactivated experts) and kinds not asked for', () => {
    const a = list([
      [99, 40],
      [11, 2],
      [12, 1],
      [13, 5],
    ])
    expect(rankedPage(order, [a], undefined, all)).toEqual({ ids: [13, 11, 12], total: 3 })
    expect(rankedPage(order, [a], ['bsa'], all)).toEqual({ ids: [13, 11], total: 2 })
    expect(rankedPage(order, [a], [], all)).toEqual({ ids: [], total: 0 })
  })

  it('cuts pages across score groups, with the total on every page and nothing past the last', () => {
    const a = list([10, 11, 12, 13, 14, 15].map((id) => [id, id % 3]))
    const pages = [0, 2, 4, 6].map((offset) => rankedPage(order, [a], undefined, { limit: 2, offset }))
    expect(pages.map((p) => p.ids)).toEqual([[14, 11], [13, 10], [15, 12], []])
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([6]))
  })

  it('orders thousands of matches as one sort of them all would, on every page, and leaves its scratch clean', () => {
    // 5,000 contributors in a shuffled order, two lists of a few thousand with scores in a few levels.
    let seed = 11
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % n
    }
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1)
    for (let i = ids.length - 1; i > 0; i--) {
      const j = next(i + 1)
      ;[ids[i], ids[j]] = [ids[j]!, ids[i]!]
    }
    const big = newestOrder(
      ids.map((id) => ({ id, kind: (id % 3 === 0 ? 'bsa' : 'advisor') as ContributorKind })),
    )
    const randomList = () => {
      const pairs: [number, number][] = []
      for (let id = 1; id <= 5200; id++) if (next(10) < 7) pairs.push([id, [0, 1, 2, 9, 18][next(5)]!])
      return pairs
    }
    const a = randomList()
    const b = randomList()
    const inB = new Map(b)
    const expected = (kinds?: ContributorKind[]) =>
      a
        .filter(([id]) => inB.has(id) && big.rankOf[id] !== undefined && big.rankOf[id]! >= 0)
        .filter(([id]) => !kinds || kinds.includes(big.kinds[big.rankOf[id]!]!))
        .map(([id, score]) => ({ id, score: score + inB.get(id)!, rank: big.rankOf[id]! }))
        .sort((x, y) => y.score - x.score || x.rank - y.rank)
        .map((m) => m.id)
    const lists = [
      termList(big, { ids: a.map(([id]) => id), scores: a.map(([, s]) => s) }),
      termList(big, { ids: b.map(([id]) => id), scores: b.map(([, s]) => s) }),
    ]
    for (const kinds of [undefined, ['bsa'] as ContributorKind[]]) {
      const all = expected(kinds)
      expect(all.length).toBeGreaterThan(600)
      for (const [offset, limit] of [
        [0, 15],
        [15, 15],
        [300, 40],
        [all.length - 7, 15],
        [all.length, 15],
      ] as const) {
        expect(rankedPage(big, lists, kinds, { limit, offset })).toEqual({
          ids: all.slice(offset, offset + limit),
          total: all.length,
        })
      }
    }
    // A rare word beside a common one: its few ids are sought in the long list.
    const rare = a.filter((_, i) => i % 97 === 0).map(([id]): [number, number] => [id, 5])
    const rareList = termList(big, { ids: rare.map(([id]) => id), scores: rare.map(([, s]) => s) })
    const both = rare
      .filter(([id]) => inB.has(id) && (big.rankOf[id] ?? -1) >= 0)
      .map(([id]) => ({ id, score: 5 + inB.get(id)!, rank: big.rankOf[id]! }))
      .sort((x, y) => y.score - x.score || x.rank - y.rank)
      .map((m) => m.id)
    expect(both.length).toBeGreaterThan(5)
    expect(rankedPage(big, [lists[1]!, rareList], undefined, { limit: 100, offset: 0 })).toEqual({
      ids: both,
      total: both.length,
    })
    expect(big.scratch.every((score) => score === -1)).toBe(true)
    expect(big.hits.every((n) => n === 0) && big.sums.every((n) => n === 0)).toBe(true)
  })
})

eachDatabase('a search ranked from kept word lists', (dialect) => {
  const ctx = useTestContext(dialect)
  /** Fragments of the catalogue's own words, a few whole words (some corrected), and short ones. */
  const queries: string[] = []
  let deactivated: number[] = []

  beforeAll(async () => {
    const { db } = ctx.store
    await seedDatabase(ctx.store, { experts: 300 })
    // Some experts deactivated by the back office: gone from every search, whichever way it is answered.
    const some = await db.selectFrom('contributors').select('id').orderBy('id').limit(12).execute()
    deactivated = some.filter((_, i) => i % 3 === 0).map((r) => r.id)
    await db.updateTable('contributors').set({ is_active: 0 }).where('id', 'in', deactivated).execute()
    const words = (await db.selectFrom('search_words').select('word').distinct().orderBy('word').execute())
      .map((r) => r.word)
      .filter((w) => [...w].length >= 4)
    // A fixed walk through the vocabulary, so a failure names the same queries every run.
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % n
    }
    const fragment = () => {
      const letters = [...words[next(words.length)]!]
      const at = next(letters.length - 2)
      return letters.slice(at, at + 3).join('')
    }
    for (let i = 0; i < 60; i++) queries.push(`${fragment()} ${fragment()}`)
    for (let i = 0; i < 20; i++) queries.push(fragment())
    // Whole words, and the same with a letter swapped: corrections from the vocabulary.
    for (let i = 0; i < 15; i++) {
      const word = [...words[next(words.length)]!]
      queries.push(word.join(''))
      if (word.length >= 5) queries.push([word[1], word[0], ...word.slice(2)].join(''))
    }
    // Short words (LIKE, not the trigram index), LIKE's own characters, a quote, three words.
    queries.push('في', 'ا', '50%', 'a_b', '"تمويل"', 'تمويل حوكمة دعم')
  })

  /** Kept reads in a map, counting the reads made. */
  const keptIn = (memory: Map<string, unknown>) => {
    const made: string[] = []
    const kept: KeptReads = {
      async keep(key, make) {
        if (!memory.has(key)) {
          made.push(key)
          memory.set(key, await make())
        }
        return memory.get(key) as never
      },
    }
    return { kept, made }
  }

  /** The catalogue's word index as it is now. */
  const indexNow = async () => {
    const rows = await wordIndexRows(ctx.store.db, 0, 1_000_000)
    return buildWordIndex(
      (async function* () {
        // In slices as the server reads it, so that the build across slices is what is tested.
        for (let at = 0; at < rows.length; at += 64) yield rows.slice(at, at + 64)
      })(),
    )
  }

  /** A search read each time, ranked from lists read from the database, and ranked from the word index. */
  const bothWays = async (filters: ContributorFilters, page: { page: number; perPage: number }) => {
    const read = await searchContributorIds(ctx.store, filters, page)
    const { kept } = keptIn(new Map())
    const ranked = await searchContributorIds(ctx.store, filters, page, new Date(), kept)
    const { kept: fromWords } = keptIn(new Map())
    fromWords.words = words ?? (await indexNow())
    const indexed = await searchContributorIds(ctx.store, filters, page, new Date(), fromWords)
    expect(indexed, `${filters.q} from the word index`).toEqual(read)
    return { read, ranked }
  }
  /** The word index of the catalogue seeded (an edit makes its own). */
  let words: WordIndex | undefined

  it('gives the pages and totals of the search read each time, for queries as people type them', async () => {
    words = await indexNow()
    let found = 0
    for (const q of queries) {
      const { read, ranked } = await bothWays({ q }, { page: 1, perPage: 15 })
      expect(ranked, q).toEqual(read)
      expect(
        ranked.ids.some((id) => deactivated.includes(id)),
        q,
      ).toBe(false)
      if (read.total > 0) found++
    }
    // Most of them find someone, so the comparison is of real rankings, not of empty pages.
    expect(found).toBeGreaterThan(queries.length / 2)
  })

  it('gives the same later pages and the same answers within kinds', async () => {
    for (const q of queries.slice(0, 20)) {
      for (const filters of [
        { q, kinds: ['bsa'] },
        { q, kinds: ['consultant', 'advisor', 'partner'] },
      ] satisfies ContributorFilters[]) {
        for (const page of [2, 3]) {
          const { read, ranked } = await bothWays(filters, { page, perPage: 5 })
          expect(ranked, `${q} ${filters.kinds} ${page}`).toEqual(read)
        }
      }
    }
  })

  it("reads a word's list and corrections once for every query that has it, and the order once", async () => {
    const memory = new Map<string, unknown>()
    const { kept, made } = keptIn(memory)
    const page = { page: 1, perPage: 15 }
    await searchContributorIds(ctx.store, { q: 'تمويل حوكمة' }, page, new Date(), kept)
    expect(made.filter((key) => key.startsWith('term|'))).toHaveLength(2)
    expect(made.filter((key) => key.startsWith('corrections|'))).toHaveLength(2)
    expect(made).toHaveLength(5)
    made.length = 0
    await searchContributorIds(ctx.store, { q: 'حوكمة تمويل' }, page, new Date(), kept)
    await searchContributorIds(ctx.store, { q: 'تمويل', kinds: ['bsa'] }, page, new Date(), kept)
    expect(made).toEqual([])
  })

  it('leaves the filters it cannot answer (centers, subjects, fields, free slots) to the search read each time', async () => {
    const { kept, made } = keptIn(new Map())
    await searchContributorIds(
      ctx.store,
      { q: 'تمويل', centers: [1] },
      { page: 1, perPage: 15 },
      new Date(),
      kept,
    )
    await searchContributorIds(
      ctx.store,
      { q: 'تمويل', available: true },
      { page: 1, perPage: 15 },
      new Date(),
      kept,
    )
    await searchContributorIds(
      ctx.store,
      { q: 'تمويل', sort: 'newest' },
      { page: 1, perPage: 15 },
      new Date(),
      kept,
    )
    // The word's corrections are kept all the same: every search with a text needs them.
    expect(made).toEqual(['corrections|تمويل'])
  })

  it('follows an edit: a new name is found as a whole word above a longer word holding it, the old one no longer', async () => {
    const { db } = ctx.store
    // The two newest experts: the older one gets the whole word, the newer one a longer word holding it, so
    // the whole word's score alone puts the older one first (equal scores would put the newer one first).
    const [newer, older] = await db
      .selectFrom('contributors')
      .innerJoin('people', 'people.id', 'contributors.person_id')
      .select(['contributors.id', 'contributors.person_id', 'people.full_name'])
      .where('contributors.is_active', '=', 1)
      .orderBy('contributors.created_at', 'desc')
      .orderBy('contributors.id', 'desc')
      .limit(2)
      .execute()
    const oldWord = older!.full_name.split(' ').at(-1)!
    await db
      .updateTable('people')
      .set({ full_name: 'زمردة قطلوني' })
      .where('id', '=', older!.person_id)
      .execute()
    await db
      .updateTable('people')
      .set({ full_name: 'ياقوت قطلونيات' })
      .where('id', '=', newer!.person_id)
      .execute()
    await rebuildSearchText(db, [older!.id, newer!.id])
    words = await indexNow()
    for (const q of ['قطلوني', 'طلو', 'زمردة قطلوني', oldWord]) {
      const { read, ranked } = await bothWays({ q }, { page: 1, perPage: 15 })
      expect(ranked, q).toEqual(read)
    }
    const { ranked } = await bothWays({ q: 'قطلوني' }, { page: 1, perPage: 15 })
    expect(ranked.ids).toEqual([older!.id, newer!.id])
  })
})
