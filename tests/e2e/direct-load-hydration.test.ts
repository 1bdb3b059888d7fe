import { mkdirSync } from 'node:fs'
import { bookingCalendarMessages } from '@mashura/core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { openPage, settled, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'

/**
 * Issue 31, point 1: a public page opened by a link or reloaded arrives drawn by the server in the language
 * of the visitor's cookie, and the browser must take it over as drawn. In English the server (Node's ICU)
 * wrote CLDR's thin spaces in the booking calendar's week range where Chromium writes ordinary ones; React
 * hydrating the calendar's shadow root threw it away (#418), could not empty a shadow root, and drew a
 * second, working calendar under the dead first one. Core now writes dates one way on every engine
 * (`plainSpaces`). Against the README's `npm start`, in real Chromium, at a phone's and a desktop's width.
 */
let app: NpmStart
let browser: Browser
const shots = `${root}test-results/direct-load-hydration/`

beforeAll(async () => {
  ;({ app, browser } = await startSite())
  mkdirSync(shots, { recursive: true })
}, 180_000)

afterAll(() => stopSite({ app, browser }))

/** React's hydration errors (#418 text, #423 and #425 mismatch) and the site's and widgets' own warnings. */
const HYDRATION = /hydrat|drawn again|#418|#423|#425/i

/** A page in `lang` as a returning visitor has it (the stored choice and the cookie), recording hydration errors. */
async function visitor(lang: 'ar' | 'en', width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await openPage(browser, { width, lang })
  await page.context().addCookies([{ name: 'mashura_lang', value: lang, url: app.base }])
  const errors: string[] = []
  page.on('console', (message) => {
    if (HYDRATION.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) errors.push(error.message)
  })
  return { page, errors }
}

/** Waits until React has taken the drawn page over: the page is settled and the widgets' roots hydrated. */
async function hydrated(page: Page, name: string): Promise<void> {
  await settled(page, name)
  // A widget's shadow root hydrates in a transition of its own, after the page's.
  await page.waitForTimeout(500)
}

/** The profile of a seeded consultant with free slots, as the issue opened it. */
const PROFILE = '/profile/consultant/0/5'

describe('Issue 31: public pages opened by a link or reloaded hydrate as drawn', () => {
  it('shows one working booking calendar on an English profile opened directly and reloaded, at 390 and 1280', async () => {
    const en = bookingCalendarMessages.en
    for (const width of [widths.mobile, widths.desktop]) {
      const { page, errors } = await visitor('en', width)
      await page.goto(new URL(PROFILE, app.base).href)
      for (const load of ['link', 'reload'] as const) {
        if (load === 'reload') await page.reload()
        await hydrated(page, 'profile')
        const where = `${load} at ${width}`
        expect(await page.locator('html').getAttribute('lang'), where).toBe('en')
        // One calendar: one host, one "Week navigation" landmark, one title.
        expect(await page.locator('[data-widget="booking-calendar"]').count(), where).toBe(1)
        expect(
          await page.getByRole('navigation', { name: en['bookingCalendar.weekNavigation'] }).count(),
          where,
        ).toBe(1)
        expect(await page.locator('[data-widget="booking-calendar"] [part~="base"]').count(), where).toBe(1)
        expect(errors, where).toEqual([])
        await expectNoViolations(page, `English profile, ${where}`)
        await page.screenshot({
          path: `${shots}profile-en-${load}-${width}.png`,
          fullPage: width === widths.mobile,
        })
        // The calendar answers: "Next week" shows the next week.
        const title = page.locator('[data-widget="booking-calendar"] [part~="week-title"]')
        const before = await title.textContent()
        await page.getByRole('button', { name: en['bookingCalendar.nextWeek'] }).click()
        await expect.poll(() => title.textContent(), { timeout: 10_000 }).not.toBe(before)
        expect(errors, where).toEqual([])
      }
      await page.context().close()
    }
  })

  it('hydrates every public page opened directly in Arabic and in English without a React hydration error', async () => {
    const pages: [string, string][] = [
      ['/', 'home'],
      ['/subjects/1', 'subjects'],
      ['/contributers/consultant', 'contributors'],
      ['/contributers/search/%D8%AA%D8%B3%D9%88%D9%8A%D9%82', 'search'],
      [PROFILE, 'profile'],
      ['/Faq', 'faq'],
      ['/mosnhaatInfo/about', 'info'],
    ]
    for (const lang of ['ar', 'en'] as const) {
      const { page, errors } = await visitor(lang, widths.desktop)
      for (const [path, name] of pages) {
        await page.goto(new URL(path, app.base).href)
        expect(await page.locator('#root[data-ssr]').count(), `${path} drawn by the server (${lang})`).toBe(1)
        await hydrated(page, name)
        expect(await page.locator('html').getAttribute('lang'), path).toBe(lang)
        expect(errors, `${path} (${lang})`).toEqual([])
        for (const widget of ['booking-calendar', 'expert-search'])
          expect(
            await page.locator(`[data-widget="${widget}"] [part~="base"]`).count(),
            `${path} ${widget}`,
          ).toBeLessThan(2)
        if (name === 'profile') await page.screenshot({ path: `${shots}profile-${lang}-1280.png` })
      }
      await page.context().close()
    }
  })
})
