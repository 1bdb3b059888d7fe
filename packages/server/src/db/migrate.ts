/** Runs the migrations, in order, on either database. */
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

/** Brings the database to the newest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Db, dialect: Dialect, schema?: string): Promise<void> {
  // With a PostgreSQL schema, the migrator's own tables must live in it too: otherwise it
  // finds another schema's kysely_migration tables through the catalogue and skips creating its own.
  const migrator = new Migrator({
    db,
    provider: provider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error)
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`,
      { cause: error },
    )
}
