import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Language } from '@mashura/core'
import { ar, en } from '@mashura/core/i18n/server'
import { freePort } from '@mashura/server/testing'
import react from '@vitejs/plugin-react'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { build, type PluginOption } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'

/**
 * A visitor on a partner site signs in through the platform's popup: the reference server in process
 * (seeded SQLite, the dev provider, the widget bundles built for this run), a plain partner page served
 * from another origin that imports `${platform}/widgets/index.js`, and Chromium driven by playwright-core.
 */
const root = new URL('../../', import.meta.url).pathname
const results = `${root}test-results`
const DEV_SME = 'نورة بنت سعد القحطاني'
/** A widget's S256 challenge, for addresses a test makes by hand. */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

type Started = Awaited<ReturnType<typeof import('@mashura/server').start>>
let server: Started
let partner: Server
let browser: Browser
let base = ''
let partnerOrigin = ''
let apiKey = ''
let dataDir = ''
let widgetsDir = ''

/** Builds the widget bundles (the ESM build of widgets/vite.config.ts) into a folder of this run's own. */
async function buildWidgets(outDir: string): Promise<void> {
  const { default: config } = await import('@mashura/widgets/vite.config')
  const nodeEnv = process.env.NODE_ENV
  try {
    await build({
      ...config,
      configFile: false,
      // The IIFE bundle is not needed here and writes into widgets/dist, which other runs share.
      plugins: [react()] satisfies PluginOption[],
      build: { ...config.build, outDir, emptyOutDir: true },
    })
  } finally {
    // Vite's build sets NODE_ENV; the server reads it.
    process.env.NODE_ENV = nodeEnv
  }
}

/** The partner page: one button that calls `openSignInPopup`, and what came back. */
function partnerPage(lang: Language): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner</title></head>
<body>
<button id="sign-in" type="button">Sign in with Mashura</button>
<output id="out"></output>
<script type="module">
import { openSignInPopup } from '${base}/widgets/index.js'
const out = document.getElementById('out')
document.getElementById('sign-in').addEventListener('click', () => {
  openSignInPopup({ apiBase: '${base}/api', apiKey: '${apiKey}', lang: '${lang}' }).then(
    (result) => { window.signedIn = result; out.textContent = 'signed in' },
    (error) => { window.failure = error.message; out.textContent = 'failed' },
  )
})
window.ready = true
</script>
</body></html>`
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mashura-e2e-popup-'))
  widgetsDir = mkdtempSync(join(tmpdir(), 'mashura-e2e-widgets-'))
  await buildWidgets(widgetsDir)
  Object.assign(process.env, {
    NODE_ENV: 'development',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: '',
    LOG_LEVEL: 'warn',
  })
  const { start } = await import('@mashura/server')
  server = await start({ widgetsRoot: widgetsDir })
  base = server.config.publicUrl
  apiKey = server.config.devApiKey ?? ''
  // The partner: another origin (127.0.0.1, not the platform's localhost), plain HTML, no build.
  partner = createHttpServer((request, response) => {
    const lang = new URL(request.url ?? '/', 'http://x').searchParams.get('lang') === 'en' ? 'en' : 'ar'
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(partnerPage(lang))
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  partnerOrigin = `http://127.0.0.1:${(partner.address() as { port: number }).port}`
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  mkdirSync(results, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => partner?.close(resolve))
  await server?.stop()
  for (const dir of [dataDir, widgetsDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A fresh browser (no provider session, no storage) with the partner page open in `lang`. */
async function openPartner(lang: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  const page = await context.newPage()
  await page.goto(`${partnerOrigin}/?lang=${lang}`)
  await expect.poll(() => page.evaluate(() => (window as { ready?: boolean }).ready)).toBe(true)
  return { context, page }
}

/** Clicks the partner's button and returns the popup it opened. */
async function clickSignIn(page: Page): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#sign-in')])
  return popup
}

/** Runs axe-core (WCAG 2.1 A/AA) on a page; evaluated through the DevTools protocol, which its CSP allows. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const source = readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8')
  await page.evaluate(source)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const found = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })
    return found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations, state).toEqual([])
}

describe('sign-in in a popup from a partner page', () => {
  it('names the site, and without an opener or a return page for it refuses to go on (issue 30)', async () => {
    // An address opened in an ordinary tab: nothing opened it, and the key names no return page on that origin.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    let toProvider = false
    page.on('request', (request) => {
      if (request.url().includes('/oidc/auth')) toProvider = true
    })
    for (const lang of ['en', 'ar'] as const) {
      const query = new URLSearchParams({
        origin: partnerOrigin,
        api_key: apiKey,
        lang,
        challenge: CHALLENGE,
      })
      await page.goto(`${base}/sign-in/popup?${query}`)
      const messages = lang === 'ar' ? ar : en
      await expect.poll(() => page.locator('[role="alert"]').textContent()).toBe(messages['signIn.noOpener'])
      expect(await page.locator('#site').textContent()).toBe(
        messages['signIn.forSite'].replace('{site}', new URL(partnerOrigin).host),
      )
      expect(await page.locator('#continue').isVisible()).toBe(false)
      await page.screenshot({ path: `${results}/sign-in-popup-no-opener-${lang}.png` })
      await expectAccessible(page, `no opener, ${lang}`)
    }
    expect(toProvider).toBe(false)
    await context.close()
  })

  it('signs the visitor in through the dev provider and hands the partner page a working token', async () => {
    const { context, page } = await openPartner('ar')
    const popup = await clickSignIn(page)
    // The provider's chooser, in the language the widget asked for.
    await popup.waitForURL(/\/oidc\/interaction\//)
    expect(await popup.locator('html').getAttribute('dir')).toBe('rtl')
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: new RegExp(DEV_SME) }).click()
    await closed

    await expect.poll(() => page.locator('#out').textContent(), { timeout: 15_000 }).toBe('signed in')
    const result = (await page.evaluate(() => (window as { signedIn?: unknown }).signedIn)) as {
      token: string
      contributorId: number | null
      roles: string[]
      name: string | null
    }
    expect(result).toMatchObject({ contributorId: null, roles: ['sme'], name: DEV_SME })
    expect(result.token).toMatch(/\S{20,}/)

    // The token works against the API, from the partner's origin, as an SME.
    const sessions = await page.evaluate(
      async ({ base, apiKey, token }) => {
        const res = await fetch(`${base}/api/schedule/sme/sessions`, {
          headers: { 'X-API-Key': apiKey, Authorization: `Bearer ${token}` },
        })
        return { status: res.status, body: await res.json() }
      },
      { base, apiKey, token: result.token },
    )
    expect(sessions.status).toBe(200)
    expect(Array.isArray(sessions.body.data)).toBe(true)

    // The popup left nothing behind on the platform's origin: the partner page holds the token.
    const platformPage = await context.newPage()
    await platformPage.goto(`${base}/api/openapi.json`)
    const stored = await platformPage.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
    }))
    expect(stored.local).not.toContain(result.token)
    expect(stored.local).toBe('{}')
    await context.close()
  })

  it('in English: cancelling at the provider rejects with popup-closed (no error), the reason shown in the popup', async () => {
    const { context, page } = await openPartner('en')
    const popup = await clickSignIn(page)
    await popup.waitForURL(/\/oidc\/interaction\//)
    expect(await popup.locator('html').getAttribute('dir')).toBe('ltr')
    await popup.getByRole('button', { name: 'Cancel sign-in' }).click()
    await expect.poll(() => page.locator('#out').textContent(), { timeout: 15_000 }).toBe('failed')
    // Turning the sign-in down is the visitor's choice: the same answer as closing the popup.
    expect(await page.evaluate(() => (window as { failure?: string }).failure)).toBe('popup-closed')
    // The popup stays open with the reason, in English, left to right, without the code in its address.
    await expect.poll(() => popup.locator('[role="alert"]').textContent()).toBe(en['signIn.cancelled'])
    expect(await popup.locator('h1').textContent()).toBe(en['signIn.failed'])
    expect(await popup.locator('html').getAttribute('dir')).toBe('ltr')
    expect(new URL(popup.url()).search).toBe('')
    await popup.screenshot({ path: `${results}/sign-in-popup-cancelled-en.png` })
    await expectAccessible(popup, 'cancelled, en')
    await context.close()
  })

  it('rejects with popup-closed when the visitor closes the popup, and a new click opens a new one', async () => {
    const { context, page } = await openPartner('ar')
    const popup = await clickSignIn(page)
    await popup.waitForURL(/\/oidc\/interaction\//)
    await popup.close()
    await expect
      .poll(() => page.evaluate(() => (window as { failure?: string }).failure), { timeout: 10_000 })
      .toBe('popup-closed')
    const again = await clickSignIn(page)
    await again.waitForURL(/\/oidc\/interaction\//)
    await context.close()
  })

  it('shows its own page in Arabic and English, accessible, and refuses an origin the key does not allow', async () => {
    const context = await browser.newContext({ viewport: { width: 480, height: 640 } })
    const page = await context.newPage()
    // Held on its first screen: without its script the page does not go on to the provider.
    await page.route('**/widgets/sign-in-popup.js', (route) => route.abort())
    for (const lang of ['ar', 'en'] as const) {
      const query = new URLSearchParams({
        origin: partnerOrigin,
        api_key: apiKey,
        lang,
        challenge: CHALLENGE,
      })
      const res = await page.goto(`${base}/sign-in/popup?${query}`)
      expect(res?.status()).toBe(200)
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
      expect(await page.locator('h1').textContent()).toBe((lang === 'ar' ? ar : en)['signIn.signingIn'])
      // Its inline style is allowed by its CSP hash: the card is laid out, not unstyled.
      expect(await page.locator('main').evaluate((m) => getComputedStyle(m).borderTopColor)).toBe(
        'rgb(48, 132, 178)',
      )
      await page.screenshot({ path: `${results}/sign-in-popup-${lang}.png` })
      await expectAccessible(page, `signing in, ${lang}`)
    }
    const refused = await page.goto(
      `${base}/sign-in/popup?${new URLSearchParams({ origin: 'https://evil.example', api_key: apiKey, lang: 'ar', challenge: CHALLENGE })}`,
    )
    expect(refused?.status()).toBe(400)
    expect(await page.locator('body').textContent()).toContain(ar['signIn.originNotAllowed'])
    expect(await page.locator('body').textContent()).toContain(en['signIn.originNotAllowed'])
    await page.screenshot({ path: `${results}/sign-in-popup-refused.png` })
    await expectAccessible(page, 'refused')
    await context.close()
  })
})
