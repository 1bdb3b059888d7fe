/**
 * Kysely over Node's built-in `node:sqlite`: Kysely's SqliteDialect expects a
 * better-sqlite3-shaped database, so this wraps `DatabaseSync` in that shape.
 * No native addon: the driver ships with Node (>= 22.13).
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { SqliteDialect } from 'kysely'

type Params = readonly unknown[]

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.toISOString()
  if (value === undefined) return null
  return value as SQLInputValue
}

/** Opens a SQLite file (or `:memory:`) with the settings the server needs. */
export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file)
  // WAL lets readers run beside the single writer; busy_timeout makes concurrent
  // writers (several instances on one file) wait instead of failing at once.
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA synchronous = NORMAL')
  return db
}

/** A Kysely dialect over a `node:sqlite` database. */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  return new SqliteDialect({
    database: {
      close: () => db.close(),
      prepare(sql: string) {
        const stmt = db.prepare(sql)
        const reader = stmt.columns().length > 0
        return {
          reader,
          all: (params: Params) => stmt.all(...params.map(toSqlite)),
          run: (params: Params) => {
            const r = stmt.run(...params.map(toSqlite))
            return { changes: Number(r.changes), lastInsertRowid: Number(r.lastInsertRowid) }
          },
          iterate: (params: Params) => stmt.iterate(...params.map(toSqlite)),
        }
      },
    } as never,
  })
}
