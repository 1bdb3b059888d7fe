import type { LoginResult } from '@mashura/core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { verifyRealtimeToken } from '../../../adapters/auth/realtime-token.ts'
import { revokeApiSession } from '../../../adapters/auth/tokens.ts'
import { DEV_ACCOUNTS, DEV_ISSUER_KEY } from '../../../adapters/oidc/dev-accounts.ts'
import {
  chooseAccount,
  fakeIssuer,
  signInAtProvider,
  startSignIn,
  TEST_REDIRECT_URI,
} from '../../../adapters/oidc/test-support.ts'
import {
  createTestContext,
  eachDatabase,
  jsonOf,
  type TestContext,
  useTestContext,
} from '../../../test-support/context.ts'
import { insertPerson } from '../../../test-support/fixtures.ts'

const CONSULTANT = DEV_ACCOUNTS.find((a) => a.subject === 'dev-consultant')!

/** Inserts the dev consultant as the seed would: person and contributor rows. */
async function seedConsultant(ctx: TestContext, fullName = CONSULTANT.name) {
  const now = new Date().toISOString()
  const { id: personId } = await ctx.store.db
    .insertInto('people')
    .values({
      issuer: DEV_ISSUER_KEY,
      subject: CONSULTANT.subject,
      full_name: fullName,
      email: CONSULTANT.email,
      phone: null,
      photo_path: '/uploads/faisal.png',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { id: contributorId } = await ctx.store.db
    .insertInto('contributors')
    .values({
      person_id: personId,
      kind: 'consultant',
      title_ar: 'مستشار',
      title_en: 'Consultant',
      bio_ar: '',
      bio_en: '',
      search_text: CONSULTANT.name,
      center_id: null,
      can_create_slots: 1,
      can_delete_slots: 0,
      chat_status: 1,
      join_now_enabled: 1,
      available_for_instant: 1,
      photo_path: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { personId, contributorId }
}

eachDatabase('sign-in with the dev provider over HTTP', (dialect) => {
  const ctx = useTestContext(dialect)
  let base: string
  let seeded: { personId: number; contributorId: number }

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    seeded = await seedConsultant(ctx, 'اسم قديم')
  })

  function api(path: string, init: RequestInit & { token?: string } = {}) {
    const { token, ...rest } = init
    const headers = new Headers(rest.headers)
    headers.set('x-api-key', ctx.config.devApiKey!)
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (rest.body) headers.set('content-type', 'application/json')
    return fetch(`${base}/api${path}`, { ...rest, headers })
  }

  function login(body: Record<string, unknown>) {
    return api('/authentication/auth/login', { method: 'POST', body: JSON.stringify(body) })
  }

  /** Logs in with what the provider sent back: its code, the PKCE verifier and the redirect URI it went to. */
  function redeem(signIn: { code: string; verifier: string; redirectUri: string }) {
    return login({ code: signIn.code, code_verifier: signIn.verifier, redirect_uri: signIn.redirectUri })
  }

  it('signs the consultant in end to end: chooser, code, login, realtime token, logout', async () => {
    // The public profile is read (and kept by the catalogue cache) under the stale name.
    const profileName = async () =>
      (
        (await (await api(`/schedule/contributor/${seeded.contributorId}/`)).json()) as {
          data: { contributor: { sso_user: { full_name: string } } }
        }
      ).data.contributor.sso_user.full_name
    expect(await profileName()).toBe('اسم قديم')
    const started = await startSignIn(base, ctx.config)
    expect(started.html).toMatch(/<html lang="ar" dir="rtl">/)
    for (const account of DEV_ACCOUNTS) {
      expect(started.html).toContain(account.name)
      expect(started.html).toContain(account.description.ar)
    }
    expect(started.html).not.toMatch(/<script/i)

    const signIn = await chooseAccount(started, 'dev-consultant', base)
    const back = new URL(signIn.returnUrl)
    expect(`${back.origin}${back.pathname}`).toBe(TEST_REDIRECT_URI)
    expect(back.searchParams.get('state')).toBeTruthy()
    expect(back.searchParams.get('iss')).toBe(ctx.config.oidc.issuer)

    const res = await redeem(signIn)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: LoginResult }
    expect(data.roles).toEqual(['sme', 'contributor'])
    expect(data.contributor_id).toBe(seeded.contributorId)
    expect(data.user).toEqual({
      full_name: CONSULTANT.name,
      email: CONSULTANT.email,
      sme: { file: { full_path: `${ctx.config.publicUrl}/uploads/faisal.png` } },
      contributor: { file: null },
      can_create_slots: true,
      can_delete_slots: false,
    })
    // The provider's name refreshed the stale row.
    const row = await ctx.store.db
      .selectFrom('people')
      .select('full_name')
      .where('id', '=', seeded.personId)
      .executeTakeFirstOrThrow()
    expect(row.full_name).toBe(CONSULTANT.name)
    // …and the catalogue shows the refreshed name at once.
    expect(await profileName()).toBe(CONSULTANT.name)
    // …and a search finds them by it.
    const found = await api(`/profile/contributors?q=${encodeURIComponent(CONSULTANT.name)}`)
    const ids = ((await found.json()) as { data: { id: number }[] }).data.map((c) => c.id)
    expect(ids).toContain(seeded.contributorId)

    const chat = await api('/firebase/auth', { token: data.access_token })
    expect(chat.status).toBe(200)
    const { payload } = ((await chat.json()) as { data: { payload: string } }).data
    expect(await verifyRealtimeToken(ctx.config, payload)).toMatchObject({
      personId: seeded.personId,
      contributorId: seeded.contributorId,
    })

    await ctx.store.db
      .insertInto('push_tokens')
      .values([
        {
          token: 'device-1',
          person_id: seeded.personId,
          device_type: 3,
          created_at: new Date().toISOString(),
        },
        {
          token: 'device-2',
          person_id: seeded.personId,
          device_type: 3,
          created_at: new Date().toISOString(),
        },
      ])
      .execute()
    const out = await api('/authentication/logout', {
      method: 'POST',
      token: data.access_token,
      body: JSON.stringify({ fcm_token: 'device-1' }),
    })
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ data: null })
    const tokens = await ctx.store.db.selectFrom('push_tokens').select('token').execute()
    expect(tokens.map((t) => t.token)).toEqual(['device-2'])

    const refused = await api('/firebase/auth', { token: data.access_token })
    expect(refused.status).toBe(401)
    const again = await api('/authentication/logout', {
      method: 'POST',
      token: data.access_token,
      body: '{}',
    })
    expect(again.status).toBe(401)
  })

  it('refuses a wrong verifier and a replayed code with login_failed, in the request language', async () => {
    const first = await signInAtProvider(base, ctx.config, 'dev-consultant')
    const wrong = await login({
      code: first.code,
      code_verifier: 'x'.repeat(43),
      redirect_uri: first.redirectUri,
    })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('login_failed')

    const second = await signInAtProvider(base, ctx.config, 'dev-consultant')
    const body = { code: second.code, code_verifier: second.verifier, redirect_uri: second.redirectUri }
    expect((await login(body)).status).toBe(200)
    const replay = await api('/authentication/auth/login', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'accept-language': 'en' },
    })
    expect(replay.status).toBe(400)
    expect(await replay.json()).toEqual({
      error: { code: 'login_failed', message: 'Sign-in failed. Please try again.' },
    })
  })

  it('refuses a code sent with another redirect URI', async () => {
    const signIn = await signInAtProvider(base, ctx.config, 'dev-sme')
    const res = await login({
      code: signIn.code,
      code_verifier: signIn.verifier,
      redirect_uri: 'http://127.0.0.1:5174/redirectauth',
    })
    expect(res.status).toBe(400)
  })

  it('refuses unknown and missing fields before talking to the provider', async () => {
    const res = await login({
      code: 'c',
      code_verifier: 'v'.repeat(43),
      redirect_uri: TEST_REDIRECT_URI,
      email: 'x@y.z',
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } }
    expect(body.error.code).toBe('validation_failed')
    expect(Object.keys(body.error.fields)).toEqual(['email'])
    const missing = await login({ code: 'c' })
    expect(missing.status).toBe(400)
    const short = await login({ code: 'c', code_verifier: 'short', redirect_uri: TEST_REDIRECT_URI })
    expect(short.status).toBe(400)
  })

  it('matches people by issuer and subject, never by e-mail, and creates new ones', async () => {
    // Another provider's person with the same subject and e-mail, and a dev person with the e-mail only.
    const other = await insertPerson(ctx.store.db, {
      issuer: 'https://other-idp.example',
      subject: 'dev-advisor',
      fullName: 'Someone else',
      email: 'haifa@example.sa',
    })
    const sameEmail = await insertPerson(ctx.store.db, {
      issuer: DEV_ISSUER_KEY,
      subject: 'someone-else',
      fullName: 'Same e-mail',
      email: 'haifa@example.sa',
    })

    const signIn = await signInAtProvider(base, ctx.config, 'dev-advisor')
    const res = await redeem(signIn)
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: LoginResult }
    expect(data.roles).toEqual(['sme'])
    expect(data.contributor_id).toBeNull()
    expect(data.user.full_name).toBe('أ. هيفاء بنت محمد الزهراني')

    const rows = await ctx.store.db
      .selectFrom('people')
      .select(['id', 'issuer', 'subject', 'full_name'])
      .where('email', '=', 'haifa@example.sa')
      .orderBy('id')
      .execute()
    expect(rows).toHaveLength(3)
    const created = rows.find((r) => r.id !== other && r.id !== sameEmail)!
    expect(created).toMatchObject({ issuer: DEV_ISSUER_KEY, subject: 'dev-advisor' })
    expect(rows.find((r) => r.id === other)?.full_name).toBe('Someone else')

    // The token speaks for the created person.
    const chat = await api('/firebase/auth', { token: data.access_token })
    const { payload } = ((await chat.json()) as { data: { payload: string } }).data
    expect((await verifyRealtimeToken(ctx.config, payload))?.personId).toBe(created.id)

    // Signing in again finds the same person.
    const again = await signInAtProvider(base, ctx.config, 'dev-advisor')
    const res2 = await redeem(again)
    const chat2 = await api('/firebase/auth', {
      token: ((await res2.json()) as { data: LoginResult }).data.access_token,
    })
    const payload2 = ((await chat2.json()) as { data: { payload: string } }).data.payload
    expect((await verifyRealtimeToken(ctx.config, payload2))?.personId).toBe(created.id)
  })

  it('gives admins the admin role', async () => {
    const now = new Date().toISOString()
    await ctx.store.db
      .insertInto('people')
      .values({
        issuer: DEV_ISSUER_KEY,
        subject: 'dev-admin',
        full_name: 'مشرف المنصة',
        email: 'admin@example.sa',
        phone: null,
        photo_path: null,
        is_admin: 1,
        created_at: now,
      })
      .execute()
    const signIn = await signInAtProvider(base, ctx.config, 'dev-admin')
    const res = await redeem(signIn)
    const { data } = (await res.json()) as { data: LoginResult }
    expect(data.roles).toEqual(['sme', 'admin'])
    expect(data.user.contributor).toBeNull()
    expect(data.user.can_create_slots).toBe(false)
  })
})

eachDatabase('logout and the realtime token', (dialect) => {
  const ctx = useTestContext(dialect)

  it('refuse signed-out callers', async () => {
    const out = await jsonOf(ctx.post('/api/authentication/logout', null, {}), 401)
    expect(out.error.code).toBe('unauthorized')
    const chat = await ctx.get('/api/firebase/auth')
    expect(chat.statusCode).toBe(401)
  })

  it('keeps other people’s push tokens and refuses unknown fields', async () => {
    const a = await ctx.person()
    const b = await ctx.person()
    await ctx.store.db
      .insertInto('push_tokens')
      .values({
        token: 'b-device',
        person_id: b.personId,
        device_type: 3,
        created_at: new Date().toISOString(),
      })
      .execute()
    const bad = await ctx.post('/api/authentication/logout', a.token, {
      fcm_token: 'b-device',
      everything: true,
    })
    expect(bad.statusCode).toBe(400)
    const res = await ctx.post('/api/authentication/logout', a.token, { fcm_token: 'b-device' })
    expect(res.statusCode).toBe(200)
    expect(await ctx.store.db.selectFrom('push_tokens').select('token').execute()).toEqual([
      { token: 'b-device' },
    ])
    // The other person's session is untouched.
    const chat = await ctx.get('/api/firebase/auth', b.token)
    expect(chat.statusCode).toBe(200)
  })

  it('logs out without a body too', async () => {
    const p = await ctx.person()
    const res = await ctx.call({ method: 'POST', url: '/api/authentication/logout', token: p.token })
    expect(res.statusCode).toBe(200)
    const after = await ctx.get('/api/firebase/auth', p.token)
    expect(after.statusCode).toBe(401)
  })

  it('refuses a token it has checked before once its session is revoked or has expired, or its signature changes', async () => {
    // The server remembers a token whose signature was good (adapters/auth/tokens.ts); the session still decides.
    const revoked = await ctx.person()
    const expired = await ctx.person()
    for (const p of [revoked, expired])
      expect((await ctx.get('/api/firebase/auth', p.token)).statusCode).toBe(200)
    await revokeApiSession(ctx.store, revoked.sessionId)
    await ctx.store.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.sessionId)
      .execute()
    for (const p of [revoked, expired])
      expect((await ctx.get('/api/firebase/auth', p.token)).statusCode).toBe(401)
    const live = await ctx.person()
    expect((await ctx.get('/api/firebase/auth', live.token)).statusCode).toBe(200)
    // A character inside the signature (the last one may carry only padding bits).
    const at = live.token.length - 10
    const forged = `${live.token.slice(0, at)}${live.token[at] === 'A' ? 'B' : 'A'}${live.token.slice(at + 1)}`
    expect((await ctx.get('/api/firebase/auth', forged)).statusCode).toBe(401)
    expect((await ctx.get('/api/firebase/auth', live.token)).statusCode).toBe(200)
  })

  it('gives a person without an expert identity a realtime token with a null contributor id', async () => {
    const sme = await ctx.person()
    const res = await ctx.get('/api/firebase/auth', sme.token)
    expect(await verifyRealtimeToken(ctx.config, res.json().data.payload)).toEqual({
      personId: sme.personId,
      contributorId: null,
      sessionId: sme.sessionId,
    })
  })

  it('documents the three calls in the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    expect(doc.paths['/authentication/auth/login'].post.security).toEqual([{ apiKey: [] }])
    expect(doc.paths['/authentication/logout'].post.security).toEqual([{ apiKey: [], bearer: [] }])
    expect(doc.paths['/firebase/auth'].get.tags).toEqual(['authentication'])
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/oidc'))).toBe(false)
  })
})

eachDatabase('sign-in with an external provider', (dialect) => {
  let ctx: TestContext
  let idp: Awaited<ReturnType<typeof fakeIssuer>>

  beforeAll(async () => {
    idp = await fakeIssuer()
    vi.stubGlobal('fetch', idp.fetch)
    ctx = await createTestContext(dialect, {
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        dev: false,
        rolesClaim: null,
      },
      rateLimit: { signIn: 3, booking: 30, windowMs: 60_000 },
    })
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await ctx.close()
  })

  const verifier = 'v'.repeat(43)

  it('does not mount the dev provider', async () => {
    const res = await ctx.get('/oidc/.well-known/openid-configuration')
    expect(res.statusCode).toBe(404)
  })

  it('stores the issuer URL as the person’s issuer and keeps people of other issuers apart', async () => {
    const devTwin = await ctx.store.db
      .insertInto('people')
      .values({
        issuer: DEV_ISSUER_KEY,
        subject: 'user-1',
        full_name: 'Dev twin',
        email: 'same@example.sa',
        phone: null,
        photo_path: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const code = await idp.code(
      { sub: 'user-1' },
      { userinfo: { sub: 'user-1', name: 'سارة', email: 'same@example.sa' } },
    )
    const res = await ctx.post('/api/authentication/auth/login', null, {
      code,
      code_verifier: verifier,
      redirect_uri: TEST_REDIRECT_URI,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.user).toMatchObject({ full_name: 'سارة', email: 'same@example.sa' })
    const people = await ctx.store.db
      .selectFrom('people')
      .select(['id', 'issuer', 'subject'])
      .where('subject', '=', 'user-1')
      .orderBy('id')
      .execute()
    expect(people).toEqual([
      { id: devTwin.id, issuer: DEV_ISSUER_KEY, subject: 'user-1' },
      { id: expect.any(Number), issuer: idp.issuer, subject: 'user-1' },
    ])
  })

  it('answers 401 login_failed without internals when the provider is down, and rate-limits sign-in', async () => {
    idp.up = false
    try {
      const res = await ctx.post('/api/authentication/auth/login', null, {
        code: 'abc',
        code_verifier: verifier,
        redirect_uri: TEST_REDIRECT_URI,
      })
      expect(res.statusCode).toBe(401)
      expect(res.json().error.code).toBe('login_failed')
      expect(res.body).not.toMatch(/fetch|idp\.example/)
    } finally {
      idp.up = true
    }
    // The limit is 3 per window: the earlier test and this one used two.
    const attempt = () =>
      ctx.post('/api/authentication/auth/login', null, {
        code: 'abc',
        code_verifier: verifier,
        redirect_uri: TEST_REDIRECT_URI,
      })
    expect((await attempt()).statusCode).toBe(400)
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('rate_limited')
  })
})

eachDatabase('back-office roles from the provider’s claim', (dialect) => {
  let ctx: TestContext
  let idp: Awaited<ReturnType<typeof fakeIssuer>>

  beforeAll(async () => {
    idp = await fakeIssuer()
    vi.stubGlobal('fetch', idp.fetch)
    ctx = await createTestContext(dialect, {
      oidc: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        dev: false,
        rolesClaim: 'mashura_roles',
      },
    })
  })
  afterAll(async () => {
    vi.unstubAllGlobals()
    await ctx.close()
  })

  async function signIn(claims: Record<string, unknown>) {
    const code = await idp.code({ sub: 'staff-1', name: 'ريم', ...claims })
    const res = await ctx.post('/api/authentication/auth/login', null, {
      code,
      code_verifier: 'v'.repeat(43),
      redirect_uri: TEST_REDIRECT_URI,
    })
    expect(res.statusCode).toBe(200)
    return res.json().data as { roles: string[]; access_token: string }
  }

  it('grants the role the claim names, and takes it back when the claim no longer does', async () => {
    const analyst = await signIn({ mashura_roles: ['analyst', 'editor'] })
    expect(analyst.roles).toEqual(['sme', 'analyst'])
    const admin = await signIn({ mashura_roles: 'admin' })
    expect(admin.roles).toEqual(['sme', 'admin'])
    const none = await signIn({})
    expect(none.roles).toEqual(['sme'])
  })
})
