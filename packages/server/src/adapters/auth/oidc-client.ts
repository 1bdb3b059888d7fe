/**
 * The server side of sign-in (design section 3): exchanges the browser's
 * authorization code and PKCE verifier at the provider's token endpoint as a
 * confidential client (client_secret_basic), then validates the ID token with
 * `jose` against the provider's published keys. Endpoints come from the issuer's
 * discovery document, cached. Works the same for the built-in dev provider and for
 * any OpenID Connect provider the agency configures.
 */
import { createRemoteJWKSet, customFetch, type JWTPayload, jwtVerify } from 'jose'

/** A `fetch` (the global one by default; tests and the in-process dev provider pass their own). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** What the client needs to know. */
export interface OidcClientOptions {
  /** The issuer, as configured. */
  issuer: string
  /** This server's client id at the provider. */
  clientId: string
  /** This server's client secret at the provider. */
  clientSecret: string
  /** How to reach the provider. */
  fetch?: FetchLike
  /** How long each call to the provider may take, in milliseconds (default 10 s). */
  timeoutMs?: number
  /** How long the discovery document is reused, in milliseconds (default 1 hour). */
  discoveryTtlMs?: number
}

/** The parts of the provider's discovery document the exchange uses. */
export interface ProviderMetadata {
  issuer: string
  token_endpoint: string
  jwks_uri: string
  authorization_endpoint?: string
  userinfo_endpoint?: string
  end_session_endpoint?: string
}

/** The person the provider vouches for. */
export interface OidcIdentity {
  /** The provider's subject: with the issuer, the only thing that identifies the person. */
  subject: string
  /** The display name, when the provider shares one. */
  name: string | null
  /** The e-mail address, when the provider shares one. */
  email: string | null
  /** Whether the provider says it verified that address (`email_verified: true`); an invitation needs it. */
  emailVerified: boolean
  /** The ID token's claims, for a configured claim such as `OIDC_ROLES_CLAIM`. */
  claims: Record<string, unknown>
}

/** What the browser hands over after the provider's redirect. */
export interface CodeExchange {
  code: string
  codeVerifier: string
  redirectUri: string
}

/**
 * A failed sign-in. `rejected`: the provider refused the grant (bad or replayed
 * code, verifier mismatch, wrong redirect URI). `failed`: anything else (provider
 * unreachable or misbehaving, ID token not valid). `detail` is for the log only.
 */
export class OidcLoginError extends Error {
  override readonly name = 'OidcLoginError'
  readonly reason: 'rejected' | 'failed'
  readonly detail: string

  constructor(reason: 'rejected' | 'failed', detail: string, options?: { cause?: unknown }) {
    super(`sign-in ${reason}: ${detail}`, options)
    this.reason = reason
    this.detail = detail
  }
}

/** An OpenID Connect relying party for one issuer. */
export interface OidcClient {
  /** The provider's metadata (cached). */
  discover(): Promise<ProviderMetadata>
  /** Exchanges a code and verifier for the validated identity; throws {@link OidcLoginError}. */
  exchangeCode(input: CodeExchange): Promise<OidcIdentity>
}

/** Signature algorithms an ID token may use: asymmetric only, so only the provider's keys can sign. */
const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]

/** The tolerance for clock differences with the provider, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 15

/** OAuth error codes that mean the grant itself was refused (RFC 6749 section 5.2). */
const GRANT_ERRORS = new Set(['invalid_grant', 'invalid_request', 'unsupported_grant_type'])

/** Issuers compare equal when they differ only by a trailing slash (configuration strips it). */
function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '')
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** Form-encodes a client credential for HTTP Basic (RFC 6749 section 2.3.1). */
function basicCredential(clientId: string, clientSecret: string): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+')
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`
}

/** Creates the relying party for one issuer. */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 10_000
  const discoveryTtlMs = options.discoveryTtlMs ?? 60 * 60 * 1000
  let discovery: { at: number; metadata: Promise<ProviderMetadata> } | null = null
  let keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null

  // The deadline covers the answer's body too: the signal stays with the response that readJson reads.
  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      return await fetchFn(url, { ...init, redirect: 'manual', signal })
    } catch (cause) {
      if (signal.aborted)
        throw new OidcLoginError('failed', `provider did not answer within ${timeoutMs} ms at ${url}`, {
          cause,
        })
      throw new OidcLoginError('failed', `provider unreachable at ${url}`, { cause })
    }
  }

  async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
    try {
      const body: unknown = await response.json()
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>
    } catch {
      // Reported below with the status.
    }
    throw new OidcLoginError('failed', `${what} answered ${response.status} without a JSON object`)
  }

  async function fetchMetadata(): Promise<ProviderMetadata> {
    const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
    const response = await call(url, { headers: { accept: 'application/json' } })
    if (!response.ok) throw new OidcLoginError('failed', `discovery answered ${response.status}`)
    const doc = await readJson(response, 'discovery')
    const issuer = text(doc.issuer)
    const tokenEndpoint = text(doc.token_endpoint)
    const jwksUri = text(doc.jwks_uri)
    if (!issuer || !sameIssuer(issuer, options.issuer)) {
      throw new OidcLoginError(
        'failed',
        `discovery names issuer ${String(doc.issuer)}, not ${options.issuer}`,
      )
    }
    if (!tokenEndpoint || !jwksUri)
      throw new OidcLoginError('failed', 'discovery lacks token_endpoint or jwks_uri')
    const optional = (name: string) => text(doc[name]) ?? undefined
    return {
      issuer,
      token_endpoint: tokenEndpoint,
      jwks_uri: jwksUri,
      authorization_endpoint: optional('authorization_endpoint'),
      userinfo_endpoint: optional('userinfo_endpoint'),
      end_session_endpoint: optional('end_session_endpoint'),
    }
  }

  function discover(): Promise<ProviderMetadata> {
    if (!discovery || Date.now() - discovery.at > discoveryTtlMs) {
      const metadata = fetchMetadata()
      discovery = { at: Date.now(), metadata }
      // A failed discovery is not cached: the next sign-in tries again.
      metadata.catch(() => {
        if (discovery?.metadata === metadata) discovery = null
      })
    }
    return discovery.metadata
  }

  function keySet(uri: string) {
    if (keys?.uri !== uri) {
      keys = {
        uri,
        // jose caches the keys and refetches (with a cooldown) when a token names an unknown key id.
        set: createRemoteJWKSet(new URL(uri), {
          timeoutDuration: timeoutMs,
          [customFetch]: (url, init) => fetchFn(url, init),
        }),
      }
    }
    return keys.set
  }

  async function verifyIdToken(metadata: ProviderMetadata, idToken: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(idToken, keySet(metadata.jwks_uri), {
        issuer: metadata.issuer,
        audience: options.clientId,
        algorithms: ID_TOKEN_ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      })
      // With several audiences the token must name this client as its authorized party (OIDC Core 3.1.3.7).
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== options.clientId) {
        throw new Error('azp does not name this client')
      }
      if (!text(payload.sub)) throw new Error('empty sub')
      return payload
    } catch (cause) {
      if (cause instanceof OidcLoginError) throw cause
      throw new OidcLoginError('failed', `ID token not valid: ${(cause as Error).message}`, { cause })
    }
  }

  /** Reads name and e-mail from the userinfo endpoint; best effort, only for the same subject. */
  async function userinfo(metadata: ProviderMetadata, accessToken: string, subject: string) {
    if (!metadata.userinfo_endpoint) return {}
    try {
      const response = await call(metadata.userinfo_endpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      })
      if (!response.ok) return {}
      const claims = await readJson(response, 'userinfo')
      return claims.sub === subject ? claims : {}
    } catch {
      return {}
    }
  }

  async function exchangeCode(input: CodeExchange): Promise<OidcIdentity> {
    const metadata = await discover()
    const response = await call(metadata.token_endpoint, {
      method: 'POST',
      headers: {
        authorization: basicCredential(options.clientId, options.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      }).toString(),
    })
    const body = await readJson(response, 'token endpoint').catch((error: unknown) => {
      if (response.ok) throw error
      return {} as Record<string, unknown>
    })
    if (!response.ok) {
      const error = text(body.error) ?? 'unknown'
      const reason = response.status === 400 && GRANT_ERRORS.has(error) ? 'rejected' : 'failed'
      throw new OidcLoginError(reason, `token endpoint answered ${response.status} ${error}`)
    }
    const idToken = text(body.id_token)
    if (!idToken) throw new OidcLoginError('failed', 'token response has no id_token')
    const claims = await verifyIdToken(metadata, idToken)
    const subject = claims.sub as string
    let name = text(claims.name)
    let email = text(claims.email)
    let emailVerified = email !== null && claims.email_verified === true
    const accessToken = text(body.access_token)
    if ((!name || !email) && accessToken) {
      const extra = await userinfo(metadata, accessToken, subject)
      name ??= text(extra.name) ?? text([extra.given_name, extra.family_name].filter(text).join(' '))
      if (!email) {
        email = text(extra.email)
        emailVerified = email !== null && extra.email_verified === true
      }
    }
    return { subject, name, email, emailVerified, claims }
  }

  return { discover, exchangeCode }
}
