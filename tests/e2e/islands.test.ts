import { hostAppMessages } from '@mashura/host-app/i18n'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import type { NpmStart } from './support/npm-start.ts'
import { openPage, pathOf, settled, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'

/**
 * Issue 37 (the site on a phone): the pages the server draws whole for a visitor (home, the FAQ, the subject
 * and information pages) run without the app. The small script `host-app/src/islands.ts` answers the header's
 * side menu, the language toggle, the search boxes, sign-in and the FAQ's filter on the drawn HTML; a press
 * on anything else loads the app, which takes the page over and presses the same button again. Against the
 * README's `npm start`, in real Chromium at a phone's width.
 */
let app: NpmStart
let browser: Browser

beforeAll(async () => {
  ;({ app, browser } = await startSite())
})

afterAll(() => stopSite({ app, browser }))

/** The app's entry script (`/assets/index-….js`), which these pages must not load until something needs it. */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/

/**
 * Waits until the server draws `path` whole (every load it makes while drawing came in within its time), as
 * it does once its caches are warm: a drawing that missed a load (a cold server on a busy machine) names the
 * app instead of the islands, by design, which is not what these tests are about.
 */
async function drawnWhole(path: string, lang: 'ar' | 'en'): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await (await fetch(new URL(path, app.base), { headers: { cookie: `mashura_lang=${lang}` } })).text()
        ).includes('"islands":{'),
      { timeout: 30_000 },
    )
    .toBe(true)
}

/** A visitor's page at `path` at a phone's width, recording whether the app's entry was requested. */
async function visit(path: string, lang: 'ar' | 'en' = 'ar'): Promise<{ page: Page; app: () => boolean }> {
  await drawnWhole(path, lang)
  const page = await openPage(browser, { width: widths.mobile, lang })
  if (lang === 'en') await page.context().addCookies([{ name: 'mashura_lang', value: 'en', url: app.base }])
  let requested = false
  page.on('request', (request) => {
    if (APP_ENTRY.test(request.url())) requested = true
  })
  await page.goto(new URL(path, app.base).href)
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 })
  return { page, app: () => requested }
}

describe('pages that run without the app', () => {
  it('opens and closes the side menu as the app does, by keyboard, without loading the app', async () => {
    const { page, app: appLoaded } = await visit('/')
    const opener = page.locator('[data-action="open-side-menu"]')
    const menu = page.locator('dialog[data-region="side-menu"]')
    expect(await menu.isVisible()).toBe(false)
    await opener.focus()
    await page.keyboard.press('Enter')
    await menu.locator('[data-side-item="home"]').waitFor()
    expect(await opener.getAttribute('aria-expanded')).toBe('true')
    // Signed out: home and about, home marked as this page.
    expect(
      await menu
        .locator('[data-side-item]')
        .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.sideItem)),
    ).toEqual(['home', 'about'])
    expect(await menu.locator('[data-side-item="home"]').getAttribute('aria-current')).toBe('page')
    await expectNoViolations(page, 'home, side menu open (islands)')
    // Tab stays inside: from the last entry it wraps to the first control (the close button).
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await inside()).toBe(true)
    }
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    // The dialog's close event, which unmarks the button, comes a task after the dialog is hidden.
    await expect.poll(() => opener.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action)).toBe(
      'open-side-menu',
    )
    // The close button and the backdrop close it too.
    await opener.click()
    await menu.locator('[data-action="close-side-menu"]').click()
    await menu.waitFor({ state: 'hidden' })
    await opener.click()
    await menu.waitFor()
    // Right to left, the drawer comes from the right: the backdrop is on the left.
    await page.mouse.click(10, 450)
    await menu.waitFor({ state: 'hidden' })
    expect(appLoaded()).toBe(false)
    await page.context().close()
  })

  it('switches the language, and the server draws the page in it', async () => {
    const { page, app: appLoaded } = await visit('/Faq')
    await page.locator('[data-action="toggle-language"]').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    expect(await page.locator('#root[data-ssr]').count()).toBe(1)
    expect(await page.locator('h1').textContent()).toBe('Frequently asked questions')
    const cookies = await page.context().cookies(app.base)
    expect(cookies.find((cookie) => cookie.name === 'mashura_lang')?.value).toBe('en')
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en')
    expect(appLoaded()).toBe(false)
    await page.context().close()
  })

  it('searches from the home box and the header box', async () => {
    const { page } = await visit('/')
    const home = page.locator('[data-region="home-search"]')
    await home.locator('input[name="q"]').fill('  تسويق ')
    await home.locator('input[name="q"]').press('Enter')
    await page.waitForURL((url) => url.pathname.startsWith('/contributers/search/'))
    expect(pathOf(page)).toBe('/contributers/search/تسويق')
    await settled(page, 'search')
    await page.goto(new URL('/Faq', app.base).href)
    await page.locator('html[data-ready]').waitFor({ state: 'attached' })
    const header = page.locator('form[data-region="header-search"]')
    await header.locator('input[name="q"]').fill('')
    await header.locator('button[type="submit"]').click()
    await page.waitForURL((url) => url.pathname === '/contributers/search/%20')
    await page.context().close()
  })

  it('filters the FAQ and says how many match, in the page’s own words', async () => {
    const { page, app: appLoaded } = await visit('/Faq', 'en')
    const items = page.locator('.faq-item')
    const all = await items.count()
    expect(all).toBeGreaterThan(1)
    const first = ((await items.first().locator('summary').textContent()) ?? '').trim()
    const filter = page.locator('.faq-filter input')
    await filter.fill(first)
    await expect.poll(() => page.locator('.faq-item:visible').count()).toBeGreaterThanOrEqual(1)
    const shown = await page.locator('.faq-item:visible').count()
    expect(shown).toBeLessThan(all)
    expect(await page.locator('.faq-count').textContent()).toBe(
      shown === 1 ? '1 question' : `${shown} questions`,
    )
    await filter.fill('zzzz-no-such-question')
    await expect.poll(() => page.locator('.faq-count').textContent()).toBe('No matching questions')
    expect(await page.locator('.faq-item:visible').count()).toBe(0)
    await filter.fill('')
    await expect.poll(() => page.locator('.faq-item:visible').count()).toBe(all)
    expect(appLoaded()).toBe(false)
    await page.context().close()
  })

  it('loads the app for a press it does not answer, and the app presses the same button', async () => {
    const { page, app: appLoaded } = await visit('/', 'en')
    const play = page.getByRole('button', { name: hostAppMessages.en['home.video.play'] })
    await play.scrollIntoViewIfNeeded()
    expect(appLoaded()).toBe(false)
    await play.click()
    // One press: the app loads, hydrates the drawn page and presses play again; the player is there.
    await expect
      .poll(() => page.locator('.video-frame iframe').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/)
    expect(appLoaded()).toBe(true)
    await page.context().close()
  })

  it('runs an expert list’s search without the app: filters, then an expert’s profile as a new page', async () => {
    const { page, app: appLoaded } = await visit('/contributers/consultant')
    const search = page.locator('div[data-widget="expert-search"]')
    const results = search.locator('[part~="result"]')
    expect(await results.count()).toBeGreaterThan(0)
    // The filters fold behind a button on a phone: the hydrated widget opens them.
    const toggle = search.locator('[part~="filters-toggle"]')
    await toggle.click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true')
    await search.locator('[part~="filters-done"]').click()
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')
    const first = results.first()
    const id = await first.getAttribute('data-contributor')
    await first.locator('[part~="choose"]').click()
    await page.waitForURL((url) => url.pathname.startsWith('/profile/'))
    expect(pathOf(page)).toMatch(new RegExp(`^/profile/consultant/\\d+/${id}$`))
    expect(appLoaded()).toBe(false)
    await page.context().close()
  })

  it('runs a profile’s booking calendar without the app, and booking signs in back to the chosen slot', async () => {
    const { page: list } = await visit('/contributers/consultant')
    const card = list.locator('div[data-widget="expert-search"] [part~="result"]').first()
    await card.locator('[part~="choose"]').click()
    await list.waitForURL((url) => url.pathname.startsWith('/profile/'))
    const path = pathOf(list)
    await list.context().close()
    const { page, app: appLoaded } = await visit(path)
    const calendar = page.locator('div[data-widget="booking-calendar"]')
    const slot = calendar.locator('[part~="slot"]').first()
    await slot.click()
    await calendar.locator('[part~="slot-selected"]').waitFor()
    expect(appLoaded()).toBe(false)
    await expectNoViolations(page, 'profile, a slot chosen (islands)')
    // Nobody is signed in: booking starts the site's sign-in, whose return address names the slot.
    await calendar.locator('[part~="sign-in"]').click()
    await page.waitForURL(/\/oidc\//)
    await page.context().close()
  })

  it('gives a visitor whose stored language the server did not know the app, in that language', async () => {
    // English in storage, no cookie (a choice made before the cookie existed): drawn in Arabic, shown in English.
    const page = await openPage(browser, { width: widths.mobile, lang: 'en' })
    await page.goto(app.base)
    await settled(page, 'home')
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(await page.locator('h1').textContent()).toBe(hostAppMessages.en['home.hero.title'])
    const cookies = await page.context().cookies(app.base)
    expect(cookies.find((cookie) => cookie.name === 'mashura_lang')?.value).toBe('en')
    await page.context().close()
  })
})
