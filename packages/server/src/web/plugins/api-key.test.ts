import { beforeAll, expect, it } from 'vitest'
import { refusedStatus } from '../../adapters/realtime/test-client.ts'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'

const PARTNER = 'https://partner.example.sa'
const PARTNER_KEY = 'partner-key'
/** Names every object literal answers `in` for: none of them is a key (issue 30). */
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']

eachDatabase('API keys (X-API-Key)', (dialect) => {
  // Keys as a test would write them, in an object literal with a prototype: the lookup must not find it.
  const ctx = useTestContext(dialect, { apiKeys: { [PARTNER_KEY]: [PARTNER] } })
  let base: string

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })

  it('refuses a key named like a prototype property with 401, with or without an Origin, never 500', async () => {
    for (const key of PROTOTYPE_NAMES) {
      for (const origin of [undefined, PARTNER, ctx.config.publicUrl]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/api/profile/contributors',
          headers: { 'x-api-key': key, 'accept-language': 'en', ...(origin ? { origin } : {}) },
        })
        expect(res.statusCode, `${key} from ${origin}`).toBe(401)
        expect(res.json().error.code).toBe('invalid_api_key')
        expect(res.body).not.toMatch(/at \w+ \(|stack/)
      }
    }
    // A configured key still works.
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/contributors',
      headers: { 'x-api-key': PARTNER_KEY, origin: PARTNER },
    })
    expect(ok.statusCode).toBe(200)
  })

  it('opens no realtime socket for such a key', async () => {
    const address = `${base.replace(/^http/, 'ws')}/api/realtime`
    for (const key of PROTOTYPE_NAMES) {
      expect(await refusedStatus(`${address}?api_key=${key}`)).toBe(401)
      expect(await refusedStatus(`${address}?api_key=${key}`, { origin: PARTNER })).toBe(401)
    }
  })
})
