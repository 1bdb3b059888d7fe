import { mkdirSync } from 'node:fs'
import { ar } from '@mashura/core/i18n/server'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { untilFreeSlots } from './support/booking.ts'
import { clearCalendar } from './support/db.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { startSite, stopSite } from './support/start-site.ts'

/**
 * The example pages `npm start` serves at `/examples/`, as a newcomer opens them: no WCAG 2.1 A/AA
 * violation in any state visited, and the partner portal books through the sign-in popup although the
 * platform serves it with `Cross-Origin-Opener-Policy: same-origin` (which severs the popup's opener).
 */
let app: NpmStart
let browser: Browser
const shots = `${root}test-results/examples/`
const DEV_SME = 'نورة بنت سعد القحطاني'

beforeAll(async () => {
  ;({ app, browser } = await startSite())
  mkdirSync(shots, { recursive: true })
})

afterAll(() => stopSite({ app, browser }))

describe('the example pages', () => {
  it('the partner portal books through the popup under COOP same-origin, accessible at every step', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ar-SA' })
    const page = await context.newPage()
    const warnings: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text())
    })
    await clearCalendar(app.dataDir, 'dev-sme')
    const res = await page.goto(`${app.base}examples/partner-portal.html`)
    expect(res?.headers()['cross-origin-opener-policy']).toBe('same-origin')
    const search = page.locator('expert-search')
    await expect
      .poll(() => search.locator('[part~="result"]').count(), { timeout: 30_000 })
      .toBeGreaterThan(0)
    await expectNoViolations(page, 'portal with results')
    await search.locator('[part~="choose"]').first().click()
    const calendar = page.locator('booking-calendar')
    await untilFreeSlots(calendar)
    await calendar.locator('[part~="slot"]').first().click()
    await expectNoViolations(page, 'portal with the calendar')
    const popupPromise = context.waitForEvent('page')
    await calendar.locator('[part~="book"]').click()
    const popup = await popupPromise
    // Cut off from the portal by its COOP, the popup names the site and asks before going on (issue 30); it comes
    // back through the development key's return page.
    await popup.locator('#continue').click({ timeout: 20_000 })
    await popup.waitForURL(/\/oidc\/interaction\//, { timeout: 20_000 })
    await popup.getByRole('button', { name: new RegExp(DEV_SME) }).click()
    await calendar.locator('[part~="confirm"]').click({ timeout: 30_000 })
    const confirmation = page.locator('#confirmation')
    await expect.poll(() => confirmation.isVisible(), { timeout: 20_000 }).toBe(true)
    await calendar.locator('[part~="close"]').click()
    await page.screenshot({ path: `${shots}partner-portal-booked-ar.png`, fullPage: true })
    await expectNoViolations(page, 'portal after booking')
    // Arabic throughout, and no deprecation warning: the portal uses expert-role.
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(warnings.filter((w) => w.includes('`role` attribute'))).toEqual([])
    expect(await page.locator('body').textContent()).not.toContain(ar['signIn.noOpener'])
    await context.close()
  })

  it('the rating landing page follows the chosen language: the address’s, else the site’s cookie', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const lead = () => page.locator('#no-link > [lang]').first()
    await page.goto(`${app.base}examples/rating-landing.html?lang=en`)
    await expect.poll(() => page.locator('#no-link').isVisible()).toBe(true)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
    expect(await lead().getAttribute('lang')).toBe('en')
    expect(await page.locator('h1').textContent()).toBe('Rating links arrive by e-mail')
    await page.screenshot({ path: `${shots}rating-landing-en-390.png`, fullPage: true })
    await expectNoViolations(page, 'rating landing, English')
    // The site's language cookie, when the address names none; the widget follows the page.
    await context.addCookies([{ name: 'mashura_lang', value: 'en', url: app.base }])
    await page.goto(`${app.base}examples/rating-landing.html?token=not-a-real-token`)
    await expect.poll(() => page.locator('rate-form').getAttribute('lang')).toBe('en')
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
    // Arabic when nothing says otherwise.
    await context.clearCookies()
    await page.goto(`${app.base}examples/rating-landing.html`)
    await expect.poll(() => page.locator('#no-link').isVisible()).toBe(true)
    expect(await lead().getAttribute('lang')).toBe('ar')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await context.close()
  })

  it('the playground, the portal in English and the rating landing page pass axe', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } })
    const page = await context.newPage()
    for (const path of [
      'examples/',
      'examples/?lang=en',
      'examples/partner-portal.html?lang=en',
      'examples/rating-landing.html',
    ]) {
      await page.goto(`${app.base}${path}`)
      await page.waitForLoadState('networkidle')
      await expect
        .poll(() => page.locator('[aria-busy="true"], [part~="skeleton"]').count(), { timeout: 20_000 })
        .toBe(0)
      const name = path.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'index'
      await page.screenshot({ path: `${shots}${name}-390.png`, fullPage: true })
      await expectNoViolations(page, path)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${path} overflows at 390 px`,
      ).toBe(true)
    }
    await context.close()
  })
})
