/**
 * The server's Prometheus metrics (issue 35): one prom-client registry per app, not the library's global one,
 * so that a test process can build several apps and each scrape reads its own. What is counted as it happens
 * (requests, bookings, cancellations, mail failures) is a counter here; what is a state of the moment (the
 * database pool, the outbox, realtime sockets, the catalogue cache's totals) is read when Prometheus scrapes,
 * through the sources the app gives {@link Metrics.watch}.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from 'prom-client'

/** Names start with this, so that they sort together next to the process metrics. */
export const METRIC_PREFIX = 'mashura_'

/** What a scrape reads from the app at that moment; each source answers quickly or throws (then it is left out). */
export interface MetricSources {
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one. */
  pgPool?: () => { total: number; idle: number; waiting: number }
  /** SQLite's reader threads and the reads waiting on them. */
  sqliteReaders?: () => { threads: number; queued: number }
  /** The outbox's unsent mails: waiting to be sent, and refused for good. */
  outbox?: () => Promise<{ queued: number; failed: number }>
  /** Sessions by state. */
  sessions?: () => Promise<{ state: string; n: number }[]>
  /** The catalogue cache's lookups since start: found, and not found. */
  catalogueCache?: () => { hits: number; misses: number; shared: number }
}

/** The metrics of one app. */
export interface Metrics {
  readonly registry: Registry
  /** Requests answered, by method, route pattern and status. */
  readonly requests: Counter<'method' | 'route' | 'status'>
  /** How long requests took, in seconds, by method, route pattern and status. */
  readonly requestSeconds: Histogram<'method' | 'route' | 'status'>
  /** Sessions booked through the API, by the call that booked them. */
  readonly bookings: Counter<'operation'>
  /** Sessions cancelled and requests withdrawn through the API, by the call. */
  readonly cancellations: Counter<'operation'>
  /** Mails the relay did not take: `retry` (tried again later) or `permanent` (given up). */
  readonly mailFailures: Counter<'kind'>
  /** Webhook tries: `delivered`, `retry` (tried again later) or `failed` (given up), and endpoints `paused`. */
  readonly webhooks: Counter<'outcome'>
  /** Adds the scrape-time sources (merged with earlier ones). */
  watch(sources: MetricSources): void
  /** Adds a count of open realtime sockets (signed in, and waiting to sign in); answers a function removing it. */
  watchSockets(count: () => { open: number; pending: number }): () => void
  /** The exposition text. */
  scrape(): Promise<string>
}

/**
 * Node's process metrics (event-loop delay, memory, CPU, handles, GC), collected once per process: they describe
 * the process, not an app, and each collection starts an event-loop monitor and a GC observer that are never
 * stopped, so a process building many apps (the tests) would otherwise pile them up.
 */
let processMetrics: Registry | null = null

function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({
      register: processMetrics,
      prefix: METRIC_PREFIX,
      eventLoopMonitoringPrecision: 20,
    })
  }
  return processMetrics
}

/** Makes the registry, with Node's process metrics (event-loop delay, memory, CPU, handles). */
export function createMetrics(): Metrics {
  const registry = new Registry()
  // The same metric objects in this registry too (typed as their descriptions, they are the metrics themselves).
  for (const metric of processRegistry().getMetricsAsArray())
    registry.registerMetric(metric as unknown as Metric)
  const sources: MetricSources = {}
  const socketCounts = new Set<() => { open: number; pending: number }>()
  const labels = ['method', 'route', 'status'] as const

  const metrics: Metrics = {
    registry,
    requests: new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: labels,
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'How long HTTP requests took to answer, in seconds.',
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    bookings: new Counter({
      name: `${METRIC_PREFIX}bookings_total`,
      help: 'Sessions booked through the API (bookSlot, startInstantSession).',
      labelNames: ['operation'],
      registers: [registry],
    }),
    cancellations: new Counter({
      name: `${METRIC_PREFIX}cancellations_total`,
      help: 'Sessions cancelled and requests withdrawn through the API, by call.',
      labelNames: ['operation'],
      registers: [registry],
    }),
    mailFailures: new Counter({
      name: `${METRIC_PREFIX}mail_failures_total`,
      help: 'Mails the relay did not take: retry (tried again later) or permanent (given up).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    webhooks: new Counter({
      name: `${METRIC_PREFIX}webhook_deliveries_total`,
      help: 'Webhook tries: delivered, retry (tried again later) or failed (given up); paused counts endpoints paused.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    watch(more) {
      Object.assign(sources, more)
    },
    watchSockets(count) {
      socketCounts.add(count)
      return () => socketCounts.delete(count)
    },
    scrape: () => registry.metrics(),
  }
  for (const kind of ['retry', 'permanent']) metrics.mailFailures.inc({ kind }, 0)
  for (const outcome of ['delivered', 'retry', 'failed', 'paused']) metrics.webhooks.inc({ outcome }, 0)

  // The scrape-time gauges: each asks its source and leaves the value out when the source is missing or fails.
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections: state is total, idle or waiting (queries waiting for a connection).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset()
      const pool = sources.pgPool?.()
      if (!pool) return
      this.set({ state: 'total' }, pool.total)
      this.set({ state: 'idle' }, pool.idle)
      this.set({ state: 'waiting' }, pool.waiting)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}sqlite_reader_threads`,
    help: 'SQLite reader threads running.',
    registers: [registry],
    collect() {
      this.reset()
      const readers = sources.sqliteReaders?.()
      if (readers) this.set(readers.threads)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}sqlite_reader_queued_reads`,
    help: 'Reads sent to SQLite reader threads and not answered yet.',
    registers: [registry],
    collect() {
      this.reset()
      const readers = sources.sqliteReaders?.()
      if (readers) this.set(readers.queued)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}mail_outbox`,
    help: 'Unsent mails in the outbox: state is queued (waiting to be sent or retried) or failed (given up).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset()
      const backlog = await sources.outbox?.().catch(() => null)
      if (!backlog) return
      this.set({ state: 'queued' }, backlog.queued)
      this.set({ state: 'failed' }, backlog.failed)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}sessions`,
    help: 'Sessions in the database by state (the same on every instance: aggregate with max, not sum).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset()
      const rows = await sources.sessions?.().catch(() => null)
      for (const row of rows ?? []) this.set({ state: row.state }, row.n)
    },
  })
  new Gauge({
    name: `${METRIC_PREFIX}realtime_sockets`,
    help: 'Open realtime WebSockets: state is open (signed in) or pending (waiting for their auth message).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      let open = 0
      let pending = 0
      for (const count of socketCounts) {
        const c = count()
        open += c.open
        pending += c.pending
      }
      this.set({ state: 'open' }, open)
      this.set({ state: 'pending' }, pending)
    },
  })
  // Totals kept by the cache itself, shown as counters: reset and set to the cache's own running total.
  for (const [key, help] of [
    ['hits', 'Catalogue cache lookups that found a cached answer.'],
    ['misses', 'Catalogue cache lookups that found none.'],
    ['shared', 'Catalogue cache misses that waited on the same read already under way instead of reading.'],
  ] as const) {
    new Counter({
      name: `${METRIC_PREFIX}catalogue_cache_${key}_total`,
      help,
      registers: [registry],
      collect() {
        const stats = sources.catalogueCache?.()
        if (!stats) return
        this.reset()
        this.inc(stats[key])
      },
    })
  }
  return metrics
}
