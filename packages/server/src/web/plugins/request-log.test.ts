/**
 * Request ids and access lines (issue 35): the id is taken from X-Request-Id when sound, else made, and sent
 * back; every request has one JSON access line at `info` carrying it; tokens in paths, queries and headers never
 * reach the log. The log is captured from a real app's pino stream.
 */
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { ConfigError, DEV_API_KEY, loadConfig } from '../../config.ts'
import { openStore, type Store } from '../../db/database.ts'
import { testConfig } from '../../test-support/context.ts'
import { developmentStream, loggerOptions, REDACTED, redactUrl } from './request-log.ts'

/** A stream that keeps every log line, parsed. */
function capture() {
  const lines: Record<string, unknown>[] = []
  const raw: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line)
        lines.push(JSON.parse(line) as Record<string, unknown>)
      }
      done()
    },
  })
  return { lines, raw, stream }
}

describe('redactUrl', () => {
  it('replaces the rating token in its path and secret query parameters, and keeps the rest', () => {
    expect(redactUrl('/api/rating/sme/validate-rating/abc.def-123?lang=en')).toBe(
      `/api/rating/sme/validate-rating/${REDACTED}?lang=en`,
    )
    expect(redactUrl('/redirection/TOKEN123')).toBe(`/redirection/${REDACTED}`)
    expect(redactUrl('/sign-in/popup?origin=https%3A%2F%2Fa.sa&api_key=k1&challenge=c2&lang=ar')).toBe(
      `/sign-in/popup?origin=https%3A%2F%2Fa.sa&api_key=${REDACTED}&challenge=${REDACTED}&lang=ar`,
    )
    expect(redactUrl('/sign-in/popup?state=s&code=c&iss=https%3A%2F%2Fsso')).toBe(
      `/sign-in/popup?state=${REDACTED}&code=${REDACTED}&iss=https%3A%2F%2Fsso`,
    )
    expect(redactUrl('/smeRate?token=t&x')).toBe(`/smeRate?token=${REDACTED}&x`)
    expect(redactUrl('/api/realtime?api_key=mashura-dev-key')).toBe(`/api/realtime?api_key=${REDACTED}`)
    expect(redactUrl('/x?%74oken=t')).toBe(`/x?%74oken=${REDACTED}`)
    expect(redactUrl('/api/profile/contributors?q=abc&page=2')).toBe('/api/profile/contributors?q=abc&page=2')
  })
})

describe('the access log', () => {
  const log = capture()
  let store: Store
  let app: FastifyInstance

  beforeAll(async () => {
    const config = testConfig()
    store = await openStore({ databaseUrl: null, dataDir: config.dataDir, sqliteFile: ':memory:' })
    app = await buildApp({
      config,
      store,
      logger: loggerOptions({ level: 'info', development: false, stream: log.stream }),
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await store?.destroy()
  })

  /** The access lines written for a request id. */
  const accessLines = (id: string) => log.lines.filter((l) => l.reqId === id && l.msg === 'request')

  it('writes one line per request with the caller’s request id, echoed back, and no token', async () => {
    const secret = 'rating-token-secret-value'
    const bearer = 'bearer-secret-value'
    const response = await app.inject({
      url: `/api/rating/sme/validate-rating/${secret}?code=code-secret-value`,
      headers: {
        'x-request-id': 'req-abc-123',
        'x-api-key': DEV_API_KEY,
        authorization: `Bearer ${bearer}`,
        cookie: 'session=cookie-secret-value',
      },
    })
    expect(response.headers['x-request-id']).toBe('req-abc-123')
    const lines = accessLines('req-abc-123')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/rating/sme/validate-rating/:token',
      url: `/api/rating/sme/validate-rating/${REDACTED}?code=${REDACTED}`,
      status: response.statusCode,
      ms: expect.any(Number),
    })
    const everything = log.raw.join('\n')
    for (const leaked of [secret, bearer, 'code-secret-value', 'cookie-secret-value', DEV_API_KEY])
      expect(everything).not.toContain(leaked)
  })

  it('makes an id when none is sent or the one sent is not sound, and sends it back', async () => {
    for (const sent of [undefined, 'has space', 'x'.repeat(129), 'tab\tinside']) {
      const response = await app.inject({
        url: '/health/live',
        headers: sent ? { 'x-request-id': sent } : {},
      })
      const id = response.headers['x-request-id'] as string
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(accessLines(id)).toHaveLength(1)
    }
    // 128 printable characters are kept as sent.
    const long = 'a'.repeat(128)
    expect(
      (await app.inject({ url: '/health/live', headers: { 'x-request-id': long } })).headers['x-request-id'],
    ).toBe(long)
  })

  it('redacts credential headers on the lines that log a request', () => {
    app.log.info(
      { req: { method: 'GET', url: '/redirection/handoff-secret', headers: { authorization: 'Bearer z' } } },
      'probe',
    )
    const line = log.raw.find((l) => l.includes('"probe"'))!
    expect(line).not.toContain('handoff-secret')
    expect(line).not.toContain('Bearer z')
  })

  it('writes only JSON lines on its stream (nothing plain in production)', () => {
    expect(log.raw.length).toBeGreaterThan(0)
    for (const line of log.raw) expect(() => JSON.parse(line)).not.toThrow()
  })
})

describe('the development log', () => {
  it('is one readable line per entry', () => {
    const out: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk.toString('utf8'))
        done()
      },
    })
    const stream = developmentStream(sink)
    stream.write(
      `${JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 3, 4), pid: 1, hostname: 'h', reqId: 'r1', msg: 'request', status: 200 })}\n`,
    )
    expect(out.join('')).toBe('12:03:04 INFO request reqId=r1 status=200\n')
  })
})

describe('LOG_LEVEL', () => {
  const base = {
    NODE_ENV: 'production',
    DATA_DIR: testConfig().dataDir,
    TOKEN_SECRET: 'test-secret-of-enough-length',
  }
  const production = {
    ...base,
    API_KEYS: JSON.stringify({ 'partner-key': ['https://partner.example.sa'] }),
    OIDC_ISSUER: 'https://sso.example.sa',
    OIDC_CLIENT_ID: 'mashura',
    OIDC_CLIENT_SECRET: 'secret',
    SMTP_URL: 'smtp://relay.example.sa:587',
    RATING_PASSPHRASE: 'a-passphrase-of-our-own',
  }

  it('is info by default in production and warn in development, and an unknown level is refused', () => {
    expect(loadConfig(production).logLevel).toBe('info')
    expect(loadConfig({ ...production, LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug')
    expect(testConfig().logLevel).toBe('warn')
    expect(() => loadConfig({ ...production, LOG_LEVEL: 'verbose' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...production, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/)
  })
})
