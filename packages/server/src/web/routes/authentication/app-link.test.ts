import { beforeAll, expect, it } from 'vitest'
import { issueApiToken } from '../../../adapters/auth/tokens.ts'
import { signInAtProvider } from '../../../adapters/oidc/test-support.ts'
import { DEV_APP_API_KEY } from '../../../config.ts'
import { eachDatabase, jsonOf, usePeople, useTestContext } from '../../../test-support/context.ts'

/** A partner portal's key: a site key like the agency's, never the app's. */
const PARTNER_KEY = 'partner-portal-key-0001'

eachDatabase("the mobile app's link (POST /authentication/app-link…)", (dialect) => {
  const ctx = useTestContext(dialect, { apiKeys: { [PARTNER_KEY]: ['https://partner.example'] } })
  const { person, other } = usePeople(ctx, {
    person: { name: 'صاحبة المنشأة', contributor: { kind: 'consultant' } },
    other: { name: 'مرشد آخر', contributor: { kind: 'advisor' } },
  })
  let site: string
  /** `person` signed in through the app's key, as the mobile app is. */
  let app: { token: string; sessionId: string }
  beforeAll(async () => {
    site = new URL(ctx.config.publicUrl).origin
    app = await issueApiToken(ctx.store, ctx.config, person.personId, DEV_APP_API_KEY)
  })

  /** What the app does: asks for a link with its own key and token. */
  async function link(
    body: unknown = { to: '/sessions' },
    token: string | null = app.token,
    apiKey: string = DEV_APP_API_KEY,
  ) {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/authentication/app-link',
      token,
      apiKey,
      payload: body as object,
    })
    return { res, handle: res.statusCode === 200 ? (res.json().data.url as string).split('/').pop() : null }
  }

  /** What the site's `/redirection/{handle}` page does, with the browser's token when it has one. */
  function redeem(
    handle: string,
    options: { origin?: string | null; lang?: 'ar' | 'en'; token?: string | null; confirm?: boolean } = {},
  ) {
    const { origin = site, lang = 'ar', token = null, confirm } = options
    return ctx.call({
      method: 'POST',
      url: '/api/authentication/app-link/redeem',
      payload: confirm === undefined ? { handle } : { handle, confirm },
      lang,
      token,
      headers: origin ? { origin } : {},
    })
  }

  it('needs a signed-in caller, before anything about the body', async () => {
    const { res } = await link({ to: 42 }, null)
    expect(res.statusCode).toBe(401)
  })

  it("refuses anyone but the app's own sessions with the app's key: a site or partner token, or the key alone", async () => {
    const partner = await issueApiToken(ctx.store, ctx.config, other.personId, PARTNER_KEY)
    const refusals: [string, string | null, string][] = [
      // A token the site signed in (the person's own, made through the site's key), with either key.
      ['site token, site key', person.token, ctx.config.devApiKey as string],
      ['site token, app key', person.token, DEV_APP_API_KEY],
      // A partner portal's token.
      ['partner token, partner key', partner.token, PARTNER_KEY],
      ['partner token, app key', partner.token, DEV_APP_API_KEY],
      // The app's token, but a call that does not carry the app's key.
      ['app token, site key', app.token, ctx.config.devApiKey as string],
    ]
    for (const [label, token, apiKey] of refusals) {
      for (const lang of ['ar', 'en'] as const) {
        const res = await ctx.call({
          method: 'POST',
          url: '/api/authentication/app-link',
          token,
          apiKey,
          lang,
          payload: { to: '/sessions' },
        })
        expect(res.statusCode, label).toBe(403)
        expect(res.json().error.code, label).toBe('app_link_app_only')
        expect(res.json().error.message).toMatch(lang === 'ar' ? /تطبيق الجوال/ : /Only the mobile app/)
      }
    }
    expect(await ctx.store.db.selectFrom('app_links').select('id').execute()).toEqual([])
  })

  it('makes a link for a token the app signed in through its key, at the sign-in provider and the login call', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const signIn = await signInAtProvider(base, ctx.config, 'dev-sme')
    const login = await fetch(`${base}/api/authentication/auth/login`, {
      method: 'POST',
      // The app's calls: its key, and no Origin (no browser).
      headers: { 'x-api-key': DEV_APP_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        code: signIn.code,
        code_verifier: signIn.verifier,
        redirect_uri: signIn.redirectUri,
      }),
    })
    expect(login.status).toBe(200)
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token
    const made = await link({ to: '/sessions' }, token)
    expect(made.res.statusCode, made.res.body).toBe(200)
    const opened = await jsonOf(redeem(made.handle as string))
    expect(opened.data.result.user.full_name).toBe('نورة بنت سعد القحطاني')
  })

  it("answers a one-minute address on the site's /redirection/, holding no token", async () => {
    const { res } = await link()
    expect(res.statusCode).toBe(200)
    const { url, expires_in } = res.json().data
    expect(url).toMatch(new RegExp(`^${site}/redirection/[A-Za-z0-9_-]{43}$`))
    expect(url).not.toContain(app.token)
    expect(expires_in).toBe(60)
  })

  it('keeps only a hash of the handle and a sealed link, in a table of its own', async () => {
    const { handle } = await link({ to: '/sessions/upcoming' })
    const rows = await ctx.store.db.selectFrom('app_links').selectAll().execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain(handle as string)
    expect(JSON.stringify(rows)).not.toContain('/sessions/upcoming')
    // The widgets' sign-in hand-offs are another protocol: an app link is never one of them.
    expect(await ctx.store.db.selectFrom('sign_in_handoffs').select('id').execute()).toEqual([])
    expect((await redeem(handle as string)).statusCode).toBe(200)
  })

  it("redeems once, from the site's origin, into a session of its own for the same person", async () => {
    const { handle } = await link()
    const first = await redeem(handle as string)
    expect(first.statusCode).toBe(200)
    const { result, to } = first.json().data
    expect(to).toBe('/sessions')
    expect(result.roles).toEqual(['sme', 'contributor'])
    expect(result.contributor_id).toBe(person.contributorId)
    expect(result.user.full_name).toBe('صاحبة المنشأة')
    expect(result.access_token).not.toBe(app.token)
    const companies = await ctx.call({ url: '/api/profile/sme/companies', token: result.access_token })
    expect(companies.statusCode).toBe(200)
    // The web view's session is the site's, not the app's: it makes no link itself.
    expect((await link({}, result.access_token)).res.statusCode).toBe(403)

    for (const lang of ['ar', 'en'] as const) {
      const again = await redeem(handle as string, { lang })
      expect(again.statusCode).toBe(404)
      expect(again.json().error.code).toBe('app_link_unknown')
      expect(again.json().error.message).toMatch(
        lang === 'ar' ? /[\u0600-\u06ff]/ : /expired or was already used/,
      )
    }

    // Logging out in the web view leaves the app signed in.
    const out = await ctx.call({
      method: 'POST',
      url: '/api/authentication/logout',
      token: result.access_token,
    })
    expect(out.statusCode).toBe(200)
    expect(
      (await ctx.call({ url: '/api/profile/sme/companies', token: result.access_token })).statusCode,
    ).toBe(401)
    expect((await ctx.call({ url: '/api/profile/sme/companies', token: app.token })).statusCode).toBe(200)
  })

  it('asks a browser signed in as another person first, burning nothing, and switches only when confirmed', async () => {
    const { handle } = await link({ to: '/sessions' })
    for (const lang of ['ar', 'en'] as const) {
      const asked = await redeem(handle as string, { token: other.token, lang })
      expect(asked.statusCode).toBe(409)
      expect(asked.json().error).toEqual({
        code: 'app_link_other_person',
        message:
          lang === 'ar'
            ? 'أنت مسجّل الدخول باسم مرشد آخر. هذا الرابط من التطبيق سيسجّل دخولك باسم صاحبة المنشأة.'
            : 'You are signed in as مرشد آخر. This link from the app would sign you in as صاحبة المنشأة.',
        signed_in_as: 'مرشد آخر',
        link_for: 'صاحبة المنشأة',
      })
    }
    // `confirm: false` is no answer either.
    expect((await redeem(handle as string, { token: other.token, confirm: false })).statusCode).toBe(409)
    // The other person's session is untouched.
    expect((await ctx.call({ url: '/api/profile/sme/companies', token: other.token })).statusCode).toBe(200)

    const switched = await redeem(handle as string, { token: other.token, confirm: true })
    expect(switched.statusCode).toBe(200)
    expect(switched.json().data.result.user.full_name).toBe('صاحبة المنشأة')
    expect(switched.json().data.result.contributor_id).toBe(person.contributorId)
    expect((await redeem(handle as string, { token: other.token, confirm: true })).statusCode).toBe(404)
  })

  it('goes straight on for a browser signed out or signed in as the same person', async () => {
    const same = await link({ to: '/sessions' })
    const opened = await redeem(same.handle as string, { token: person.token })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().data.result.user.full_name).toBe('صاحبة المنشأة')
    const signedOut = await link({ to: '/sessions' })
    expect((await redeem(signedOut.handle as string)).statusCode).toBe(200)
    // A link unknown to a signed-in browser is unknown, not a question.
    const unknown = await redeem(signedOut.handle as string, { token: other.token })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('app_link_unknown')
  })

  it('goes home when the app names no page', async () => {
    const { handle } = await link({})
    expect((await redeem(handle as string)).json().data.to).toBe('/')
    const bodiless = await ctx.call({
      method: 'POST',
      url: '/api/authentication/app-link',
      token: app.token,
      apiKey: DEV_APP_API_KEY,
    })
    expect(bodiless.statusCode).toBe(200)
  })

  it('refuses a page elsewhere, or no browser at all, and that burns nothing', async () => {
    const { handle } = await link()
    for (const origin of ['https://elsewhere.example', null]) {
      const res = await redeem(handle as string, { origin })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe('origin_not_allowed')
    }
    expect((await redeem(handle as string)).statusCode).toBe(200)
  })

  it('is gone after its minute, and swept when the next link is made', async () => {
    const { handle } = await link()
    await ctx.store.db
      .updateTable('app_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect((await redeem(handle as string)).statusCode).toBe(404)
    expect((await redeem(handle as string, { token: other.token })).statusCode).toBe(404)
    const next = await link()
    const rows = await ctx.store.db.selectFrom('app_links').select('expires_at').execute()
    expect(rows).toHaveLength(1)
    expect((await redeem(next.handle as string)).statusCode).toBe(200)
  })

  it('dies with the app session that made it', async () => {
    const ended = await issueApiToken(ctx.store, ctx.config, person.personId, DEV_APP_API_KEY)
    const { handle } = await link({}, ended.token)
    const out = await ctx.call({
      method: 'POST',
      url: '/api/authentication/logout',
      token: ended.token,
      apiKey: DEV_APP_API_KEY,
    })
    expect(out.statusCode).toBe(200)
    expect((await redeem(handle as string)).statusCode).toBe(404)
  })

  it('only ever goes to a path on the site', async () => {
    // Another person's app: links are rate-limited per person, and this suite made many of `person`'s.
    const { token } = await issueApiToken(ctx.store, ctx.config, other.personId, DEV_APP_API_KEY)
    for (const to of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'sessions', '/a b']) {
      const { res } = await link({ to }, token)
      expect(res.statusCode, to).toBe(400)
      expect(res.json().error.fields).toHaveProperty('to')
    }
    for (const handle of ['short', `${'a'.repeat(42)}!`]) expect((await redeem(handle)).statusCode).toBe(400)
  })
})
