/**
 * Realtime tokens: what `GET /firebase/auth` hands out as the chat backend's custom
 * token and what the realtime socket accepts. Short-lived (10 minutes) HS256 JWTs
 * with their own audience, so neither an API token nor a realtime token can stand
 * in for the other.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose'
import type { Config } from '../../config.ts'

/** The audience of realtime tokens. */
export const REALTIME_AUDIENCE = 'mashura-realtime'

/** How long a realtime token lives, in seconds. */
export const REALTIME_TOKEN_TTL_SECONDS = 10 * 60

/** Who a realtime token speaks for. */
export interface RealtimeIdentity {
  /** The person's id. */
  personId: number
  /** The person's contributor id, or null when they are not an expert. */
  contributorId: number | null
  /** The API session the token was issued under (its logout ends the session, not the token). */
  sessionId: string | null
}

function key(config: Config): Uint8Array {
  return new TextEncoder().encode(config.tokenSecret)
}

/** Signs a realtime token for a person. */
export async function issueRealtimeToken(
  config: Config,
  identity: RealtimeIdentity,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({
    cid: identity.contributorId,
    ...(identity.sessionId ? { sid: identity.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(identity.personId))
    .setIssuer(config.publicUrl)
    .setAudience(REALTIME_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + REALTIME_TOKEN_TTL_SECONDS)
    .sign(key(config))
}

/** The audience of Firebase custom tokens (Google's documented value). */
export const FIREBASE_CUSTOM_TOKEN_AUDIENCE =
  'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit'

/**
 * Checks a Firebase custom token this server minted (adapters/firebase/admin.ts): RS256 with the service account's
 * key, its e-mail as issuer, Google's audience, not expired; null when any check fails. The realtime socket
 * takes it as it takes its own token, so one token of `GET /firebase/auth` serves Firebase and the socket.
 */
async function verifyFirebaseCustomToken(config: Config, token: string): Promise<RealtimeIdentity | null> {
  if (!config.firebase) return null
  try {
    const key = createPublicKey(createPrivateKey(config.firebase.privateKey))
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['RS256'],
      issuer: config.firebase.clientEmail,
      audience: FIREBASE_CUSTOM_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'uid'],
    })
    const personId = Number(payload.uid)
    const claims = (payload.claims ?? {}) as { contributor_id?: unknown; sid?: unknown }
    const cid = claims.contributor_id ?? null
    if (!Number.isSafeInteger(personId) || personId < 1) return null
    if (cid !== null && !(typeof cid === 'number' && Number.isSafeInteger(cid))) return null
    return {
      personId,
      contributorId: cid as number | null,
      sessionId: typeof claims.sid === 'string' ? claims.sid : null,
    }
  } catch {
    return null
  }
}

/**
 * Checks a realtime token (signature, issuer, audience, expiry), or, with Firebase configured, a Firebase custom
 * token this server minted; null when every check fails.
 */
export async function verifyRealtimeToken(config: Config, token: string): Promise<RealtimeIdentity | null> {
  if (config.firebase && decodeProtectedHeader(token).alg === 'RS256')
    return verifyFirebaseCustomToken(config, token)
  try {
    const { payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      issuer: config.publicUrl,
      audience: REALTIME_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    })
    const personId = Number(payload.sub)
    const cid = payload.cid
    if (!Number.isSafeInteger(personId) || personId < 1) return null
    if (cid !== null && !(typeof cid === 'number' && Number.isSafeInteger(cid))) return null
    return {
      personId,
      contributorId: cid,
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
    }
  } catch {
    return null
  }
}
