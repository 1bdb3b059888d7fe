/**
 * Mail preferences and the recommendations reminder (issue 34), end to end against `npm start` and its mail
 * catcher, in Chromium: an expert turns "new bookings and requests" off on the mail-settings page with the
 * keyboard (Arabic at 390 px, English at 1280 px, axe clean); a business owner then books a session with
 * them: her confirmation arrives, the expert's booking mail does not; the expert's reminder of an ended
 * session's unwritten recommendations does arrive, in Arabic then English, with the link to write them and
 * the link to turn these mails off, which opens the settings page.
 */
import { mkdirSync } from 'node:fs'
import type { ParsedMail } from 'mailparser'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expectNoViolations } from './support/axe.ts'
import { expertWithSubject, personRow, withStore } from './support/db.ts'
import { caughtMails, recipient } from './support/mail.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people, signIn } from './support/sign-in.ts'
import { openPage, settled, widths } from './support/site.ts'

const shots = `${root}test-results/mail-preferences/`
const EXPERT = people.partner
const apiKey = 'mashura-dev-key'
const H = 3_600_000

let app: NpmStart
let browser: Browser
let expert: { personId: number; contributorId: number; email: string; subjectId: number }
let owner: { email: string }
let endedSessionId = 0

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  app = await startNpm({ MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300' })
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  ;({ expert, owner } = await withStore(app.dataDir, async (db) => {
    const read = (subject: string) =>
      db.selectFrom('people').select('email').where('subject', '=', subject).executeTakeFirstOrThrow()
    return {
      expert: {
        ...(await expertWithSubject(db, EXPERT.subject)),
        email: (await read(EXPERT.subject)).email!,
      },
      owner: { email: (await read(people.sme.subject)).email! },
    }
  }))
  // A session of the expert's that ended three hours ago, its recommendations unwritten: the scheduler's
  // next tick reminds them (the two-hour reminder).
  endedSessionId = await withStore(app.dataDir, async (db) => {
    const { addSession } = await import('@mashura/server/testing')
    const ownerRow = await personRow(db, people.sme.subject)
    const ended = new Date(Date.now() - 3 * H)
    const row = await addSession(db, {
      contributorId: expert.contributorId,
      smeId: ownerRow.id,
      start: new Date(ended.getTime() - H),
      availability: 2,
      communication_way: 0,
      state: 'ended',
      started_at: new Date(ended.getTime() - H).toISOString(),
      ended_at: ended.toISOString(),
      meeting_number: `mail-prefs-${Date.now()}`,
    })
    return row.id
  })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Tabs forward until the focused element matches `selector` (at most 60 presses). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** Waits for a mail the catcher received that `match` picks, and returns it. */
async function mailWhere(match: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  let found: ParsedMail | undefined
  await expect
    .poll(
      async () => {
        found = (await caughtMails(app.dataDir)).find(match)
        return found !== undefined
      },
      { timeout: 150_000, interval: 500 },
    )
    .toBe(true)
  return found!
}

describe('mail preferences', () => {
  it('an expert turns new-booking mails off with the keyboard: the booking mail stops, the reminder still comes', async () => {
    // The expert, in Arabic at a phone's width.
    const page = await openPage(browser, { width: widths.mobile })
    await page.goto(app.base)
    await settled(page, 'home')
    await signIn(page, EXPERT)
    await page.goto(new URL('mail-preferences', app.base).href)
    await settled(page, 'mail-preferences')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    await expect.poll(() => page.locator('h1').textContent()).toBe('إعدادات البريد')
    // The heading is drawn at once; the list when the preferences have loaded.
    const kinds = () =>
      page.locator('li[data-kind]').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')))
    await expect
      .poll(kinds)
      .toEqual([
        'session_reminders',
        'rating_requests',
        'expert_news',
        'recommendations_reminders',
        'session_changes',
      ])
    await expectNoViolations(page, 'mail settings, ar 390')
    await page.screenshot({ path: `${shots}mail-preferences-ar-390.png`, fullPage: true })

    const news = 'li[data-kind="expert_news"] input[role="switch"]'
    expect(await page.locator(news).isChecked()).toBe(true)
    await tabTo(page, news)
    await page.keyboard.press('Space')
    await expect
      .poll(() => page.locator('[data-field="mail-preferences-status"]').textContent())
      .toBe('لن تصلك رسائل «الحجوزات والطلبات الجديدة» بعد الآن.')
    expect(await page.locator(news).isChecked()).toBe(false)
    expect(
      await withStore(app.dataDir, (db) =>
        db.selectFrom('mail_opt_outs').select('kind').where('person_id', '=', expert.personId).execute(),
      ),
    ).toEqual([{ kind: 'expert_news' }])

    // Saved: English at a desktop's width shows it off, the others on.
    await page.evaluate(() => localStorage.setItem('language', 'en'))
    await page.setViewportSize({ width: widths.desktop, height: 900 })
    await page.reload()
    await settled(page, 'mail-preferences')
    await expect.poll(() => page.locator('h1').textContent()).toBe('Mail settings')
    expect(await page.locator(news).isChecked()).toBe(false)
    expect(await page.locator('li[data-kind="recommendations_reminders"] input').isChecked()).toBe(true)
    await expectNoViolations(page, 'mail settings, en 1280')
    await page.screenshot({ path: `${shots}mail-preferences-en-1280.png`, fullPage: true })

    // The business owner books a slot of the expert's over the API, as the booking calendar does.
    const ownerPage = await openPage(browser, { width: widths.mobile })
    await ownerPage.goto(app.base)
    await settled(ownerPage, 'home')
    await signIn(ownerPage, people.sme)
    const token = (await ownerPage.evaluate(() => localStorage.getItem('smeToken'))) ?? ''
    expect(token).not.toBe('')
    const slot = await withStore(app.dataDir, async (db) => {
      const { insertSlot } = await import('@mashura/server/testing')
      const start = new Date(Date.now() + 11 * 24 * H)
      start.setUTCHours(3, 40, 0, 0)
      return insertSlot(db, { contributorId: expert.contributorId, start, minutes: 60, availability: 2 })
    })
    const booked = await fetch(new URL(`api/schedule/v3/schedules/${slot.id}/sessions/dashboard`, app.base), {
      method: 'POST',
      headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ communication_way: 0, subject_id: expert.subjectId }),
    })
    expect(booked.status).toBe(201)
    const sessionId = ((await booked.json()) as { data: { session: { id: number } } }).data.session.id

    // Her confirmation arrives (it cannot be turned off) ...
    await mailWhere(
      (mail) =>
        recipient(mail) === owner.email &&
        mail.attachments.some((a) => (a.filename ?? '').endsWith(`-${sessionId}.ics`)),
    )
    // ... and the reminder of the unwritten recommendations reaches the expert, Arabic then English.
    const reminder = await mailWhere(
      (mail) =>
        recipient(mail) === expert.email &&
        (mail.text ?? '').includes(`/add-recommendations/${endedSessionId}`),
    )
    const text = reminder.text ?? ''
    expect(text.indexOf('اكتب توصيات جلستك')).toBeLessThan(
      text.indexOf('Write your session’s recommendations'),
    )
    const turnOff = text.match(/https?:\/\/\S+\/mail-preferences/)?.[0]
    expect(turnOff).toBeTruthy()
    // The expert's booking mail was never queued, so it never arrives.
    const queuedNews = await withStore(app.dataDir, (db) =>
      db.selectFrom('outbox').select('id').where('dedupe_key', '=', `expert_booking:${sessionId}`).execute(),
    )
    expect(queuedNews).toEqual([])
    const mailsToExpert = (await caughtMails(app.dataDir)).filter((mail) => recipient(mail) === expert.email)
    expect(mailsToExpert.some((mail) => (mail.subject ?? '').includes('New booking'))).toBe(false)

    // The mail's "turn these mails off" link opens the settings page.
    await page.goto(turnOff!)
    await settled(page, 'mail-preferences')
    expect(new URL(page.url()).pathname).toBe('/mail-preferences')
    await page.context().close()
    await ownerPage.context().close()
  }, 300_000)
})
