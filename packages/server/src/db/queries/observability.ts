/**
 * The statements of the health and metrics endpoints (issue 35): a liveness ping of the database, the newest
 * migration it has run, and the few counts a scrape reads. Each is one cheap query; none reads personal data.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../tables.ts'

/** `select 1`: resolves when the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db)
}

/**
 * The name of the newest migration the database has run (Kysely's `kysely_migration` table, found through the
 * connection's schema search path), or null when none has.
 */
export async function lastMigrationName(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db)
  return rows[0]?.name ?? null
}

/** The outbox's unsent mails: waiting to be (re)tried, and refused for good (no next attempt). */
export async function outboxBacklog(db: Kysely<Database>): Promise<{ queued: number; failed: number }> {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number>`count(*)`.as('unsent'),
      sql<number>`coalesce(sum(case when next_attempt_at is null then 1 else 0 end), 0)`.as('failed'),
    ])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow()
  const failed = Number(row.failed)
  return { queued: Number(row.unsent) - failed, failed }
}

/** How many sessions are in each state (booked, ongoing, ended, cancelled…). */
export async function sessionsByState(db: Kysely<Database>): Promise<{ state: string; n: number }[]> {
  const rows = await db
    .selectFrom('sessions')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute()
  return rows.map((row) => ({ state: String(row.state), n: Number(row.n) }))
}
