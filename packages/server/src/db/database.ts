/**
 * Opens the database: the embedded SQLite file under DATA_DIR by default, or
 * PostgreSQL when DATABASE_URL is set. One query layer (Kysely) serves both.
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import { MigrationsPendingError, migrateToLatest, migrationStatus, SchemaNewerError } from './migrate.ts'
import type { Dialect } from './migration-helpers.ts'
import { loadPg } from './pg.ts'
import { openSqlite, SqliteStoreDialect } from './sqlite-dialect.ts'
import { defaultSqliteReaders, type SqliteReaders } from './sqlite-readers.ts'
import type { Database } from './tables.ts'

/** An open database. */
export interface Store {
  /** The query builder. */
  db: Kysely<Database>
  /** Which database it is. */
  dialect: Dialect
  /** The SQLite read pool, when there is one (for tests and diagnostics). */
  sqliteReaders?: SqliteReaders | null
  /** PostgreSQL only: the pool's connections open, idle, and queries waiting for one (the metrics, issue 35). */
  pgPool?: () => { total: number; idle: number; waiting: number }
  /**
   * SQLite only: a number that moves whenever another connection (another process: the seed, a second
   * instance, SQL by hand) commits to the file (`PRAGMA data_version`). Writes through this store do not
   * move it; they say what they changed themselves.
   */
  externalChanges?: () => number
  /** Closes every connection. */
  destroy(): Promise<void>
}

/** How to open the database. */
export interface StoreOptions {
  /** PostgreSQL connection string; SQLite when null. */
  databaseUrl: string | null
  /** Where the SQLite file lives (ignored for PostgreSQL). */
  dataDir: string
  /** A SQLite file name, or `:memory:`; `mashura.sqlite` by default. */
  sqliteFile?: string
  /** A PostgreSQL schema to use (and create), so test runs don't share tables. */
  pgSchema?: string
  /** PostgreSQL pool size. */
  poolSize?: number
  /**
   * SQLite reader threads (`SQLITE_READERS`): reads outside transactions run on up to this many threads,
   * each with a read-only connection; 0 runs everything on the main thread. One per core, at most 4, by
   * default. An in-memory database has none (it can't be shared between connections).
   */
  sqliteReaders?: number
  /**
   * What to do with the schema (issue 35): `apply` (the default) migrates it to this build's; `require` refuses
   * a database with pending migrations (`MIGRATE_ON_START=false`: `npm run db -- migrate` applies them); `none`
   * changes and checks nothing (`npm run db -- status`). `apply` and `require` refuse a schema newer than this
   * build ({@link SchemaNewerError}).
   */
  migrate?: 'apply' | 'require' | 'none'
}

/** Brings the schema where `mode` says, or refuses (see {@link StoreOptions.migrate}). */
async function prepareSchema(
  db: Kysely<Database>,
  dialect: Dialect,
  mode: StoreOptions['migrate'],
  schema?: string,
) {
  if (mode === 'none') return
  if (mode !== 'require') {
    await migrateToLatest(db, dialect, schema)
    return
  }
  const { pending, unknown } = await migrationStatus(db, dialect, schema)
  if (unknown.length) throw new SchemaNewerError(unknown)
  if (pending.length) throw new MigrationsPendingError(pending)
}

/**
 * Makes the SQLite file readable by its owner only (issue 17): a new one is created 0600 before SQLite opens it,
 * so its WAL and shared-memory files, which SQLite gives the database's permissions, are too; an existing one,
 * and those files, are set to 0600.
 */
function keepPrivate(path: string): void {
  if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600 })
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600)
}

/** Opens the database and migrates it to the newest schema (or checks it, see {@link StoreOptions.migrate}). */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const pg = await loadPg()
    const schema = options.pgSchema
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`)
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl })
      await admin.connect()
      await admin.query(`create schema if not exists ${schema}`)
      await admin.end()
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // A private schema (tests) is reached through search_path. Parallel query workers re-resolve it
      // and have been seen to miss a schema created a moment before (3F000 'parallel worker'); tiny
      // test tables never need them, so they are off on such connections.
      ...(schema ? { options: `-c search_path=${schema} -c max_parallel_workers_per_gather=0` } : {}),
    })
    // A connection the server dropped (a restart, a failover, a network cut) is an 'error' event: on the pool
    // for an idle one, on the client for one in use. Without listeners either would end the process; the query
    // in flight fails on its own, and the pool drops the dead client and connects anew when next needed.
    pool.on('error', () => undefined)
    pool.on('connect', (client) => client.on('error', () => undefined))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    try {
      await prepareSchema(db, 'postgres', options.migrate, schema)
    } catch (error) {
      await db.destroy()
      throw error
    }
    return {
      db,
      dialect: 'postgres',
      pgPool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      destroy: () => db.destroy(),
    }
  }
  const file = options.sqliteFile ?? 'mashura.sqlite'
  if (file !== ':memory:') {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
    keepPrivate(join(options.dataDir, file))
  }
  const path = file === ':memory:' ? null : join(options.dataDir, file)
  const sqlite = openSqlite(path ?? file)
  const dialect = new SqliteStoreDialect(sqlite, {
    file: path,
    readers: options.sqliteReaders ?? defaultSqliteReaders(),
  })
  const db = new Kysely<Database>({ dialect })
  try {
    await prepareSchema(db, 'sqlite', options.migrate)
  } catch (error) {
    await db.destroy()
    throw error
  }
  const dataVersion = sqlite.prepare('PRAGMA data_version')
  // Read once per turn of the event loop: the pragma looks at the WAL's shared index each time, a few per cent
  // of the main thread when every cached read asked (issue 37). A commit by another process shows from the
  // next turn on, a few milliseconds at most.
  let known: number | undefined
  const externalChanges = () => {
    if (known === undefined) {
      known = Number((dataVersion.get() as { data_version: number }).data_version)
      setImmediate(() => {
        known = undefined
      })
    }
    return known
  }
  return {
    db,
    dialect: 'sqlite',
    sqliteReaders: dialect.readers,
    externalChanges,
    destroy: () => db.destroy(),
  }
}

/** Drops a PostgreSQL test schema with everything in it. */
export async function dropPgSchema(databaseUrl: string, schema: string): Promise<void> {
  const pg = await loadPg()
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`drop schema if exists ${schema} cascade`)
  await admin.end()
}
