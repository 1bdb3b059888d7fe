import { ar, en, formatDateTime, timeZoneLabel } from '@mashura/core'
import { hostAppMessages } from '@mashura/host-app/i18n'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expertLinks } from './support/chat.ts'
import { personIds, withStore } from './support/db.ts'
import type { NpmStart } from './support/npm-start.ts'
import { people } from './support/sign-in.ts'
import { advisorNav, navItems, settled, signedInPage, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'
import { ownProfile, setCanCreateSlots } from './support/workspace.ts'

/**
 * What an expert finds from the header (issue 14): their week of slots (their own profile with add-slots)
 * and their sessions in the top bar and in the phone's side menu, in both languages; their notifications
 * with their date and a link to what they are about; the add-slots button saying why it is off; and a
 * woman's kind in the feminine. In real Chromium against `npm start`.
 */
let app: NpmStart
let browser: Browser

beforeAll(async () => {
  ;({ app, browser } = await startSite())
})

afterAll(() => stopSite({ app, browser }))

/** Adds two fresh notifications for a person (at the top of the list): one about a request, one about a session. */
function addNotifications(personId: number, link: { requestId: number; sessionId: number }): Promise<void> {
  return withStore(app.dataDir, async (db) => {
    for (const [i, request] of [true, false].entries()) {
      await db
        .insertInto('notifications')
        .values({
          person_id: personId,
          kind: 'fixture',
          title_ar: request ? 'طلب جلسة جديد' : 'تذكير بجلستك',
          title_en: request ? 'A new session request' : 'A reminder of your session',
          body_ar: request ? 'طلب جلسة ينتظر ردك' : 'تبدأ جلستك قريبًا',
          body_en: request ? 'A session request awaits your answer' : 'Your session starts soon',
          request_id: request ? link.requestId : null,
          session_id: request ? null : link.sessionId,
          read_at: null,
          created_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
        })
        .execute()
    }
  })
}

/** Switches the site's language with the header's toggle and waits for the document to follow. */
async function switchTo(page: Page, lang: 'ar' | 'en'): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === lang) return
  await page.locator('[data-action="toggle-language"]').click()
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang)
}

/** Whether the bar's shown items (the search aside) share one row: a line across the bar meets them all. */
function oneRow(page: Page): Promise<boolean> {
  return page.locator('header nav li[data-nav-item]:not([data-nav-item="search"])').evaluateAll((items) => {
    const boxes = items
      .filter((item) => item.getClientRects().length > 0)
      .map((item) => item.getBoundingClientRect())
    return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom))
  })
}

/** A header link's name: its visible label, or its title when the label is hidden (phones). */
function linkName(page: Page, item: string): Promise<string | null> {
  return page.locator(`header nav li[data-nav-item="${item}"] a`).getAttribute('title')
}

describe('the top bar of an expert (desktop)', () => {
  it('links the week of slots and the sessions, in Arabic and in English, and a woman is «مرشدة»', async () => {
    const own = await ownProfile(app.dataDir, people.advisor.subject)
    const page = await signedInPage(browser, app.base, people.advisor)
    // The week link waits for the expert's own profile (its address names a subject).
    await expect.poll(() => navItems(page), { timeout: 15_000 }).toEqual(advisorNav)
    // Eight labelled links, the search and the account still share one row.
    await expect.poll(() => oneRow(page)).toBe(true)
    const week = page.locator('header nav li[data-nav-item="week"] a')
    const sessions = page.locator('header nav li[data-nav-item="sessions"] a')
    expect(await week.getAttribute('href')).toBe(own.path)
    expect(await sessions.getAttribute('href')).toBe('/sessions/upcoming')
    expect(await linkName(page, 'week')).toBe(ar['nav.myWeek'])
    expect(await week.locator('.nav-label').textContent()).toBe(ar['nav.myWeek'])
    expect(await linkName(page, 'sessions')).toBe(ar['nav.sessions'])

    await week.click()
    await page.waitForURL((url) => url.pathname === own.path)
    await settled(page, 'profile')
    expect(await week.getAttribute('aria-current')).toBe('page')
    await page.locator('form[data-region="add-slots"]').waitFor()
    // Haifa is a woman: her kind reads in the feminine.
    expect(await page.locator('.profile-kind').textContent()).toBe('مرشدة')

    await sessions.click()
    await page.waitForURL((url) => url.pathname === '/sessions/upcoming')
    await settled(page, 'sessions')
    expect(await page.locator('[data-page="sessions"]').getAttribute('data-tab')).toBe('upcoming')
    expect(await sessions.getAttribute('aria-current')).toBe('page')

    await switchTo(page, 'en')
    expect(await linkName(page, 'week')).toBe(en['nav.myWeek'])
    expect(await linkName(page, 'sessions')).toBe(en['nav.sessions'])
    // Waited for: on a busy machine the English labels and their font can land a frame after `lang` turns.
    await expect.poll(() => oneRow(page)).toBe(true)
    await week.click()
    await page.waitForURL((url) => url.pathname === own.path)
    await settled(page, 'profile')
    expect(await page.locator('.profile-kind').textContent()).toBe('Advisor')
    await switchTo(page, 'ar')
    await page.context().close()
  })
})

describe('the side menu of an expert (phone)', () => {
  it('holds the week of slots after the sessions, and marks it on the profile', async () => {
    const own = await ownProfile(app.dataDir, people.consultant.subject)
    const page = await signedInPage(browser, app.base, people.consultant, { width: widths.mobile })
    // The bar knows the week's address, but on a narrow phone the two links live in the side menu and the
    // bar keeps one row.
    await expect
      .poll(() => page.locator('header nav li[data-nav-item="week"] a').getAttribute('href'), {
        timeout: 15_000,
      })
      .toBe(own.path)
    expect(await page.locator('header nav li[data-nav-item="week"]').isVisible()).toBe(false)
    expect(await page.locator('header nav li[data-nav-item="sessions"]').isVisible()).toBe(false)
    expect(await oneRow(page)).toBe(true)

    const menu = page.locator('[data-region="side-menu"]')
    await page.locator('[data-action="open-side-menu"]').click()
    await menu.waitFor()
    const items = await menu
      .locator('[data-side-item]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.sideItem))
    expect(items).toEqual(['home', 'sessions', 'week', 'profile', 'about', 'logout'])
    const week = menu.locator('[data-side-item="week"]')
    expect(await week.textContent()).toBe(ar['nav.myWeek'])
    await expect.poll(() => week.getAttribute('href')).toBe(own.path)
    expect(await menu.locator('[data-side-item="sessions"]').getAttribute('href')).toBe('/sessions/upcoming')
    await week.click()
    await page.waitForURL((url) => url.pathname === own.path)
    await settled(page, 'profile')
    await page.locator('[data-action="open-side-menu"]').click()
    await menu.waitFor()
    expect(await week.getAttribute('aria-current')).toBe('page')
    expect(await menu.locator('[aria-current="page"]').count()).toBe(1)
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    await page.context().close()
  })
})

describe('notifications', () => {
  it('show their date in Riyadh time (with the Hijri date in Arabic) and open their request or session from the title', async () => {
    const consultant = await personIds(app.dataDir, people.consultant.subject)
    const links = await expertLinks(app.dataDir, consultant.contributorId!)
    await addNotifications(consultant.id, links)
    const page = await signedInPage(browser, app.base, people.consultant)
    await page.goto(new URL('notifications', app.base).href)
    await settled(page, 'notifications')
    const items = page.locator('[data-region="notification-list"] li[data-notification-id]')
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2)

    const dates = async (lang: 'ar' | 'en') => {
      for (const item of await items.all()) {
        const time = item.locator('time[data-field="notification-date"]')
        const at = (await time.getAttribute('datetime'))!
        expect(Number.isNaN(Date.parse(at))).toBe(false)
        expect(await time.textContent()).toBe(formatDateTime(at, lang))
        const line = (await item.locator('.notification-item-time').textContent())!
        expect(line).toBe(`${formatDateTime(at, lang)} ${timeZoneLabel(lang)}`)
        // Gregorian first, then in Arabic the Hijri date: «… الموافق ١٢ جمادى الآخرة ١٤٤٨ هـ، …».
        if (lang === 'ar') expect(line).toMatch(/^[^،]+، .+ الموافق .+\s[٠-٩]{4}\s?هـ/)
        else expect(line).not.toMatch(/AH/)
      }
    }
    await dates('ar')

    // The title is the link, by spec 4's rule: the request before the session.
    const request = items.filter({ has: page.locator(`h2 a[href="/request/${links.requestId}"]`) }).first()
    const session = items.filter({ has: page.locator(`h2 a[href="/session/${links.sessionId}"]`) }).first()
    expect(await request.count()).toBe(1)
    expect(await session.count()).toBe(1)
    const sessionTitle = session.locator('h2 a')
    expect(await sessionTitle.textContent()).toBe(await session.locator('h2').textContent())
    expect(await sessionTitle.getAttribute('data-action')).toBe('open-notification')

    await switchTo(page, 'en')
    await settled(page, 'notifications')
    await dates('en')
    await switchTo(page, 'ar')
    await settled(page, 'notifications')

    await request.locator('h2 a').click()
    await page.waitForURL((url) => url.pathname === `/request/${links.requestId}`)
    await page.goBack()
    await settled(page, 'notifications')
    await session.locator('h2 a').click()
    await page.waitForURL((url) => url.pathname === `/session/${links.sessionId}`)
    await page.context().close()
  })
})

describe('the add-slots button', () => {
  const messages = hostAppMessages.ar

  /** The publish button's description: the text of the elements its aria-describedby names. */
  async function description(page: Page): Promise<string | null> {
    const button = page.locator('[data-action="publish-slots"]')
    const ids = await button.getAttribute('aria-describedby')
    if (!ids) return null
    const texts: string[] = []
    for (const id of ids.split(/\s+/)) {
      const described = page.locator(`[id="${id}"]`)
      expect(await described.isVisible(), `#${id} is shown`).toBe(true)
      texts.push(((await described.textContent()) ?? '').trim())
    }
    return texts.join(' ')
  }

  it('says beside it why it is disabled: nothing added yet, no office chosen', async () => {
    const own = await ownProfile(app.dataDir, people.consultant.subject)
    const page = await signedInPage(browser, app.base, people.consultant)
    await page.goto(new URL(own.path.slice(1), app.base).href)
    await settled(page, 'profile')
    const form = page.locator('form[data-region="add-slots"]')
    const button = form.locator('[data-action="publish-slots"]')
    expect(await button.isDisabled()).toBe(true)
    expect(await description(page)).toBe(messages['workspace.week.whyNoDrafts'])

    await form.locator('[data-action="next-week"]').click()
    await form.locator('[data-day]:not([data-state="past"]) [data-action="add-draft"]').first().click()
    await expect.poll(() => button.isDisabled()).toBe(false)
    expect(await description(page)).toBe(null)
    expect(await form.locator('[data-region="publish-why"]').count()).toBe(0)

    // In the office: the office comes first.
    await form.locator('input[name="availability"][value="1"]').check()
    await expect.poll(() => button.isDisabled()).toBe(true)
    const offices = await form.locator('select[name="office_id"] option:not([value=""])').count()
    expect(await description(page)).toBe(
      messages[offices > 0 ? 'workspace.week.whyNoOffice' : 'workspace.week.whyNoOffices'],
    )
    if (offices > 0) {
      await form.locator('select[name="office_id"]').selectOption({ index: 1 })
      await expect.poll(() => button.isDisabled()).toBe(false)
      expect(await description(page)).toBe(null)
    }
    await page.context().close()
  })

  it('says why it is off for an expert whose account may not publish slots', async () => {
    const own = await ownProfile(app.dataDir, people.partner.subject)
    await setCanCreateSlots(app.dataDir, own.contributorId, false)
    try {
      const page = await signedInPage(browser, app.base, people.partner)
      await page.goto(new URL(own.path.slice(1), app.base).href)
      await settled(page, 'profile')
      await page.locator('[data-region="own-schedule"]').waitFor()
      expect(await page.locator('form[data-region="add-slots"]').count()).toBe(0)
      const button = page.locator('[data-action="publish-slots"]')
      expect(await button.textContent()).toBe(messages['profilePage.slotForm.submit'])
      expect(await button.isDisabled()).toBe(true)
      expect(await description(page)).toBe(messages['workspace.perm.noCreate'])
      await page.context().close()
    } finally {
      await setCanCreateSlots(app.dataDir, own.contributorId, true)
    }
  })
})
