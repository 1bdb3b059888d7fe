/**
 * With REDIS_URL set, rate limits hold across instances: two servers behind one load
 * balancer share one count. Runs when TEST_REDIS_URL is set (CI always sets it;
 * `npm test` says loudly when it is not).
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTwoInstances, type TestContext, type TwoInstances } from '../../test-support/context.ts'

const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let pair: TwoInstances
  let ctx: TestContext
  let second: TwoInstances['second']

  beforeAll(async () => {
    pair = await createTwoInstances('sqlite', redisUrl!, {
      rateLimit: { signIn: 4, booking: 4, windowMs: 60_000 },
    })
    ;({ ctx, second } = pair)
  })
  afterAll(() => pair.close())

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
    expect((await redis.keys(`${pair.prefix}rl:*`)).length).toBeGreaterThan(0)
    redis.disconnect()
  })
})
