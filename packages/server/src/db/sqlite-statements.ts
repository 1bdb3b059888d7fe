/**
 * Prepared statements kept for reuse, shared by the writer connection and the reader threads: preparing
 * parses and plans the SQL, which for the catalogue's queries costs about as much as running them.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite'

/** How many prepared statements one connection keeps by default. */
export const STATEMENT_CACHE_SIZE = 256

/**
 * Each connection's page cache, in KiB (`PRAGMA cache_size` takes it negated): 32 MiB, against SQLite's 2 MiB.
 * The working day's reads and writes land on rows all over a catalogue of 10,000 experts and their 100,000
 * slots; with 2 MiB a booking's first read of a slot missed it and asked the file system for the page, a
 * system call each (issue 37). It fills only as pages are read, and is given back when the connection closes.
 */
export const PAGE_CACHE_KIB = 32_768

/** A prepared statement and whether it answers rows. */
export interface CachedStatement {
  statement: StatementSync
  /** True when the statement has result columns (a select, or a write with `returning`). */
  reader: boolean
}

/**
 * A bounded cache of one connection's prepared statements, by SQL text, least recently used first out.
 * The server's SQL comes from a few hundred query shapes, but some (an `in` list, a literal inlined by
 * `sql.lit`) vary with the data, so the cache must not grow with them.
 */
export class StatementCache {
  readonly #db: DatabaseSync
  readonly #max: number
  readonly #statements = new Map<string, CachedStatement>()

  constructor(db: DatabaseSync, max = STATEMENT_CACHE_SIZE) {
    this.#db = db
    this.#max = Math.max(1, max)
  }

  /** How many statements are kept now. */
  get size(): number {
    return this.#statements.size
  }

  /** The statement for `sql`, prepared on first use and kept. */
  get(sql: string): CachedStatement {
    const found = this.#statements.get(sql)
    if (found) {
      // Re-inserting moves it to the end of the Map's order: the oldest entry is the least recently used.
      this.#statements.delete(sql)
      this.#statements.set(sql, found)
      return found
    }
    const statement = this.#db.prepare(sql)
    const entry = { statement, reader: statement.columns().length > 0 }
    if (this.#statements.size >= this.#max) {
      const oldest = this.#statements.keys().next().value
      if (oldest !== undefined) this.#statements.delete(oldest)
    }
    this.#statements.set(sql, entry)
    return entry
  }
}

/** SQLite's primary result code of an error from `node:sqlite` (the low byte of its extended code), or null. */
export function sqliteResultCode(error: unknown): number | null {
  const errcode = (error as { errcode?: unknown } | null)?.errcode
  return typeof errcode === 'number' ? errcode & 0xff : null
}

/** SQLITE_BUSY: another connection holds the lock this statement needs. */
export const SQLITE_BUSY = 5
