/**
 * `db status` and `db migrate` (issue 35): where the schema stands, and bringing it to this build's before new
 * instances roll out (with `MIGRATE_ON_START=false` they refuse to start while migrations are pending).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { StorageConfig } from '../config.ts'
import { openStore, type Store } from '../db/database.ts'
import { migrateToLatest, migrationStatus, SchemaNewerError } from '../db/migrate.ts'
import type { CommandOutput } from './backup.ts'
import { SQLITE_FILE } from './backup.ts'

/** `db status`'s exit code when migrations are pending (0: up to date, 1: an error or a newer schema). */
export const EXIT_PENDING = 2

/** The database `storage` names, opened without touching its schema. */
function openUnmigrated(storage: StorageConfig): Promise<Store> {
  return openStore({
    databaseUrl: storage.databaseUrl,
    dataDir: storage.dataDir,
    sqliteReaders: 0,
    migrate: 'none',
  })
}

function where(storage: StorageConfig): string {
  return storage.databaseUrl ? 'postgres (DATABASE_URL)' : `sqlite (${join(storage.dataDir, SQLITE_FILE)})`
}

/** `db status`: prints the dialect, what was applied, what is pending; 0 up to date, 2 pending, 1 newer. */
export async function dbStatus(storage: StorageConfig, out: CommandOutput): Promise<number> {
  out.log(`database: ${where(storage)}`)
  // Opening a SQLite file creates it: a status looks, and changes nothing.
  if (!storage.databaseUrl && !existsSync(join(storage.dataDir, SQLITE_FILE))) {
    out.log('applied:  none (no database yet: the server creates it at its first start, or run `db migrate`)')
    out.log('pending:  every migration')
    return EXIT_PENDING
  }
  const store = await openUnmigrated(storage)
  try {
    const { applied, pending, unknown } = await migrationStatus(store.db, store.dialect)
    const all = [...applied, ...unknown].sort()
    out.log(`applied:  ${all.length}${all.length ? `, latest ${all.at(-1)}` : ''}`)
    out.log(`pending:  ${pending.length ? `${pending.length}: ${pending.join(', ')}` : 'none'}`)
    if (unknown.length) {
      out.error(new SchemaNewerError(unknown).message)
      return 1
    }
    return pending.length ? EXIT_PENDING : 0
  } finally {
    await store.destroy()
  }
}

/** `db migrate`: applies the pending migrations and names them. */
export async function dbMigrate(storage: StorageConfig, out: CommandOutput): Promise<number> {
  out.log(`database: ${where(storage)}`)
  const store = await openUnmigrated(storage)
  try {
    const applied = await migrateToLatest(store.db, store.dialect)
    if (applied.length === 0) out.log('up to date: nothing to apply')
    for (const name of applied) out.log(`applied ${name}`)
    return 0
  } finally {
    await store.destroy()
  }
}
