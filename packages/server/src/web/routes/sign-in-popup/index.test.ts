import { POPUP_DATA_ID, type PopupPageData } from '@mashura/core/contract/sign-in-popup'
import { ar, en } from '@mashura/core/i18n/server'
import { expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../../../test-support/context.ts'
import { POPUP_SCRIPT } from './page.ts'

const PARTNER = 'https://partner.example.sa'
const PARTNER_KEY = 'partner-key'
const RETURN_PAGE = `${PARTNER}/mashura/sign-in-return.html`
/** A widget's S256 challenge (43 base64url characters). */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

/** The JSON data block of a popup page. */
function pageData(html: string): PopupPageData {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${POPUP_DATA_ID}">(.*?)</script>`, 's'),
  )
  if (!match) throw new Error(`no data block in:\n${html}`)
  return JSON.parse(match[1]!) as PopupPageData
}

eachDatabase('the sign-in popup page (GET /sign-in/popup)', (dialect) => {
  const ctx = useTestContext(dialect, {
    apiKeys: { [PARTNER_KEY]: [PARTNER] },
    signInReturns: { [PARTNER_KEY]: [RETURN_PAGE] },
  })

  /** Opens the popup; a first visit (with an origin) carries a widget's challenge unless the test says. */
  function open(query: Record<string, string>) {
    const first = 'origin' in query && !('challenge' in query) && !('state' in query)
    return ctx.app.inject({
      method: 'GET',
      url: '/sign-in/popup',
      query: first ? { ...query, challenge: CHALLENGE } : query,
    })
  }

  it('answers an allowed origin with the page, its script, the approved origin and a strict CSP', async () => {
    const res = await open({ origin: PARTNER, api_key: PARTNER_KEY, lang: 'ar' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = res.body
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain(ar['signIn.signingIn'])
    expect(html).toContain(`<script type="module" src="${POPUP_SCRIPT}"></script>`)
    const data = pageData(html)
    expect(data.origin).toBe(PARTNER)
    expect(data.apiKey).toBe(PARTNER_KEY)
    expect(data.challenge).toBe(CHALLENGE)
    // Where the popup may go back without an opener: the key's page on that origin.
    expect(data.returnPage).toBe(RETURN_PAGE)
    expect(data.lang).toBe('ar')
    expect(data.clientId).toBe(ctx.config.oidc.clientId)
    expect(data.authorizeUrl).toBe(`${ctx.config.oidc.issuer}/auth`)
    expect(data.messages.en['signIn.done']).toBe(en['signIn.done'])
    expect(data.messages.ar['errors.loginFailed']).toBe(ar['errors.loginFailed'])

    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['cache-control']).toBe('no-store')
    // The popup must keep its link to the cross-origin page that opened it.
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    // Only the built script runs: no inline script, no event handler attributes.
    expect(html.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull()
    expect(html).not.toMatch(/\son[a-z]+=/i)
  })

  it('answers in English, left to right, and lets the development key in from any localhost port', async () => {
    const res = await open({ origin: 'http://127.0.0.1:5173', api_key: ctx.config.devApiKey!, lang: 'en' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<html lang="en" dir="ltr">')
    expect(res.body).toContain(en['signIn.signingIn'])
    expect(pageData(res.body).origin).toBe('http://127.0.0.1:5173')
    // The development key names no return page on another localhost port.
    expect(pageData(res.body).returnPage).toBeNull()
  })

  it('keeps JSON in the data block from closing the script element', async () => {
    const res = await open({ origin: PARTNER, api_key: PARTNER_KEY })
    const block = res.body.split(`id="${POPUP_DATA_ID}">`)[1]!.split('</script>')[0]!
    expect(block).not.toContain('<')
  })

  it('answers the provider’s return visit without an origin: the script uses the one stored in the tab', async () => {
    const res = await open({ state: 'abc', code: 'xyz', iss: ctx.config.oidc.issuer })
    expect(res.statusCode).toBe(200)
    const data = pageData(res.body)
    expect(data.origin).toBeNull()
    expect(data.apiKey).toBeNull()
    // A return visit never approves an origin, even one named in the address.
    const sneaky = await open({
      state: 'abc',
      code: 'xyz',
      origin: 'https://evil.example',
      api_key: PARTNER_KEY,
    })
    expect(pageData(sneaky.body).origin).toBeNull()
    const refused = await open({ error: 'access_denied', state: 'abc' })
    expect(refused.statusCode).toBe(200)
  })

  function expectRefusal(res: Awaited<ReturnType<typeof open>>, text: string, textEn: string) {
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain(ar['signIn.refused'])
    expect(res.body).toContain(en['signIn.refused'])
    expect(res.body).toContain(text)
    expect(res.body).toContain(textEn)
    expect(res.body).not.toMatch(/<script/i)
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
    expect(res.headers['cache-control']).toBe('no-store')
  }

  it('refuses an origin the key does not allow, in Arabic and English, with no script', async () => {
    const res = await open({ origin: 'https://evil.example', api_key: PARTNER_KEY })
    expectRefusal(res, ar['signIn.originNotAllowed'], en['signIn.originNotAllowed'])
    expect(res.body).toContain('<html lang="ar" dir="rtl">')
    expect(res.body).not.toContain('evil.example')
    // The development key is for localhost only.
    const dev = await open({ origin: PARTNER, api_key: ctx.config.devApiKey!, lang: 'en' })
    expectRefusal(dev, ar['signIn.originNotAllowed'], en['signIn.originNotAllowed'])
    expect(dev.body).toContain('<html lang="en" dir="ltr">')
  })

  it('refuses an unknown key, even for the platform’s own origin', async () => {
    expectRefusal(
      await open({ origin: PARTNER, api_key: 'no-such-key' }),
      ar['signIn.originNotAllowed'],
      en['signIn.originNotAllowed'],
    )
    expectRefusal(
      await open({ origin: ctx.config.publicUrl, api_key: 'no-such-key' }),
      ar['signIn.originNotAllowed'],
      en['signIn.originNotAllowed'],
    )
  })

  it('refuses a key named like a property every object has, instead of failing (issue 30)', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await open({ origin: PARTNER, api_key: key })
      expectRefusal(res, ar['signIn.originNotAllowed'], en['signIn.originNotAllowed'])
    }
  })

  it('refuses a link without origin, key or the widget’s challenge', async () => {
    const queries: Record<string, string>[] = [
      {},
      { origin: PARTNER },
      { api_key: PARTNER_KEY },
      { origin: '', api_key: '' },
    ]
    for (const query of queries) {
      expectRefusal(await open(query), ar['signIn.incompleteLink'], en['signIn.incompleteLink'])
    }
    // An older widget's address, without a challenge: nothing could be handed over safely.
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/sign-in/popup',
      query: { origin: PARTNER, api_key: PARTNER_KEY, handle: CHALLENGE },
    })
    expectRefusal(old, ar['signIn.incompleteLink'], en['signIn.incompleteLink'])
  })

  it('stays out of the API document, whose paths are under /api', async () => {
    const doc = (await ctx.get('/api/openapi.json')).json()
    expect(Object.keys(doc.paths)).not.toContain('/sign-in/popup')
  })
})
