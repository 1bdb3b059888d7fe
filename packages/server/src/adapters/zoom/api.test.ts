import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeEach, describe, expect, it } from 'vitest'
import { useZoomStandIn } from '../../test-support/suite-fixtures.ts'
import { retryAfterMs, ZOOM_HOST_BUSY_CODE, ZoomApi, ZoomApiError } from './api.ts'

describe('Zoom’s REST API through a Server-to-Server OAuth app', () => {
  const zoom = useZoomStandIn()
  let slept: number[]
  let api: ZoomApi
  let clock: number
  /** The API's settings, pointed at the stand-in, with its own credentials. */
  const standIn = () => ({
    accountId: zoom.accountId,
    clientId: zoom.clientId,
    clientSecret: zoom.clientSecret,
    apiBase: zoom.apiBase,
    oauthUrl: zoom.oauthUrl,
    hostUser: 'me',
  })
  beforeEach(() => {
    zoom.requests.length = 0
    // Each test starts with a host free of meetings (the stand-in runs one at a time per host, as Zoom).
    zoom.meetings.clear()
    slept = []
    clock = Date.now()
    api = new ZoomApi(standIn(), { now: () => clock, sleep: async (ms) => void slept.push(ms) })
  })

  it('gets a token with the account credentials grant, keeps it, and creates a scheduled meeting', async () => {
    const start = new Date('2026-12-03T11:30:00.000Z')
    const meeting = await api.createMeeting({
      topic: 'جلسة مشورة | Mashura session',
      start,
      durationMinutes: 60,
      password: 'Ab3dEf7h',
    })
    expect(meeting.number).toMatch(/^\d{11}$/)
    expect(meeting.password).toBe('Ab3dEf7h')
    expect(zoom.meetings.get(Number(meeting.number))).toMatchObject({
      user: 'me',
      type: 2,
      start_time: '2026-12-03T11:30:00Z',
      duration: 60,
      timezone: 'Asia/Riyadh',
      settings: expect.objectContaining({ join_before_host: false, approval_type: 2 }),
    })
    const [token, create] = zoom.requests
    expect(token).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      query: { grant_type: 'account_credentials', account_id: zoom.accountId },
    })
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${zoom.clientId}:${zoom.clientSecret}`).toString('base64')}`,
    )
    expect(create!.headers.authorization).toMatch(/^Bearer tok-/)
    // A second call reuses the token; an instant meeting has no start time.
    const instant = await api.createMeeting({ topic: 'فورية', durationMinutes: 30, password: 'x1y2z3' })
    expect(zoom.meetings.get(Number(instant.number))).toMatchObject({ type: 1, start_time: null })
    expect(zoom.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1)
  })

  it('renews the token a minute before it lapses, and once when Zoom answers 401', async () => {
    await api.hostZak()
    clock += 3539_000
    await api.hostZak()
    expect(zoom.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(2)
    zoom.revoke()
    expect(await api.hostZak()).toBe(zoom.zak)
    expect(zoom.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(3)
    // A 401 with a fresh token too is Zoom's answer, not a lapse: it is not tried a third time.
    zoom.failNext(/users\/me\/token$/, 401, {}, { code: 124, message: 'Invalid access token.' })
    zoom.failNext(/users\/me\/token$/, 401, {}, { code: 124, message: 'Invalid access token.' })
    await expect(api.hostZak()).rejects.toMatchObject({ status: 401, code: 124 })
  })

  it('makes a meeting for the host asked, and Zoom refuses a host a second meeting at the same time', async () => {
    const start = new Date('2026-12-04T09:00:00.000Z')
    const first = await api.createMeeting({
      topic: 't',
      start,
      durationMinutes: 60,
      password: 'abc',
      host: 'a@x.sa',
    })
    expect(zoom.meetings.get(Number(first.number))?.user).toBe('a@x.sa')
    const clash = {
      topic: 't',
      start: new Date('2026-12-04T09:59:00.000Z'),
      durationMinutes: 30,
      password: 'abc',
    }
    await expect(api.createMeeting({ ...clash, host: 'a@x.sa' })).rejects.toMatchObject({
      status: 400,
      code: ZOOM_HOST_BUSY_CODE,
    })
    // Another host, or the same one once the first meeting is over, is free.
    await api.createMeeting({ ...clash, host: 'b@x.sa' })
    await api.createMeeting({ ...clash, start: new Date('2026-12-04T10:00:00.000Z'), host: 'a@x.sa' })
    expect(await api.hostZak('a@x.sa')).toBe(zoom.zak)
    expect(zoom.requests.at(-1)?.path).toBe('/v2/users/a%40x.sa/token')
  })

  it('waits as Retry-After says on 429, up to three tries', async () => {
    zoom.failNext(/meetings$/, 429, { 'Retry-After': '2' }, { code: 429, message: 'Too many requests.' })
    const meeting = await api.createMeeting({ topic: 't', durationMinutes: 15, password: 'abc' })
    expect(meeting.number).toMatch(/^\d+$/)
    expect(slept).toEqual([2000])
    for (let i = 0; i < 3; i++)
      zoom.failNext(/meetings$/, 429, {}, { code: 429, message: 'Too many requests.' })
    const error = await api
      .createMeeting({ topic: 't', durationMinutes: 15, password: 'abc' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ZoomApiError)
    expect(error).toMatchObject({ status: 429 })
    expect(slept).toEqual([2000, 1000, 2000])
  })

  it('deletes a meeting, a gone one counting as deleted, and reports Zoom’s refusals', async () => {
    const meeting = await api.createMeeting({ topic: 't', durationMinutes: 15, password: 'abc' })
    await api.deleteMeeting(meeting.number)
    expect(zoom.meetings.has(Number(meeting.number))).toBe(false)
    await api.deleteMeeting(meeting.number)
    expect(zoom.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/v2/meetings/${meeting.number}`,
      `/v2/meetings/${meeting.number}`,
    ])
    // A passcode Zoom does not take.
    await expect(
      api.createMeeting({ topic: 't', durationMinutes: 15, password: 'far too long a passcode' }),
    ).rejects.toMatchObject({ status: 400, code: 300 })
    const bad = new ZoomApi({ ...standIn(), clientSecret: 'wrong' })
    await expect(bad.hostZak()).rejects.toThrow(/Invalid client_id or client_secret/)
  })

  it('gives up on a silent Zoom after OUTBOUND_TIMEOUT_MS, token, call or half-sent answer, and says so', {
    timeout: 30_000,
  }, async () => {
    const config = standIn()
    const quick = new ZoomApi(config, { timeoutMs: 400 })
    const timed = async (call: () => Promise<unknown>) => {
      const started = performance.now()
      const error = await call().catch((e: unknown) => e)
      return { error, ms: performance.now() - started }
    }
    // The token request goes unanswered.
    zoom.hangNext(/oauth\/token$/)
    const token = await timed(() => quick.hostZak())
    expect(token.error).toBeInstanceOf(ZoomApiError)
    expect(token.error).toMatchObject({
      status: 504,
      message: expect.stringMatching(/token request within 400 ms/),
    })
    expect(token.ms).toBeGreaterThanOrEqual(350)
    expect(token.ms).toBeLessThan(5000)
    // The meeting call goes unanswered; nothing was made.
    zoom.hangNext(/meetings$/)
    const create = await timed(() =>
      quick.createMeeting({ topic: 't', durationMinutes: 15, password: 'abc' }),
    )
    expect(create.error).toMatchObject({
      status: 504,
      message: expect.stringMatching(/did not answer POST \/users\/me\/meetings within 400 ms/),
    })
    expect(create.ms).toBeLessThan(5000)
    // An answer whose headers come but whose body never ends is given up too.
    const trickle = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.write('{"token":')
    })
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = trickle.address() as AddressInfo
      const half = new ZoomApi({ ...config, apiBase: `http://127.0.0.1:${port}/v2` }, { timeoutMs: 400 })
      const zak = await timed(() => half.hostZak())
      expect(zak.error).toMatchObject({ status: 504, message: expect.stringMatching(/within 400 ms/) })
      expect(zak.ms).toBeLessThan(5000)
    } finally {
      trickle.closeAllConnections()
      await new Promise((resolve) => trickle.close(resolve))
    }
  })

  it('reads Retry-After as seconds or a date, and caps it at 10 s', () => {
    const now = Date.parse('2026-11-26T05:00:00Z')
    expect(retryAfterMs('3', 1, now)).toBe(3000)
    expect(retryAfterMs('120', 1, now)).toBe(10_000)
    expect(retryAfterMs('Thu, 26 Nov 2026 05:00:04 GMT', 1, now)).toBe(4000)
    expect(retryAfterMs(null, 2, now)).toBe(2000)
  })
})
