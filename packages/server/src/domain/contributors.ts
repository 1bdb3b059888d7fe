/**
 * Contributor profiles and the contributor search: the queries behind the public
 * lists, the search page, profile pages and a contributor's public schedule.
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
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Store } from '../db/database.ts'
import type { Dialect } from '../db/migration-helpers.ts'
import type { Database } from '../db/tables.ts'
import { buildSearchText, escapeLike, rankingFields, searchTerms, withoutArticle } from '../search/arabic.ts'
import {
  corrections,
  isCorrectable,
  lookupVariants,
  vocabularyRows,
  vocabularyWords,
} from '../search/typos.ts'

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

type ContributorScope = ExpressionBuilder<Database, 'contributors'>

/** `EXISTS` a free future slot of the row's contributor, optionally on some days and bookable some way. */
function hasFreeFutureSlot(
  eb: ContributorScope,
  now: string,
  options: { days?: readonly { start: string; end: string }[]; availability?: Availability },
) {
  let slots = eb
    .selectFrom('slots')
    .select('slots.id')
    .whereRef('slots.contributor_id', '=', 'contributors.id')
    .where('slots.start_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions').select('sessions.id').whereRef('sessions.active_slot_id', '=', 'slots.id'),
        ),
      ),
    )
  const { days, availability } = options
  if (days && days.length > 0) {
    slots = slots.where((e) =>
      e.or(days.map((d) => e.and([e('slots.start_at', '>=', d.start), e('slots.start_at', '<', d.end)]))),
    )
  }
  if (availability !== undefined) {
    slots = slots.where(sql<number>`${sql.ref('slots.availability')} & ${sql.lit(availability)}`, '<>', 0)
  }
  return eb.exists(slots)
}

/** A word of a text search as matched and ranked: the normalised word without its article, and its typo corrections. */
interface SearchTerm {
  /** What was typed, normalised, without its article. */
  text: string
  /** Vocabulary words one typo away (only for words of five letters or more). */
  corrections: readonly string[]
}

/**
 * The words of a text query with their corrections: one indexed read of the vocabulary
 * (`search_words`, migration 0007) for all the words long enough to be corrected.
 */
async function searchTermsOf(db: Kysely<Database>, q: string | undefined): Promise<SearchTerm[]> {
  if (q === undefined) return []
  const texts = [...new Set(searchTerms(q).map(withoutArticle))]
  const correctable = texts.filter(isCorrectable)
  const found = new Map<string, string[]>()
  if (correctable.length > 0) {
    const variants = [...new Set(correctable.flatMap(lookupVariants))]
    const rows = await db
      .selectFrom('search_words')
      .select(['variant', 'word'])
      .where('variant', 'in', variants)
      .execute()
    for (const r of rows) found.set(r.variant, [...(found.get(r.variant) ?? []), r.word])
  }
  return texts.map((text) => ({
    text,
    corrections: isCorrectable(text)
      ? corrections(
          text,
          lookupVariants(text).flatMap((v) => found.get(v) ?? []),
        )
      : [],
  }))
}

/**
 * One search term matched as a substring of `search_text` (the term or one of its corrections),
 * through the trigram index of migration 0002. On PostgreSQL, LIKE uses the GIN index itself. On
 * SQLite the FTS5 trigram table answers: phrase MATCHes for terms of three characters or more (a
 * run of consecutive trigrams is exactly a substring, and ten times faster than LIKE on the
 * table), LIKE on the table for shorter ones. A term with LIKE's own characters (`%`, `_`, `\\`)
 * is matched literally with ESCAPE on the column, which FTS5 does not take.
 */
function textMatches(term: SearchTerm, dialect: Dialect) {
  const words = [term.text, ...term.corrections]
  if (dialect === 'postgres' || escapeLike(term.text) !== term.text) {
    // The escape character is a single backslash on both databases (PostgreSQL's standard strings).
    const likes = words.map(
      (w) => sql<boolean>`${sql.ref('contributors.search_text')} like ${`%${escapeLike(w)}%`} escape '\\'`,
    )
    return likes.length === 1 ? likes[0]! : sql<boolean>`(${sql.join(likes, sql` or `)})`
  }
  const fts =
    [...term.text].length >= 3
      ? sql`contributors_search match ${words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ')}`
      : sql`contributors_search.search_text like ${`%${term.text}%`}`
  return sql<boolean>`${sql.ref('contributors.id')} in (select rowid from contributors_search where ${fts})`
}

/** The weight of a word found in each ranked field; a whole word counts double. */
const FIELD_WEIGHTS = [
  // Strictly ordered: the least a name match scores (9) beats the most the topics and the bio
  // can score together (2 × 3 + 2 × 1), and the least a topic match scores beats the bio's most.
  ['ranking_fields.name', 9],
  ['ranking_fields.topics', 3],
  ['ranking_fields.bio', 1],
] as const
/** Added to a term's score when it is found as typed: more than any correction can score (2 × (9 + 3 + 1)). */
const EXACT_BONUS = 32

/**
 * How well one word matches a row: per field, its weight if the word is in it, twice that if a
 * whole word. A contributor without ranked fields (null columns) scores 0.
 */
function wordScore(word: string, dialect: Dialect) {
  const position = (column: string, needle: string) =>
    dialect === 'postgres'
      ? sql<number>`strpos(${sql.ref(column)}, ${needle})`
      : sql<number>`instr(${sql.ref(column)}, ${needle})`
  const parts = FIELD_WEIGHTS.map(
    ([column, weight]) =>
      sql<number>`case when ${position(column, word)} > 0 then (case when ${position(column, ` ${word} `)} > 0 then ${sql.lit(2 * weight)} else ${sql.lit(weight)} end) else 0 end`,
  )
  return sql<number>`(${sql.join(parts, sql` + `)})`
}

/**
 * How well a row matches a text query: the sum over its terms of {@link wordScore}. A term with
 * corrections scores {@link EXACT_BONUS} more when found as typed, else the best of its corrections,
 * so exact matches rank above typo-only ones. The same arithmetic on both databases, so that
 * they order alike.
 */
function relevance(terms: readonly SearchTerm[], dialect: Dialect) {
  const scores = terms.map((term) => {
    const exact = wordScore(term.text, dialect)
    if (term.corrections.length === 0) return exact
    const fixes = term.corrections.map((c) => wordScore(c, dialect))
    // SQLite's max() with one argument is the aggregate; PostgreSQL's is greatest().
    const best =
      fixes.length === 1
        ? fixes[0]!
        : dialect === 'postgres'
          ? sql<number>`greatest(${sql.join(fixes)})`
          : sql<number>`max(${sql.join(fixes)})`
    return sql<number>`(case when ${exact} > 0 then ${sql.lit(EXACT_BONUS)} + ${exact} else ${best} end)`
  })
  return sql<number>`(${sql.join(scores, sql` + `)})`
}

/** The contributors matching some filters, as a query without selection or order. */
function filteredContributors(
  db: Kysely<Database>,
  filters: ContributorFilters,
  terms: readonly SearchTerm[],
  now: Date,
  dialect: Dialect,
) {
  let query = db.selectFrom('contributors')
  for (const term of terms) {
    query = query.where(textMatches(term, dialect))
  }
  if (filters.kinds) {
    const kinds = [...filters.kinds]
    query =
      kinds.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('contributors.kind', 'in', kinds)
  }
  const type = filters.type
  if (type !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('contributors.kind', '=', KIND_FOR_SUBJECT_TYPE[type]),
        eb.and([
          eb('contributors.kind', '=', 'bsa'),
          eb.exists(
            eb
              .selectFrom('contributor_subjects')
              .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
              .select('contributor_subjects.subject_id')
              .whereRef('contributor_subjects.contributor_id', '=', 'contributors.id')
              .where('subjects.type', '=', type),
          ),
        ]),
      ]),
    )
  }
  if (filters.subjects && filters.subjects.length > 0) {
    const subjects = [...new Set(filters.subjects)]
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('contributor_subjects')
          .select('contributor_subjects.subject_id')
          .whereRef('contributor_subjects.contributor_id', '=', 'contributors.id')
          .where('contributor_subjects.subject_id', 'in', subjects),
      ),
    )
  }
  if (filters.centers && filters.centers.length > 0) {
    query = query.where('contributors.center_id', 'in', [...new Set(filters.centers)])
  }
  const days =
    filters.dates && filters.dates.length > 0 ? [...new Set(filters.dates)].map(riyadhDayRange) : undefined
  if (days || filters.availability !== undefined || filters.available) {
    const slotFilter: { days?: { start: string; end: string }[]; availability?: Availability } = {}
    if (days) slotFilter.days = days
    if (filters.availability !== undefined) slotFilter.availability = filters.availability
    query = query.where((eb) => hasFreeFutureSlot(eb, now.toISOString(), slotFilter))
  }
  return query
}

/**
 * Finds contributors: the ids of one page and the total across pages. A text query orders by
 * relevance ({@link relevance}: the name above the titles and subjects above the bio, whole words
 * above parts of words, exact words above corrected ones), then newest first, unless its `sort` asks
 * for newest first; without text, newest first (`created_at` desc, then id desc). A page beyond the last gives no ids and the right total.
 */
export async function searchContributorIds(
  store: Pick<Store, 'db' | 'dialect'>,
  filters: ContributorFilters,
  paging: { page: number; perPage: number },
  now: Date = new Date(),
): Promise<{ ids: number[]; total: number }> {
  const offset = (paging.page - 1) * paging.perPage
  const terms = await searchTermsOf(store.db, filters.q)
  const base = () => filteredContributors(store.db, filters, terms, now, store.dialect)
  if (terms.length === 0 || filters.sort === 'newest') {
    // Newest first: the (created_at, id) index lets the page stop after its rows, and one count follows.
    const { n } = await base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const total = Number(n)
    if (offset >= total) return { ids: [], total }
    const page = await base()
      .select('contributors.id')
      .orderBy('contributors.created_at', 'desc')
      .orderBy('contributors.id', 'desc')
      .limit(paging.perPage)
      .offset(offset)
      .execute()
    return { ids: page.map((r) => r.id), total }
  }
  // Text matches cost a pass over the index each: one pass gives the page and, through the window,
  // the total. Only the matched rows are scored, once each: scored in the window's own query, SQLite
  // and PostgreSQL both evaluated the score twice per row (twice the cost for a popular word).
  // PostgreSQL would pull a plain subquery up into this one; OFFSET 0 keeps it apart. SQLite never
  // flattens a subquery into a query with a window function.
  const scored = base()
    .leftJoin('ranking_fields', 'ranking_fields.contributor_id', 'contributors.id')
    .select([
      'contributors.id as id',
      'contributors.created_at as created_at',
      relevance(terms, store.dialect).as('score'),
    ])
  const rows = await store.db
    .selectFrom((store.dialect === 'postgres' ? scored.offset(0) : scored).as('matched'))
    .select(['matched.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy('matched.score', 'desc')
    .orderBy('matched.created_at', 'desc')
    .orderBy('matched.id', 'desc')
    .limit(paging.perPage)
    .offset(offset)
    .execute()
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]!.total) }
  // An empty first page: nothing matches (the commonest answer to a query nobody searched before).
  if (offset === 0) return { ids: [], total: 0 }
  // An empty later page (past the last) still needs the total.
  const { n } = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return { ids: [], total: Number(n) }
}

/**
 * Rewrites what the search reads of some contributors, `search_text` and their `ranking_fields`,
 * from their name, titles, subjects and bios in both languages, and adds their words to the
 * search vocabulary. Call it after changing any of those; the search reads nothing else.
 */
export async function rebuildSearchText(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return
  const rows = await db
    .selectFrom('contributors')
    .innerJoin('people', 'people.id', 'contributors.person_id')
    .select([
      'contributors.id',
      'people.full_name',
      'contributors.title_ar',
      'contributors.title_en',
      'contributors.bio_ar',
      'contributors.bio_en',
    ])
    .where('contributors.id', 'in', unique)
    .execute()
  const subjects = await db
    .selectFrom('contributor_subjects')
    .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
    .select(['contributor_subjects.contributor_id', 'subjects.name_ar', 'subjects.name_en'])
    .where('contributor_subjects.contributor_id', 'in', unique)
    .orderBy('subjects.id')
    .execute()
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
    await db.updateTable('contributors').set({ search_text: f.search_text }).where('id', '=', f.id).execute()
  }
  if (fields.length === 0) return
  await db
    .insertInto('ranking_fields')
    .values(fields.map((f) => ({ contributor_id: f.id, ...f.ranking })))
    .onConflict((oc) =>
      oc.column('contributor_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        topics: eb.ref('excluded.topics'),
        bio: eb.ref('excluded.bio'),
      })),
    )
    .execute()
  await addSearchWords(db, vocabularyWords(fields.map((f) => f.ranking)))
}

/** Rows of `search_words` per INSERT: well inside both databases' limits on bound parameters. */
const WORD_ROWS = 1000

/**
 * Adds words to the search vocabulary (`search_words`), each under itself and its one-deletion
 * variants; words already there are kept. Words are never removed: a stale one matches nothing.
 */
export async function addSearchWords(db: Kysely<Database>, words: readonly string[]): Promise<void> {
  const rows = vocabularyRows(words)
  for (let i = 0; i < rows.length; i += WORD_ROWS) {
    await db
      .insertInto('search_words')
      .values(rows.slice(i, i + WORD_ROWS))
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
}
