/**
 * The seed's dealings with the database as a whole: whether it is new (empty), running work under its write
 * lock, clearing it, and counting what it holds.
 */
import type { ContributorKind } from '@mashura/core'
import { type Kysely, sql } from 'kysely'
import type { Store } from '../db/database.ts'
import type { Database } from '../db/tables.ts'

/** What a database holds after seeding (or already held, when `created` is false). */
export interface SeedSummary {
  /** False when the database already held data and was left untouched. */
  created: boolean
  /** The random seed used. */
  seed: number
  people: number
  experts: number
  expertsByKind: Record<ContributorKind, number>
  subjects: number
  centers: number
  offices: number
  slots: number
  sessions: number
  sessionsByState: Record<string, number>
  companies: number
  settings: number
  faqs: number
  cancelReasons: number
}

/** The tables `isEmpty` looks at: any row in one of them means someone put data there. */
const MARKER_TABLES = ['people', 'subjects', 'centers', 'settings'] as const

/** Whether the database holds no people, subjects, centers or settings yet, read on `db`. */
export async function isEmptyDb(db: Kysely<Database>): Promise<boolean> {
  for (const table of MARKER_TABLES) {
    const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst()
    if (row) return false
  }
  return true
}

/** Whether the database holds no people, subjects, centers or settings yet (a new database). */
export function isEmpty(store: Store): Promise<boolean> {
  return isEmptyDb(store.db)
}

/**
 * Runs `work` holding the database's write lock, so that two instances starting on
 * one new database don't both seed it: PostgreSQL locks `people`, SQLite begins an
 * IMMEDIATE transaction (its busy timeout makes the other writer wait).
 */
export async function exclusively<T>(store: Store, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    return store.db.transaction().execute(async (trx) => {
      await sql`lock table people in exclusive mode`.execute(trx)
      return work(trx)
    })
  }
  return store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn)
    try {
      const out = await work(conn)
      await sql`commit`.execute(conn)
      return out
    } catch (error) {
      await sql`rollback`.execute(conn)
      throw error
    }
  })
}

/**
 * Deletes every row of every table (the migrations' own bookkeeping stays) and
 * restarts the ids: what `npm run seed -- --force` does before seeding.
 */
export async function clearDatabase(store: Store): Promise<void> {
  if (store.dialect === 'postgres') {
    const { rows } = await sql<{ tablename: string }>`
      select tablename from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely\\_%'`.execute(store.db)
    if (rows.length === 0) return
    await sql`truncate table ${sql.join(rows.map((r) => sql.table(r.tablename)))} restart identity cascade`.execute(
      store.db,
    )
    return
  }
  await store.db.connection().execute(async (conn) => {
    const { rows: all } = await sql<{ name: string; sql: string | null }>`
      select name, sql from sqlite_master
      where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'`.execute(
      conn,
    )
    // Full-text tables and their shadow tables are SQLite's to keep: the triggers on the
    // content tables update them as rows go, and writing to them directly is refused.
    const virtual = all.filter((t) => /^create virtual table/i.test(t.sql ?? '')).map((t) => t.name)
    const rows = all.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
    // Rows reference each other in every direction; checks are off only while everything goes.
    await sql`pragma foreign_keys = off`.execute(conn)
    try {
      await sql`begin immediate`.execute(conn)
      for (const r of rows) await sql`delete from ${sql.table(r.name)}`.execute(conn)
      const sequence = await sql`select 1 from sqlite_master where name = 'sqlite_sequence'`.execute(conn)
      if (sequence.rows.length > 0) await sql`delete from sqlite_sequence`.execute(conn)
      await sql`commit`.execute(conn)
    } catch (error) {
      await sql`rollback`.execute(conn)
      throw error
    } finally {
      await sql`pragma foreign_keys = on`.execute(conn)
    }
  })
}

/** Counts what the database holds. */
export async function summarize(db: Kysely<Database>, created: boolean, seed: number): Promise<SeedSummary> {
  const count = async (table: keyof Database) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const expertsByKind: Record<ContributorKind, number> = { bsa: 0, advisor: 0, consultant: 0, partner: 0 }
  for (const r of await db
    .selectFrom('contributors')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute())
    expertsByKind[r.kind] = Number(r.n)
  const sessionsByState: Record<string, number> = {}
  for (const r of await db
    .selectFrom('sessions')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .orderBy('state')
    .execute())
    sessionsByState[r.state] = Number(r.n)
  return {
    created,
    seed,
    people: await count('people'),
    experts: await count('contributors'),
    expertsByKind,
    subjects: await count('subjects'),
    centers: await count('centers'),
    offices: await count('offices'),
    slots: await count('slots'),
    sessions: await count('sessions'),
    sessionsByState,
    companies: await count('companies'),
    settings: await count('settings'),
    faqs: await count('faqs'),
    cancelReasons: await count('cancel_reasons'),
  }
}
