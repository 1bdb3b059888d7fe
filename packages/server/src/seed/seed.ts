/**
 * Arabic demo data for a new database: the dev sign-in people, experts of the four
 * kinds with subjects, centers and free slots for the next three weeks, past and
 * upcoming sessions, and the site settings and lists. The same seed number and
 * `now` always make the same rows, on SQLite and PostgreSQL alike.
 *
 * This module plans the catalogue and site lists and writes the rows; people.ts plans the people and
 * experts, sessions.ts the sessions, database-state.ts checks, locks, clears and counts the database.
 */

import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { vocabularyWords } from '../adapters/search/typos.ts'
import type { Store } from '../db/database.ts'
import type { Database, NewRow } from '../db/tables.ts'
import { addSearchWords } from '../domain/contributors.ts'
import { CANCEL_REASONS, CENTERS, FAQS, SETTINGS, SUBJECTS } from './catalogue.ts'
import { exclusively, isEmptyDb, type SeedSummary, summarize } from './database-state.ts'
import { seedIntegrationCatalogue } from './integration-catalogue.ts'
import { planPeople } from './people.ts'
import type { Plan } from './plan.ts'
import { createRandom, type Random } from './random.ts'
import { seedRatingCatalogue } from './rating-catalogue.ts'
import { planSessions } from './sessions.ts'

export { clearDatabase, isEmpty, type SeedSummary } from './database-state.ts'
export { describeExpert } from './people.ts'

/** How many experts the seed makes besides the dev accounts, unless told otherwise. */
export const DEFAULT_EXPERTS = 48
/** The seed number used unless told otherwise. */
export const DEFAULT_SEED = 1
/** The most experts one seed makes. */
export const MAX_EXPERTS = 100_000
/** Rows per INSERT: well inside SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH_ROWS = 500

/** What to seed. */
export interface SeedOptions {
  /** Experts to make besides the dev accounts' five; 48 by default. */
  experts?: number
  /** The moment slots are planned from (they all start after it); the current time by default. */
  now?: Date
  /**
   * The public address, for callers that know it. Stored photo paths are site-relative
   * (`/api/files/avatars/…`) and made absolute when served, so the data stays valid
   * when PUBLIC_URL changes; nothing stored depends on this.
   */
  publicUrl?: string
  /** The random seed; the same seed and `now` make the same rows. */
  seed?: number
}

/** Builds every row in memory. */
function plan(random: Random, now: Date, expertCount: number): Plan {
  const p: Plan = {
    subjects: [],
    centers: [],
    offices: [],
    people: [],
    contributors: [],
    ranking_fields: [],
    contributor_subjects: [],
    companies: [],
    slots: [],
    sessions: [],
    settings: [],
    faqs: [],
    cancel_reasons: [],
  }
  SUBJECTS.forEach((s, i) => {
    p.subjects.push({ id: i + 1, name_ar: s.name_ar, name_en: s.name_en, type: s.type, bsa: s.bsa })
  })
  CENTERS.forEach((c, i) => {
    p.centers.push({
      id: i + 1,
      name_ar: c.name_ar,
      name_en: c.name_en,
      city_ar: c.city_ar,
      city_en: c.city_en,
    })
    for (const o of c.offices) {
      const id = p.offices.length + 1
      p.offices.push({ id, center_id: i + 1, ...o })
    }
  })

  const people = planPeople(p, random, now, expertCount)

  CANCEL_REASONS.forEach((r, i) => {
    p.cancel_reasons.push({ id: i + 1, ...r })
  })
  FAQS.forEach((f, i) => {
    p.faqs.push({ id: i + 1, ...f, position: i + 1 })
  })
  for (const [key, value] of Object.entries(SETTINGS))
    p.settings.push({ key, value_ar: value.ar, value_en: value.en })

  planSessions(p, random, now, people)
  return p
}

// ------------------------------------------------------------------------------------------ write

async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    // Kysely can't check a generic table's row type; the Plan's types do that.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS) as never)
      .execute()
  }
}

/** The tables of a plan, in an order that satisfies their references. */
const PLAN_TABLES = [
  'subjects',
  'centers',
  'offices',
  'people',
  'contributors',
  'ranking_fields',
  'contributor_subjects',
  'companies',
  'slots',
  'sessions',
  'settings',
  'faqs',
  'cancel_reasons',
] as const satisfies readonly (keyof Plan)[]

/** The tables whose ids the seed chose, in an order that satisfies their references. */
const ID_TABLES = [
  'subjects',
  'centers',
  'offices',
  'people',
  'contributors',
  'companies',
  'slots',
  'sessions',
  'faqs',
  'cancel_reasons',
] as const

/**
 * Fills a new database with demo data and returns what it holds. A database that
 * already holds data is left untouched (the summary then says `created: false`):
 * the caller that lost a race to seed a new database finds it seeded.
 */
export async function seedDatabase(store: Store, options: SeedOptions = {}): Promise<SeedSummary> {
  const experts = options.experts ?? DEFAULT_EXPERTS
  if (!Number.isInteger(experts) || experts < 0 || experts > MAX_EXPERTS)
    throw new RangeError(`experts must be a whole number from 0 to ${MAX_EXPERTS}, got ${experts}`)
  const seed = options.seed ?? DEFAULT_SEED
  const now = options.now ?? new Date()
  return exclusively(store, async (db) => {
    if (!(await isEmptyDb(db))) return summarize(db, false, seed)
    const rows = plan(createRandom(seed), now, experts)
    for (const table of PLAN_TABLES) await insertAll(db, table, rows[table])
    await addSearchWords(db, vocabularyWords(rows.ranking_fields))
    await seedRatingCatalogue(db)
    await seedIntegrationCatalogue(db)
    if (store.dialect === 'postgres') {
      // Ids were given explicitly, so move each identity past them for rows made later.
      for (const table of ID_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          db,
        )
      }
    }
    return summarize(db, true, seed)
  })
}
