import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookChosenSlot } from './support/booking.ts'
import { addOnlineSlot, clearCalendar, personIds, sessionOfSlot } from './support/db.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { makeSession } from './support/recommendations.ts'
import { type Person, people, signIn } from './support/sign-in.ts'
import { advisorNav, navItems, openPage, pathOf, settled } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'

// The agency's site as `npm start` serves it at `/`, driven like its visitors: the journeys of issue 6.
let app: NpmStart
let browser: Browser
const shots = `${root}test-results/host-app/`

beforeAll(async () => {
  ;({ app, browser } = await startSite())
  mkdirSync(shots, { recursive: true })
})

afterAll(() => stopSite({ app, browser }))

/** A fresh visitor's page, opened at the site's home. */
async function home(options: Parameters<typeof openPage>[1] = {}): Promise<Page> {
  const page = await openPage(browser, options)
  await page.goto(app.base)
  await settled(page, 'home')
  return page
}

/** A fresh page at the site's home, signed in as `person` through the provider. */
async function signedInHome(person: Person): Promise<Page> {
  const page = await home()
  await signIn(page, person)
  return page
}

/** Polls the header's navigation items: an expert's items wait for live data (profile, chat status). */
const navSettles = (page: Page) => expect.poll(() => navItems(page), { timeout: 15_000 })

/** The expert-search widget's result card of one expert. */
function resultCard(page: Page, contributorId: number) {
  return page.locator(
    `div[data-widget="expert-search"] [part~="result"][data-contributor="${contributorId}"]`,
  )
}

/** Searches from the header's search box and waits for the widget's results. */
async function headerSearch(page: Page, text: string): Promise<void> {
  const form = page.locator('form[role="search"][data-region="header-search"]')
  await form.locator('input[type="search"][name="q"]').fill(text)
  await form.locator('button[type="submit"], button:not([type])').first().click()
  await settled(page, 'search')
}

describe('a visitor finds an expert', () => {
  it('searches from home, sees the results and opens an expert with the booking calendar', async () => {
    const page = await home()
    expect(await page.locator('h1').count()).toBe(1)
    // The home search: a blank search asks for everyone (a single space in the address).
    const search = page.locator('[data-region="home-search"]')
    await search.locator('input').first().fill('')
    await search.locator('button[type="submit"], button:not([type])').first().click()
    await page.waitForURL((url) => url.pathname === '/contributers/search/%20')
    await settled(page, 'search')
    const results = page.locator('div[data-widget="expert-search"] [part~="result"]')
    await expect.poll(() => results.count()).toBeGreaterThan(0)

    // The header search narrows by name.
    const consultant = await personIds(app.dataDir, people.consultant.subject)
    await headerSearch(page, 'فيصل')
    expect(pathOf(page)).toBe('/contributers/search/فيصل')
    await resultCard(page, consultant.contributorId!).waitFor()
    await resultCard(page, consultant.contributorId!).locator('[part~="choose"]').click()
    await page.waitForURL((url) => url.pathname.startsWith('/profile/'))
    expect(pathOf(page)).toMatch(new RegExp(`^/profile/consultant/\\d+/${consultant.contributorId}$`))
    await settled(page, 'profile')
    await page.locator('div[data-widget="booking-calendar"] [part~="base"]').waitFor()
    expect(await page.locator('h1').count()).toBe(1)
    await page.context().close()
  })
})

describe('a business owner books a session', () => {
  it('signs in, accepts the terms, books an online slot and finds the session in her upcoming sessions', async () => {
    const page = await signedInHome(people.sme)
    expect(pathOf(page)).toBe('/')
    await clearCalendar(app.dataDir, people.sme.subject)
    const consultant = await personIds(app.dataDir, people.consultant.subject)
    const slot = await addOnlineSlot(app.dataDir, consultant.contributorId!)

    await headerSearch(page, 'فيصل')
    await resultCard(page, consultant.contributorId!).locator('[part~="choose"]').click()
    await settled(page, 'profile')
    const calendar = page.locator('div[data-widget="booking-calendar"]')
    // The slot may fall in next week when this one is nearly over.
    const slotLabel = calendar.locator(`[data-slot-id="${slot.id}"]`)
    // Count the slots only once the week's schedule has arrived, or the test walks past the right week.
    const loaded = calendar.locator('[part~="base"][aria-busy="false"] [part~="week-title"]')
    await loaded.waitFor()
    for (let week = 0; week < 2 && !(await slotLabel.count()); week++) {
      const title = await calendar.locator('[part~="week-title"]').textContent()
      await calendar.locator('[part~="next-week"]').click()
      await expect.poll(() => calendar.locator('[part~="week-title"]').textContent()).not.toBe(title)
      await loaded.waitFor()
    }
    await slotLabel.click()
    const success = await bookChosenSlot(calendar)
    await page.screenshot({ path: `${shots}journey-booked-ar-1280.png` })
    // The site links its own session page from the success dialog.
    const sessionLink = await success.locator('[part~="session-link"]').getAttribute('href')
    await success.locator('[part~="close"]').click()
    await success.waitFor({ state: 'detached' })
    const session = await sessionOfSlot(app.dataDir, slot.id)
    expect(session?.state).toBe('booked')
    expect(sessionLink).toBe(`/session/${session!.id}`)

    await page.locator('header [data-nav-item="sessions"] a').click()
    await page.waitForURL((url) => url.pathname === '/sessions/upcoming')
    await settled(page, 'sessions')
    const row = page.locator(`[data-session-id="${session!.id}"]`)
    await row.waitFor()
    await row.locator('a').first().click()
    await page.waitForURL((url) => /^\/(session|session-details\/[^/]+)\/\d+$/.test(url.pathname))
    expect(pathOf(page)).toMatch(new RegExp(`/${session!.id}$`))
    await settled(page, 'session')
    const room = page.locator('div[data-widget="session-room"]')
    await room.locator('[part~="session"]').waitFor()
    expect(await room.locator('[part~="state"]').getAttribute('data-state')).toBe('booked')
    await page.context().close()
  })
})

describe('account deletion', () => {
  it('goes closed → confirm → closed → confirm → reason → sent → closed', async () => {
    const page = await signedInHome(people.partner)
    const dialog = page.locator('dialog[data-region="deletion-dialog"]')
    const isOpen = () => dialog.evaluate((d) => (d as HTMLDialogElement).open).catch(() => false)
    expect(await isOpen()).toBe(false)
    await page.locator('[data-footer-item="deletion"]').click()
    await expect.poll(isOpen).toBe(true)
    expect(await dialog.getAttribute('data-state')).toBe('confirm')
    await dialog.locator('[data-action="deletion-no"]').click()
    await expect.poll(isOpen).toBe(false)

    await page.locator('[data-footer-item="deletion"]').click()
    await expect.poll(isOpen).toBe(true)
    expect(await dialog.getAttribute('data-state')).toBe('confirm')
    await dialog.locator('[data-action="deletion-yes"]').click()
    await expect.poll(() => dialog.getAttribute('data-state')).toBe('reason')
    const reason = dialog.locator('textarea[name="reason"]')
    expect(await reason.getAttribute('rows')).toBe('4')
    expect(await reason.getAttribute('maxlength')).toBe('300')
    expect(await reason.getAttribute('required')).not.toBeNull()
    const send = dialog.locator('[data-action="deletion-send"]')
    const sendDisabled = () =>
      send.evaluate((b) => (b as HTMLButtonElement).disabled || b.getAttribute('aria-disabled') === 'true')
    expect(await sendDisabled()).toBe(true)
    await reason.focus()
    // Typed text stops at the limit (the browser's maxlength, as a person typing would meet it).
    await page.keyboard.insertText('س'.repeat(350))
    await expect.poll(() => reason.inputValue().then((v) => v.length)).toBe(300)
    expect(await sendDisabled()).toBe(false)
    await page.screenshot({ path: `${shots}journey-deletion-reason-ar-1280.png` })
    await send.click()
    await expect.poll(() => dialog.getAttribute('data-state'), { timeout: 10_000 }).toBe('sent')
    await dialog.locator('[data-action="deletion-close"]').click()
    await expect.poll(isOpen).toBe(false)
    await page.context().close()
  })
})

describe('navigation bar and profile menu per person (spec section 2)', () => {
  const smeNav = ['home', 'sessions', 'requests', 'faq', 'search', 'profileMenu']
  // An expert's bar also links their sessions and their week of slots (issue 14); a consultant answers no
  // requests, so his bar is the advisor's without them.
  const consultantNav = advisorNav.filter((item) => item !== 'requests')

  /** Opens the profile menu and returns which entries it has. */
  async function profileEntries(page: Page): Promise<string[]> {
    const button = page.locator('[data-action="open-profile-menu"]')
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    const menu = page.locator('[data-region="profile-menu"]')
    await menu.waitFor()
    expect(await button.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'))
    return menu
      .locator('[data-profile-item]')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.profileItem ?? ''))
  }

  it('signed out: home, FAQ, search, sign in', async () => {
    const page = await home()
    expect(await navItems(page)).toEqual(['home', 'faq', 'search', 'signIn'])
    expect(await page.locator('li[data-nav-item="signIn"] button').count()).toBe(1)
    expect(await page.locator('[data-nav-item="home"] a').getAttribute('aria-current')).toBe('page')
    await page.context().close()
  })

  it('business owner: sessions and requests, a profile menu without switch or instant toggle', async () => {
    const page = await signedInHome(people.sme)
    expect(await navItems(page)).toEqual(smeNav)
    // Mail preferences and "My data" (issue 34) are everyone's.
    expect(await profileEntries(page)).toEqual(['mail-preferences', 'my-data', 'logout'])
    const menu = page.locator('[data-region="profile-menu"]')
    expect(await menu.locator('[data-field="full-name"]').textContent()).toContain(people.sme.name)
    expect(await menu.locator('img').count()).toBeGreaterThan(0)
    // Closes on Escape.
    await page.keyboard.press('Escape')
    await expect
      .poll(() => page.locator('[data-action="open-profile-menu"]').getAttribute('aria-expanded'))
      .toBe('false')
    await page.context().close()
  })

  it('advisor with chat on: messages, notifications, dashboard and requests', async () => {
    const page = await signedInHome(people.advisor)
    expect(pathOf(page)).toBe('/dashboard')
    // Messages waits for the live expert record (chat status) from the realtime store.
    await navSettles(page).toEqual(advisorNav)
    expect(await page.locator('[data-nav-item="dashboard"] a').getAttribute('aria-current')).toBe('page')
    await page.context().close()
  })

  it('consultant with instant sessions enabled: no requests, an instant toggle with its helper text', async () => {
    const page = await signedInHome(people.consultant)
    await navSettles(page).toEqual(consultantNav)
    // A contributor id means the switch; the instant toggle waits for the admin's flag from the live record.
    await expect
      .poll(() => profileEntries(page), { timeout: 15_000 })
      .toEqual(['switch', 'instant', 'mail-preferences', 'my-data', 'logout'])
    const instant = page.locator('[data-region="profile-menu"] [data-profile-item="instant"]')
    // The entry is the switch itself or holds it.
    const toggle = page.locator(
      '[data-region="profile-menu"] :is(input[data-profile-item="instant"], [data-profile-item="instant"] input)[type="checkbox"][role="switch"]',
    )
    expect(await toggle.count()).toBe(1)
    expect(await instant.count()).toBe(1)
    const helper = page.locator('[data-region="profile-menu"] [data-field="instant-helper"]')
    const before = await helper.textContent()
    expect(before?.trim()).not.toBe('')
    await page.screenshot({ path: `${shots}journey-profile-menu-ar-1280.png` })
    // The toggle sends at once and the server keeps it: flipped, it stays flipped after a reload.
    const was = await toggle.isChecked()
    await toggle.click()
    await expect.poll(() => toggle.isChecked()).toBe(!was)
    await page.reload()
    await expect.poll(() => profileEntries(page), { timeout: 15_000 }).toContain('instant')
    await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(!was)
    await page.context().close()
  })

  it('partner with chat off: no messages', async () => {
    const page = await signedInHome(people.partner)
    await navSettles(page).toEqual([
      'home',
      'sessions',
      'week',
      'notifications',
      'dashboard',
      'faq',
      'search',
      'profileMenu',
    ])
    await page.context().close()
  })

  it('both roles: the switch changes the navigation and goes home', async () => {
    const page = await signedInHome(people.both)
    await navSettles(page).toSatisfy(
      (items: string[]) =>
        JSON.stringify(items) === JSON.stringify(smeNav) ||
        JSON.stringify(items) === JSON.stringify(consultantNav),
    )
    const before = await navItems(page)
    expect(await profileEntries(page)).toContain('switch')
    await page.locator('[data-region="profile-menu"] [data-profile-item="switch"]').click()
    await navSettles(page).toEqual(JSON.stringify(before) === JSON.stringify(smeNav) ? consultantNav : smeNav)
    await expect.poll(() => pathOf(page)).toBe('/')
    await page.context().close()
  })
})

describe('side menu (phone)', () => {
  it('holds home, sessions, profile, about and logout, and marks the current one', async () => {
    const page = await home({ width: 390 })
    await signIn(page, people.sme)
    const menu = page.locator('[data-region="side-menu"]')
    const open = async () => {
      await page.locator('[data-action="open-side-menu"]').click()
      await menu.waitFor()
    }
    const current = () =>
      menu.locator('[data-side-item][aria-current="page"], [data-side-item] [aria-current="page"]').count()
    await open()
    const items = await menu
      .locator('[data-side-item]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.sideItem))
    expect(items).toEqual(['home', 'sessions', 'profile', 'about', 'logout'])
    const active = (id: string) =>
      menu
        .locator(`[data-side-item="${id}"]`)
        .evaluate((el) =>
          el.matches('[aria-current="page"]') ? true : !!el.querySelector('[aria-current="page"]'),
        )
    expect(await active('home')).toBe(true)
    expect(await current()).toBe(1)
    await menu.locator('[data-side-item="sessions"]').locator('xpath=self::a|.//a').first().click()
    await page.waitForURL((url) => url.pathname === '/sessions/upcoming')
    await settled(page, 'sessions')
    if (!(await menu.isVisible())) await open()
    expect(await active('sessions')).toBe(true)
    expect(await current()).toBe(1)
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    await page.context().close()
  })
})

describe('language', () => {
  /** Every label of the header's navigation and the footer's items: accessible name or visible text. */
  function labels(page: Page): Promise<Record<string, string>> {
    return page
      .locator(
        'header[data-region="header"] li[data-nav-item], footer[data-region="footer"] [data-footer-item]',
      )
      .evaluateAll((items) =>
        Object.fromEntries(
          items.map((item) => {
            const el = item as HTMLElement
            const key = el.dataset.navItem ? `nav:${el.dataset.navItem}` : `footer:${el.dataset.footerItem}`
            const named = el.matches('a, button') ? el : el.querySelector('a, button, input')
            const name = named?.getAttribute('aria-label') ?? ''
            // biome-ignore lint/performance/useDomNodeTextContent: what shows on screen, not hidden text.
            return [key, `${name} ${el.innerText}`.replace(/\s+/g, ' ').trim()]
          }),
        ),
      )
  }

  it('toggles Arabic/right-to-left to English/left-to-right, relabels header and footer, and keeps it', async () => {
    const page = await home()
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    const arabic = await labels(page)
    expect(Object.keys(arabic)).toEqual(
      expect.arrayContaining([
        'nav:home',
        'nav:faq',
        'nav:search',
        'nav:signIn',
        'footer:about',
        'footer:terms',
      ]),
    )
    const copyright = await page.locator('footer [data-field="copyright"]').textContent()
    await page.locator('[data-action="toggle-language"]').click()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    const english = await labels(page)
    expect(Object.keys(english)).toEqual(Object.keys(arabic))
    const unchanged = Object.keys(arabic).filter((key) => arabic[key] === english[key])
    expect(
      unchanged,
      `labels that stayed the same: ${unchanged.map((k) => `${k}=${arabic[k]}`).join(', ')}`,
    ).toEqual([])
    expect(await page.locator('footer [data-field="copyright"]').textContent()).not.toBe(copyright)
    expect(await page.locator('footer [data-field="copyright"]').textContent()).toContain(
      String(new Date().getFullYear()),
    )
    await page.reload()
    await settled(page, 'home')
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await labels(page)).toEqual(english)
    // And back.
    await page.locator('[data-action="toggle-language"]').click()
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.context().close()
  })
})

describe('routes', () => {
  const protectedRoutes = [
    '/sessions/upcoming',
    '/requests',
    '/session-details/upcoming/1',
    '/session/1',
    '/request/1',
    '/smeHistory/1/1',
    '/sessionRecommendations/1/1/1',
    '/add-recommendations/1',
    '/Chat',
    '/Chat/1',
    '/dashboard',
    '/notifications',
  ]

  it('sends a signed-out visitor from every protected route to home', async () => {
    const page = await openPage(browser)
    for (const route of protectedRoutes) {
      await page.goto(new URL(route.slice(1), app.base).href)
      await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 })
      await settled(page, 'home')
    }
    await page.context().close()
  })

  it('sends a signed-in person home from a session that is not theirs or does not exist (spec 8.3)', async () => {
    // A session of the consultant with the seeded business owner: the partner is neither of its people.
    const { sessionId } = await makeSession(app.dataDir, 'ended')
    const page = await signedInHome(people.partner)
    for (const route of [`/session/${sessionId}`, '/session/987654321']) {
      const answered = page.waitForResponse((r) => /\/api\/schedule\/sessions\/\d+\/details/.test(r.url()))
      await page.goto(new URL(route.slice(1), app.base).href)
      expect([403, 404]).toContain((await answered).status())
      await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 })
      await settled(page, 'home')
    }
    await page.context().close()
  })

  it('shows the not-found page with a link home for an unknown path', async () => {
    const page = await openPage(browser)
    await page.goto(`${app.base}no/such/page`)
    await settled(page, 'not-found')
    expect(await page.locator('h1').count()).toBe(1)
    const link = page.locator('[data-page="not-found"] a[href="/"]')
    expect(await link.count()).toBeGreaterThan(0)
    await link.first().click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.context().close()
  })

  it('renders /smeRate without header and footer', async () => {
    const page = await openPage(browser)
    await page.goto(`${app.base}smeRate`)
    await settled(page, 'sme-rate')
    expect(await page.locator('[data-region="header"]').count()).toBe(0)
    expect(await page.locator('[data-region="footer"]').count()).toBe(0)
    expect(await page.locator('h1').count()).toBe(1)
    await page.context().close()
  })
})
