/**
 * The upload check threads: a small pool of worker threads (one on a two-core machine, two above) that check
 * uploaded files (check-worker.ts), so that a file that is costly to parse (a PDF whose object streams inflate
 * far, a long recording) holds a check thread and never the event loop every other request waits on. Each job
 * has a deadline: a thread that has not answered by then is terminated and replaced, and the job answers
 * `timeout`. Each thread's heap is bounded too, and a thread that V8 stops for running out of it answers
 * `costly` the same way; but V8 may instead abort the whole process when a heap runs out, so the checks'
 * own limits (structure.ts) keep every parse far below it, and this bound is only the last one. Jobs wait
 * their turn in order; past `maxWaiting` waiting jobs a new one is refused at once (`CheckPoolBusy`) rather
 * than queued without end.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { CheckAnswer, CheckJob, CheckResult } from './check-worker.ts'

/** What a check answers: the worker's result, or `timeout` when it did not answer within its deadline. */
export type CheckOutcome = CheckResult | { ok: false; reason: 'timeout' }

/** The pool's shape: threads, the heap each may use, and how many jobs may wait. */
export interface CheckPoolOptions {
  /** How many check threads run at most: one on a two-core machine, two above, by default. */
  threads?: number
  /** Each thread's heap, in megabytes: a file whose parse needs more is refused as `costly`. */
  heapMb?: number
  /** How many jobs may wait for a thread before new ones are refused. */
  maxWaiting?: number
}

/** Thrown by `check` when too many jobs already wait: the server answers 503 and the client tries again later. */
export class CheckPoolBusy extends Error {
  override readonly name = 'CheckPoolBusy'
}

/** The default number of check threads: the event loop keeps a core of its own. */
export function defaultCheckThreads(): number {
  return Math.min(2, Math.max(1, availableParallelism() - 1))
}

// The source file next to this one: the server runs from its TypeScript sources (tsc emits declarations only).
const WORKER_URL = new URL('./check-worker.ts', import.meta.url)

interface Waiting {
  job: Omit<CheckJob, 'id'>
  deadlineMs: number
  resolve(outcome: CheckOutcome): void
  reject(error: Error): void
}

interface Thread {
  worker: Worker
  ready: boolean
  /** The job it runs, its id and its deadline timer. */
  busy: { id: number; waiting: Waiting; timer: NodeJS.Timeout } | null
}

/** A pool of upload check threads, started as jobs arrive and stopped by {@link FileCheckPool.close}. */
export class FileCheckPool {
  readonly #threads: number
  readonly #heapMb: number
  readonly #maxWaiting: number
  readonly #running: Thread[] = []
  readonly #queue: Waiting[] = []
  #nextId = 0
  #closed = false
  /** Set when a thread died before it was ready (its modules did not load): another would too, so none starts. */
  #broken: Error | null = null
  /** How many threads were started, replacements included (for tests and diagnostics). */
  started = 0

  constructor(options: CheckPoolOptions = {}) {
    this.#threads = Math.max(1, options.threads ?? defaultCheckThreads())
    this.#heapMb = options.heapMb ?? 256
    this.#maxWaiting = options.maxWaiting ?? 64
  }

  /** How many check threads run (or are starting) now. */
  get threads(): number {
    return this.#running.length
  }

  /**
   * Checks a request's files on a check thread. The deadline runs from when a thread takes the job, not while
   * it waits for one: a busy server makes uploads wait, never refuses them for its own slowness.
   */
  check(job: Omit<CheckJob, 'id'>, deadlineMs: number): Promise<CheckOutcome> {
    if (this.#closed) return Promise.reject(new Error('the upload check pool is closed'))
    if (this.#broken) return Promise.reject(this.#broken)
    if (this.#queue.length >= this.#maxWaiting)
      return Promise.reject(new CheckPoolBusy('too many uploads wait'))
    return new Promise<CheckOutcome>((resolve, reject) => {
      this.#queue.push({ job, deadlineMs, resolve, reject })
      this.#dispatch()
    })
  }

  /** Stops every thread; jobs still running or waiting fail. */
  async close(): Promise<void> {
    this.#closed = true
    const error = new Error('the upload check pool was closed')
    for (const waiting of this.#queue.splice(0)) waiting.reject(error)
    const threads = this.#running.splice(0)
    for (const thread of threads) {
      if (thread.busy) {
        clearTimeout(thread.busy.timer)
        thread.busy.waiting.reject(error)
        thread.busy = null
      }
    }
    await Promise.all(threads.map((t) => t.worker.terminate()))
  }

  /** Hands waiting jobs to ready idle threads, starting threads while there is room. */
  #dispatch(): void {
    while (this.#queue.length > 0) {
      const idle = this.#running.find((t) => t.ready && !t.busy)
      if (!idle) {
        // A thread still starting will take the job when it is ready.
        if (this.#running.length < this.#threads && this.#running.every((t) => t.ready)) this.#start()
        return
      }
      this.#run(idle, this.#queue.shift()!)
    }
  }

  #run(thread: Thread, waiting: Waiting): void {
    const id = ++this.#nextId
    const timer = setTimeout(
      () => this.#replace(thread, { ok: false, reason: 'timeout' }),
      waiting.deadlineMs,
    )
    thread.busy = { id, waiting, timer }
    // A busy thread keeps the process alive until it answers; an idle one doesn't hold it open.
    thread.worker.ref()
    thread.worker.postMessage({ id, ...waiting.job } satisfies CheckJob)
  }

  /** Ends a thread's job with `outcome` (its deadline passed, or it died) and terminates it; another starts as needed. */
  #replace(thread: Thread, outcome: CheckOutcome | Error): void {
    const i = this.#running.indexOf(thread)
    if (i >= 0) this.#running.splice(i, 1)
    const busy = thread.busy
    thread.busy = null
    if (busy) {
      clearTimeout(busy.timer)
      if (outcome instanceof Error) busy.waiting.reject(outcome)
      else busy.waiting.resolve(outcome)
    }
    void thread.worker.terminate()
    if (!thread.ready && !this.#closed) {
      this.#broken = outcome instanceof Error ? outcome : new Error('an upload check thread failed to start')
      for (const waiting of this.#queue.splice(0)) waiting.reject(this.#broken)
    }
    if (!this.#closed) this.#dispatch()
  }

  #start(): void {
    this.started++
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.#heapMb } })
    worker.unref()
    const thread: Thread = { worker, ready: false, busy: null }
    worker.on('message', (answer: CheckAnswer) => {
      if ('ready' in answer) {
        thread.ready = true
        this.#dispatch()
        return
      }
      const busy = thread.busy
      if (!busy || busy.id !== answer.id) return
      clearTimeout(busy.timer)
      thread.busy = null
      worker.unref()
      if ('error' in answer) busy.waiting.reject(new Error(`upload check failed: ${answer.error}`))
      else busy.waiting.resolve(answer.result)
      this.#dispatch()
    })
    // A thread that runs out of heap was given a file too costly to parse; one that fails otherwise fails its job.
    worker.on('error', (error: Error & { code?: string }) =>
      this.#replace(
        thread,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, reason: 'costly' } : error,
      ),
    )
    worker.on('exit', (code) => {
      if (this.#running.includes(thread))
        this.#replace(thread, new Error(`an upload check thread exited with code ${code}`))
    })
    this.#running.push(thread)
  }
}
