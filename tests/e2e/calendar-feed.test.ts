/**
 * The calendar subscription on the site (issue 36), end to end against `npm start`, in Chromium: an expert
 * makes their private address in the "Calendar subscription" section of the mail-settings page with the
 * keyboard and copies it; read as a calendar app reads it (no API key, no bearer), the feed holds the session a
 * business owner booked with them, as the server writes it (UID, SUMMARY, DTSTART in Riyadh time); its ETag
 * answers 304 until the owner cancels, then 200 with the same UID, STATUS:CANCELLED and a higher SEQUENCE;
 * making a new address ends the old one (404), and revoking it ends the new one. The section, its address and
 * its dialogs are axe clean in Arabic and English at 390 and 1280 px.
 */
import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expectNoViolations } from './support/axe.ts'
import { expertWithSubject, withStore } from './support/db.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people, signIn } from './support/sign-in.ts'
import { openPage, settled, signedInPage, widths } from './support/site.ts'

const shots = `${root}test-results/calendar-feed/`
const EXPERT = people.partner
const apiKey = 'mashura-dev-key'
const DAY = 86_400_000
/** The address a feed answers at: `…/api/calendar-feeds/<43 characters>.ics`. */
const FEED_URL = /^https?:\/\/[^/]+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/

let app: NpmStart
let browser: Browser
let owner: Page
let ownerToken = ''
let expert: { contributorId: number; subjectId: number }
let slot: { id: number; start_at: string }
let sessionId = 0

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  app = await startNpm()
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  ;({ expert, slot } = await withStore(app.dataDir, async (db) => {
    const { contributorId, subjectId } = await expertWithSubject(db, EXPERT.subject)
    const { insertSlot } = await import('@mashura/server/testing')
    // Twelve days away at 05:50 Riyadh time, an hour no seeded booking holds.
    const start = new Date(Date.now() + 12 * DAY)
    start.setUTCHours(2, 50, 0, 0)
    return {
      expert: { contributorId, subjectId },
      slot: await insertSlot(db, { contributorId, start, minutes: 60, availability: 2 }),
    }
  }))
  // The business owner books the expert's slot over the API, as the booking calendar does.
  // (Not `signedInPage`: its wait for the page to settle polls, which only a test may do.)
  owner = await openPage(browser, { width: widths.mobile })
  await owner.goto(app.base)
  await signIn(owner, people.sme)
  ownerToken = (await owner.evaluate(() => localStorage.getItem('smeToken'))) ?? ''
  expect(ownerToken).not.toBe('')
  const booked = await ownerApi(`/schedule/v3/schedules/${slot.id}/sessions/dashboard`, {
    method: 'POST',
    body: JSON.stringify({ communication_way: 0, subject_id: expert.subjectId }),
  })
  expect(booked.status).toBe(201)
  sessionId = ((await booked.json()) as { data: { session: { id: number } } }).data.session.id
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Calls the API as the signed-in business owner. */
function ownerApi(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('x-api-key', apiKey)
  headers.set('content-type', 'application/json')
  headers.set('authorization', `Bearer ${ownerToken}`)
  return fetch(new URL(`api${path}`, app.base), { ...init, headers })
}

/** One property of an iCalendar event: its parameters (`TZID`) and its value, TEXT escapes undone. */
interface IcsProperty {
  params: Record<string, string>
  value: string
}

/** Undoes TEXT escaping (RFC 5545 section 3.3.11): `\n`, `\,`, `\;`, `\\`. */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))
}

/**
 * The VEVENTs of an iCalendar file, each as its properties by name. Content lines are unfolded first (RFC 5545
 * section 3.1: a CRLF followed by one space or tab continues the line), then split at the first colon outside
 * a quoted parameter value.
 */
function eventsOf(ics: string): Map<string, IcsProperty>[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n')
  const events: Map<string, IcsProperty>[] = []
  let event: Map<string, IcsProperty> | null = null
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') event = new Map()
    else if (line === 'END:VEVENT' && event) {
      events.push(event)
      event = null
    } else if (event) {
      let quoted = false
      let colon = -1
      for (let i = 0; i < line.length && colon < 0; i++) {
        if (line[i] === '"') quoted = !quoted
        else if (line[i] === ':' && !quoted) colon = i
      }
      const [name, ...params] = line.slice(0, colon).split(';')
      event.set(name!.toUpperCase(), {
        params: Object.fromEntries(params.map((p) => [p.split('=')[0]!, p.slice(p.indexOf('=') + 1)])),
        value: unescapeText(line.slice(colon + 1)),
      })
    }
  }
  return events
}

/** A moment as Riyadh wall time (+03:00, no daylight saving), the way the feed writes DTSTART. */
function riyadhStamp(iso: string): string {
  return new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().replace(/[-:]|\.\d{3}Z/g, '')
}

/** Reads a feed as a calendar app does: no API key, no bearer token; `etag` asks whether it changed. */
function readFeed(url: string, etag?: string): Promise<Response> {
  return fetch(url, etag ? { headers: { 'if-none-match': etag } } : {})
}

/** The booked session's event in a feed's text, checked to be a well-formed file first. */
function bookedEvent(ics: string, host: string): Map<string, IcsProperty> {
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  // Lines end in CRLF and fold at 75 octets.
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
  const uid = `session-${sessionId}@${host}`
  const found = eventsOf(ics).filter((event) => event.get('UID')?.value === uid)
  expect(found, `${uid} in the feed`).toHaveLength(1)
  return found[0]!
}

/** A role's card in the section. */
function roleCard(page: Page, role: 'sme' | 'contributor'): Locator {
  return page.locator(`[data-region="calendar-feeds"] li[data-role="${role}"]`)
}

/** Opens the mail-settings page in a language at a width, and waits for the calendar section's cards. */
async function openSettings(page: Page, lang: 'ar' | 'en', width: number): Promise<Locator> {
  await page.setViewportSize({ width, height: 900 })
  await page.evaluate((l) => localStorage.setItem('language', l), lang)
  await page.goto(new URL('mail-preferences', app.base).href)
  await settled(page, 'mail-preferences')
  expect(await page.locator('html').getAttribute('lang')).toBe(lang)
  const section = page.locator('[data-region="calendar-feeds"]')
  await section.locator('li[data-role]').first().waitFor()
  return section
}

/** Tabs forward until the focused element matches `selector` (at most 80 presses). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** Whether the focused element matches `selector`. */
function focused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)
}

describe('the calendar subscription on the site', () => {
  it('an expert makes the address with the keyboard; the feed holds the booked session, 304 until it is cancelled, then STATUS:CANCELLED with a higher SEQUENCE; a new address ends the old, revoking ends it', async () => {
    const page = await signedInPage(browser, app.base, EXPERT, {
      width: widths.mobile,
      prepare: (p) =>
        p
          .context()
          .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.base).origin }),
    })

    // Arabic, at a phone's width: both roles, neither with an address yet.
    const section = await openSettings(page, 'ar', widths.mobile)
    expect(await section.locator('h2').textContent()).toBe('الاشتراك في التقويم')
    expect(
      await section
        .locator('li[data-role]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-role'))),
    ).toEqual(['sme', 'contributor'])
    const card = roleCard(page, 'contributor')
    expect(await card.getAttribute('data-state')).toBe('none')
    expect(await card.locator('[data-field="calendar-feed-state"]').textContent()).toBe(
      'لا عنوان لهذا التقويم بعد.',
    )

    await expectNoViolations(page, 'calendar subscription, no address yet (ar, 390)')

    // Made with the keyboard: focus lands on the address, shown this once with its warning.
    await tabTo(page, 'li[data-role="contributor"] [data-action="make-calendar-feed"]')
    await page.keyboard.press('Enter')
    const address = card.locator('[data-field="calendar-feed-url"]')
    await address.waitFor()
    await expect
      .poll(() => focused(page, 'li[data-role="contributor"] [data-field="calendar-feed-url"]'))
      .toBe(true)
    const first = await address.inputValue()
    expect(first).toMatch(FEED_URL)
    expect(await address.getAttribute('readonly')).not.toBeNull()
    expect(await card.getAttribute('data-state')).toBe('active')
    expect(await card.locator('[data-field="calendar-feed-state"]').textContent()).toContain('عنوان فعّال منذ')
    expect(await card.locator('[data-action="open-calendar-feed"]').getAttribute('href')).toBe(
      first.replace(/^https?:\/\//, 'webcal://'),
    )
    expect(await card.locator('.calendar-feed-note').textContent()).toContain(
      'يظهر هذا العنوان هذه المرة فقط',
    )
    // Copy, by keyboard: the clipboard holds the address and the status line says so.
    await page.keyboard.press('Tab')
    expect(await focused(page, 'li[data-role="contributor"] [data-action="copy-calendar-feed"]')).toBe(true)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => section.locator('[data-field="calendar-feeds-status"]').textContent())
      .toBe('نُسخ العنوان.')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
    await expectNoViolations(page, 'calendar subscription with its address (ar, 390)')
    await section.screenshot({ path: `${shots}expert-made-ar-390.png` })

    // Read as a calendar app reads it: the booked session, as the server writes it.
    const host = new URL(first).host
    const before = await readFeed(first)
    expect(before.status).toBe(200)
    expect(before.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const etag = before.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    const booked = bookedEvent(await before.text(), host)
    expect(booked.get('SUMMARY')!.value).toContain('جلسة مشورة مع')
    expect(booked.get('SUMMARY')!.value).toContain('Mashura session with')
    expect(booked.get('DTSTART')).toEqual({
      params: { TZID: 'Asia/Riyadh' },
      value: riyadhStamp(slot.start_at),
    })
    expect(booked.get('STATUS')!.value).toBe('CONFIRMED')
    const sequence = Number(booked.get('SEQUENCE')?.value ?? '0')
    // Unchanged: the ETag answers 304, with nothing to read.
    const unchanged = await readFeed(first, etag)
    expect(unchanged.status).toBe(304)
    expect(await unchanged.text()).toBe('')

    // The business owner cancels the session.
    const reasons = (
      (await (await ownerApi('/schedule/cancel/reasons')).json()) as {
        data: { id: number; requires_details: boolean }[]
      }
    ).data.filter((reason) => !reason.requires_details)
    const cancelled = await ownerApi(`/schedule/sme/sessions/${sessionId}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ cancel_reason_id: reasons[0]!.id }),
    })
    expect(cancelled.status, await cancelled.text()).toBe(200)
    // Changed: the same ETag now gets the file, the same event marked cancelled, its SEQUENCE raised.
    const after = await readFeed(first, etag)
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    const gone = bookedEvent(await after.text(), host)
    expect(gone.get('STATUS')!.value).toBe('CANCELLED')
    expect(Number(gone.get('SEQUENCE')?.value)).toBeGreaterThan(sequence)
    expect(gone.get('DTSTART')!.value).toBe(booked.get('DTSTART')!.value)

    // English at a desktop's width: the address is not shown again, only since when it works.
    await openSettings(page, 'en', widths.desktop)
    expect(await section.locator('h2').textContent()).toBe('Calendar subscription')
    expect(await card.locator('[data-field="calendar-feed-url"]').count()).toBe(0)
    expect(await card.locator('[data-field="calendar-feed-state"]').textContent()).toContain('Active since')
    await expectNoViolations(page, 'calendar subscription, an address working (en, 1280)')

    // A new address, after the warning: the old one stops working.
    await tabTo(page, 'li[data-role="contributor"] [data-action="replace-calendar-feed"]')
    await page.keyboard.press('Enter')
    const dialog = page.locator('dialog[data-region="calendar-feed-dialog"][open]')
    await dialog.waitFor()
    expect(await dialog.getAttribute('data-action')).toBe('replace')
    expect(await dialog.textContent()).toContain('The current address stops working at once')
    await expectNoViolations(page, 'make-a-new-address dialog (en, 1280)')
    await page.screenshot({ path: `${shots}expert-replace-dialog-en-1280.png` })
    // Escape keeps the address; the confirmation makes the new one.
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await focused(page, 'li[data-role="contributor"] [data-action="replace-calendar-feed"]')).toBe(
      true,
    )
    await page.keyboard.press('Enter')
    await dialog.locator('[data-action="confirm-replace-calendar-feed"]').click()
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(() => focused(page, 'li[data-role="contributor"] [data-field="calendar-feed-url"]'))
      .toBe(true)
    const second = await address.inputValue()
    expect(second).toMatch(FEED_URL)
    expect(second).not.toBe(first)
    expect((await readFeed(first)).status).toBe(404)
    const renewed = await readFeed(second)
    expect(renewed.status).toBe(200)
    expect(bookedEvent(await renewed.text(), host).get('STATUS')!.value).toBe('CANCELLED')
    await expectNoViolations(page, 'calendar subscription with a new address (en, 1280)')
    await section.screenshot({ path: `${shots}expert-made-en-1280.png` })

    // Revoked, after a confirmation: the address answers 404 and the card offers to make one.
    await card.locator('[data-action="revoke-calendar-feed"]').focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    expect(await dialog.getAttribute('data-action')).toBe('revoke')
    await expectNoViolations(page, 'revoke dialog (en, 1280)')
    await dialog.locator('[data-action="confirm-revoke-calendar-feed"]').focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => card.getAttribute('data-state')).toBe('none')
    expect(await card.locator('[data-field="calendar-feed-url"]').count()).toBe(0)
    await expect
      .poll(() => focused(page, 'li[data-role="contributor"] [data-action="make-calendar-feed"]'))
      .toBe(true)
    await expect
      .poll(() => section.locator('[data-field="calendar-feeds-status"]').textContent())
      .toBe('The address for “My sessions as an expert” was revoked and no longer works.')
    expect((await readFeed(second)).status).toBe(404)
    expect((await readFeed(second, etag)).status).toBe(404)
    await page.context().close()
  }, 240_000)

  it('a business owner sees her one role, and the section with its address is axe clean in Arabic and English at 390 and 1280', async () => {
    for (const lang of ['ar', 'en'] as const) {
      for (const width of [widths.mobile, widths.desktop]) {
        const section = await openSettings(owner, lang, width)
        expect(
          await section
            .locator('li[data-role]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-role'))),
        ).toEqual(['sme'])
        const card = roleCard(owner, 'sme')
        const made = card.locator('[data-field="calendar-feed-url"]')
        if ((await card.getAttribute('data-state')) === 'none') {
          await card.locator('[data-action="make-calendar-feed"]').click()
        } else {
          await card.locator('[data-action="replace-calendar-feed"]').click()
          const dialog = owner.locator('dialog[data-region="calendar-feed-dialog"][open]')
          await dialog.waitFor()
          await expectNoViolations(owner, `make-a-new-address dialog (${lang}, ${width})`)
          await owner.screenshot({ path: `${shots}owner-replace-dialog-${lang}-${width}.png` })
          await dialog.locator('[data-action="confirm-replace-calendar-feed"]').click()
          await dialog.waitFor({ state: 'detached' })
        }
        await made.waitFor()
        expect(await made.inputValue()).toMatch(FEED_URL)
        // Nothing wider than the screen: the long address scrolls inside its field.
        expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await expectNoViolations(owner, `calendar subscription with its address (${lang}, ${width})`)
        await section.screenshot({ path: `${shots}owner-made-${lang}-${width}.png` })
      }
    }
    // Her last address reads her own bookings, the one with the expert among them.
    const last = await roleCard(owner, 'sme').locator('[data-field="calendar-feed-url"]').inputValue()
    const feed = await readFeed(last)
    expect(feed.status).toBe(200)
    expect(bookedEvent(await feed.text(), new URL(last).host).get('DTSTART')!.value).toBe(
      riyadhStamp(slot.start_at),
    )
  }, 240_000)
})
