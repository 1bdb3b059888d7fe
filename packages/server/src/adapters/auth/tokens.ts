/**
 * API tokens: HS256 JWTs carrying the person (`sub`) and a server-side session id
 * (`sid`). The session row is what makes logout real: a revoked or expired
 * session's token is refused even though its signature is still good.
 */
import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Config } from '../../config.ts'
import type { Store } from '../../db/database.ts'
import { insertAuthSession, revokeAuthSession } from '../../db/queries/auth.ts'
import { requestSession } from '../../db/queries/people.ts'

const AUDIENCE = 'mashura-api'

function key(config: Config): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(config.tokenSecret) as Uint8Array<ArrayBuffer>
}

/**
 * Starts an API session for a person and signs its token. `apiKey` is the key of the site or app that signed
 * the person in, kept with the session: what a token may do can depend on it (only the mobile app's sessions
 * make app links, `web/routes/authentication/app-link.ts`).
 */
export async function issueApiToken(
  store: Store,
  config: Config,
  personId: number,
  apiKey: string | null = null,
) {
  const sessionId = randomUUID()
  const now = new Date()
  const expiresAt = new Date(now.getTime() + config.tokenTtlSeconds * 1000)
  await insertAuthSession(store.db, {
    id: sessionId,
    person_id: personId,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
    revoked_at: null,
    fcm_token: null,
    api_key: apiKey,
  })
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(personId))
    .setIssuer(config.publicUrl)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(config))
  return { token, sessionId, expiresAt }
}

/** What a token's signature vouches for, and when the token expires (seconds since the epoch). */
interface SignedClaims {
  personId: number
  sessionId: string
  exp: number
}

/** How many checked tokens are remembered; the oldest is forgotten first. */
export const CHECKED_TOKENS = 10_000

/** A signed-in request's session as read with its token: the person, the session, and who the person is. */
export type VerifiedSession = { personId: number; sessionId: string } & Omit<
  NonNullable<Awaited<ReturnType<typeof requestSession>>>,
  'person_id' | 'expires_at' | 'revoked_at'
>

/**
 * Checks tokens: signature, issuer, audience, expiry, and that the session is live (one read, which also
 * says who the person is). Null when any fails.
 *
 * A token whose signature, issuer and audience were good is remembered until it expires (the last
 * {@link CHECKED_TOKENS}), so a person's later requests skip the HMAC: through WebCrypto, with the key
 * imported on every call, it was a tenth of the main thread under the working-day mix (issue 37). What makes
 * logout real is the session, and the session is read on every request all the same.
 */
export function apiTokenVerifier(store: Store, config: Config) {
  const checked = new Map<string, SignedClaims>()
  let hmacKey: Promise<CryptoKey> | null = null
  const keyOnce = () => {
    hmacKey ??= crypto.subtle.importKey('raw', key(config), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ])
    return hmacKey
  }

  async function claimsOf(token: string): Promise<SignedClaims | null> {
    const known = checked.get(token)
    if (known) return known
    const { payload } = await jwtVerify(token, await keyOnce(), {
      algorithms: ['HS256'],
      issuer: config.publicUrl,
      audience: AUDIENCE,
    })
    const personId = Number(payload.sub)
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null
    if (!Number.isInteger(personId) || !sessionId || typeof payload.exp !== 'number') return null
    const claims = { personId, sessionId, exp: payload.exp }
    if (checked.size >= CHECKED_TOKENS) checked.delete(checked.keys().next().value!)
    checked.set(token, claims)
    return claims
  }

  return async function verify(token: string): Promise<VerifiedSession | null> {
    try {
      const claims = await claimsOf(token)
      if (!claims) return null
      const nowMs = Date.now()
      if (claims.exp * 1000 <= nowMs) {
        checked.delete(token)
        return null
      }
      const session = await requestSession(store.db, claims.sessionId)
      if (!session || session.revoked_at || session.person_id !== claims.personId) return null
      if (session.expires_at <= new Date(nowMs).toISOString()) return null
      const { person_id: _person, expires_at: _expires, revoked_at: _revoked, ...identity } = session
      return { personId: claims.personId, sessionId: claims.sessionId, ...identity }
    } catch {
      return null
    }
  }
}

/** Revokes an API session: its token is refused from now on. */
export async function revokeApiSession(store: Store, sessionId: string): Promise<void> {
  await revokeAuthSession(store.db, sessionId, new Date().toISOString())
}
