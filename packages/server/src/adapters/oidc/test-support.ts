/**
 * Test helpers for sign-in: a tiny browser (fetch with a cookie jar, redirects
 * walked by hand) that signs in at the dev provider over real HTTP, and a fake
 * external OpenID provider answering from memory.
 */
import { randomBytes } from 'node:crypto'
import { createSignInUrl } from '@mashura/core'
import { memoryStorage, readSignInReturn } from '@mashura/core/testing'
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import type { Config } from '../../config.ts'
import type { FetchLike } from '../auth/oidc-client.ts'

/** A browser: one cookie jar, manual redirects. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()

  /** Fetches one URL (no redirect following), sending and storing cookies. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.split('=').map((s) => s.trim())
        return (
          (key.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) ||
          (key.toLowerCase() === 'max-age' && Number(v) <= 0)
        )
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** Follows redirects from `url` until a response is not a redirect or leaves `base`'s origin. */
  async follow(
    url: string,
    base: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; url: string }> {
    let current = url
    let response = await this.fetch(current, init)
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const next = new URL(response.headers.get('location') ?? '', current).toString()
      if (new URL(next).origin !== new URL(base).origin) return { response, url: next }
      current = next
      response = await this.fetch(current)
    }
    return { response, url: current }
  }
}

/** Where a started sign-in stands: the chooser page and what is needed to finish. */
export interface StartedSignIn {
  browser: TestBrowser
  /** The account chooser's address. */
  interactionUrl: string
  /** The chooser's HTML. */
  html: string
  /** Per-tab storage holding state and verifier (as core keeps them). */
  session: ReturnType<typeof memoryStorage>
  redirectUri: string
}

/** A finished sign-in at the provider: the code and verifier to hand to the API. */
export interface ProviderSignIn {
  code: string
  verifier: string
  redirectUri: string
  /** The full return address. */
  returnUrl: string
}

/** The redirect URI test sign-ins use: the host app on a developer's machine. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:5173/redirectauth'

/** Starts a sign-in at the dev provider listening at `base`, up to its account chooser. */
export async function startSignIn(
  base: string,
  config: Config,
  options: { redirectUri?: string; uiLocales?: string; browser?: TestBrowser } = {},
): Promise<StartedSignIn> {
  const browser = options.browser ?? new TestBrowser()
  const session = memoryStorage()
  const redirectUri = options.redirectUri ?? TEST_REDIRECT_URI
  const url = new URL(
    await createSignInUrl(
      { authorizeUrl: `${base}/oidc/auth`, clientId: config.oidc.clientId, redirectUri },
      session,
    ),
  )
  if (options.uiLocales) url.searchParams.set('ui_locales', options.uiLocales)
  const { response, url: interactionUrl } = await browser.follow(url.toString(), base)
  if (response.status !== 200) {
    throw new Error(
      `expected the chooser, got ${response.status} at ${interactionUrl}: ${await response.text()}`,
    )
  }
  return { browser, interactionUrl, html: await response.text(), session, redirectUri }
}

/** Chooses an account on a started sign-in and follows the provider back to the redirect URI. */
export async function chooseAccount(
  started: StartedSignIn,
  subject: string,
  base: string,
): Promise<ProviderSignIn> {
  const { response, url } = await started.browser.follow(started.interactionUrl, base, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ subject, lang: 'ar' }).toString(),
  })
  if (!url.startsWith(started.redirectUri)) {
    throw new Error(`expected the redirect URI, got ${response.status} at ${url}: ${await response.text()}`)
  }
  const { code, verifier } = readSignInReturn(url, started.session)
  return { code, verifier, redirectUri: started.redirectUri, returnUrl: url }
}

/** Signs in at the dev provider as `subject` and returns the code and verifier. */
export async function signInAtProvider(
  base: string,
  config: Config,
  subject: string,
): Promise<ProviderSignIn> {
  return chooseAccount(await startSignIn(base, config), subject, base)
}

/** A fake external OpenID provider: discovery, JWKS, token and userinfo endpoints from memory. */
export interface FakeIssuer {
  issuer: string
  clientId: string
  clientSecret: string
  /** A fetch that answers the provider's endpoints and refuses everything else. */
  fetch: FetchLike
  /** Registers a code: the token endpoint answers it once with an ID token for these claims. */
  code(
    claims: Record<string, unknown>,
    options?: {
      verifier?: string
      redirectUri?: string
      idToken?: (base: SignJWT) => SignJWT
      userinfo?: Record<string, unknown>
    },
  ): Promise<string>
  /** Every request the provider received. */
  requests: Request[]
  /** Whether the provider is reachable (false: every call throws like a network error). */
  up: boolean
}

/** Creates a fake external provider at `issuer`. */
export async function fakeIssuer(issuer = 'https://idp.example.test/realms/agency'): Promise<FakeIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }
  const clientId = 'mashura-api'
  const clientSecret = 'fake secret/with:odd+chars'
  const codes = new Map<
    string,
    { token: string; verifier: string; redirectUri: string; userinfo: Record<string, unknown> | undefined }
  >()
  const accessTokens = new Map<string, Record<string, unknown>>()
  const requests: Request[] = []
  const root = issuer.replace(/\/+$/, '')
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  const fake: FakeIssuer = {
    issuer,
    clientId,
    clientSecret,
    requests,
    up: true,
    async code(claims, options = {}) {
      const code = randomBytes(16).toString('hex')
      const now = Math.floor(Date.now() / 1000)
      let jwt = new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
      if (options.idToken) jwt = options.idToken(jwt)
      codes.set(code, {
        token: await jwt.sign(privateKey),
        verifier: options.verifier ?? 'v'.repeat(43),
        redirectUri: options.redirectUri ?? TEST_REDIRECT_URI,
        userinfo: options.userinfo,
      })
      return code
    },
    async fetch(input, init) {
      const request = new Request(input, init)
      requests.push(request.clone())
      if (!fake.up) throw new TypeError('fetch failed')
      const url = new URL(request.url)
      const base = new URL(root)
      if (url.origin !== base.origin)
        throw new TypeError(`fetch failed: ${url.origin} is not the fake provider`)
      const path = url.pathname.slice(base.pathname.replace(/\/$/, '').length)
      switch (path) {
        case '/.well-known/openid-configuration':
          return json({
            issuer,
            authorization_endpoint: `${root}/protocol/auth`,
            token_endpoint: `${root}/protocol/token`,
            userinfo_endpoint: `${root}/protocol/userinfo`,
            jwks_uri: `${root}/protocol/certs`,
          })
        case '/protocol/certs':
          return json({ keys: [jwk] })
        case '/protocol/token': {
          const expected = `Basic ${Buffer.from(
            `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret).replace(/%20/g, '+')}`,
          ).toString('base64')}`
          if (request.headers.get('authorization') !== expected) return json({ error: 'invalid_client' }, 401)
          const form = new URLSearchParams(await request.text())
          const entry = codes.get(form.get('code') ?? '')
          codes.delete(form.get('code') ?? '')
          if (
            !entry ||
            form.get('grant_type') !== 'authorization_code' ||
            form.get('code_verifier') !== entry.verifier ||
            form.get('redirect_uri') !== entry.redirectUri
          ) {
            return json({ error: 'invalid_grant' }, 400)
          }
          const accessToken = randomBytes(16).toString('hex')
          if (entry.userinfo) accessTokens.set(accessToken, entry.userinfo)
          return json({
            access_token: accessToken,
            token_type: 'Bearer',
            id_token: entry.token,
            expires_in: 300,
          })
        }
        case '/protocol/userinfo': {
          const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
          const claims = accessTokens.get(token)
          return claims ? json(claims) : json({ error: 'invalid_token' }, 401)
        }
        default:
          return json({ error: 'not_found' }, 404)
      }
    },
  }
  return fake
}
