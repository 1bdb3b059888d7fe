/**
 * One reader thread of the SQLite read pool (see sqlite-readers.ts): a read-only connection to the
 * database file that answers `{ id, sql, params }` with `{ id, rows }` or `{ id, error }`. Outside a
 * transaction each statement reads the newest committed snapshot (WAL), so it sees every write the main
 * thread committed before sending it.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'
import { PAGE_CACHE_KIB, StatementCache } from './sqlite-statements.ts'

/** What the pool starts a reader with. */
export interface ReaderData {
  file: string
  busyTimeoutMs: number
}

/** A query for a reader. */
export interface ReadRequest {
  id: number
  sql: string
  params: SQLInputValue[]
}

/**
 * A reader's message: that it is ready (its connection is open), or an answer: rows, or the error's
 * fields (an Error's own properties don't survive postMessage).
 */
export type ReadAnswer =
  | { ready: true }
  | { id: number; rows: unknown[]; ms: number }
  | { id: number; error: { message: string; code?: string; errcode?: number; errstr?: string } }

const port = parentPort
if (port) {
  const { file, busyTimeoutMs } = workerData as ReaderData
  // A reader waits for a lock on its own thread, so a long timeout here holds no one else up.
  const db = new DatabaseSync(file, { readOnly: true, timeout: busyTimeoutMs })
  db.exec(`PRAGMA cache_size = -${PAGE_CACHE_KIB}`)
  const statements = new StatementCache(db)
  port.postMessage({ ready: true } satisfies ReadAnswer)
  port.on('message', ({ id, sql, params }: ReadRequest) => {
    let answer: ReadAnswer
    try {
      const started = performance.now()
      const rows = statements.get(sql).statement.all(...params)
      answer = { id, rows, ms: performance.now() - started }
    } catch (error) {
      const e = error as { message?: string; code?: string; errcode?: number; errstr?: string }
      answer = {
        id,
        error: { message: String(e.message ?? error), code: e.code, errcode: e.errcode, errstr: e.errstr },
      }
    }
    port.postMessage(answer)
  })
}
