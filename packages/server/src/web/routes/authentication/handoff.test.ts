import { randomBytes } from 'node:crypto'
import type { LoginResult } from '@mashura/core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  challengeOf,
  depositHandoff,
  redeemHandoff,
  seal,
  unseal,
} from '../../../adapters/auth/sign-in-handoff.ts'
import { signInAtProvider } from '../../../adapters/oidc/test-support.ts'
import { eachDatabase, useTestContext } from '../../../test-support/context.ts'

const PARTNER = 'http://127.0.0.1:4555'
const PARTNER_KEY = 'partner-handoff-key'
const OTHER = 'https://other.example'
const OTHER_KEY = 'other-handoff-key'

const newSecret = () => randomBytes(32).toString('base64url')

describe('sealing a hand-off', () => {
  it('opens only with the same code', () => {
    const code = newSecret()
    const sealed = seal(code, { access_token: 'secret-token' })
    expect(sealed).not.toContain('secret-token')
    expect(unseal(code, sealed)).toEqual({ access_token: 'secret-token' })
    expect(() => unseal(newSecret(), sealed)).toThrow()
  })

  it('hashes a verifier as PKCE S256 does (RFC 7636 appendix B)', () => {
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })
})

eachDatabase('sign-in hand-off (POST /authentication/handoff/…)', (dialect) => {
  const ctx = useTestContext(dialect, { apiKeys: { [PARTNER_KEY]: [PARTNER], [OTHER_KEY]: [OTHER] } })
  let base: string

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })

  function post(path: string, body: unknown, origin: string | null, apiKey = PARTNER_KEY, lang = 'ar') {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/authentication/${path}`,
      headers: {
        'x-api-key': apiKey,
        'accept-language': lang,
        ...(origin ? { origin } : {}),
      },
      payload: body as Record<string, unknown>,
    })
  }

  /** Signs in at the dev provider and completes it as the platform's popup does, for a widget's challenge. */
  async function popupLogin(challenge: string, origin = PARTNER, from: string | null = ctx.config.publicUrl) {
    const signIn = await signInAtProvider(base, ctx.config, 'dev-sme')
    // The popup runs on the platform's own origin, with the partner's key.
    return post(
      'handoff/login',
      {
        code: signIn.code,
        code_verifier: signIn.verifier,
        redirect_uri: signIn.redirectUri,
        challenge,
        origin,
      },
      from,
    )
  }

  it('answers the popup a one-time code, never the token, and the page with the verifier redeems it once', async () => {
    const verifier = newSecret()
    const login = await popupLogin(challengeOf(verifier))
    expect(login.statusCode, login.body).toBe(200)
    const { code, expires_in } = login.json().data as { code: string; expires_in: number }
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(expires_in).toBe(60)
    expect(login.body).not.toContain('access_token')

    const redeemed = await post('handoff/redeem', { code, verifier }, PARTNER)
    expect(redeemed.statusCode, redeemed.body).toBe(200)
    const result = redeemed.json().data as LoginResult
    expect(result.roles).toContain('sme')
    // The token works.
    expect((await ctx.get('/api/schedule/sme/sessions', result.access_token)).statusCode).toBe(200)
    // Single use.
    const again = await post('handoff/redeem', { code, verifier }, PARTNER, PARTNER_KEY, 'en')
    expect(again.statusCode).toBe(404)
    expect(again.json().error).toMatchObject({
      code: 'handoff_unknown',
      message: expect.stringMatching(/expired/),
    })
    // Nothing is left of it.
    const kept = ctx.store.db
      .selectFrom('sign_in_handoffs')
      .selectAll()
      .where('challenge', '=', challengeOf(verifier))
    expect(await kept.execute()).toEqual([])
  })

  it('gives the attacker who chose the challenge nothing: the code never reaches them (issue 30)', async () => {
    // The attacker makes the popup address (so knows the verifier) and a victim signs in with it.
    const attackerVerifier = newSecret()
    const victim = await popupLogin(challengeOf(attackerVerifier))
    expect(victim.statusCode).toBe(200)
    // The old protocol's redeem, by the address's handle and long-polled, is no longer a call at all.
    const old = await post('handoff/redeem', { handle: challengeOf(attackerVerifier), wait: 1 }, PARTNER)
    expect(old.statusCode).toBe(400)
    // Guessing codes with the right verifier finds nothing.
    for (let i = 0; i < 5; i++) {
      const guess = await post('handoff/redeem', { code: newSecret(), verifier: attackerVerifier }, PARTNER)
      expect(guess.statusCode).toBe(404)
      expect(guess.body).not.toContain('access_token')
    }
  })

  it('redeems only with the verifier, page origin and key it was made for; a wrong try burns nothing', async () => {
    const verifier = newSecret()
    const { code } = (await popupLogin(challengeOf(verifier))).json().data as { code: string }
    const refused = async (body: unknown, origin: string | null, apiKey = PARTNER_KEY) => {
      const res = await post('handoff/redeem', body, origin, apiKey)
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().error.code).toBe('handoff_unknown')
    }
    // Another verifier (someone who saw the code on the return page's address, say).
    await refused({ code, verifier: newSecret() }, PARTNER)
    // Another origin the other key allows, the partner's origin with another key, no Origin (not a browser).
    await refused({ code, verifier }, OTHER, OTHER_KEY)
    await refused({ code, verifier }, PARTNER, ctx.config.devApiKey!)
    await refused({ code, verifier }, null)
    // The partner page still gets it.
    expect((await post('handoff/redeem', { code, verifier }, PARTNER)).statusCode).toBe(200)
  })

  it('is completed only by the platform’s own popup, for a page origin the key allows', async () => {
    const challenge = challengeOf(newSecret())
    // A partner page (or any page) cannot complete a hand-off itself.
    const fromPartner = await popupLogin(challenge, PARTNER, PARTNER)
    expect(fromPartner.statusCode).toBe(403)
    expect(fromPartner.json().error.code).toBe('origin_not_allowed')
    // An origin the key does not allow is refused before signing in.
    const evil = await popupLogin(challenge, 'https://evil.example')
    expect(evil.statusCode).toBe(403)
    expect(evil.json().error.code).toBe('origin_not_allowed')
    const kept = ctx.store.db.selectFrom('sign_in_handoffs').selectAll().where('challenge', '=', challenge)
    expect(await kept.execute()).toEqual([])
  })

  it('forgets a hand-off after a minute', async () => {
    const verifier = newSecret()
    const code = await depositHandoff(ctx.store, {
      challenge: challengeOf(verifier),
      apiKey: PARTNER_KEY,
      origin: PARTNER,
      result: { access_token: 'old' },
      now: new Date(Date.now() - 61_000),
    })
    expect(
      await redeemHandoff(ctx.store, { code, verifier, apiKey: PARTNER_KEY, origin: PARTNER }),
    ).toBeNull()
    // The next deposit sweeps it away.
    await depositHandoff(ctx.store, {
      challenge: challengeOf(newSecret()),
      apiKey: PARTNER_KEY,
      origin: PARTNER,
      result: null,
    })
    const expired = ctx.store.db
      .selectFrom('sign_in_handoffs')
      .selectAll()
      .where('challenge', '=', challengeOf(verifier))
    expect(await expired.execute()).toEqual([])
  })

  it('refuses malformed codes and verifiers with a field error in the request’s language', async () => {
    for (const body of [
      { code: 'short', verifier: newSecret() },
      { code: newSecret(), verifier: 'short' },
      { code: newSecret(), verifier: newSecret(), x: 1 },
    ]) {
      const res = await post('handoff/redeem', body, PARTNER, PARTNER_KEY, 'en')
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.code).toBeTruthy()
    }
  })
})
