/**
 * API tokens: HS256 JWTs carrying the person (`sub`) and a server-side session id
 * (`sid`). The session row is what makes logout real: a revoked or expired
 * session's token is refused even though its signature is still good.
 */
import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Config } from '../../config.ts'
import type { Store } from '../../db/database.ts'
import { authSessionState, insertAuthSession, revokeAuthSession } from '../../db/queries/auth.ts'

const AUDIENCE = 'mashura-api'

function key(config: Config): Uint8Array {
  return new TextEncoder().encode(config.tokenSecret)
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

/** Checks a token: signature, issuer, audience, expiry, and that its session is live. Null when any fails. */
export async function verifyApiToken(
  store: Store,
  config: Config,
  token: string,
): Promise<{ personId: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      issuer: config.publicUrl,
      audience: AUDIENCE,
    })
    const personId = Number(payload.sub)
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null
    if (!Number.isInteger(personId) || !sessionId) return null
    const session = await authSessionState(store.db, sessionId)
    if (!session || session.revoked_at || session.person_id !== personId) return null
    if (session.expires_at <= new Date().toISOString()) return null
    return { personId, sessionId }
  } catch {
    return null
  }
}

/** Revokes an API session: its token is refused from now on. */
export async function revokeApiSession(store: Store, sessionId: string): Promise<void> {
  await revokeAuthSession(store.db, sessionId, new Date().toISOString())
}
