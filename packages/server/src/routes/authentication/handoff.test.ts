import { randomBytes } from 'node:crypto'
import type { LoginResult } from '@mashura/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { depositHandoff, handoffId, redeemHandoff, seal, unseal } from '../../auth/sign-in-handoff.ts'
import { signInAtProvider } from '../../oidc/test-support.ts'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'

const PARTNER = 'http://127.0.0.1:4555'
const PARTNER_KEY = 'partner-handoff-key'
const OTHER = 'https://other.example'
const OTHER_KEY = 'other-handoff-key'

const newHandle = () => randomBytes(32).toString('base64url')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('sealing a hand-off', () => {
  it('opens only with the same handle, and the row id reveals neither handle nor key', () => {
    const handle = newHandle()
    const sealed = seal(handle, { access_token: 'secret-token' })
    expect(sealed).not.toContain('secret-token')
    expect(unseal(handle, sealed)).toEqual({ access_token: 'secret-token' })
    expect(() => unseal(newHandle(), sealed)).toThrow()
    expect(handoffId(handle)).toMatch(/^[0-9a-f]{64}$/)
    expect(handoffId(handle)).not.toContain(handle)
  })
})

eachDatabase('sign-in hand-off (POST /authentication/handoff…)', (dialect) => {
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

  /** Signs in at the dev provider and logs in as the platform's popup does, naming a hand-off. */
  async function popupLogin(handle: string, origin = PARTNER) {
    const signIn = await signInAtProvider(base, ctx.config, 'dev-sme')
    // The popup runs on the platform's own origin, with the partner's key.
    return post(
      'auth/login',
      {
        code: signIn.code,
        code_verifier: signIn.verifier,
        redirect_uri: signIn.redirectUri,
        handoff: { handle, origin },
      },
      ctx.config.publicUrl,
    )
  }

  it('hands the popup’s login result to the partner page once, with the same token', async () => {
    const handle = newHandle()
    const login = await popupLogin(handle)
    expect(login.statusCode, login.body).toBe(200)
    const result = login.json().data as LoginResult

    const redeemed = await post('handoff/redeem', { handle }, PARTNER)
    expect(redeemed.statusCode, redeemed.body).toBe(200)
    expect(redeemed.json().data).toEqual({ status: 'signed_in', result })
    // The token works.
    const me = await ctx.get('/api/schedule/sme/sessions', result.access_token)
    expect(me.statusCode).toBe(200)
    // Single use.
    expect((await post('handoff/redeem', { handle }, PARTNER)).json().data).toEqual({
      status: 'pending',
      result: null,
    })
    // Nothing of the token is kept in clear.
    expect(await ctx.store.db.selectFrom('sign_in_handoffs').selectAll().execute()).toEqual([])
  })

  it('redeems only from the page origin and key it was made for; a wrong try burns nothing', async () => {
    const handle = newHandle()
    expect((await popupLogin(handle)).statusCode).toBe(200)
    const pending = { status: 'pending', result: null }
    // Another origin the other key allows, the partner's origin with another key, no Origin (not a browser).
    expect((await post('handoff/redeem', { handle }, OTHER, OTHER_KEY)).json().data).toEqual(pending)
    expect((await post('handoff/redeem', { handle }, PARTNER, ctx.config.devApiKey!)).json().data).toEqual(
      pending,
    )
    expect((await post('handoff/redeem', { handle }, null)).json().data).toEqual(pending)
    // A guessed handle finds nothing.
    expect((await post('handoff/redeem', { handle: newHandle() }, PARTNER)).json().data).toEqual(pending)
    // The partner page still gets it.
    expect((await post('handoff/redeem', { handle }, PARTNER)).json().data.status).toBe('signed_in')
  })

  it('refuses a hand-off for a page origin the key does not allow, before signing in', async () => {
    const res = await popupLogin(newHandle(), 'https://evil.example')
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('origin_not_allowed')
    const failure = await post(
      'handoff',
      { handle: newHandle(), origin: 'https://evil.example', outcome: 'cancelled' },
      ctx.config.publicUrl,
      PARTNER_KEY,
      'en',
    )
    expect(failure.statusCode).toBe(403)
    expect(failure.json().error.message).toMatch(/not allowed/i)
  })

  it('carries a cancelled sign-in to the widget, and a first outcome is never replaced', async () => {
    const handle = newHandle()
    const cancel = await post(
      'handoff',
      { handle, origin: PARTNER, outcome: 'cancelled' },
      ctx.config.publicUrl,
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    // A later success under the same handle does not overwrite the first outcome.
    expect((await popupLogin(handle)).statusCode).toBe(200)
    expect((await post('handoff/redeem', { handle }, PARTNER)).json().data).toEqual({
      status: 'cancelled',
      result: null,
    })
  })

  it('waits for the popup with `wait` over a real connection, and answers as soon as the result arrives', async () => {
    const handle = newHandle()
    const started = Date.now()
    const waiting = fetch(`${base}/api/authentication/handoff/redeem`, {
      method: 'POST',
      headers: { 'x-api-key': PARTNER_KEY, origin: PARTNER, 'content-type': 'application/json' },
      body: JSON.stringify({ handle, wait: 10 }),
    })
    // Still waiting a second later (not answered `pending` at once).
    const early = await Promise.race([waiting.then(() => 'answered'), sleep(1000).then(() => 'waiting')])
    expect(early).toBe('waiting')
    const login = await popupLogin(handle)
    const redeemed = (await (await waiting).json()) as { data: { status: string; result: LoginResult } }
    expect(redeemed.data.status).toBe('signed_in')
    expect(redeemed.data.result.access_token).toBe(login.json().data.access_token)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('answers `pending` once `wait` is over', async () => {
    const started = Date.now()
    const res = await fetch(`${base}/api/authentication/handoff/redeem`, {
      method: 'POST',
      headers: { 'x-api-key': PARTNER_KEY, origin: PARTNER, 'content-type': 'application/json' },
      body: JSON.stringify({ handle: newHandle(), wait: 1 }),
    })
    expect(((await res.json()) as { data: unknown }).data).toEqual({ status: 'pending', result: null })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
  })

  it('forgets a hand-off after a minute', async () => {
    const handle = newHandle()
    const then = new Date(Date.now() - 61_000)
    await depositHandoff(ctx.store, {
      handle,
      apiKey: PARTNER_KEY,
      origin: PARTNER,
      outcome: 'failed',
      now: then,
    })
    expect(await redeemHandoff(ctx.store, handle, PARTNER_KEY, PARTNER)).toBeNull()
    // The next deposit sweeps it away.
    await depositHandoff(ctx.store, {
      handle: newHandle(),
      apiKey: PARTNER_KEY,
      origin: PARTNER,
      outcome: 'failed',
    })
    const ids = (await ctx.store.db.selectFrom('sign_in_handoffs').select('id').execute()).map((r) => r.id)
    expect(ids).not.toContain(handoffId(handle))
  })

  it('refuses malformed handles and waits with a field error in the request’s language', async () => {
    for (const body of [
      { handle: 'short' },
      { handle: newHandle(), wait: 26 },
      { handle: newHandle(), x: 1 },
    ]) {
      const res = await post('handoff/redeem', body, PARTNER, PARTNER_KEY, 'en')
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.code).toBeTruthy()
    }
  })
})
