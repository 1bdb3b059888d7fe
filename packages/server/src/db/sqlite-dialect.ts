/**
 * Kysely over Node's built-in `node:sqlite` (no native addon: the driver ships with Node >= 22.13).
 *
 * `DatabaseSync` is synchronous: a query holds the event loop for as long as it runs. So:
 * - reads outside a transaction go to a pool of reader threads with read-only connections
 *   (sqlite-readers.ts) when the database is a file; WAL lets them read beside the writer, each statement
 *   from the newest committed snapshot. Reads seen to be quick (INLINE_READ_MS) run on the main thread
 *   when the writer is free, since the trip to a thread would cost more than they do, unless the main thread
 *   is the busy one (BUSY_MAIN_THREAD);
 * - writes, and everything inside a transaction, run on the one read-write connection, in turn (an
 *   async lock stands in for Kysely's own single-connection mutex, which would also hold the reads);
 * - transactions begin IMMEDIATE: they take the write lock first, so a transaction that read and then
 *   writes never finds its snapshot stale (SQLITE_BUSY without waiting) when another process wrote meanwhile;
 * - waiting for another process's lock happens between tries on the event loop, not in SQLite's busy
 *   handler, which would sleep on it;
 * - prepared statements are kept for reuse (sqlite-statements.ts).
 */
import { performance } from 'node:perf_hooks'
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import { SqliteReaders } from './sqlite-readers.ts'
import {
  PAGE_CACHE_KIB,
  SQLITE_BUSY,
  STATEMENT_CACHE_SIZE,
  StatementCache,
  sqliteResultCode,
} from './sqlite-statements.ts'

/** How long a statement waits for another process's lock before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000

// Between tries for a lock another process holds: SQLite's own busy handler sleeps about this much.
const BUSY_BACKOFF_MS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  if (value === undefined) return null
  return value as SQLInputValue
}

/** Opens a SQLite file (or `:memory:`) read-write with the settings the server needs. */
export function openSqlite(file: string): DatabaseSync {
  // Opening waits in SQLite's handler: another process may be setting the file up at this moment.
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS })
  // WAL lets readers (the reader threads, other instances) run beside the single writer.
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`)
  // From here on the writer waits for locks on the event loop (see SqliteWriter.execute).
  db.exec('PRAGMA busy_timeout = 0')
  return db
}

/** Options for {@link SqliteStoreDialect}. */
export interface SqliteStoreOptions {
  /** The database file the reader threads open; null (`:memory:`, which can't be shared) keeps one connection. */
  file: string | null
  /** At most this many reader threads; 0 runs every query on the one connection. */
  readers: number
  /** Prepared statements kept per connection. */
  statementCacheSize?: number
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}

/** True for SQL that only reads: a select (SQLite's `with` can't hold a write before a select). */
function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true
  if (RawNode.is(query.query)) {
    return /^\s*(select|with)\b/i.test(query.sql) && !/\b(insert|update|delete|replace)\b/i.test(query.sql)
  }
  return false
}

/**
 * Reads that take less than this many milliseconds (on average, by SQL text) run on the main thread when
 * the writer is free: for them a trip to a thread (the query and its rows copied both ways) costs more
 * than the query.
 */
export const INLINE_READ_MS = 0.5

/** What each read's SQL has cost lately: where its next run goes. */
class ReadCosts {
  readonly #ms = new Map<string, number>()
  readonly #max: number

  constructor(max: number) {
    this.#max = max
  }

  /** True when `sql` is known, and known to be quick. */
  quick(sql: string): boolean {
    const ms = this.#ms.get(sql)
    return ms !== undefined && ms < INLINE_READ_MS
  }

  record(sql: string, ms: number): void {
    const before = this.#ms.get(sql)
    // One slow run sends the query to the threads at once; it comes back as its average falls.
    const next =
      before === undefined || ms >= INLINE_READ_MS ? Math.max(ms, before ?? 0) : before * 0.8 + ms * 0.2
    if (before === undefined && this.#ms.size >= this.#max) {
      const oldest = this.#ms.keys().next().value
      if (oldest !== undefined) this.#ms.delete(oldest)
    }
    this.#ms.set(sql, next)
  }
}

/**
 * Above this share of its time spent working, the main thread is the busy one: quick reads go to the reader
 * threads too, whose trip costs the main thread less than the read itself (issue 37: under a load of new
 * searches the main thread was saturated while the threads idled three quarters of the time).
 */
export const BUSY_MAIN_THREAD = 0.75
/** How often the main thread's load is measured again, over the time since the last measure. */
const LOAD_WINDOW_MS = 100

/** How busy the main thread has been lately (its event loop utilization). */
class MainThreadLoad {
  #last = performance.eventLoopUtilization()
  #at = performance.now()
  #busy = false

  /** Whether the main thread worked more than {@link BUSY_MAIN_THREAD} of the last window. */
  busy(): boolean {
    const now = performance.now()
    if (now - this.#at >= LOAD_WINDOW_MS) {
      const current = performance.eventLoopUtilization()
      this.#busy = performance.eventLoopUtilization(current, this.#last).utilization > BUSY_MAIN_THREAD
      this.#last = current
      this.#at = now
    }
    return this.#busy
  }
}

/** This process's main thread's load: one per process, whatever the number of databases open. */
export const mainThreadLoad = new MainThreadLoad()

/** The one read-write connection, its statements, and the lock that gives it to one user at a time. */
class SqliteWriter {
  readonly db: DatabaseSync
  readonly statements: StatementCache
  #held = false
  readonly #waiting: (() => void)[] = []

  constructor(db: DatabaseSync, statementCacheSize?: number) {
    this.db = db
    this.statements = new StatementCache(db, statementCacheSize)
  }

  /** True when no one holds the writer: no transaction is open on it. */
  get free(): boolean {
    return !this.#held
  }

  async lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  unlock(): void {
    const next = this.#waiting.shift()
    // Handed straight to the next in line, so no one slips in between.
    if (next) next()
    else this.#held = false
  }

  /**
   * Runs a statement. Outside a transaction a statement that found another process's lock (SQLITE_BUSY)
   * changed nothing, so it is tried again after a pause, until BUSY_TIMEOUT_MS has passed; inside one
   * (which began IMMEDIATE, holding the lock) it does not meet that.
   */
  async execute(sql: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    const params = parameters.map(toSqlite)
    if (this.db.isTransaction) return this.#once(sql, params)
    const deadline = Date.now() + BUSY_TIMEOUT_MS
    for (let attempt = 0; ; attempt++) {
      try {
        return this.#once(sql, params)
      } catch (error) {
        if (sqliteResultCode(error) !== SQLITE_BUSY || Date.now() >= deadline) throw error
        await sleep(BUSY_BACKOFF_MS[Math.min(attempt, BUSY_BACKOFF_MS.length - 1)])
      }
    }
  }

  /** Runs a statement at once, without waiting for any lock. */
  now(sql: string, parameters: readonly unknown[]): QueryResult<unknown> {
    return this.#once(sql, parameters.map(toSqlite))
  }

  #once(sql: string, params: SQLInputValue[]): QueryResult<unknown> {
    const { statement, reader } = this.statements.get(sql)
    if (reader) return { rows: statement.all(...params) }
    const r = statement.run(...params)
    return { rows: [], numAffectedRows: BigInt(r.changes), insertId: BigInt(r.lastInsertRowid) }
  }
}

/**
 * One use of the database as Kysely sees it (a query, a transaction, a `connection()` block). Its reads
 * go to the reader threads until it first writes or begins a transaction; from then on it holds the
 * writer until Kysely releases it, so a transaction's reads see its own writes.
 */
class SqliteStoreConnection implements DatabaseConnection {
  readonly #writer: SqliteWriter
  readonly #readers: SqliteReaders | null
  readonly #costs: ReadCosts
  readonly #load: MainThreadLoad
  #holdsWriter = false

  constructor(writer: SqliteWriter, readers: SqliteReaders | null, costs: ReadCosts, load: MainThreadLoad) {
    this.#writer = writer
    this.#readers = readers
    this.#costs = costs
    this.#load = load
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#holdsWriter && this.#readers && isRead(query)) {
      // A quick read runs here, at once, when no one holds the writer (so no transaction is open on it);
      // being synchronous, nothing can begin one meanwhile. Should it meet a lock, a thread reads instead.
      if (this.#costs.quick(query.sql) && this.#writer.free && !this.#load.busy()) {
        try {
          const started = performance.now()
          const result = this.#writer.now(query.sql, query.parameters)
          this.#costs.record(query.sql, performance.now() - started)
          return result as QueryResult<R>
        } catch (error) {
          if (sqliteResultCode(error) !== SQLITE_BUSY) throw error
        }
      }
      const pending = this.#readers.all(query.sql, query.parameters.map(toSqlite))
      if (pending) {
        const { rows, ms } = await pending
        this.#costs.record(query.sql, ms)
        return { rows: rows as R[] }
      }
    }
    await this.holdWriter()
    return (await this.#writer.execute(query.sql, query.parameters)) as QueryResult<R>
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query))
      throw new Error('Sqlite driver only supports streaming of select queries')
    await this.holdWriter()
    // A statement of its own: a kept one could be run again by this connection while this iterates it.
    const statement = this.#writer.db.prepare(query.sql)
    for (const row of statement.iterate(...query.parameters.map(toSqlite))) yield { rows: [row as R] }
  }

  /** Takes the writer (waiting for whoever has it) unless this connection has it already. */
  async holdWriter(): Promise<void> {
    if (this.#holdsWriter) return
    await this.#writer.lock()
    this.#holdsWriter = true
  }

  /** Gives the writer back, if this connection had it. */
  release(): void {
    if (!this.#holdsWriter) return
    this.#holdsWriter = false
    this.#writer.unlock()
  }
}

class SqliteStoreDriver implements Driver {
  readonly #writer: SqliteWriter
  readonly #readers: SqliteReaders | null
  readonly #costs: ReadCosts

  constructor(writer: SqliteWriter, readers: SqliteReaders | null, costs: ReadCosts) {
    this.#writer = writer
    this.#readers = readers
    this.#costs = costs
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteStoreConnection(this.#writer, this.#readers, this.#costs, mainThreadLoad)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as SqliteStoreConnection
    await conn.holdWriter()
    await this.#run(conn, 'begin immediate')
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#run(connection as SqliteStoreConnection, 'commit')
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#run(connection as SqliteStoreConnection, 'rollback')
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.#run(connection as SqliteStoreConnection, `savepoint ${quote(name)}`)
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.#run(connection as SqliteStoreConnection, `rollback to ${quote(name)}`)
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.#run(connection as SqliteStoreConnection, `release ${quote(name)}`)
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as SqliteStoreConnection).release()
  }

  async destroy(): Promise<void> {
    await this.#readers?.close()
    this.#writer.db.close()
  }

  async #run(connection: SqliteStoreConnection, sql: string): Promise<void> {
    await connection.holdWriter()
    await this.#writer.execute(sql, [])
  }
}

/**
 * SQLite's adapter with two differences: it lets Kysely hand out several connections at once (the
 * driver serialises the writer itself, and reads run side by side), and migrations run in one
 * transaction (SQLite's DDL is transactional), so two instances starting on one new file take turns.
 */
class SqliteStoreAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
  }

  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

/** A Kysely dialect over a `node:sqlite` database: a writer connection and, for a file, a read pool. */
export class SqliteStoreDialect implements Dialect {
  /** The reader threads, or null when every query runs on the writer. */
  readonly readers: SqliteReaders | null
  readonly #writer: SqliteWriter
  readonly #costs: ReadCosts

  constructor(db: DatabaseSync, options: SqliteStoreOptions) {
    this.#writer = new SqliteWriter(db, options.statementCacheSize)
    this.#costs = new ReadCosts(4 * (options.statementCacheSize ?? STATEMENT_CACHE_SIZE))
    this.readers =
      options.file && options.readers > 0
        ? new SqliteReaders(options.file, options.readers, BUSY_TIMEOUT_MS)
        : null
    // One thread starts now, beside the migrations; reads run on the writer until it is ready.
    this.readers?.warm(1).catch(() => undefined)
  }

  createDriver(): Driver {
    return new SqliteStoreDriver(this.#writer, this.readers, this.#costs)
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler()
  }

  createAdapter(): DialectAdapter {
    return new SqliteStoreAdapter()
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes any database type here.
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db)
  }
}
