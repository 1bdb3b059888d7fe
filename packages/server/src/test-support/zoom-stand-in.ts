/**
 * A local stand-in for the part of Zoom the server calls (adapters/zoom/api.ts), for tests: it checks each request as
 * Zoom documents it and answers as Zoom does, errors included. Never a stand-in for our own server.
 *
 * - `POST /oauth/token?grant_type=account_credentials&account_id=…` with HTTP Basic client credentials →
 *   `{ access_token, token_type: 'bearer', expires_in, scope }`; wrong credentials → 400 `invalid_client`.
 * - Every `/v2` call needs `Authorization: Bearer <a token it issued and has not revoked>`, else 401 code 124.
 * - `POST /v2/users/{user}/meetings` (JSON): `topic` (≤ 200), `type` 1 or 2, `start_time` (`yyyy-MM-ddTHH:mm:ssZ`,
 *   type 2 only), `duration` (> 0), `timezone`, `password` (≤ 10 of letters, digits, `@-_*`), `settings`
 *   (an object) → 201 with `id`, `password`, `join_url`, `start_url`; a body off the documented shape → 400
 *   code 300.
 * - `GET /v2/users/{user}/token?type=zak` → `{ token }`.
 * - `DELETE /v2/meetings/{id}` → 204, or 404 code 3001 for a meeting it does not have.
 * - One meeting at a time per host, as Zoom runs them: a new meeting of a user overlapping one they have (an
 *   instant one runs from now) → 400 code 3000, and nothing is made.
 *
 * `failNext` makes the next call to a path answer a given status (a 429 with `Retry-After`, a 500); `hangNext`
 * leaves the next call to a path unanswered, as a silent Zoom would; `revoke` invalidates the tokens issued so
 * far, as an expiry or a revocation at Zoom would.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the stand-in received. */
export interface SeenRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage['headers']
  body: unknown
}

/** A meeting the stand-in holds. */
export interface StandInMeeting {
  id: number
  user: string
  topic: string
  type: 1 | 2
  start_time: string | null
  duration: number
  timezone: string
  password: string
  settings: Record<string, unknown>
}

/** A running stand-in. */
export interface ZoomStandIn {
  /** For ZOOM_API_BASE. */
  apiBase: string
  /** For ZOOM_OAUTH_URL. */
  oauthUrl: string
  /** The credentials it accepts. */
  accountId: string
  clientId: string
  clientSecret: string
  requests: SeenRequest[]
  meetings: Map<number, StandInMeeting>
  /** The ZAK it hands out. */
  zak: string
  failNext(path: RegExp, status: number, headers?: Record<string, string>, body?: unknown): void
  /** The next call to a path gets no answer at all (until the stand-in closes). */
  hangNext(path: RegExp): void
  revoke(): void
  close(): Promise<void>
}

const START_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
const PASSWORD = /^[A-Za-z0-9@\-_*]{1,10}$/

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

/** Starts a stand-in on a loopback port. */
export async function startZoomStandIn(): Promise<ZoomStandIn> {
  const accountId = 'acct-test'
  const clientId = 'client-test'
  const clientSecret = 'secret-test'
  const zak = `zak-${randomBytes(8).toString('hex')}`
  const tokens = new Set<string>()
  const requests: SeenRequest[] = []
  const meetings = new Map<number, StandInMeeting>()
  const failures: { path: RegExp; status: number; headers: Record<string, string>; body: unknown }[] = []
  /** When each meeting was made: an instant meeting runs from then. */
  const created = new Map<number, number>()
  /** A meeting's time, in ms: from its start (an instant one's making) for its duration. */
  const span = (startTime: string | null, minutes: number, madeAt = Date.now()) => {
    const start = startTime ? Date.parse(startTime) : madeAt
    return [start, start + minutes * 60_000] as const
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    let body: unknown = raw
    if (raw && req.headers['content-type']?.startsWith('application/json')) {
      try {
        body = JSON.parse(raw)
      } catch {
        return send(res, 400, { code: 300, message: 'Invalid request body.' })
      }
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    })
    const failure = failures.findIndex((f) => f.path.test(url.pathname))
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1)
      if (f!.status === 0) return // hangNext: no answer, the connection stays open
      return send(res, f!.status, f!.body, f!.headers)
    }

    if (url.pathname === '/oauth/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (req.method !== 'POST')
        return send(res, 405, { reason: 'Method not allowed', error: 'invalid_request' })
      if (req.headers.authorization !== basic)
        return send(res, 400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' })
      if (url.searchParams.get('grant_type') !== 'account_credentials')
        return send(res, 400, { reason: 'Unsupported grant type', error: 'unsupported_grant_type' })
      if (url.searchParams.get('account_id') !== accountId)
        return send(res, 400, { reason: 'Invalid account_id', error: 'invalid_request' })
      const token = `tok-${randomBytes(12).toString('hex')}`
      tokens.add(token)
      return send(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3599,
        scope: 'meeting:write:meeting:admin meeting:delete:meeting:admin user:read:token:admin',
        api_url: 'https://api.zoom.us',
      })
    }

    if (!url.pathname.startsWith('/v2/')) return send(res, 404, { code: 404, message: 'Not found.' })
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !tokens.has(bearer)) return send(res, 401, { code: 124, message: 'Invalid access token.' })

    const create = /^\/v2\/users\/([^/]+)\/meetings$/.exec(url.pathname)
    if (create && req.method === 'POST') {
      const b = body as Partial<StandInMeeting> | null
      const problems: string[] = []
      if (!req.headers['content-type']?.startsWith('application/json')) problems.push('content-type')
      if (typeof b?.topic !== 'string' || b.topic.length > 200) problems.push('topic')
      if (b?.type !== 1 && b?.type !== 2) problems.push('type')
      if (b?.type === 2 && (typeof b.start_time !== 'string' || !START_TIME.test(b.start_time)))
        problems.push('start_time')
      if (!Number.isInteger(b?.duration) || (b?.duration ?? 0) <= 0) problems.push('duration')
      if (typeof b?.timezone !== 'string') problems.push('timezone')
      if (typeof b?.password !== 'string' || !PASSWORD.test(b.password)) problems.push('password')
      if (typeof b?.settings !== 'object' || b.settings === null) problems.push('settings')
      if (problems.length)
        return send(res, 400, { code: 300, message: `Invalid field: ${problems.join(', ')}` })
      const user = decodeURIComponent(create[1]!)
      const [from, to] = span(b!.type === 2 ? b!.start_time! : null, b!.duration!)
      const clash = [...meetings.values()].find((m) => {
        if (m.user !== user) return false
        const [start, end] = span(m.start_time, m.duration, created.get(m.id))
        return start < to && end > from
      })
      if (clash)
        return send(res, 400, {
          code: 3000,
          message: `The host ${user} has another meeting (${clash.id}) at this time.`,
        })
      const id = randomInt(10_000_000_000, 99_999_999_999)
      created.set(id, Date.now())
      const meeting: StandInMeeting = {
        id,
        user,
        topic: b!.topic!,
        type: b!.type!,
        start_time: b!.type === 2 ? b!.start_time! : null,
        duration: b!.duration!,
        timezone: b!.timezone!,
        password: b!.password!,
        settings: b!.settings as Record<string, unknown>,
      }
      meetings.set(id, meeting)
      return send(res, 201, {
        ...meeting,
        uuid: randomBytes(12).toString('base64'),
        host_id: 'host-test',
        join_url: `https://zoom.us/j/${id}?pwd=x`,
        start_url: `https://zoom.us/s/${id}?zak=x`,
        created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      })
    }
    if (/^\/v2\/users\/[^/]+\/token$/.test(url.pathname) && req.method === 'GET') {
      if (url.searchParams.get('type') !== 'zak')
        return send(res, 400, { code: 300, message: 'Invalid type.' })
      return send(res, 200, { token: zak })
    }
    const remove = /^\/v2\/meetings\/(\d+)$/.exec(url.pathname)
    if (remove && req.method === 'DELETE') {
      const id = Number(remove[1])
      if (!meetings.delete(id))
        return send(res, 404, { code: 3001, message: `Meeting does not exist: ${id}.` })
      return send(res, 204)
    }
    return send(res, 404, { code: 404, message: 'Not found.' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    apiBase: `${origin}/v2`,
    oauthUrl: `${origin}/oauth/token`,
    accountId,
    clientId,
    clientSecret,
    requests,
    meetings,
    zak,
    failNext(path, status, headers = {}, body = { code: status, message: `Stand-in ${status}` }) {
      failures.push({ path, status, headers, body })
    },
    hangNext(path) {
      failures.push({ path, status: 0, headers: {}, body: undefined })
    },
    revoke() {
      tokens.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The configuration that points a test app at a stand-in, with Meeting SDK credentials beside it. Meetings are
 * spread over a pool of three hosts (`me` first), or over `hostPool` when given.
 */
export function zoomTestConfig(
  standIn: ZoomStandIn,
  hostPool: readonly string[] = ['me', 'host-2@mashura.test', 'host-3@mashura.test'],
) {
  return {
    zoom: { sdkKey: 'sdk-key-test', sdkSecret: 'sdk-secret-test-of-enough-length' },
    zoomApi: {
      accountId: standIn.accountId,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      apiBase: standIn.apiBase,
      oauthUrl: standIn.oauthUrl,
      hostUser: 'me',
      hostPool,
    },
  }
}
