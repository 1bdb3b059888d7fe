/**
 * What holds for every call: bad input gets a clear 4xx in the request's language and
 * changes nothing; script and SQL text is stored and returned as text; rate limits
 * can't be dodged with a spoofed X-Forwarded-For; CORS follows each key's origins;
 * security headers are set; a 5xx never carries internals.
 */
import { describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import {
  createTestContext,
  eachDatabase,
  jsonOf,
  type TestContext,
  testConfig,
  useTestContext,
} from './test-support/context.ts'
import { countRows } from './test-support/fixtures.ts'
import { useBookableSlot } from './test-support/suite-fixtures.ts'

const HOSTILE = `<script>alert('x')</script>'; DROP TABLE people; -- "quoted" \u202Eevil`

eachDatabase('bad input', (dialect) => {
  const ctx = useTestContext(dialect)
  const slot = useBookableSlot(ctx, 48)

  const book = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.call({
      method: 'POST',
      url: `/api/schedule/v3/schedules/${slot.slotId}/sessions/dashboard`,
      token: slot.sme.token,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })

  it('answers malformed JSON with 400 invalid_json in Arabic, or English on request, and books nothing', async () => {
    const before = await countRows(ctx.store.db, 'sessions')
    const res = await book('{"communication_way": 0,')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('invalid_json')
    expect(res.json().error.message).toMatch(/[\u0600-\u06FF]/)
    const en = await book('not json', { 'accept-language': 'en' })
    expect(en.json().error.message).toBe('The data sent could not be read; it must be valid JSON.')
    expect(await countRows(ctx.store.db, 'sessions')).toBe(before)
  })

  it('answers wrong types and unknown fields with 400 and the offending fields', async () => {
    const before = await countRows(ctx.store.db, 'sessions')
    const wrong = await book({ communication_way: 'online', subject_id: 'x' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.code).toBe('validation_failed')
    expect(Object.keys(wrong.json().error.fields)).toEqual(
      expect.arrayContaining(['communication_way', 'subject_id']),
    )
    const unknown = await book({ communication_way: 0, subject_id: slot.subjectId, is_admin: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields).toHaveProperty('is_admin')
    const missing = await book({}, { 'accept-language': 'en' })
    expect(missing.json().error.fields.communication_way).toBe('This field is required.')
    expect(await countRows(ctx.store.db, 'sessions')).toBe(before)
  })

  it('refuses a body over 1 MB with 413', async () => {
    const res = await book({
      communication_way: 0,
      subject_id: slot.subjectId,
      description: 'م'.repeat(700_000),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('payload_too_large')
  })

  it('refuses path ids and paging out of range', async () => {
    expect((await ctx.get('/api/schedule/contributor/0/')).statusCode).toBe(400)
    expect((await ctx.get('/api/schedule/contributor/99999999999/')).statusCode).toBe(400)
    expect((await ctx.get('/api/profile/contributors?q=%20&page=0')).statusCode).toBe(400)
    expect((await ctx.get('/api/profile/contributors?q=%20&per_page=101')).statusCode).toBe(400)
    const far = await ctx.get('/api/profile/contributors?q=%20&page=5000')
    expect(far.statusCode).toBe(200)
    expect(far.json().data).toEqual([])
    expect(far.json().meta.page).toBe(5000)
  })

  it('stores script and SQL text as text and returns it unchanged', async () => {
    const res = await book({ communication_way: 0, subject_id: slot.subjectId, description: HOSTILE })
    expect(res.statusCode).toBe(201)
    const id = res.json().data.session.id
    const details = await ctx.get(`/api/schedule/sessions/${id}/details`, slot.sme.token)
    expect(details.json().data.description).toBe(HOSTILE)
    expect(details.headers['content-type']).toMatch(/^application\/json/)
    // The people table is still there and intact.
    const people = await ctx.store.db.selectFrom('people').select('id').execute()
    expect(people.length).toBeGreaterThanOrEqual(2)
    const search = await ctx.get(
      `/api/profile/contributors?q=${encodeURIComponent("'; DROP TABLE contributors; --")}`,
    )
    expect(search.statusCode).toBe(200)
    expect(search.json().data).toEqual([])
    // Full-text syntax is text too: quotes, operators and stars match literally.
    const fts = await jsonOf(
      ctx.get(`/api/profile/contributors?q=${encodeURIComponent('"تسويق" OR * NEAR(')}`),
    )
    expect(fts.data).toEqual([])
  })
})

describe('rate limits, CORS, headers and 5xx', () => {
  const ctx = useTestContext('sqlite', {
    rateLimit: { signIn: 3, booking: 3, windowMs: 60_000 },
    apiKeys: { 'partner-key': ['https://partner.example'] },
  })
  const slot = useBookableSlot(ctx, 30)

  it('limits booking per person with 429 and Retry-After; a spoofed X-Forwarded-For does not help', async () => {
    const statuses: number[] = []
    let last: Awaited<ReturnType<TestContext['call']>> | undefined
    for (let i = 0; i < 5; i++) {
      last = await ctx.call({
        method: 'POST',
        url: `/api/schedule/v3/schedules/${slot.slotId}/sessions/dashboard`,
        token: slot.sme.token,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { communication_way: 0, subject_id: slot.subjectId },
      })
      statuses.push(last.statusCode)
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true)
    expect(statuses.slice(3)).toEqual([429, 429])
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0)
    expect(last!.json().error.code).toBe('rate_limited')
    expect(last!.json().error.message).toMatch(/[\u0600-\u06FF]/)
  })

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const proxied = await createTestContext('sqlite', {
      trustProxy: ['10.0.0.1'],
      rateLimit: { signIn: 2, booking: 2, windowMs: 60_000 },
    })
    try {
      const attempt = (remoteAddress: string, forwardedFor: string) =>
        proxied.call({
          method: 'POST',
          url: '/api/authentication/auth/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: {
            code: 'bad',
            code_verifier: 'x'.repeat(43),
            redirect_uri: 'http://localhost:8080/redirectauth',
          },
        })
      // Through the proxy: each client its own count.
      const viaProxy = []
      for (let i = 0; i < 4; i++) viaProxy.push((await attempt('10.0.0.1', `203.0.113.${i}`)).statusCode)
      expect(viaProxy.filter((s) => s === 429)).toEqual([])
      // Straight from elsewhere, a made-up X-Forwarded-For is ignored: one address, one count.
      const direct = []
      for (let i = 0; i < 4; i++)
        direct.push((await attempt('198.51.100.7', `203.0.113.${50 + i}`)).statusCode)
      expect(direct.slice(2)).toEqual([429, 429])
    } finally {
      await proxied.close()
    }
  })

  it('limits sign-in attempts the same way', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/authentication/auth/login',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: {
          code: 'bad',
          code_verifier: 'x'.repeat(43),
          redirect_uri: 'http://localhost:8080/redirectauth',
        },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses[3]).toBe(429)
  })

  it("follows each key's origins: 200 for allowed ones, a readable 403 for others", async () => {
    /** Reads the centers from a page at `origin`, with `apiKey` (the development key unless given). */
    const centers = (origin: string, apiKey?: string) =>
      ctx.call({ method: 'GET', url: '/api/center/centers', apiKey, headers: { origin } })
    const ok = await centers('https://partner.example', 'partner-key')
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example')
    const other = await centers('https://evil.example', 'partner-key')
    expect(other.statusCode).toBe(403)
    expect(other.json().error.code).toBe('origin_not_allowed')
    // The refused page may read why (a widget shows it), and nothing else.
    expect(other.headers['access-control-allow-origin']).toBe('https://evil.example')
    // The development key works from localhost only.
    const dev = await centers('https://partner.example')
    expect(dev.statusCode).toBe(403)
    const local = await centers('http://localhost:5173')
    expect(local.statusCode).toBe(200)
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/center/centers',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key,authorization',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key')
  })

  it('sets security headers: the site’s policy on pages, a policy that loads nothing on API answers', async () => {
    const res = await ctx.get('/api/center/centers')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'")
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined()
    const page = await ctx.app.inject({ method: 'GET', url: '/no-such-page' })
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.headers['content-security-policy']).toContain('frame-src')
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
  })
})

describe('5xx answers', () => {
  it('never carry internals, in either language', async () => {
    const config = testConfig()
    const ctx = await createTestContext('sqlite')
    const app = await buildApp({ config, store: ctx.store })
    app.get('/api/boom', async () => {
      throw new Error('db password is hunter2 at /srv/secret.ts:42')
    })
    await app.ready()
    for (const lang of ['ar', 'en']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/boom',
        headers: { 'x-api-key': 'mashura-dev-key', 'accept-language': lang },
      })
      expect(res.statusCode).toBe(500)
      expect(res.json().error.code).toBe('internal')
      expect(res.body).not.toMatch(/hunter2|secret|stack|\.ts/)
    }
    await app.close()
    await ctx.close()
  })
})
