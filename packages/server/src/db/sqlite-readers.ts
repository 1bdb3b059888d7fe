/**
 * The SQLite read pool: up to N worker threads, each with a read-only connection to the database file,
 * run the reads that are not part of a transaction, so that a slow query (a broad search, a report)
 * holds one thread and not the event loop every other request is waiting on. Threads start as reads
 * arrive side by side (a quiet server or a test keeps one), and are stopped by {@link SqliteReaders.close}.
 */
import type { SQLInputValue } from 'node:sqlite'
import { Worker } from 'node:worker_threads'
import { defaultSqliteReaders } from '../config.ts'
import type { ReadAnswer, ReaderData, ReadRequest } from './sqlite-reader-worker.ts'

/** The default number of reader threads, declared with the rest of the configuration. */
export { defaultSqliteReaders }

/** A read's rows and how long the statement ran on its thread, in milliseconds. */
export interface ReadResult {
  rows: unknown[]
  ms: number
}

interface Pending {
  resolve(result: ReadResult): void
  reject(error: Error): void
}

interface Reader {
  worker: Worker
  pending: Map<number, Pending>
  /** True once its connection is open. */
  ready: boolean
  /** Resolves when it is ready; rejects if it dies first. */
  started: Promise<void>
}

type ErrorFields = Extract<ReadAnswer, { error: unknown }>['error']

// The source file next to this one: the server runs from its TypeScript sources (tsc emits declarations only).
const WORKER_URL = new URL('./sqlite-reader-worker.ts', import.meta.url)

/** Rebuilds a reader's error on this thread with the fields callers test (`code`, `errcode`, `errstr`). */
function readError(fields: ErrorFields): Error {
  const error = new Error(fields.message) as Error & Record<string, unknown>
  if (fields.code !== undefined) error.code = fields.code
  if (fields.errcode !== undefined) error.errcode = fields.errcode
  if (fields.errstr !== undefined) error.errstr = fields.errstr
  return error
}

/** A pool of reader threads over one SQLite file. */
export class SqliteReaders {
  readonly #file: string
  readonly #max: number
  readonly #busyTimeoutMs: number
  readonly #readers: Reader[] = []
  #nextId = 0
  #closed = false
  /** Set when a thread died before it could open the file: the pool then answers nothing. */
  #broken: Error | null = null
  /** How many reads the pool has answered (for tests and diagnostics). */
  served = 0

  constructor(file: string, max: number, busyTimeoutMs: number) {
    this.#file = file
    this.#max = Math.max(1, max)
    this.#busyTimeoutMs = busyTimeoutMs
  }

  /** How many reader threads the pool may run. */
  get size(): number {
    return this.#max
  }

  /** How many reader threads run (or are starting) now. */
  get threads(): number {
    return this.#readers.length
  }

  /** The threads running and the reads sent to them not answered yet (the metrics, issue 35). */
  load(): { threads: number; queued: number } {
    let queued = 0
    for (const r of this.#readers) queued += r.pending.size
    return { threads: this.#readers.length, queued }
  }

  /** Starts threads until `count` run (at most the pool's size) and resolves when they are all ready. */
  async warm(count = 1): Promise<void> {
    while (!this.#closed && !this.#broken && this.#readers.length < Math.min(count, this.#max)) this.#start()
    await Promise.all(this.#readers.slice(0, count).map((r) => r.started))
  }

  /**
   * Runs a read-only statement on a reader thread and answers its rows; or answers null, and the caller
   * runs it itself, while no thread is ready yet (at start-up, a thread takes tens of milliseconds).
   */
  all(sql: string, params: SQLInputValue[]): Promise<ReadResult> | null {
    if (this.#closed || this.#broken) return null
    const reader = this.#pick()
    if (!reader) return null
    const id = ++this.#nextId
    return new Promise<ReadResult>((resolve, reject) => {
      // A busy thread keeps the process alive until it answers; an idle one doesn't hold it open.
      if (reader.pending.size === 0) reader.worker.ref()
      reader.pending.set(id, { resolve, reject })
      reader.worker.postMessage({ id, sql, params } satisfies ReadRequest)
    })
  }

  /** Stops every reader thread; reads still waiting fail. */
  async close(): Promise<void> {
    this.#closed = true
    const readers = this.#readers.splice(0)
    for (const r of readers) r.started.catch(() => undefined)
    await Promise.all(readers.map((r) => r.worker.terminate()))
    for (const r of readers) this.#fail(r, new Error('the SQLite read pool was closed'))
  }

  /** An idle ready reader; else the least busy ready one, starting another thread while there is room. */
  #pick(): Reader | null {
    let best: Reader | null = null
    for (const r of this.#readers) {
      if (!r.ready) continue
      if (r.pending.size === 0) return r
      if (!best || r.pending.size < best.pending.size) best = r
    }
    if (this.#readers.length < this.#max && this.#readers.every((r) => r.ready)) this.#start()
    return best
  }

  #start(): Reader {
    const worker = new Worker(WORKER_URL, {
      workerData: { file: this.#file, busyTimeoutMs: this.#busyTimeoutMs } satisfies ReaderData,
    })
    // Only a thread with reads in flight keeps the process alive (see all()).
    worker.unref()
    let markStarted!: () => void
    let markFailed!: (error: Error) => void
    const started = new Promise<void>((resolve, reject) => {
      markStarted = resolve
      markFailed = reject
    })
    const reader: Reader = { worker, pending: new Map(), ready: false, started }
    worker.on('message', (answer: ReadAnswer) => {
      if ('ready' in answer) {
        reader.ready = true
        markStarted()
        return
      }
      const waiting = reader.pending.get(answer.id)
      if (!waiting) return
      reader.pending.delete(answer.id)
      if (reader.pending.size === 0) worker.unref()
      this.served++
      if ('error' in answer) waiting.reject(readError(answer.error))
      else waiting.resolve(answer)
    })
    // A thread that dies fails what it held and leaves the pool; the next reads start another. One that
    // could not even open the file would fail the same way again: the pool stops, and reads stay on the
    // main connection.
    const drop = (error: Error) => {
      const i = this.#readers.indexOf(reader)
      if (i >= 0) this.#readers.splice(i, 1)
      if (!reader.ready && !this.#closed) this.#broken = error
      markFailed(error)
      this.#fail(reader, error)
    }
    worker.on('error', drop)
    worker.on('exit', (code) => drop(new Error(`a SQLite reader thread exited with code ${code}`)))
    // warm() and all() callers see a failure through the reads; nothing else waits on `started`.
    started.catch(() => undefined)
    this.#readers.push(reader)
    return reader
  }

  #fail(reader: Reader, error: Error): void {
    for (const waiting of reader.pending.values()) waiting.reject(error)
    reader.pending.clear()
  }
}
