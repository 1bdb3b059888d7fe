import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateKeyPair, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { fakeIssuer, TEST_REDIRECT_URI } from '../oidc/test-support.ts'
import { createOidcClient, OidcLoginError } from './oidc-client.ts'

const verifier = 'v'.repeat(43)

async function setup(options: { issuer?: string; configuredIssuer?: string } = {}) {
  const idp = await fakeIssuer(options.issuer)
  const client = createOidcClient({
    issuer: options.configuredIssuer ?? idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    fetch: idp.fetch,
  })
  const exchange = (code: string, codeVerifier = verifier) =>
    client.exchangeCode({ code, codeVerifier, redirectUri: TEST_REDIRECT_URI })
  return { idp, client, exchange }
}

async function failure(promise: Promise<unknown>): Promise<OidcLoginError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(OidcLoginError)
  return error as OidcLoginError
}

describe('the OpenID Connect code exchange', () => {
  it('exchanges a code as a confidential client and reads the identity from the ID token', async () => {
    const { idp, exchange } = await setup()
    const code = await idp.code({ sub: 'u-1', name: 'سارة', email: 'sara@example.sa', roles: ['analyst'] })
    const identity = await exchange(code)
    expect(identity).toMatchObject({
      subject: 'u-1',
      name: 'سارة',
      email: 'sara@example.sa',
      emailVerified: false,
    })
    // The ID token's claims come along, for a configured claim such as OIDC_ROLES_CLAIM.
    expect(identity.claims).toMatchObject({ sub: 'u-1', roles: ['analyst'] })
    const token = idp.requests.find((r) => r.url.endsWith('/protocol/token'))!
    expect(token.method).toBe('POST')
    expect(token.headers.get('authorization')).toMatch(/^Basic /)
    const form = new URLSearchParams(await token.text())
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: TEST_REDIRECT_URI,
      code_verifier: verifier,
    })
    expect(form.has('client_secret')).toBe(false)
  })

  it('discovers the endpoints once and reuses them', async () => {
    const { idp, exchange } = await setup()
    await exchange(await idp.code({ sub: 'a' }))
    await exchange(await idp.code({ sub: 'b' }))
    const discoveries = idp.requests.filter((r) => r.url.endsWith('/.well-known/openid-configuration'))
    expect(discoveries).toHaveLength(1)
    expect(idp.requests.filter((r) => r.url.endsWith('/protocol/certs'))).toHaveLength(1)
  })

  it('reads name and e-mail from userinfo when the ID token lacks them, for the same subject only', async () => {
    const { idp, exchange } = await setup()
    const code = await idp.code(
      { sub: 'u-2' },
      { userinfo: { sub: 'u-2', given_name: 'Sara', family_name: 'Ali' } },
    )
    expect(await exchange(code)).toMatchObject({
      subject: 'u-2',
      name: 'Sara Ali',
      email: null,
      emailVerified: false,
    })
    const other = await idp.code({ sub: 'u-3' }, { userinfo: { sub: 'someone-else', name: 'Mallory' } })
    expect(await exchange(other)).toMatchObject({
      subject: 'u-3',
      name: null,
      email: null,
      emailVerified: false,
    })
  })

  it('says the e-mail is verified only when the provider says so of that very address', async () => {
    const { idp, exchange } = await setup()
    const verified = await idp.code({ sub: 'v-1', email: 'a@example.sa', email_verified: true })
    expect(await exchange(verified)).toMatchObject({ email: 'a@example.sa', emailVerified: true })
    // A string "true" is not the boolean the standard asks for.
    const loose = await idp.code({ sub: 'v-2', email: 'b@example.sa', email_verified: 'true' })
    expect(await exchange(loose)).toMatchObject({ emailVerified: false })
    // From userinfo, when the ID token has no address.
    const fromUserinfo = await idp.code(
      { sub: 'v-3' },
      { userinfo: { sub: 'v-3', email: 'c@example.sa', email_verified: true } },
    )
    expect(await exchange(fromUserinfo)).toMatchObject({ email: 'c@example.sa', emailVerified: true })
  })

  it('calls a refused code, verifier or redirect URI "rejected"', async () => {
    const { idp, client, exchange } = await setup()
    const code = await idp.code({ sub: 'u' })
    expect((await failure(exchange(code, 'w'.repeat(43)))).reason).toBe('rejected')
    expect((await failure(exchange(code))).reason).toBe('rejected')
    const another = await idp.code({ sub: 'u' })
    const wrongRedirect = client.exchangeCode({
      code: another,
      codeVerifier: verifier,
      redirectUri: 'http://x/y',
    })
    expect((await failure(wrongRedirect)).reason).toBe('rejected')
  })

  it('refuses ID tokens for another audience, from another issuer, expired, or signed by another key', async () => {
    const { idp, exchange } = await setup()
    const cases: Array<(jwt: SignJWT) => SignJWT> = [
      (jwt) => jwt.setAudience('someone-else'),
      (jwt) => jwt.setAudience([idp.clientId, 'someone-else']),
      (jwt) => jwt.setIssuer('https://evil.example'),
      (jwt) => jwt.setExpirationTime(Math.floor(Date.now() / 1000) - 3600),
    ]
    for (const idToken of cases) {
      const error = await failure(exchange(await idp.code({ sub: 'u' }, { idToken })))
      expect(error.reason).toBe('failed')
      expect(error.detail).toMatch(/ID token not valid/)
    }
    // Several audiences are fine when the authorized party is this client.
    const azp = await idp.code(
      { sub: 'u', azp: idp.clientId },
      { idToken: (jwt) => jwt.setAudience([idp.clientId, 'api']) },
    )
    expect((await exchange(azp)).subject).toBe('u')
  })

  it('refuses an ID token signed with a key the provider does not publish, or not signed at all', async () => {
    const { idp, exchange } = await setup()
    const { privateKey } = await generateKeyPair('ES256')
    const foreign = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(idp.issuer)
      .setAudience(idp.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey)
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: 'u', iss: idp.issuer, aud: idp.clientId, exp: 9e9, iat: 1 }),
    ).toString('base64url')}.`
    for (const token of [foreign, unsigned]) {
      const code = await idp.code({ sub: 'u' })
      // Swap the token the fake provider answers with for the forged one.
      const original = idp.fetch
      const forging: typeof idp.fetch = async (input, init) => {
        const response = await original(input, init)
        if (!new Request(input, init).url.endsWith('/protocol/token') || !response.ok) return response
        const body = (await response.json()) as Record<string, unknown>
        return new Response(JSON.stringify({ ...body, id_token: token }), { status: 200 })
      }
      const client = createOidcClient({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        fetch: forging,
      })
      const error = await failure(
        client.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_REDIRECT_URI }),
      )
      expect(error.reason).toBe('failed')
    }
    // The honest path still works.
    expect((await exchange(await idp.code({ sub: 'u' }))).subject).toBe('u')
  })

  it('fails when the provider is down, and tries discovery again afterwards', async () => {
    const { idp, exchange } = await setup()
    idp.up = false
    const error = await failure(exchange('whatever'))
    expect(error.reason).toBe('failed')
    expect(error.detail).toMatch(/unreachable/)
    idp.up = true
    expect((await exchange(await idp.code({ sub: 'back' }))).subject).toBe('back')
  })

  it('fails when discovery names another issuer, and tolerates only a trailing slash', async () => {
    const { exchange } = await setup({
      issuer: 'https://idp.example.test/a',
      configuredIssuer: 'https://idp.example.test/b',
    })
    expect((await failure(exchange('x'))).detail).toMatch(/discovery names issuer/)

    const slash = await setup({
      issuer: 'https://idp.example.test/',
      configuredIssuer: 'https://idp.example.test',
    })
    expect((await slash.exchange(await slash.idp.code({ sub: 's' }))).subject).toBe('s')
  })

  it('fails when the client credentials are refused (invalid_client)', async () => {
    const idp = await fakeIssuer()
    const client = createOidcClient({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: 'wrong',
      fetch: idp.fetch,
    })
    const code = await idp.code({ sub: 'u' })
    const error = await failure(
      client.exchangeCode({ code, codeVerifier: verifier, redirectUri: TEST_REDIRECT_URI }),
    )
    expect(error.reason).toBe('failed')
    expect(error.detail).toMatch(/401 invalid_client/)
  })
})

describe('a silent provider', () => {
  it('fails the sign-in within timeoutMs (OUTBOUND_TIMEOUT_MS), at discovery or at the token endpoint', {
    timeout: 30_000,
  }, async () => {
    // A provider that answers discovery (or not) and never answers the token request.
    let silentDiscovery = true
    const provider = createServer((req, res) => {
      if (req.url === '/.well-known/openid-configuration' && !silentDiscovery) {
        const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ issuer, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` }))
      }
      // Anything else: no answer, the connection stays open.
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    try {
      const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
      const client = createOidcClient({ issuer, clientId: 'c', clientSecret: 's', timeoutMs: 400 })
      const exchange = async () => {
        const started = performance.now()
        const error = await failure(
          client.exchangeCode({ code: 'x', codeVerifier: verifier, redirectUri: TEST_REDIRECT_URI }),
        )
        return { error, ms: performance.now() - started }
      }
      const discovery = await exchange()
      expect(discovery.error.reason).toBe('failed')
      expect(discovery.error.detail).toMatch(/did not answer within 400 ms at .*openid-configuration/)
      expect(discovery.ms).toBeLessThan(5000)
      silentDiscovery = false
      const token = await exchange()
      expect(token.error.detail).toMatch(/did not answer within 400 ms at .*\/token/)
      expect(token.ms).toBeLessThan(5000)
    } finally {
      provider.closeAllConnections()
      await new Promise((resolve) => provider.close(resolve))
    }
  })
})
