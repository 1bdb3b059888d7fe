import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomUrlSafe } from '@mashura/core'
import { pkceChallenge, readSignInReturn } from '@mashura/core/testing'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestContext, useTestContext } from '../../test-support/context.ts'
import { DEV_ACCOUNTS } from './dev-accounts.ts'
import { escapeHtml, pageLanguage, renderChooser } from './pages.ts'
import { chooseAccount, startSignIn, TEST_REDIRECT_URI, TestBrowser } from './test-support.ts'

// The provider keeps nothing in the database: one SQLite app covers it.
describe('the dev sign-in provider', () => {
  const ctx = useTestContext('sqlite')
  let base: string

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  })

  async function authorize(params: Record<string, string>, browser = new TestBrowser()) {
    const challenge = await pkceChallenge(randomUrlSafe(32))
    const url = new URL(`${base}/oidc/auth`)
    const all: Record<string, string> = {
      client_id: ctx.config.oidc.clientId,
      redirect_uri: TEST_REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    }
    for (const [k, v] of Object.entries(all)) if (v !== '') url.searchParams.set(k, v)
    return browser.fetch(url.toString())
  }

  it('publishes discovery for the configured issuer with PKCE S256 and the three scopes', async () => {
    const res = await fetch(`${base}/oidc/.well-known/openid-configuration`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as Record<string, unknown>
    expect(doc.issuer).toBe(ctx.config.oidc.issuer)
    expect(doc.code_challenge_methods_supported).toEqual(['S256'])
    expect(doc.scopes_supported).toEqual(['openid', 'profile', 'email'])
    expect(doc.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic'])
    expect(doc.token_endpoint).toBe(`${base}/oidc/token`)
  })

  it('starts without oidc-provider’s warning about its in-memory store, which is what development wants', async () => {
    // A provider of its own, built on this first request: the warning is printed when the provider is made.
    const fresh = await createTestContext('sqlite')
    const warn = vi.spyOn(console, 'warn')
    try {
      const res = await fresh.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })
      expect(res.statusCode).toBe(200)
      const said = warn.mock.calls.map((args) => args.join(' '))
      expect(said.filter((line) => line.includes('oidc-provider'))).toEqual([])
    } finally {
      warn.mockRestore()
      await fresh.close()
    }
  })

  it('persists its signing keys under DATA_DIR/secrets, so another instance publishes the same ones', async () => {
    const jwks = (await (await fetch(`${base}/oidc/jwks`)).json()) as { keys: { kid: string; d?: string }[] }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]?.d).toBeUndefined()
    const stored = JSON.parse(readFileSync(join(ctx.config.dataDir, 'secrets', 'oidc-jwks.json'), 'utf8'))
    expect(stored.keys[0].kid).toBe(jwks.keys[0]?.kid)
    const twin = await createTestContext('sqlite', { dataDir: ctx.config.dataDir })
    try {
      const other = await twin.app.inject({ method: 'GET', url: '/oidc/jwks' })
      expect(other.json()).toEqual(jwks)
    } finally {
      await twin.close()
    }
  })

  it('shows the chooser in Arabic by default and in English with ui_locales=en or ?lang=en', async () => {
    const ar = await startSignIn(base, ctx.config)
    expect(ar.html).toContain('<html lang="ar" dir="rtl">')
    expect(ar.html).toContain('English</a>')

    const en = await startSignIn(base, ctx.config, { uiLocales: 'en' })
    expect(en.html).toContain('<html lang="en" dir="ltr">')
    expect(en.html).toContain('Development sign-in')
    for (const account of DEV_ACCOUNTS) {
      expect(en.html).toContain(escapeHtml(account.description.en))
      expect(en.html).toContain(`value="${account.subject}"`)
    }
    expect(en.html).toContain(`href="${new URL(en.interactionUrl).pathname}?lang=ar"`)

    const switched = await ar.browser.fetch(`${ar.interactionUrl}?lang=en`)
    expect(await switched.text()).toContain('<html lang="en" dir="ltr">')
    // The language choice does not spoil the sign-in.
    const done = await chooseAccount(ar, 'dev-sme', base)
    expect(done.code).toBeTruthy()
  })

  it('sends no scripts and lets the sign-in form redirect only to the allowed origins', async () => {
    const started = await startSignIn(base, ctx.config)
    const res = await started.browser.fetch(started.interactionUrl)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toMatch(
      /form-action 'self' http:\/\/localhost:8080 http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*/,
    )
    expect(csp).not.toContain("unsafe-inline'; script")
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).not.toMatch(/<script|\son[a-z]+=/i)
  })

  it('accepts loopback /redirectauth on any port and the public one, and nothing else', async () => {
    for (const uri of [
      'http://localhost:3000/redirectauth',
      'http://127.0.0.1:9/redirectauth',
      `${ctx.config.publicUrl}/redirectauth`,
    ]) {
      const res = await authorize({ redirect_uri: uri })
      expect(res.status, uri).toBe(303)
      expect(res.headers.get('location'), uri).toMatch(/^\/oidc\/interaction\//)
    }
    for (const uri of [
      'http://evil.example/redirectauth',
      'http://localhost:3000/redirectauth/../steal',
      'http://localhost:3000/other',
      'https://localhost:3000/redirectauth',
      'http://localhost.evil.example:3000/redirectauth',
      'http://localhost:3000/redirectauth?next=x',
    ]) {
      const res = await authorize({ redirect_uri: uri })
      expect(res.status, uri).toBe(400)
      expect(res.headers.get('location'), uri).toBeNull()
      const html = await res.text()
      expect(html).toContain('<html lang="ar" dir="rtl">')
      expect(html).toContain('invalid_redirect_uri')
    }
  })

  it('accepts the sign-in popup (/sign-in/popup) on loopback ports and the public URL, by exact path only', async () => {
    for (const uri of [
      'http://localhost:3000/sign-in/popup',
      'http://127.0.0.1:9/sign-in/popup',
      `${ctx.config.publicUrl}/sign-in/popup`,
    ]) {
      const res = await authorize({ redirect_uri: uri })
      expect(res.status, uri).toBe(303)
      expect(res.headers.get('location'), uri).toMatch(/^\/oidc\/interaction\//)
    }
    for (const uri of [
      'http://evil.example/sign-in/popup',
      'http://localhost:3000/sign-in/popup/',
      'http://localhost:3000/sign-in/popupx',
      'http://localhost:3000/sign-in/popup/../steal',
      'http://localhost:3000/sign-in/popup?origin=http://evil.example',
      'http://localhost:3000/sign-in',
      'http://localhost:3000/x/sign-in/popup',
      'https://localhost:3000/sign-in/popup',
      'http://localhost.evil.example:3000/sign-in/popup',
      `${ctx.config.publicUrl}/sign-in/popup/x`,
    ]) {
      const res = await authorize({ redirect_uri: uri })
      expect(res.status, uri).toBe(400)
      expect(res.headers.get('location'), uri).toBeNull()
      expect(await res.text()).toContain('invalid_redirect_uri')
    }
  })

  it('returns a popup sign-in to /sign-in/popup, and the API exchanges its code with that redirect URI', async () => {
    const redirectUri = `${base}/sign-in/popup`
    const started = await startSignIn(base, ctx.config, { redirectUri })
    // Its pages and redirects keep the popup's link to the partner page that opened it.
    const chooser = await started.browser.fetch(started.interactionUrl)
    expect(chooser.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    const chosen = await started.browser.fetch(started.interactionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subject: 'dev-sme' }).toString(),
    })
    expect(chosen.status).toBe(303)
    expect(chosen.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    const { url: returnUrl } = await started.browser.follow(
      new URL(chosen.headers.get('location') ?? '', base).toString(),
      base,
    )
    expect(returnUrl.startsWith(`${redirectUri}?`)).toBe(true)
    const { code, verifier } = readSignInReturn(returnUrl, started.session)
    const login = await ctx.post('/api/authentication/auth/login', null, {
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    })
    expect(login.statusCode, login.body).toBe(200)
    expect(login.json().data.access_token).toBeTruthy()
    expect(login.json().data.roles).toContain('sme')
  })

  it('requires PKCE with S256', async () => {
    const none = await authorize({ code_challenge: '', code_challenge_method: '' })
    const location = new URL(none.headers.get('location') ?? '', base)
    expect(`${location.origin}${location.pathname}`).toBe(TEST_REDIRECT_URI)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    const plain = await authorize({ code_challenge_method: 'plain' })
    expect(new URL(plain.headers.get('location') ?? '', base).searchParams.get('error')).toBe(
      'invalid_request',
    )
  })

  it('refuses a choice posted without the interaction cookie (cross-site) or for another interaction', async () => {
    const started = await startSignIn(base, ctx.config)
    const post = (browser: TestBrowser, url: string) =>
      browser.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'subject=dev-admin',
      })
    const forged = await post(new TestBrowser(), started.interactionUrl)
    expect(forged.status).toBe(400)
    expect(forged.headers.get('location')).toBeNull()
    const other = await post(started.browser, `${base}/oidc/interaction/not-this-one`)
    expect(other.status).toBe(400)
    // The real one still works.
    expect((await chooseAccount(started, 'dev-admin', base)).code).toBeTruthy()
  })

  it('asks again for an unknown account and returns access_denied on cancel', async () => {
    const started = await startSignIn(base, ctx.config, { uiLocales: 'en' })
    const unknown = await started.browser.fetch(started.interactionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'subject=%3Cscript%3E&lang=en',
    })
    expect(unknown.status).toBe(400)
    const html = await unknown.text()
    expect(html).toContain('role="alert"')
    expect(html).not.toContain('<script>')

    const { url } = await started.browser.follow(started.interactionUrl, base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cancel=1&lang=en',
    })
    const back = new URL(url)
    expect(`${back.origin}${back.pathname}`).toBe(TEST_REDIRECT_URI)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBeTruthy()
  })

  it('asks which account every time, and switches accounts in the same browser', async () => {
    const browser = new TestBrowser()
    const first = await chooseAccount(await startSignIn(base, ctx.config, { browser }), 'dev-sme', base)
    expect(first.code).toBeTruthy()
    // Same browser, provider session alive: the chooser still shows.
    const again = await startSignIn(base, ctx.config, { browser })
    expect(again.html).toContain('dev-consultant')
    // Choosing someone else ends the provider session first (a self-submitting form whose script the CSP allows by hash).
    const { response } = await browser.follow(again.interactionUrl, base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'subject=dev-consultant',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)
    const page = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? ''
    const fields = new URLSearchParams()
    for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      fields.set(m[1]!, m[2]!)
    const { url } = await browser.follow(new URL(action.replace(/&amp;/g, '&'), base).toString(), base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    })
    expect(url.startsWith(TEST_REDIRECT_URI)).toBe(true)
    expect(new URL(url).searchParams.get('code')).toBeTruthy()
  })

  it('renders its sign-out confirmation without scripts, in the language asked for', async () => {
    const browser = new TestBrowser()
    await chooseAccount(await startSignIn(base, ctx.config, { browser }), 'dev-sme', base)
    const url = new URL(`${base}/oidc/session/end`)
    url.searchParams.set('client_id', ctx.config.oidc.clientId)
    url.searchParams.set('post_logout_redirect_uri', 'http://localhost:5173/')
    const res = await browser.fetch(url.toString())
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('form="op.logoutForm"')
    expect(html).not.toMatch(/<script/i)
    url.searchParams.set('post_logout_redirect_uri', 'http://evil.example/')
    expect((await browser.fetch(url.toString())).status).toBe(400)
  })
})

describe('the provider pages', () => {
  it('escape everything they render', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
    const html = renderChooser({
      lang: 'ar',
      action: '/oidc/interaction/"><script>',
      accounts: [
        {
          subject: '"><img src=x>',
          name: '<b>اسم</b>',
          email: 'a@b.c',
          description: { ar: '<i>', en: '' },
        },
      ],
    })
    expect(html).not.toMatch(/<script>|<img|<b>|<i>/)
  })

  it('pick the language from ?lang, then ui_locales, else Arabic', () => {
    expect(pageLanguage(undefined, undefined)).toBe('ar')
    expect(pageLanguage(undefined, 'fr en-GB')).toBe('en')
    expect(pageLanguage('ar', 'en')).toBe('ar')
    expect(pageLanguage('xx', 'de')).toBe('ar')
  })
})
