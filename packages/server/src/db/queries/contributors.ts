/**
 * The contributor search's reads and writes: the filtered and ranked queries behind the public lists and the
 * search page, and what the search reads (`search_text`, `ranking_fields`, `search_words`). Which filters a
 * request means and how a page is put together live in `domain/contributors.ts`.
 */
import type { Availability, ContributorKind, SubjectType } from '@mashura/core'
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely'
import { escapeLike } from '../../adapters/search/arabic.ts'
import type { Dialect } from '../migration-helpers.ts'
import { precompiled } from '../precompiled.ts'
import type { Database, NewRow } from '../tables.ts'
import { CONTRIBUTOR_SUMMARY_COLUMNS } from './people.ts'
import { slotIsFree } from './slots.ts'

type Db = Kysely<Database> | Transaction<Database>

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
    .where(slotIsFree())
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
export interface SearchTerm {
  /** What was typed, normalised, without its article. */
  text: string
  /** Vocabulary words one typo away (only for words of five letters or more). */
  corrections: readonly string[]
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

/** What a contributor search narrows by, resolved (every part given must hold). */
export interface ContributorQuery {
  /** Words that must each match `search_text` (the word or one of its corrections). */
  terms: readonly SearchTerm[]
  /** Only these kinds (none: nobody). */
  kinds?: readonly ContributorKind[] | undefined
  /** Only contributors of a field: of the kind that serves it, or bsa contributors covering a subject of its type. */
  field?: { kind: ContributorKind; type: SubjectType } | undefined
  /** Only contributors covering at least one of these subjects. */
  subjects?: readonly number[] | undefined
  /** Only contributors of one of these centers. */
  centers?: readonly number[] | undefined
  /** Only contributors with a free slot after `now`, optionally on some days and bookable some way. */
  freeSlot?: { now: string; days?: { start: string; end: string }[]; availability?: Availability } | undefined
}

/** The contributors matching a search, as a query without selection or order; never a deactivated one. */
function filteredContributors(db: Db, query: ContributorQuery, dialect: Dialect) {
  // A deactivated expert (issue 33) is gone from every list and search at once.
  let q = db.selectFrom('contributors').where('contributors.is_active', '=', 1)
  for (const term of query.terms) {
    q = q.where(textMatches(term, dialect))
  }
  if (query.kinds) {
    const kinds = [...query.kinds]
    q = kinds.length === 0 ? q.where(sql<boolean>`1 = 0`) : q.where('contributors.kind', 'in', kinds)
  }
  const field = query.field
  if (field !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb('contributors.kind', '=', field.kind),
        eb.and([
          eb('contributors.kind', '=', 'bsa'),
          eb.exists(
            eb
              .selectFrom('contributor_subjects')
              .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
              .select('contributor_subjects.subject_id')
              .whereRef('contributor_subjects.contributor_id', '=', 'contributors.id')
              .where('subjects.type', '=', field.type),
          ),
        ]),
      ]),
    )
  }
  if (query.subjects && query.subjects.length > 0) {
    const subjects = [...query.subjects]
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('contributor_subjects')
          .select('contributor_subjects.subject_id')
          .whereRef('contributor_subjects.contributor_id', '=', 'contributors.id')
          .where('contributor_subjects.subject_id', 'in', subjects),
      ),
    )
  }
  if (query.centers && query.centers.length > 0) {
    q = q.where('contributors.center_id', 'in', [...query.centers])
  }
  const freeSlot = query.freeSlot
  if (freeSlot) {
    const slotFilter: { days?: { start: string; end: string }[]; availability?: Availability } = {}
    if (freeSlot.days) slotFilter.days = freeSlot.days
    if (freeSlot.availability !== undefined) slotFilter.availability = freeSlot.availability
    q = q.where((eb) => hasFreeFutureSlot(eb, freeSlot.now, slotFilter))
  }
  return q
}

/** How many contributors match a search. */
export async function countContributors(db: Db, query: ContributorQuery, dialect: Dialect): Promise<number> {
  const { n } = await filteredContributors(db, query, dialect)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/**
 * One page of the contributors matching a search, newest first (`created_at` desc, then id desc): the
 * (created_at, id) index lets the page stop after its rows.
 */
export function newestContributorIds(
  db: Db,
  query: ContributorQuery,
  dialect: Dialect,
  page: { limit: number; offset: number },
) {
  return filteredContributors(db, query, dialect)
    .select('contributors.id')
    .orderBy('contributors.created_at', 'desc')
    .orderBy('contributors.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/**
 * One page of the contributors matching a search with terms, by {@link relevance}, then newest first, each
 * with the total across pages (a window count).
 */
export function rankedContributorIds(
  db: Db,
  query: ContributorQuery,
  dialect: Dialect,
  page: { limit: number; offset: number },
) {
  // Text matches cost a pass over the index each: one pass gives the page and, through the window,
  // the total. Only the matched rows are scored, once each: scored in the window's own query, SQLite
  // and PostgreSQL both evaluated the score twice per row (twice the cost for a popular word).
  // PostgreSQL would pull a plain subquery up into this one; OFFSET 0 keeps it apart. SQLite never
  // flattens a subquery into a query with a window function.
  const scored = filteredContributors(db, query, dialect)
    .leftJoin('ranking_fields', 'ranking_fields.contributor_id', 'contributors.id')
    .select([
      'contributors.id as id',
      'contributors.created_at as created_at',
      relevance(query.terms, dialect).as('score'),
    ])
  return db
    .selectFrom((dialect === 'postgres' ? scored.offset(0) : scored).as('matched'))
    .select(['matched.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy('matched.score', 'desc')
    .orderBy('matched.created_at', 'desc')
    .orderBy('matched.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** The contributors a search term matches, each with the term's {@link relevance} score (what a ranked search adds up). */
export interface TermMatches {
  /** The matching contributors, active or not. */
  ids: ArrayLike<number>
  /** Each one's score for the term, in the same order. */
  scores: ArrayLike<number>
}

/**
 * What one word matches in one row, as bits: {@link IN_TEXT} when the search text holds it, {@link inField}
 * when a ranked field holds it, {@link wholeInField} when it is a whole word of the field.
 */
export const IN_TEXT = 1
/** The bit of a word found in the `f`-th field of {@link FIELD_WEIGHTS}. */
export const inField = (f: number) => 2 << f
/** The bit of a word that is a whole word of the `f`-th field of {@link FIELD_WEIGHTS}. */
export const wholeInField = (f: number) => 16 << f

/** {@link wordScore}'s arithmetic on a word's bits: per field, its weight, and as much again for a whole word. */
const SCORE_OF_BITS = Uint16Array.from({ length: 128 }, (_, bits) =>
  FIELD_WEIGHTS.reduce(
    (sum, [, weight], f) => sum + (bits & inField(f) ? weight : 0) + (bits & wholeInField(f) ? weight : 0),
    0,
  ),
)

/**
 * A row's score for a term, as {@link relevance} computes it, from its words' bits by id (`bits[0]` the term as
 * typed, then its corrections): the bonus when found as typed, else the best correction.
 */
export function termScore(bits: readonly Uint8Array[], id: number): number {
  const exact = SCORE_OF_BITS[bits[0]![id]!]!
  if (bits.length === 1) return exact
  if (exact > 0) return EXACT_BONUS + exact
  let best = 0
  for (let w = 1; w < bits.length; w++) best = Math.max(best, SCORE_OF_BITS[bits[w]![id]!]!)
  return best
}

/** A contributor's texts as the word index reads them (`domain/word-index.ts`); blank where none. */
export interface WordIndexRow {
  id: number
  search_text: string
  name: string | null
  topics: string | null
  bio: string | null
}

/** Every contributor's search text and ranked fields after some id, at most `limit` of them, by id ascending. */
export function wordIndexRows(db: Db, afterId: number, limit: number): Promise<WordIndexRow[]> {
  return db
    .selectFrom('contributors')
    .leftJoin('ranking_fields', 'ranking_fields.contributor_id', 'contributors.id')
    .select([
      'contributors.id',
      'contributors.search_text',
      'ranking_fields.name',
      'ranking_fields.topics',
      'ranking_fields.bio',
    ])
    .where('contributors.id', '>', afterId)
    .orderBy('contributors.id')
    .limit(limit)
    .execute()
}

/** Whether a word can be read from the FTS5 trigram tables: three characters or more, none of LIKE's. */
function ftsReadable(word: string): boolean {
  return [...word].length >= 3 && escapeLike(word) === word
}

/** An FTS5 phrase: the text between double quotes, a quote inside doubled. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`

/** A word the ranked fields' word index (migration 0025) holds as one token: letters and digits only. */
const ONE_TOKEN = /^[\p{L}\p{N}]+$/u

/** Whether a word is one token of the ranked fields (letters and digits only): what the word indexes answer. */
export const isOneToken = (word: string): boolean => ONE_TOKEN.test(word)

/**
 * The contributors a term matches with its score, read from the full-text indexes (SQLite, migrations 0002,
 * 0024 and 0025) in one statement: the rows whose `search_text` holds the term or a correction, and for each
 * of those words the rows holding it in each ranked field as part of a word (the trigram index) and as a whole
 * word (the word index), each list a JSON array. The score is {@link relevance}'s arithmetic on those lists: a
 * trigram phrase restricted to a column is `instr(column, word) > 0`, and the word as a token of a column is
 * `instr(column, ' word ') > 0`, since the fields hold words of letters and digits between single spaces. A
 * word of other characters is read as the phrase with a space each side from the trigram index, as before:
 * three posting lists with positions merged for each field, several times the word index's time.
 */
async function termMatchesFromIndex(db: Db, term: SearchTerm): Promise<TermMatches> {
  const words = [term.text, ...term.corrections]
  const lists = (table: 'contributors_search' | 'ranking_search' | 'ranking_words', match: string) =>
    sql<string>`(select json_group_array(rowid) from ${sql.table(table)} where ${sql.table(table)} match ${match})`
  const fieldLists = words.flatMap((word) =>
    FIELD_WEIGHTS.flatMap(([column]) => {
      const field = column.slice('ranking_fields.'.length)
      return [
        lists('ranking_search', `{${field}} : ${phrase(word)}`),
        isOneToken(word)
          ? lists('ranking_words', `{${field}} : ${phrase(word)}`)
          : lists('ranking_search', `{${field}} : ${phrase(` ${word} `)}`),
      ]
    }),
  )
  const matched = lists('contributors_search', words.map(phrase).join(' OR '))
  const { rows } = await sql<Record<string, string>>`select ${sql.join(
    [matched, ...fieldLists].map((list, i) => sql`${list} as ${sql.ref(`l${i}`)}`),
  )}`.execute(db)
  const row = rows[0]!
  const list = (i: number) => JSON.parse(row[`l${i}`]!) as number[]
  const ids = list(0)
  const size = ids.reduce((max, id) => Math.max(max, id), 0) + 1
  const bits = words.map((_, w) => {
    const found = new Uint8Array(size)
    FIELD_WEIGHTS.forEach((_, f) => {
      const at = 1 + w * 2 * FIELD_WEIGHTS.length + f * 2
      for (const id of list(at)) if (id < size) found[id]! |= inField(f)
      for (const id of list(at + 1)) if (id < size) found[id]! |= wholeInField(f)
    })
    return found
  })
  return { ids, scores: ids.map((id) => termScore(bits, id)) }
}

/**
 * The contributors a search term matches, each with its {@link relevance} score for the term alone: what a
 * ranked search reads per word (`domain/ranked-search.ts`) and keeps, so that a new query of words already
 * searched for reads nothing. From the trigram indexes where they can answer (SQLite, a word of three
 * characters or more), else scored row by row as {@link rankedContributorIds} does; the two agree.
 */
export async function termMatches(db: Db, term: SearchTerm, dialect: Dialect): Promise<TermMatches> {
  if (dialect === 'sqlite' && [term.text, ...term.corrections].every(ftsReadable)) {
    return termMatchesFromIndex(db, term)
  }
  const rows = await db
    .selectFrom('contributors')
    .leftJoin('ranking_fields', 'ranking_fields.contributor_id', 'contributors.id')
    .select(['contributors.id as id', relevance([term], dialect).as('score')])
    .where(textMatches(term, dialect))
    .execute()
  return { ids: rows.map((r) => r.id), scores: rows.map((r) => Number(r.score)) }
}

/** Every active contributor's id and kind, newest first (`created_at` desc, then id desc): how equal scores are ordered. */
export function activeContributorsNewestFirst(db: Db) {
  return db
    .selectFrom('contributors')
    .select(['id', 'kind'])
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** The vocabulary words stored under some variants (`search_words`, migration 0007). */
export function searchWordsByVariant(db: Db, variants: readonly string[]) {
  return db.selectFrom('search_words').select(['variant', 'word']).where('variant', 'in', variants).execute()
}

/** Some contributors' names, titles and bios, which the search text is built from. */
export function contributorSearchSources(db: Db, ids: readonly number[]) {
  return db
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
    .where('contributors.id', 'in', ids)
    .execute()
}

/** The subject names of some contributors, by subject id. */
export function contributorSubjectNames(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('contributor_subjects')
    .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
    .select(['contributor_subjects.contributor_id', 'subjects.name_ar', 'subjects.name_en'])
    .where('contributor_subjects.contributor_id', 'in', ids)
    .orderBy('subjects.id')
    .execute()
}

/** Sets a contributor's `search_text`. */
export async function setSearchText(db: Db, contributorId: number, searchText: string) {
  await db
    .updateTable('contributors')
    .set({ search_text: searchText })
    .where('id', '=', contributorId)
    .execute()
}

/** Writes some contributors' `ranking_fields`, replacing what they had. */
export async function upsertRankingFields(db: Db, rows: NewRow<'ranking_fields'>[]) {
  await db
    .insertInto('ranking_fields')
    .values(rows)
    .onConflict((oc) =>
      oc.column('contributor_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        topics: eb.ref('excluded.topics'),
        bio: eb.ref('excluded.bio'),
      })),
    )
    .execute()
}

/** Adds rows to the search vocabulary (`search_words`), keeping those already there. */
export async function insertSearchWords(db: Db, rows: NewRow<'search_words'>[]) {
  await db
    .insertInto('search_words')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/**
 * Some active contributors' rows (those that exist) with their person's name: what profiles are made of, so a
 * deactivated expert's profile is not found (issue 33). Only the columns a profile shows: the search text alone
 * (a kilobyte or more a row) had been most of what a reader thread copied to the main thread for a page of new
 * profiles.
 */
export function contributorsByIds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('contributors')
    .innerJoin('people', 'people.id', 'contributors.person_id')
    .select(CONTRIBUTOR_SUMMARY_COLUMNS)
    .select([
      'contributors.bio_ar',
      'contributors.bio_en',
      'contributors.center_id',
      'contributors.can_create_slots',
      'contributors.can_delete_slots',
      'contributors.join_now_enabled',
      'contributors.available_for_instant',
      'contributors.created_at',
    ])
    .where('contributors.id', 'in', ids)
    .where('contributors.is_active', '=', 1)
    .execute()
}

/** The centers of some contributors (those that have one). */
export function centersOfContributors(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('centers')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb.selectFrom('contributors').select('center_id').where('contributors.id', 'in', ids),
    )
    .execute()
}

/** The subjects some contributors cover, each with its contributor id, by subject id. */
export function subjectsOfContributors(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('contributor_subjects')
    .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
    .select('contributor_subjects.contributor_id')
    .select(['subjects.id', 'subjects.name_ar', 'subjects.name_en', 'subjects.type', 'subjects.bsa'])
    .where('contributor_subjects.contributor_id', 'in', ids)
    .orderBy('subjects.id')
    .execute()
}

/** Some centers' rows (those that exist). */
export function centersByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('centers').selectAll().where('id', 'in', ids).execute()
}

/** How many ended sessions each of some contributors held (contributors without any are absent). */
export function endedSessionCounts(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('sessions')
    .select('sessions.contributor_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessions.contributor_id', 'in', ids)
    .where('sessions.state', '=', 'ended')
    .groupBy('sessions.contributor_id')
    .execute()
}

/** The subjects at least one active contributor covers, by id. */
export function coveredSubjectRows(db: Db) {
  return db
    .selectFrom('subjects')
    .selectAll('subjects')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('contributor_subjects')
          .innerJoin('contributors', 'contributors.id', 'contributor_subjects.contributor_id')
          .select('contributor_subjects.contributor_id')
          .whereRef('contributor_subjects.subject_id', '=', 'subjects.id')
          .where('contributors.is_active', '=', 1),
      ),
    )
    .orderBy('subjects.id')
    .execute()
}

/** The first instant after `now` at which any slot starts, free or not (the `slots_start` index), if any. */
export function firstSlotStartAfter(db: Db, now: string) {
  return db
    .selectFrom('slots')
    .select((eb) => eb.fn.min('start_at').as('at'))
    .where('start_at', '>', now)
    .executeTakeFirst()
}

/**
 * Locks an active contributor's row for a booking and answers its kind; undefined when the contributor is
 * not active (deactivated by the back office). A write that changes nothing: on PostgreSQL it waits for a
 * deactivation in progress to commit and then reads the row again, so no booking of a deactivated expert
 * slips in between; on SQLite the booking's transaction holds the write lock already.
 */
export async function lockActiveContributor(trx: Transaction<Database>, contributorId: number) {
  return (await lockActiveContributorQuery(trx, contributorId)).rows[0]
}

const lockActiveContributorQuery = precompiled(1, (db, contributorId: number) =>
  db
    .updateTable('contributors')
    .set((eb) => ({ is_active: eb.ref('is_active') }))
    .where('id', '=', contributorId)
    .where('is_active', '=', 1)
    .returning('kind'),
)

/** Whether a contributor covers a subject: its row, if so. */
export async function coveredSubject(db: Db, contributorId: number, subjectId: number) {
  return (await coveredSubjectQuery(db, contributorId, subjectId)).rows[0]
}

const coveredSubjectQuery = precompiled(2, (db, contributorId: number, subjectId: number) =>
  db
    .selectFrom('contributor_subjects')
    .select('subject_id')
    .where('contributor_id', '=', contributorId)
    .where('subject_id', '=', subjectId),
)
