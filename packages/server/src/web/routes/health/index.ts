/**
 * Health for load balancers and orchestrators (issue 35), outside `/api` and without an API key:
 *
 * - `GET /health/live`: the process answers (a restart is the cure otherwise).
 * - `GET /health/ready`: this instance should get traffic: the database answers `select 1`, Redis answers
 *   PING when REDIS_URL is set, and the database has run the newest migration. 503 while the server drains
 *   (`app.health.draining`, set first thing on shutdown) or when one of them is down.
 *
 * The bodies are `{"status":"ok"}` or `{"status":"unavailable"}` and nothing else: which part failed goes to the
 * log, never to whoever asks, so the endpoints tell an outsider nothing about the deployment.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { latestMigrationName } from '../../../db/migrate.ts'
import { lastMigrationName, pingDatabase } from '../../../db/queries/observability.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the instance is draining: readiness answers 503 from then on. */
    health: { draining: boolean }
  }
}

/** The liveness path. */
export const LIVE_PATH = '/health/live'
/** The readiness path. */
export const READY_PATH = '/health/ready'

/** How long each readiness check may take before it counts as down. */
export const CHECK_TIMEOUT_MS = 2000

/** Options of {@link healthRoutes}. */
export interface HealthOptions {
  /** The app's Redis connection when REDIS_URL is set. */
  redis: Redis | null
}

/** Resolves with `work`, or rejects once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

const STATUS_SCHEMA = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } },
  required: ['status'],
  additionalProperties: false,
} as const

/** Registers both endpoints and the `health` decoration (draining turns on when the app starts closing). */
export const healthRoutes = fp(
  async (app: FastifyInstance, { redis }: HealthOptions) => {
    app.decorate('health', { draining: false })
    // `app.close()` alone drains too (tests, embedders); `drain()` sets it before that, with its deadline.
    app.addHook('preClose', async () => {
      app.health.draining = true
    })
    const latest = latestMigrationName()

    /** Which check failed, or null when all pass. */
    async function failing(): Promise<string | null> {
      if (app.health.draining) return 'draining'
      const checks: [string, () => Promise<unknown>][] = [
        ['database', () => pingDatabase(app.store.db)],
        [
          'schema',
          async () => {
            const last = await lastMigrationName(app.store.db)
            if (last !== latest) throw new Error(`the database's last migration is ${last}, not ${latest}`)
          },
        ],
      ]
      if (redis) checks.push(['redis', () => redis.ping()])
      const results = await Promise.allSettled(
        checks.map(([what, run]) => within(run(), CHECK_TIMEOUT_MS, what)),
      )
      const failed = results.flatMap((result, i) =>
        result.status === 'rejected' ? [[checks[i]![0], result.reason]] : [],
      )
      if (failed.length === 0) return null
      app.log.warn(
        {
          checks: failed.map(([what, reason]) => ({
            what,
            err: String((reason as Error)?.message ?? reason),
          })),
        },
        'not ready',
      )
      return failed.map(([what]) => what).join(',')
    }

    app.get(
      LIVE_PATH,
      { schema: { hide: true, operationId: 'healthLive', response: { 200: STATUS_SCHEMA } } },
      async (_request, reply) => noStore(reply).send({ status: 'ok' }),
    )
    app.get(
      READY_PATH,
      {
        schema: {
          hide: true,
          operationId: 'healthReady',
          response: { 200: STATUS_SCHEMA, 503: STATUS_SCHEMA },
        },
      },
      async (_request, reply) => {
        const down = await failing()
        return noStore(reply)
          .code(down ? 503 : 200)
          .send({ status: down ? 'unavailable' : 'ok' })
      },
    )
  },
  { name: 'health' },
)
