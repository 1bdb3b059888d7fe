/**
 * Push through Firebase Cloud Messaging's HTTP v1 API, to the registration tokens the agency's apps (and
 * Firebase web clients) store with `POST /profile/contributor/fcm-token`. Written against Google's documents:
 *
 * - an OAuth 2.0 access token from the service account: a JWT (RS256, signed with its private key; `iss` its
 *   e-mail, `scope` `https://www.googleapis.com/auth/firebase.messaging`, `aud` its `token_uri`, an hour) sent
 *   to `token_uri` with the `urn:ietf:params:oauth:grant-type:jwt-bearer` grant; kept until a minute before it
 *   lapses;
 * - `POST {FCM_API_BASE}/v1/projects/{project}/messages:send` with `{ message: { token, notification, data,
 *   android, apns } }`; `data` values are strings (the spec's title, request_id, session_id);
 * - a token FCM calls `UNREGISTERED` (404) is to be deleted; other refusals are logged; a 401 renews the
 *   access token once.
 */
import { importPKCS8, SignJWT } from 'jose'
import type { FirebaseConfig } from '../../config.ts'
import { accessTokenCache, type IssuedToken } from '../access-token-cache.ts'
import type { PushMessage } from './message.ts'

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

/** What sending to one token came to. */
export type FcmOutcome = 'sent' | 'unregistered' | 'failed'

/** Sends FCM messages. */
export interface FcmSender {
  send(token: string, message: PushMessage): Promise<FcmOutcome>
}

type Fetch = typeof globalThis.fetch

/** An FCM sender for a service account. */
export function createFcmSender(
  config: FirebaseConfig,
  options: { fetch?: Fetch; now?: () => number; timeoutMs?: number } = {},
): FcmSender {
  const fetchImpl: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 10_000
  async function fetchAccessToken(): Promise<IssuedToken> {
    const key = await importPKCS8(config.privateKey, 'RS256')
    const iat = Math.floor(now() / 1000)
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(config.clientEmail)
      .setAudience(config.tokenUri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key)
    const response = await fetchImpl(config.tokenUri, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = (await response.json().catch(() => null)) as {
      access_token?: string
      expires_in?: number
    } | null
    if (!response.ok || !body?.access_token)
      throw new Error(`the service account's token was refused (${response.status})`)
    return { access_token: body.access_token, ...(body.expires_in ? { expires_in: body.expires_in } : {}) }
  }
  /** The access token: the cached one, or a new one, one request at a time. */
  const accessToken = accessTokenCache(fetchAccessToken, now)

  return {
    async send(token, message) {
      const body = JSON.stringify({
        message: {
          token,
          notification: { title: message.title, body: message.body },
          data: {
            title: message.title,
            request_id: message.request_id == null ? '' : String(message.request_id),
            session_id: message.session_id == null ? '' : String(message.session_id),
            ...(message.chat_with != null ? { chat_with: String(message.chat_with) } : {}),
          },
          android: { priority: 'HIGH' },
          apns: { headers: { 'apns-priority': '10' } },
        },
      })
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await fetchImpl(
          `${config.fcmApiBase}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${await accessToken(attempt > 0)}`,
              'Content-Type': 'application/json',
            },
            body,
            signal: AbortSignal.timeout(timeoutMs),
          },
        )
        if (response.ok) {
          await response.body?.cancel()
          return 'sent'
        }
        if (response.status === 401 && attempt === 0) continue
        const error = (await response.json().catch(() => null)) as {
          error?: { status?: string; details?: { errorCode?: string }[] }
        } | null
        const codes = (error?.error?.details ?? []).map((d) => d.errorCode)
        // Only a token FCM no longer knows is forgotten: INVALID_ARGUMENT may be about the message too.
        if (response.status === 404 || codes.includes('UNREGISTERED')) return 'unregistered'
        return 'failed'
      }
      return 'failed'
    },
  }
}
