/**
 * With REDIS_URL set, rate limits hold across instances: two servers behind one load
 * balancer share one count. Runs when TEST_REDIS_URL is set (CI always sets it;
 * `npm test` says loudly when it is not).
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { createTestContext, type TestContext } from '../test-support/context.ts'

const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let ctx: TestContext
  let second: Awaited<ReturnType<typeof buildApp>>
  const prefix = `mashura-test-${randomBytes(4).toString('hex')}:`

  beforeAll(async () => {
    const shared = {
      redisUrl: redisUrl!,
      redisPrefix: prefix,
      rateLimit: { signIn: 4, booking: 4, windowMs: 60_000 },
    }
    ctx = await createTestContext('sqlite', shared)
    // A second instance on the same database and the same Redis.
    second = await buildApp({ config: { ...ctx.config, ...shared }, store: ctx.store })
    await second.ready()
  })
  afterAll(async () => {
    await second.close()
    await ctx.close()
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('counts sign-in attempts across both instances', async () => {
    const attempt = (app: typeof second) =>
      app.inject({
        method: 'POST',
        url: '/api/authentication/auth/login',
        headers: { 'x-api-key': 'mashura-dev-key' },
        payload: {
          code: 'bad',
          code_verifier: 'x'.repeat(43),
          redirect_uri: 'http://localhost:8080/redirectauth',
        },
      })
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await attempt(ctx.app)).statusCode)
      statuses.push((await attempt(second)).statusCode)
    }
    // Four attempts pass in all, whichever instance took them; the rest are 429.
    expect(statuses.filter((s) => s === 429)).toHaveLength(2)
    expect(statuses.slice(4)).toEqual([429, 429])
    const redis = new Redis(redisUrl!)
    expect((await redis.keys(`${prefix}rl:*`)).length).toBeGreaterThan(0)
    redis.disconnect()
  })
})
