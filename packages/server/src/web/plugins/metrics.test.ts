/**
 * `GET /metrics` (issue 35): refused without its token (or, with none configured, from another machine), and
 * with it a Prometheus scrape holding the request counts by route pattern, event-loop delay, the database's
 * pool or reader threads, the outbox, bookings, realtime sockets and the catalogue cache.
 */
import { describe, expect, it } from 'vitest'
import { eachDatabase, jsonOf, useTestContext } from '../../test-support/context.ts'
import { useBookableSlot } from '../../test-support/suite-fixtures.ts'
import { isLoopback, METRICS_PATH } from './metrics.ts'

const TOKEN = 'scrape-token-of-enough-length'

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has none. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

describe('isLoopback', () => {
  it('knows the machine’s own addresses, IPv4, IPv6 and mapped', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true)
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '::2', '', undefined])
      expect(isLoopback(a)).toBe(false)
  })
})

eachDatabase('metrics with METRICS_TOKEN', (dialect) => {
  const ctx = useTestContext(dialect, { metricsToken: TOKEN })
  const slot = useBookableSlot(ctx, 30)
  const scrape = (authorization?: string, remoteAddress = '203.0.113.9') =>
    ctx.app.inject({
      method: 'GET',
      url: METRICS_PATH,
      remoteAddress,
      headers: authorization ? { authorization } : {},
    })

  it('refuses a scrape without the token, or with another, in the API’s error shape, even from loopback', async () => {
    const none = await scrape(undefined, '127.0.0.1')
    expect(none.statusCode).toBe(401)
    expect(none.json().error).toMatchObject({ code: 'metrics_token_required', message: expect.any(String) })
    const wrong = await ctx.app.inject({
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${TOKEN}x`, 'accept-language': 'en' },
    })
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().error).toEqual({
      code: 'metrics_forbidden',
      message: 'You do not have permission to do this.',
    })
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401)
  })

  it('scrapes with the token, from anywhere: requests by route pattern, bookings, the outbox, the pool', async () => {
    // A booking, and a read of a session that does not exist (its address is not a label, its pattern is).
    const booked = await ctx.post(
      `/api/schedule/v3/schedules/${slot.slotId}/sessions/dashboard`,
      slot.sme.token,
      { communication_way: 0, subject_id: slot.subjectId, description: 'metrics' },
    )
    expect(booked.statusCode).toBe(201)
    await jsonOf(ctx.get('/api/schedule/sessions/987654/details', slot.sme.token), 404)
    // Two reads of the catalogue: the second is answered from the cache.
    await jsonOf(ctx.get('/api/profile/contributors'))
    await jsonOf(ctx.get('/api/profile/contributors'))
    await ctx.store.db
      .insertInto('outbox')
      .values({
        kind: 'test',
        dedupe_key: `metrics:${dialect}`,
        to_address: 'someone@example.sa',
        subject: 'subject',
        body: 'body',
        message_id: `<metrics-${dialect}@example.sa>`,
        next_attempt_at: new Date(Date.now() + 3600_000).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute()

    const response = await scrape(`Bearer ${TOKEN}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = response.body
    expect(
      sample(
        text,
        'mashura_http_requests_total{method="GET",route="/api/schedule/sessions/:id/details",status="404"}',
      ),
    ).toBe(1)
    expect(text).not.toContain('987654')
    expect(text).toMatch(
      /mashura_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/schedule\/v3\/schedules\/:id\/sessions\/dashboard",status="201"\}/,
    )
    expect(sample(text, 'mashura_bookings_total{operation="bookSlot"}')).toBe(1)
    expect(sample(text, 'mashura_mail_outbox{state="queued"}')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'mashura_mail_failures_total{kind="permanent"}')).toBe(0)
    expect(sample(text, 'mashura_catalogue_cache_hits_total')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'mashura_catalogue_cache_misses_total')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'mashura_catalogue_cache_shared_total')).toBeGreaterThanOrEqual(0)
    expect(
      sample(text, 'mashura_sessions{state="pending"}') ?? sample(text, 'mashura_sessions{state="booked"}'),
    ).toBe(1)
    expect(sample(text, 'mashura_realtime_sockets{state="open"}')).toBe(0)
    expect(text).toContain('mashura_nodejs_eventloop_lag_seconds')
    if (dialect === 'postgres') {
      expect(sample(text, 'mashura_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'mashura_db_pool_connections{state="waiting"}')).toBe(0)
    }
    // No person's data: no names, mail addresses or tokens.
    expect(text).not.toContain('@example.sa')
    expect(text).not.toContain(slot.sme.token)
  })
})

describe('metrics without METRICS_TOKEN', () => {
  const ctx = useTestContext('sqlite')

  it('answers the machine itself only, whatever X-Forwarded-For says', async () => {
    const local = await ctx.app.inject({ url: METRICS_PATH, remoteAddress: '127.0.0.1' })
    expect(local.statusCode).toBe(200)
    expect(local.body).toContain('# TYPE mashura_http_requests_total counter')
    const remote = await ctx.app.inject({
      url: METRICS_PATH,
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(remote.statusCode).toBe(403)
    expect(remote.json().error.code).toBe('metrics_forbidden')
  })

  it('counts requests no route matched as one label, not by their address', async () => {
    await ctx.app.inject({ url: '/no/such/page/1' })
    await ctx.app.inject({ url: '/no/such/page/2' })
    const text = (await ctx.app.inject({ url: METRICS_PATH })).body
    expect(text).not.toContain('/no/such/page')
    expect(text).toMatch(/mashura_http_requests_total\{method="GET",route="unmatched",status="404"\} [2-9]/)
  })
})

describe('SQLite reader threads', () => {
  const ctx = useTestContext('sqlite')

  it('are a gauge when the store has a read pool, and absent otherwise', async () => {
    const text = (await ctx.app.inject({ url: METRICS_PATH })).body
    if (ctx.store.sqliteReaders) expect(text).toMatch(/^mashura_sqlite_reader_threads \d+$/m)
    else expect(text).not.toMatch(/^mashura_sqlite_reader_threads \d+$/m)
    expect(text).toContain('# TYPE mashura_sqlite_reader_queued_reads gauge')
  })
})
