import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { axeViolations } from './support/axe.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'

// The README's `npm start`, opened in Chromium the way a newcomer would. The agency's site is at `/`; the
// core playground and the partner examples moved to `/examples/`.
let app: NpmStart
let browser: Browser
let page: Page
let base = ''
let dataDir = ''
let playground = ''

beforeAll(async () => {
  app = await startNpm()
  ;({ base, dataDir } = app)
  playground = `${base}examples/`
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  page = await browser.newPage({ locale: 'ar-SA', viewport: { width: 1100, height: 900 } })
  mkdirSync(`${root}test-results`, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('core playground (npm start)', () => {
  it('opens in Arabic, right to left, with Riyadh and Hijri dates', async () => {
    await page.goto(playground)
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    expect(await page.locator('#title').textContent()).toContain('مشورة')
    const now = (await page.locator('#now').textContent()) ?? ''
    expect(now).toMatch(/هـ/)
    expect(now).toMatch(/[\u0600-\u06FF]/)
    expect(await page.locator('#week').textContent()).toMatch(/start_date=\d{10} end_date=\d{10}/)
    await page.screenshot({ path: `${root}test-results/playground-ar.png`, fullPage: true })
  })

  it('decrypts a rating token in the browser and rejects a wrong passphrase clearly', async () => {
    await expect.poll(() => page.locator('#rating-json').inputValue()).toContain('ciphertext')
    await page.click('#decrypt')
    await expect.poll(() => page.locator('#rating-out').textContent()).toContain('rt_demo-session-42')
    await page.fill('#decrypt-pass', 'wrong')
    await page.click('#decrypt')
    await expect.poll(() => page.locator('#rating-out').textContent()).toContain('decrypt_failed')
  })

  it('signs in through the dev provider, calls the API as that person, and signs out', async () => {
    await page.click('#sign-in')
    // The provider's own sign-in page, in Arabic and right to left.
    await page.waitForURL(/\/oidc\//)
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.screenshot({ path: `${root}test-results/dev-sign-in-ar.png`, fullPage: true })
    await page.getByRole('button', { name: /نورة بنت سعد القحطاني/ }).click()
    // The provider returns to /redirectauth, now the agency site's return page: it completes the sign-in
    // into the same storage keys core gives every client, then goes home.
    await page.waitForURL(`${base}`, { timeout: 20_000 })
    await page.locator('[data-page="home"]').waitFor()
    // Back on the playground, the same origin's session is signed in.
    await page.goto(playground)
    await expect.poll(() => page.locator('#who-am-i').textContent(), { timeout: 15_000 }).toContain('نورة')
    await page.fill('#api-path', '/schedule/sme/sessions')
    await page.click('#api-call')
    await expect.poll(() => page.locator('#api-out').textContent()).toContain('"meta"')
    const body = JSON.parse((await page.locator('#api-out').textContent()) ?? '{}')
    expect(Array.isArray(body.data)).toBe(true)
    await page.screenshot({ path: `${root}test-results/signed-in-ar.png`, fullPage: true })
    // Logout clears the session here, then the provider ends its own and sends the browser back (to the site).
    await Promise.all([page.waitForURL(/\/oidc\//), page.click('#sign-out')])
    await page.screenshot({ path: `${root}test-results/dev-sign-out-ar.png`, fullPage: true })
    const confirm = page.locator('button[type=submit], input[type=submit]')
    if (await confirm.count()) await Promise.all([page.waitForURL(`${base}`), confirm.first().click()])
    else await page.waitForURL(`${base}`)
    await page.goto(playground)
    await expect.poll(() => page.locator('#who-am-i').textContent()).toContain('غير مسجل')
    // Signed out, the protected call is refused (token revocation itself is proven in the server suite).
    await page.fill('#api-path', '/schedule/sme/sessions')
    await page.click('#api-call')
    await expect.poll(() => page.locator('#api-out').textContent()).toContain('401')
  })

  it('rates a session on the rating landing page with the rate-form widget, once', async () => {
    // The link the server would e-mail, made by the server's own code on the database npm start opened.
    const { openStore } = await import('@mashura/server')
    const { createRatingLink } = await import('@mashura/server/testing')
    const store = await openStore({ databaseUrl: null, dataDir })
    const ended = await store.db
      .selectFrom('sessions')
      .innerJoin('people', 'people.id', 'sessions.sme_id')
      .select('sessions.id')
      .where('sessions.state', '=', 'ended')
      .where('people.email', 'is not', null)
      .orderBy('sessions.id')
      .executeTakeFirstOrThrow()
    const link = await createRatingLink(store.db, { sessionId: ended.id, publicUrl: base.replace(/\/$/, '') })
    await store.destroy()
    expect(link).not.toBeNull()

    const rating = await browser.newPage({ viewport: { width: 900, height: 1100 } })
    await rating.addInitScript(() => {
      document.addEventListener('rating-submitted', (e) => {
        ;(window as unknown as { submitted: unknown }).submitted = (e as CustomEvent).detail
      })
    })
    await rating.goto(`${playground}rating-landing.html?token=${link!.token}`)
    const form = rating.locator('rate-form')
    // Playwright's locators pierce the widget's shadow root, as a user's eyes do.
    await expect.poll(() => form.locator('fieldset').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    expect(await form.locator('[part="base"]').getAttribute('dir')).toBe('rtl')
    await rating.screenshot({ path: `${root}test-results/rate-form-ar.png`, fullPage: true })
    for (const group of await form.locator('fieldset').all()) {
      const radios = group.locator('input[type=radio]')
      const n = await radios.count()
      if (n > 0) await radios.nth(n === 5 ? 4 : 0).check()
    }
    await form.locator('button[type=submit]').click()
    await expect
      .poll(() => rating.evaluate(() => (window as unknown as { submitted?: unknown }).submitted))
      .toEqual({
        sessionId: ended.id,
      })
    await expect.poll(() => form.locator('[part="status"]').textContent()).toContain('شكرًا')
    // The same link again: already rated.
    await rating.reload()
    await expect
      .poll(() => form.locator('[part="status"]').textContent(), { timeout: 20_000 })
      .toContain('مسبقًا')
    await rating.close()
  })

  it('explains the rating landing page without a link, and in development opens a real rating', async () => {
    // After the test above: the session it rated is rated, so the development link makes another's.
    const landing = await browser.newPage({ viewport: { width: 390, height: 900 } })
    await landing.goto(`${playground}rating-landing.html`)
    const explanation = landing.locator('#no-link')
    await expect.poll(() => explanation.isVisible()).toBe(true)
    // No form to fail: the page says how a real link arrives, in both languages.
    expect(await landing.locator('rate-form').count()).toBe(0)
    const text = async (lang: string) =>
      ((await explanation.locator(`[lang="${lang}"]`).textContent()) ?? '').replace(/\s+/g, ' ')
    expect(await text('ar')).toContain('يرسل موقع مشورة إلى صاحب المنشأة رسالة بريد إلكتروني')
    expect(await text('en')).toContain('Mashura e-mails the business owner a link to rate that session')
    const offer = landing.locator('[data-dev-offer]').first()
    await expect.poll(() => offer.isVisible(), { timeout: 10_000 }).toBe(true)
    expect(await axeViolations(landing)).toEqual([])
    await landing.screenshot({ path: `${root}test-results/rating-landing-no-link.png`, fullPage: true })

    await Promise.all([
      landing.waitForURL(/rating-landing\.html\?token=[\w-]{43}$/),
      offer.locator('a').click(),
    ])
    const form = landing.locator('rate-form')
    await expect.poll(() => form.locator('fieldset').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    // The form names what is rated: the expert, the date (with the Hijri date) and the subject.
    const summary = (await form.locator('[part="summary"]').textContent()) ?? ''
    expect(summary).toContain('أنت تقيّم جلستك مع')
    expect(summary).toContain('هـ')
    expect(await form.locator('[part="summary"] bdi').count()).toBeGreaterThan(0)
    expect(await axeViolations(landing)).toEqual([])
    await landing.screenshot({ path: `${root}test-results/rating-landing-dev-link.png`, fullPage: true })
    await landing.close()
  })

  it('switches to English, left to right, and keeps the choice on reload', async () => {
    await page.click('#lang-toggle')
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await page.locator('#title').textContent()).toContain('Mashura')
    await page.reload()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr')
    await page.screenshot({ path: `${root}test-results/playground-en.png`, fullPage: true })
  })
})
