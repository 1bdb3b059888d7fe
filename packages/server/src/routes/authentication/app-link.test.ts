import { beforeAll, expect, it } from 'vitest'
import { eachDatabase, usePeople, useTestContext } from '../../test-support/context.ts'

eachDatabase("the mobile app's link (POST /authentication/app-link…)", (dialect) => {
  const ctx = useTestContext(dialect)
  const { person } = usePeople(ctx, {
    person: { name: 'صاحبة المنشأة', contributor: { kind: 'consultant' } },
  })
  let site: string
  beforeAll(() => {
    site = new URL(ctx.config.publicUrl).origin
  })

  async function link(body: unknown = { to: '/sessions' }, token: string | null = person.token) {
    const res = await ctx.post('/api/authentication/app-link', token, body as object)
    return { res, handle: res.statusCode === 200 ? (res.json().data.url as string).split('/').pop() : null }
  }

  function redeem(handle: string, origin: string | null = site, lang: 'ar' | 'en' = 'ar') {
    return ctx.call({
      method: 'POST',
      url: '/api/authentication/app-link/redeem',
      payload: { handle },
      lang,
      headers: origin ? { origin } : {},
    })
  }

  it('needs a signed-in caller, before anything about the body', async () => {
    const { res } = await link({ to: 42 }, null)
    expect(res.statusCode).toBe(401)
  })

  it("answers a one-minute address on the site's /redirection/, holding no token", async () => {
    const { res } = await link()
    expect(res.statusCode).toBe(200)
    const { url, expires_in } = res.json().data
    expect(url).toMatch(new RegExp(`^${site}/redirection/[A-Za-z0-9_-]{43}$`))
    expect(url).not.toContain(person.token)
    expect(expires_in).toBe(60)
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
    expect(result.access_token).not.toBe(person.token)
    const companies = await ctx.call({ url: '/api/profile/sme/companies', token: result.access_token })
    expect(companies.statusCode).toBe(200)

    for (const lang of ['ar', 'en'] as const) {
      const again = await redeem(handle as string, site, lang)
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
    expect((await ctx.call({ url: '/api/profile/sme/companies', token: person.token })).statusCode).toBe(200)
  })

  it('goes home when the app names no page', async () => {
    const { handle } = await link({})
    expect((await redeem(handle as string)).json().data.to).toBe('/')
    const bodiless = await ctx.call({
      method: 'POST',
      url: '/api/authentication/app-link',
      token: person.token,
    })
    expect(bodiless.statusCode).toBe(200)
  })

  it('refuses a page elsewhere, or no browser at all, and that burns nothing', async () => {
    const { handle } = await link()
    for (const origin of ['https://elsewhere.example', null]) {
      const res = await redeem(handle as string, origin)
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe('origin_not_allowed')
    }
    expect((await redeem(handle as string)).statusCode).toBe(200)
  })

  it("cannot be redeemed as a widget's sign-in hand-off, nor the other way round", async () => {
    const { handle } = await link()
    const asWidget = await ctx.call({
      method: 'POST',
      url: '/api/authentication/handoff/redeem',
      payload: { handle },
      headers: { origin: site },
    })
    expect(asWidget.json().data).toEqual({ status: 'pending', result: null })
    expect((await redeem(handle as string)).statusCode).toBe(200)
  })

  it('is gone after its minute', async () => {
    const { handle } = await link()
    await ctx.store.db
      .updateTable('sign_in_handoffs')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute()
    expect((await redeem(handle as string)).statusCode).toBe(404)
  })

  it('only ever goes to a path on the site', async () => {
    for (const to of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'sessions', '/a b']) {
      const { res } = await link({ to })
      expect(res.statusCode, to).toBe(400)
      expect(res.json().error.fields).toHaveProperty('to')
    }
    for (const handle of ['short', `${'a'.repeat(42)}!`]) expect((await redeem(handle)).statusCode).toBe(400)
  })
})
