/** Runs the migrations, in order, on either database. */
import { sql } from 'kysely'
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import type { Db, Dialect } from './migration-helpers.ts'
import * as m0001 from './migrations/0001-catalogue-and-booking.ts'
import * as m0002 from './migrations/0002-search-index.ts'
import * as m0003 from './migrations/0003-sessions-rating-chat.ts'
import * as m0004 from './migrations/0004-sign-in-handoffs.ts'
import * as m0005 from './migrations/0005-contributor-gender.ts'
import * as m0006 from './migrations/0006-mail-outbox.ts'
import * as m0007 from './migrations/0007-search-ranking.ts'
import * as m0008 from './migrations/0008-sign-in-handoff-codes.ts'
import * as m0009 from './migrations/0009-app-links.ts'
import * as m0010 from './migrations/0010-upload-bounds.ts'
import * as m0011 from './migrations/0011-notification-chat-link.ts'
import * as m0012 from './migrations/0012-back-office.ts'
import * as m0013 from './migrations/0013-expert-onboarding.ts'
import * as m0014 from './migrations/0014-content-admin.ts'
import * as m0015 from './migrations/0015-deletion-decisions.ts'
import * as m0016 from './migrations/0016-follow-ups.ts'
import * as m0017 from './migrations/0017-owner-changes.ts'
import * as m0018 from './migrations/0018-consents.ts'
import * as m0019 from './migrations/0019-my-data.ts'
import * as m0020 from './migrations/0020-mail-preferences.ts'
import * as m0021 from './migrations/0021-erasure.ts'
import * as m0022 from './migrations/0022-webhooks.ts'
import * as m0023 from './migrations/0023-calendar-feeds.ts'
import * as m0024 from './migrations/0024-ranking-search.ts'
import * as m0025 from './migrations/0025-ranking-words.ts'
import * as m0026 from './migrations/0026-unread-messages.ts'

type MigrationModule = {
  up(db: Db, dialect: Dialect): Promise<void>
  down(db: Db, dialect: Dialect): Promise<void>
}

/** Every migration, by name; names sort in the order they run. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-catalogue-and-booking': m0001,
  '0002-search-index': m0002,
  '0003-sessions-rating-chat': m0003,
  '0004-sign-in-handoffs': m0004,
  '0005-contributor-gender': m0005,
  '0006-mail-outbox': m0006,
  '0007-search-ranking': m0007,
  '0008-sign-in-handoff-codes': m0008,
  '0009-app-links': m0009,
  '0010-upload-bounds': m0010,
  '0011-notification-chat-link': m0011,
  '0012-back-office': m0012,
  '0013-expert-onboarding': m0013,
  '0014-content-admin': m0014,
  '0015-deletion-decisions': m0015,
  '0016-follow-ups': m0016,
  '0017-owner-changes': m0017,
  '0018-consents': m0018,
  '0019-my-data': m0019,
  '0020-mail-preferences': m0020,
  '0021-erasure': m0021,
  '0022-webhooks': m0022,
  '0023-calendar-feeds': m0023,
  '0024-ranking-search': m0024,
  '0025-ranking-words': m0025,
  '0026-unread-messages': m0026,
}

function provider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {}
      for (const [name, mod] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (db) => mod.up(db, dialect), down: (db) => mod.down(db, dialect) }
      }
      return out
    },
  }
}

/** The names of every migration this build knows, in the order they run. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(MIGRATIONS).sort()

/** Where a database's schema stands against this build. */
export interface MigrationStatus {
  /** Migrations of this build the database has had, in order. */
  applied: string[]
  /** Migrations of this build the database has not had yet, in order. */
  pending: string[]
  /** Migrations the database has had that this build does not know: its schema is newer than this server. */
  unknown: string[]
}

/** The migrations a database has had (none when it has never been migrated), read without changing anything. */
export async function appliedMigrations(db: Db, dialect: Dialect, schema?: string): Promise<string[]> {
  const table = schema ? `${schema}.kysely_migration` : 'kysely_migration'
  const exists =
    dialect === 'sqlite'
      ? await sql<{
          n: number
        }>`select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(
          db,
        )
      : await sql<{
          n: number
        }>`select count(*) as n from (select to_regclass(${table}) as t) r where t is not null`.execute(db)
  if (Number(exists.rows[0]?.n ?? 0) === 0) return []
  const rows = await (schema ? db.withSchema(schema) : db)
    .selectFrom('kysely_migration')
    .select('name')
    .execute()
  return rows.map((row) => String(row.name)).sort()
}

/** Compares what a database has had with what this build knows. */
export function compareMigrations(applied: readonly string[]): MigrationStatus {
  const had = new Set(applied)
  return {
    applied: KNOWN_MIGRATIONS.filter((name) => had.has(name)),
    pending: KNOWN_MIGRATIONS.filter((name) => !had.has(name)),
    unknown: [...had].filter((name) => !KNOWN_MIGRATIONS.includes(name)).sort(),
  }
}

/** Where a database's schema stands against this build (`npm run db -- status`). */
export async function migrationStatus(db: Db, dialect: Dialect, schema?: string): Promise<MigrationStatus> {
  return compareMigrations(await appliedMigrations(db, dialect, schema))
}

/**
 * The refusal of a schema newer than this build (a newer server migrated it, or a backup of one was restored):
 * running on it would serve from tables this code does not know, and migrating it is impossible.
 */
export class SchemaNewerError extends Error {
  override readonly name = 'SchemaNewerError'
  readonly unknown: readonly string[]
  constructor(unknown: readonly string[]) {
    super(
      `مخطط قاعدة البيانات أحدث من هذا الخادم (${unknown.join(', ')}): حدّث الخادم أو استرجع نسخة احتياطية.\n` +
        `The database's schema is newer than this server (${unknown.join(', ')}): upgrade the server or restore a backup.`,
    )
    this.unknown = unknown
  }
}

/** The refusal to start while migrations are pending and the server may not apply them (`MIGRATE_ON_START=false`). */
export class MigrationsPendingError extends Error {
  override readonly name = 'MigrationsPendingError'
  readonly pending: readonly string[]
  constructor(pending: readonly string[]) {
    super(
      `قاعدة البيانات تنتظر ${pending.length} ترحيلًا (${pending.join(', ')}) و MIGRATE_ON_START=false: شغّل \`npm run db -- migrate\` أولًا.\n` +
        `The database has ${pending.length} pending migration(s) (${pending.join(', ')}) and MIGRATE_ON_START is false: run \`npm run db -- migrate\` (in a release: \`node server.mjs db migrate\`) first.`,
    )
    this.pending = pending
  }
}

/**
 * Brings the database to the newest schema and answers the names of the migrations it applied; throws
 * {@link SchemaNewerError} on a schema newer than this build, and with the failing migration's error.
 */
export async function migrateToLatest(db: Db, dialect: Dialect, schema?: string): Promise<string[]> {
  const { unknown } = await migrationStatus(db, dialect, schema)
  if (unknown.length) throw new SchemaNewerError(unknown)
  // With a PostgreSQL schema, the migrator's own tables must live in it too: otherwise it
  // finds another schema's kysely_migration tables through the catalogue and skips creating its own.
  const migrator = new Migrator({
    db,
    provider: provider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  let { error, results } = await migrator.migrateToLatest()
  // Before any migration runs, the migrator looks for its tables through the catalogue of every schema, and
  // PostgreSQL refuses that look when another schema, table or column goes away during it (test schemas,
  // migrated side by side and dropped as their tests end). Nothing was changed then: looking again is safe.
  for (let tries = 1; tries < 5 && error && !results?.length && isVanishedObject(error); tries++)
    ({ error, results } = await migrator.migrateToLatest())
  const failed = results?.find((r) => r.status === 'Error')
  if (error)
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`,
      { cause: error },
    )
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** PostgreSQL's answers for a schema (3F000), table (42P01) or column (42703) that does not exist. */
const VANISHED = new Set(['3F000', '42P01', '42703'])

/** Whether PostgreSQL refused a statement because something it met in the catalogue no longer exists. */
function isVanishedObject(error: unknown): boolean {
  return VANISHED.has(String((error as { code?: unknown } | null)?.code))
}

/** The newest migration's name (the last key of the list): what a database at the latest schema has run last. */
export function latestMigrationName(): string {
  return Object.keys(MIGRATIONS).at(-1)!
}
