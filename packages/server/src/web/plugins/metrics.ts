/**
 * `GET /metrics` in Prometheus's text format, and the per-request counts behind it (issue 35). Every request is
 * counted by its route's pattern (`/api/schedule/sessions/:id/details`), never its address, so that the number
 * of series stays bounded whatever addresses are asked for; requests no route matched count as `unmatched`.
 * Successful booking and cancelling calls are counted by their operation.
 *
 * Who may scrape: with `METRICS_TOKEN` set, whoever sends it as a Bearer token (compared in constant time),
 * from anywhere; without it, only the machine itself (the socket's loopback address, never X-Forwarded-For,
 * which a client writes). The answer names no person: counts and timings only.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createMetrics, type Metrics } from '../../adapters/metrics/registry.ts'
import type { Config } from '../../config.ts'
import { ApiHttpError } from '../http/errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (`adapters/metrics/registry.ts`). */
    metrics: Metrics
  }
}

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics'

/** The calls that book a session, counted in `mashura_bookings_total`. */
const BOOKING_OPERATIONS = new Set(['bookSlot', 'startInstantSession'])
/** The calls that cancel a session or withdraw a request, counted in `mashura_cancellations_total`. */
const CANCEL_OPERATIONS = new Set(['cancelSession', 'cancelMySession', 'withdrawMyRequest'])

/** Whether an address is this machine's (IPv4 127/8, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/** Whether `given` equals `expected`, in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Refuses a scrape without the token, or (with no token configured) from another machine. */
function checkScraper(config: Config, request: FastifyRequest): void {
  if (config.metricsToken) {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match) throw new ApiHttpError(401, 'metrics_token_required', 'errors.forbidden')
    if (!sameSecret(match[1]!, config.metricsToken))
      throw new ApiHttpError(403, 'metrics_forbidden', 'errors.forbidden')
    return
  }
  if (!isLoopback(request.raw.socket?.remoteAddress))
    throw new ApiHttpError(403, 'metrics_forbidden', 'errors.forbidden')
}

/** Decorates the app with its metrics, counts every answer, and serves `/metrics`. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const metrics = createMetrics()
    app.decorate('metrics', metrics)

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched'
      const labels = { method: request.method, route, status: String(reply.statusCode) }
      metrics.requests.inc(labels)
      metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000)
      if (reply.statusCode >= 300) return
      const operation = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId
      if (!operation) return
      if (BOOKING_OPERATIONS.has(operation)) metrics.bookings.inc({ operation })
      else if (CANCEL_OPERATIONS.has(operation)) metrics.cancellations.inc({ operation })
    })

    app.get(
      METRICS_PATH,
      {
        schema: { hide: true, operationId: 'scrapeMetrics' },
        onRequest: async (request) => checkScraper(config, request),
      },
      async (_request, reply) => {
        const text = await metrics.scrape()
        return reply
          .header('content-type', metrics.registry.contentType)
          .header('cache-control', 'no-store')
          .send(text)
      },
    )
  },
  { name: 'metrics' },
)
