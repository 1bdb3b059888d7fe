/**
 * The contributor search's rules: which filters a request means, how a text becomes terms with
 * their typo corrections, how a page of ids is put together, and what the search text of a
 * contributor is made of. The queries themselves are `db/queries/contributors.ts`.
 * Every read that serves a page of contributors takes a fixed number of queries
 * whatever the page size (no N+1): the page's ids first, then one batched query
 * per part of the profile.
 */
import {
  type Availability,
  addCalendarDays,
  type ContributorKind,
  type SubjectType,
  startOfRiyadhDay,
} from '@mashura/core'
import type { Kysely } from 'kysely'
import { buildSearchText, rankingFields, searchTerms, withoutArticle } from '../adapters/search/arabic.ts'
import {
  corrections,
  isCorrectable,
  lookupVariants,
  vocabularyRows,
  vocabularyWords,
} from '../adapters/search/typos.ts'
import type { Store } from '../db/database.ts'
import {
  activeContributorsNewestFirst,
  type ContributorQuery,
  contributorSearchSources,
  contributorSubjectNames,
  countContributors,
  insertSearchWords,
  newestContributorIds,
  rankedContributorIds,
  type SearchTerm,
  searchWordsByVariant,
  setSearchText,
  termMatches,
  upsertRankingFields,
} from '../db/queries/contributors.ts'
import type { Database } from '../db/tables.ts'
import { newestOrder, rankedPage, termList, termListBytes } from './ranked-search.ts'
import { answersFor, indexedMatches, type WordIndex } from './word-index.ts'

/**
 * Which contributor kind serves which field (subject type): 1 consulting →
 * consultant, 2 guidance → advisor, 4 partnerships → partner. bsa contributors
 * belong to a field through the subjects they cover (see {@link ContributorFilters.type}).
 */
export const KIND_FOR_SUBJECT_TYPE: Readonly<Record<SubjectType, Exclude<ContributorKind, 'bsa'>>> = {
  1: 'consultant',
  2: 'advisor',
  4: 'partner',
}

/** The kinds `GET /profile/v2/consultants` lists. */
export const CONSULTANT_KINDS: readonly ContributorKind[] = ['consultant', 'advisor', 'partner']

/** What a contributor search narrows by; every filter given must hold (AND). */
export interface ContributorFilters {
  /**
   * Free text: every normalised word, without its article, must appear in `search_text`, a word of
   * five letters or more also as a vocabulary word one typo away; blank lists everyone.
   */
  q?: string | undefined
  /** Only these kinds. */
  kinds?: readonly ContributorKind[] | undefined
  /**
   * Only contributors of this field: the kind that serves it ({@link KIND_FOR_SUBJECT_TYPE}),
   * or a bsa contributor who covers a subject of this type.
   */
  type?: SubjectType | undefined
  /** Only contributors covering at least one of these subjects. */
  subjects?: readonly number[] | undefined
  /** Only contributors of one of these centers. */
  centers?: readonly number[] | undefined
  /** Only contributors with a free future slot on one of these Riyadh days (`YYYY-MM-DD`). */
  dates?: readonly string[] | undefined
  /**
   * Only contributors with a free future slot that can be held this way: 1 office, 2 online,
   * 3 either (a slot shares at least one bit).
   */
  availability?: Availability | undefined
  /** Only contributors with at least one free future slot. */
  available?: boolean | undefined
  /**
   * The order of a text's matches: `relevance` (the default) best matches first, `newest` newest first.
   * Without a text the order is always newest first.
   */
  sort?: 'relevance' | 'newest' | undefined
}

/** The UTC instants a Riyadh calendar day (`YYYY-MM-DD`) spans, as stored text: `[start, end)`. */
export function riyadhDayRange(date: string): { start: string; end: string } {
  return {
    start: startOfRiyadhDay(date).toISOString(),
    end: startOfRiyadhDay(addCalendarDays(date, 1)).toISOString(),
  }
}

/**
 * The words of a text query with their corrections: one indexed read of the vocabulary
 * (`search_words`, migration 0007) for all the words long enough to be corrected. With `kept`, a query whose
 * words were all corrected before (under the same catalogue) reads nothing: each word's corrections are kept.
 */
async function searchTermsOf(
  db: Kysely<Database>,
  q: string | undefined,
  kept?: KeptReads,
): Promise<SearchTerm[]> {
  if (q === undefined) return []
  const texts = [...new Set(searchTerms(q).map(withoutArticle))]
  const correctable = texts.filter(isCorrectable)
  if (correctable.length === 0) return texts.map((text) => ({ text, corrections: [] }))
  const read = async (words: readonly string[]) => {
    const variants = [...new Set(words.flatMap(lookupVariants))]
    const found = new Map<string, string[]>()
    for (const r of await searchWordsByVariant(db, variants))
      found.set(r.variant, [...(found.get(r.variant) ?? []), r.word])
    return new Map(
      words.map((text) => [
        text,
        corrections(
          text,
          lookupVariants(text).flatMap((v) => found.get(v) ?? []),
        ),
      ]),
    )
  }
  const fixes = kept
    ? new Map(
        await Promise.all(
          correctable.map(
            async (text) =>
              [
                text,
                await kept.keep(
                  `corrections|${text}`,
                  async () => (await read([text])).get(text)!,
                  (made) => made.join('').length * 2 + 64,
                ),
              ] as const,
          ),
        ),
      )
    : await read(correctable)
  return texts.map((text) => ({ text, corrections: fixes.get(text) ?? [] }))
}

/** A search's filters and terms as the contributor queries take them. */
function contributorQuery(
  filters: ContributorFilters,
  terms: readonly SearchTerm[],
  now: Date,
): ContributorQuery {
  const query: ContributorQuery = { terms }
  if (filters.kinds) query.kinds = filters.kinds
  const type = filters.type
  if (type !== undefined) query.field = { kind: KIND_FOR_SUBJECT_TYPE[type], type }
  if (filters.subjects && filters.subjects.length > 0) query.subjects = [...new Set(filters.subjects)]
  if (filters.centers && filters.centers.length > 0) query.centers = [...new Set(filters.centers)]
  const days =
    filters.dates && filters.dates.length > 0 ? [...new Set(filters.dates)].map(riyadhDayRange) : undefined
  if (days || filters.availability !== undefined || filters.available) {
    const freeSlot: NonNullable<ContributorQuery['freeSlot']> = { now: now.toISOString() }
    if (days) freeSlot.days = days
    if (filters.availability !== undefined) freeSlot.availability = filters.availability
    query.freeSlot = freeSlot
  }
  return query
}

/**
 * Where a search keeps what it reads for the next searches (the catalogue cache, under the catalogue's
 * versions, web/routes/contributors/public.ts): `keep` answers the value kept under `key`, or reads it with
 * `make` and keeps it (`bytes`, its size).
 */
export interface KeptReads {
  keep<T>(key: string, make: () => Promise<T>, bytes: (value: T) => number): Promise<T>
  /** The catalogue's words in memory (`word-index.ts`), when ready under the same catalogue version. */
  words?: WordIndex | null
}

/** Whether a search narrows by nothing but kinds besides its text: what the per-word lists can answer. */
function narrowsByKindAtMost(query: ContributorQuery): boolean {
  return (
    query.field === undefined &&
    query.subjects === undefined &&
    query.centers === undefined &&
    query.freeSlot === undefined
  )
}

/**
 * Finds contributors: the ids of one page and the total across pages. A text query orders by
 * relevance (`db/queries/contributors.ts`: the name above the titles and subjects above the bio, whole words
 * above parts of words, exact words above corrected ones), then newest first, unless its `sort` asks
 * for newest first; without text, newest first (`created_at` desc, then id desc). A page beyond the last gives no ids and the right total.
 * With `kept`, a text search narrowed by kinds at most is ranked from each word's kept list (`ranked-search.ts`)
 * in the same order.
 */
export async function searchContributorIds(
  store: Pick<Store, 'db' | 'dialect'>,
  filters: ContributorFilters,
  paging: { page: number; perPage: number },
  now: Date = new Date(),
  kept?: KeptReads,
): Promise<{ ids: number[]; total: number }> {
  const offset = (paging.page - 1) * paging.perPage
  const terms = await searchTermsOf(store.db, filters.q, kept)
  const query = contributorQuery(filters, terms, now)
  const page = { limit: paging.perPage, offset }
  if (kept && terms.length > 0 && filters.sort !== 'newest' && narrowsByKindAtMost(query)) {
    // Ranked from each word's kept list: a new query of words searched for before reads nothing.
    const order = await kept.keep(
      'newest-order',
      async () => newestOrder(await activeContributorsNewestFirst(store.db)),
      (made) => made.ids.length * 16 + made.rankOf.byteLength + made.scratch.byteLength + 256,
    )
    const lists = await Promise.all(
      terms.map((term) =>
        kept.keep(
          `term|${order.token}|${term.text}|${term.corrections.join(' ')}`,
          async () =>
            termList(
              order,
              kept.words && answersFor(term)
                ? indexedMatches(kept.words, term)
                : await termMatches(store.db, term, store.dialect),
            ),
          termListBytes,
        ),
      ),
    )
    return rankedPage(order, lists, query.kinds, page)
  }
  if (terms.length === 0 || filters.sort === 'newest') {
    // Newest first: the (created_at, id) index lets the page stop after its rows, and one count follows.
    const total = await countContributors(store.db, query, store.dialect)
    if (offset >= total) return { ids: [], total }
    const rows = await newestContributorIds(store.db, query, store.dialect, page)
    return { ids: rows.map((r) => r.id), total }
  }
  const rows = await rankedContributorIds(store.db, query, store.dialect, page)
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]!.total) }
  // An empty first page: nothing matches (the commonest answer to a query nobody searched before).
  if (offset === 0) return { ids: [], total: 0 }
  // An empty later page (past the last) still needs the total.
  return { ids: [], total: await countContributors(store.db, query, store.dialect) }
}

/**
 * Rewrites what the search reads of some contributors, `search_text` and their `ranking_fields`,
 * from their name, titles, subjects and bios in both languages, and adds their words to the
 * search vocabulary. Call it after changing any of those; the search reads nothing else.
 */
export async function rebuildSearchText(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const rows = await contributorSearchSources(db, unique)
  const subjects = await contributorSubjectNames(db, unique)
  const fields = rows.map((row) => {
    const parts = {
      name: row.full_name,
      titles: [row.title_ar, row.title_en],
      bios: [row.bio_ar, row.bio_en],
      subjects: subjects.filter((s) => s.contributor_id === row.id).flatMap((s) => [s.name_ar, s.name_en]),
    }
    return { id: row.id, search_text: buildSearchText(parts), ranking: rankingFields(parts) }
  })
  for (const f of fields) {
    await setSearchText(db, f.id, f.search_text)
  }
  if (fields.length === 0) return
  await upsertRankingFields(
    db,
    fields.map((f) => ({ contributor_id: f.id, ...f.ranking })),
  )
  await addSearchWords(db, vocabularyWords(fields.map((f) => f.ranking)))
}

/** Rows of `search_words` per INSERT: well inside both databases' limits on bound parameters. */
const WORD_ROWS = 1000

/**
 * Adds words to the search vocabulary (`search_words`), each under itself and its one-deletion
 * variants; words already there are kept. A word no text holds any more stays (a correction to it finds no one)
 * until an erasure takes out the words the erased expert alone brought (`dropUnusedSearchWords`).
 */
export async function addSearchWords(db: Kysely<Database>, words: readonly string[]): Promise<void> {
  const rows = vocabularyRows(words)
  for (let i = 0; i < rows.length; i += WORD_ROWS) {
    await insertSearchWords(db, rows.slice(i, i + WORD_ROWS))
  }
}
