/**
 * Zoom's REST API through a Server-to-Server OAuth app (design section 10, issue 16): the meetings that online
 * sessions are held in are created in the agency's Zoom account, their host gets a ZAK to start them, and a
 * cancelled session's meeting is deleted. Written against Zoom's documented API:
 *
 * - token: `POST {oauthUrl}?grant_type=account_credentials&account_id=<account>` with HTTP Basic
 *   `client_id:client_secret`; the answer's `access_token` is kept until a minute before its `expires_in`;
 * - `POST {apiBase}/users/{host}/meetings` (type 2, scheduled, or 1, instant) → `id`, `password`;
 * - `GET {apiBase}/users/{host}/token?type=zak` → `token`;
 * - `DELETE {apiBase}/meetings/{id}` → 204 (404: it is gone already).
 *
 * A 401 (the token expired or was revoked early) fetches a new token and tries once more; a 429 waits as long
 * as `Retry-After` says (at most 10 s; 1 s then 2 s without one) and tries up to three times. Every other
 * failure is a {@link ZoomApiError} with Zoom's status, code and message. Each request, its answer's body
 * included, must be over within `timeoutMs` (`OUTBOUND_TIMEOUT_MS`): a Zoom that goes silent is a ZoomApiError
 * (status 504), so a booking waiting on its meeting is refused rather than held open. The addresses are
 * configurable (`ZOOM_API_BASE`, `ZOOM_OAUTH_URL`) so that tests run against a local stand-in.
 */

import type { ZoomApiConfig } from '../../config.ts'
import { accessTokenCache, type IssuedToken } from '../access-token-cache.ts'

/** The Server-to-Server OAuth app and where Zoom answers, declared with the rest of the configuration. */
export type { ZoomApiConfig }

/** Zoom refused or failed a call. */
export class ZoomApiError extends Error {
  override readonly name = 'ZoomApiError'
  /** Zoom's HTTP status. */
  readonly status: number
  /** Zoom's own error code (`124` invalid token, `3001` no such meeting…), when it gave one. */
  readonly code: number | null
  constructor(message: string, status: number, code: number | null) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** A meeting Zoom made: its number and passcode, as the Meeting SDK joins it. */
export interface ZoomMeeting {
  number: string
  password: string
}

/** What a new meeting is. */
export interface MeetingRequest {
  topic: string
  /** A scheduled meeting's start; none for an instant one. */
  start?: Date
  durationMinutes: number
  /** The passcode to give it (Zoom's rules: at most 10 characters of letters, digits and @ - _ *). */
  password: string
  /** The Zoom user to make it for (an id or e-mail); none: the configured `hostUser`. */
  host?: string
}

/**
 * Zoom's code for a host who already has a meeting at that time (Zoom lets a host run one meeting at a time):
 * the meeting is made for another host of the pool instead.
 */
export const ZOOM_HOST_BUSY_CODE = 3000

type Fetch = typeof globalThis.fetch

const MAX_TRIES = 3

/** How long one request to Zoom may take without `timeoutMs`. */
const DEFAULT_TIMEOUT_MS = 10_000

/** A Zoom API client with its token cache. */
export class ZoomApi {
  private readonly token: (refresh?: boolean) => Promise<string>
  private readonly config: ZoomApiConfig
  private readonly fetchImpl: Fetch
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>
  private readonly timeoutMs: number

  constructor(
    config: ZoomApiConfig,
    options: {
      fetch?: Fetch
      now?: () => number
      sleep?: (ms: number) => Promise<void>
      /** How long one request (its answer's body included) may take; 10 s without it. */
      timeoutMs?: number
    } = {},
  ) {
    this.config = config
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    this.now = options.now ?? Date.now
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)))
    this.token = accessTokenCache(() => this.fetchToken(), this.now)
  }

  /**
   * One request to Zoom, given up after `timeoutMs`: `read` takes the answer (its body is read under the same
   * deadline). A timeout or a network failure is a ZoomApiError that says so (status 504, or 502).
   */
  private async request<T>(
    what: string,
    url: string | URL,
    init: RequestInit,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const signal = AbortSignal.timeout(this.timeoutMs)
    try {
      return await read(await this.fetchImpl(url, { ...init, signal }))
    } catch (error) {
      if (error instanceof ZoomApiError) throw error
      if (signal.aborted)
        throw new ZoomApiError(`Zoom did not answer ${what} within ${this.timeoutMs} ms`, 504, null)
      throw new ZoomApiError(`Zoom could not be reached for ${what}: ${(error as Error).message}`, 502, null)
    }
  }

  /** A valid access token: the cached one, or a new one (one request at a time). */
  accessToken(refresh = false): Promise<string> {
    return this.token(refresh)
  }

  private async fetchToken(): Promise<IssuedToken> {
    const url = new URL(this.config.oauthUrl)
    url.searchParams.set('grant_type', 'account_credentials')
    url.searchParams.set('account_id', this.config.accountId)
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')
    const { response, body } = await this.request(
      'the token request',
      url,
      {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      },
      async (response) => {
        const text = await response.text()
        let body: { access_token?: string; expires_in?: number; reason?: string; error?: string } | null
        try {
          body = JSON.parse(text)
        } catch {
          body = null
        }
        return { response, body }
      },
    )
    if (!response.ok || !body?.access_token)
      throw new ZoomApiError(
        `Zoom refused the token request: ${body?.reason ?? body?.error ?? response.statusText}`,
        response.status,
        null,
      )
    return { access_token: body.access_token, ...(body.expires_in ? { expires_in: body.expires_in } : {}) }
  }

  /** Calls the API; see the module's comment for the 401 and 429 rules. */
  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: T | null }> {
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken()
      const { response, text } = await this.request(
        `${method} ${path}`,
        `${this.config.apiBase.replace(/\/+$/, '')}${path}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        async (response) => ({ response, text: await response.text() }),
      )
      const data = text ? (JSON.parse(text) as T & { code?: number; message?: string }) : null
      if (response.ok) return { status: response.status, data }
      if (response.status === 401 && !refreshed) {
        refreshed = true
        await this.accessToken(true)
        continue
      }
      if (response.status === 429 && attempt < MAX_TRIES) {
        await this.sleep(retryAfterMs(response.headers.get('retry-after'), attempt, this.now()))
        continue
      }
      const error = data as { code?: number; message?: string } | null
      throw new ZoomApiError(
        `Zoom answered ${response.status} to ${method} ${path}: ${error?.message ?? response.statusText}`,
        response.status,
        error?.code ?? null,
      )
    }
  }

  /** Creates a meeting for `request.host` (the configured host user without one). */
  async createMeeting(request: MeetingRequest): Promise<ZoomMeeting> {
    const { data } = await this.call<{ id: number | string; password?: string }>(
      'POST',
      `/users/${encodeURIComponent(request.host ?? this.config.hostUser)}/meetings`,
      {
        topic: request.topic.slice(0, 200),
        type: request.start ? 2 : 1,
        ...(request.start ? { start_time: request.start.toISOString().replace(/\.\d{3}Z$/, 'Z') } : {}),
        duration: request.durationMinutes,
        timezone: 'Asia/Riyadh',
        password: request.password,
        settings: {
          join_before_host: false,
          waiting_room: false,
          approval_type: 2,
          host_video: true,
          participant_video: true,
          mute_upon_entry: false,
          audio: 'voip',
          auto_recording: 'none',
        },
      },
    )
    if (!data || data.id === undefined) throw new ZoomApiError('Zoom made no meeting', 502, null)
    return { number: String(data.id), password: data.password ?? request.password }
  }

  /** A host's ZAK (the configured host user's without one), with which the Meeting SDK starts a meeting as its host. */
  async hostZak(host?: string): Promise<string> {
    const { data } = await this.call<{ token?: string }>(
      'GET',
      `/users/${encodeURIComponent(host ?? this.config.hostUser)}/token?type=zak`,
    )
    if (!data?.token) throw new ZoomApiError('Zoom gave no ZAK', 502, null)
    return data.token
  }

  /** Deletes a meeting; one that is gone already (404) counts as deleted. */
  async deleteMeeting(number: string): Promise<void> {
    try {
      await this.call('DELETE', `/meetings/${encodeURIComponent(number)}`)
    } catch (error) {
      if (error instanceof ZoomApiError && error.status === 404) return
      throw error
    }
  }
}

/** How long to wait before trying a 429 again: `Retry-After` (seconds or a date), at most 10 s. */
export function retryAfterMs(header: string | null, attempt: number, now: number): number {
  const fallback = 1000 * 2 ** (attempt - 1)
  if (!header) return fallback
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 10_000) : fallback
}
