/**
 * A business owner cancels and moves her own bookings (issue 34), end to end on each database, in Chromium
 * against `npm start` and its mail catcher: she cancels a session before the cut-off from its page → both
 * mailboxes get a calendar file with `METHOD:CANCEL` and the booking's UID; the slot is free again and her
 * cap with the expert is freed (a booking refused for the cap goes through); a session inside the cut-off shows
 * Move and Cancel disabled with why and since when; she moves a session → both mails carry `METHOD:REQUEST`, the
 * same UID and a higher SEQUENCE. Screens in Arabic and English at 390 and 1280, axe clean.
 */
import { mkdirSync } from 'node:fs'
import type { ParsedMail } from 'mailparser'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expectNoViolations } from './support/axe.ts'
import { type Db, expertWithSubject, journeyDatabase, personRow } from './support/db.ts'
import { caughtMails, recipient } from './support/mail.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people, signIn } from './support/sign-in.ts'
import { openPage, settled, widths } from './support/site.ts'

const shots = `${root}test-results/self-service-bookings/`
const OWNER_MAIL = 'noura@example.sa'
/** dev-partner: an expert dev-sme holds no upcoming booking with in the seed, so her cap with him is ours. */
const EXPERT = people.partner
const EXPERT_MAIL = 'turki@example.sa'
const apiKey = 'mashura-dev-key'
const DAY = 24 * 60

/** A calendar file of a mail, its folded lines joined. */
interface CalendarFile {
  to: string
  text: string
}

/** The calendar files mailed about one session (the server names them `mashura-<kind>-<session id>.ics`). */
function calendarFiles(mails: ParsedMail[], sessionId: number): CalendarFile[] {
  return mails.flatMap((mail) =>
    mail.attachments
      .filter(
        (a) => a.contentType.startsWith('text/calendar') && (a.filename ?? '').endsWith(`-${sessionId}.ics`),
      )
      .map((a) => ({ to: recipient(mail), text: a.content.toString('utf8').replace(/\r?\n[ \t]/g, '') })),
  )
}

/** The event's start in a calendar file, as Riyadh wall time (`20261207T051000`). */
function eventStart(file: CalendarFile): string {
  return file.text.match(/^DTSTART;TZID=Asia\/Riyadh:(\d{8}T\d{6})$/m)?.[1] ?? ''
}

/** A moment as Riyadh wall time, the way the calendar files write it. */
function riyadhStamp(iso: string): string {
  return new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().replace(/[-:]|\.\d{3}Z/g, '')
}

/** One property of a calendar file (`UID`, `METHOD`, `SEQUENCE`). */
function field(file: CalendarFile, name: string): string {
  return file.text.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm'))?.[1]?.trim() ?? ''
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe.skipIf(database === 'postgres' && !process.env.TEST_DATABASE_URL)(
    `a business owner's own cancel and move on ${database}`,
    () => {
      let app: NpmStart
      let browser: Browser
      let owner: Page
      let token = ''
      let databaseUrl: string | null = null
      let dropDatabase: (() => Promise<void>) | null = null
      let expert: { contributorId: number; subjectId: number }
      /** Slots of the expert made for this run, far from the seed's bookings (days 9 to 13). */
      let slots: { id: number; start_at: string }[] = []

      beforeAll(async () => {
        mkdirSync(shots, { recursive: true })
        const own = await journeyDatabase(database, 'e2e_self_bookings')
        databaseUrl = own.env.DATABASE_URL ?? null
        dropDatabase = own.drop
        app = await startNpm({
          MAIL_POLL_MS: '200',
          MAIL_RETRY_BASE_MS: '300',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        })
        browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
        expert = await withDb(async (db) => {
          const { contributorId, subjectId } = await expertWithSubject(db, EXPERT.subject)
          return { contributorId, subjectId }
        })
        slots = await withDb(async (db) => {
          const { insertSlot } = await import('@mashura/server/testing')
          const made = []
          // At 05:10 Riyadh time, an hour no seeded booking holds, on five days in a row.
          const first = new Date(Date.now() + 9 * DAY * 60_000)
          first.setUTCHours(2, 10, 0, 0)
          for (let day = 0; day < 5; day++)
            made.push(
              await insertSlot(db, {
                contributorId: expert.contributorId,
                start: new Date(first.getTime() + day * DAY * 60_000),
                minutes: 60,
                availability: 2,
              }),
            )
          return made
        })
        owner = await openPage(browser, { width: widths.mobile })
        await owner.goto(app.base)
        await signIn(owner, people.sme)
        token = (await owner.evaluate(() => localStorage.getItem('smeToken'))) ?? ''
        expect(token).not.toBe('')
      }, 240_000)

      afterAll(async () => {
        await browser?.close()
        await app?.stop()
        await dropDatabase?.()
      })

      /** The server's store, opened beside it: the same SQLite file, or the same PostgreSQL database. */
      async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
        const { openStore } = await import('@mashura/server')
        const store = await openStore({ databaseUrl, dataDir: app.dataDir })
        try {
          return await use(store.db)
        } finally {
          await store.destroy()
        }
      }

      /** Calls the API as the signed-in business owner (or anonymously). */
      async function api(path: string, init: RequestInit = {}, as: string | null = token) {
        const headers = new Headers(init.headers)
        headers.set('x-api-key', apiKey)
        headers.set('content-type', 'application/json')
        if (as) headers.set('authorization', `Bearer ${as}`)
        return fetch(new URL(`api${path}`, app.base), { ...init, headers })
      }

      /** Books a slot over the API, as the booking calendar does; the status and the session's id. */
      async function book(slotId: number): Promise<{ status: number; id?: number; code?: string }> {
        const response = await api(`/schedule/v3/schedules/${slotId}/sessions/dashboard`, {
          method: 'POST',
          body: JSON.stringify({ communication_way: 0, subject_id: expert.subjectId }),
        })
        const body = (await response.json()) as {
          data?: { kind: string; session?: { id: number } }
          error?: { code: string }
        }
        return { status: response.status, id: body.data?.session?.id, code: body.error?.code }
      }

      /** The expert's free slot ids, as anyone sees them. */
      async function freeSlotIds(): Promise<number[]> {
        const response = await api(`/schedule/contributor/${expert.contributorId}/?per_page=100`, {}, null)
        const body = (await response.json()) as { data: { slots: { id: number }[] } }
        return body.data.slots.map((slot) => slot.id)
      }

      /** Waits for the calendar files of `sessionId` mailed to both people with this METHOD, and returns them. */
      async function mailedFiles(sessionId: number, method: string): Promise<CalendarFile[]> {
        let files: CalendarFile[] = []
        await expect
          .poll(
            async () => {
              files = calendarFiles(await caughtMails(app.dataDir), sessionId).filter(
                (file) => field(file, 'METHOD') === method,
              )
              return [...new Set(files.map((file) => file.to))].sort()
            },
            { timeout: 30_000 },
          )
          .toEqual([EXPERT_MAIL, OWNER_MAIL].sort())
        return files
      }

      /** The booking's calendar UID and SEQUENCE as the booking's mails (PUBLISH) carried them. */
      async function bookedCalendar(sessionId: number): Promise<{ uid: string; sequence: number }> {
        const [file] = await mailedFiles(sessionId, 'PUBLISH')
        return { uid: field(file!, 'UID'), sequence: Number(field(file!, 'SEQUENCE') || '0') }
      }

      /** Opens her session's page at a width and language and waits for the room. */
      async function openSession(id: number, width: number, lang: 'ar' | 'en'): Promise<void> {
        await owner.setViewportSize({ width, height: 900 })
        await owner.evaluate((l) => localStorage.setItem('language', l), lang)
        await owner.goto(new URL(`session/${id}`, app.base).href)
        await settled(owner, 'session')
        await owner.locator('[part~="state"][data-state="booked"]').waitFor({ timeout: 20_000 })
      }

      let cancelled = 0
      let moved = 0

      it('cancels a session before the cut-off: both get METHOD:CANCEL with its UID, the slot is free again, her cap is freed', async () => {
        // Three bookings with one expert fill her cap; a fourth is refused for it.
        const booked = []
        for (const slot of slots.slice(0, 3)) {
          const answer = await book(slot.id)
          expect(answer.status, JSON.stringify(answer)).toBeLessThan(300)
          booked.push(answer.id!)
        }
        const refused = await book(slots[3]!.id)
        expect(refused).toMatchObject({ status: 409, code: 'booking_limit_reached' })
        cancelled = booked[0]!
        moved = booked[1]!
        const { uid, sequence } = await bookedCalendar(cancelled)
        expect(uid).not.toBe('')

        await openSession(cancelled, widths.mobile, 'ar')
        const opener = owner.locator('[part~="action-owner-cancel"]')
        await expect.poll(() => opener.getAttribute('aria-disabled')).toBe('false')
        await expect.poll(() => owner.locator('[part~="changes-until"]').textContent()).toContain('حتى')
        await expectNoViolations(owner, 'own session, changes open (ar, 390)')
        await opener.focus()
        await owner.keyboard.press('Enter')
        const dialog = owner.locator('dialog[part~="dialog"][open]')
        await dialog.locator('input[type="radio"]').first().waitFor()
        await expectNoViolations(owner, 'owner cancel dialog (ar, 390)')
        await owner.screenshot({ path: `${shots}${database}-cancel-ar-390.png` })
        await dialog.locator('label', { hasText: 'ظرف طارئ' }).click()
        await dialog.locator('[part~="confirm"]').click()
        await owner.locator('[part~="state"][data-state="cancelled"]').waitFor({ timeout: 20_000 })
        await expect
          .poll(() => owner.locator('[part~="status"]').textContent())
          .toBe('أُلغيت جلستك، وأُبلغ الخبير بذلك.')
        await expectNoViolations(owner, 'own session cancelled (ar, 390)')

        // Both mailboxes: the booking's UID, METHOD:CANCEL, a higher SEQUENCE.
        const files = await mailedFiles(cancelled, 'CANCEL')
        for (const file of files) {
          expect(field(file, 'UID'), file.to).toBe(uid)
          expect(Number(field(file, 'SEQUENCE')), file.to).toBeGreaterThan(sequence)
          expect(file.text, file.to).toContain('STATUS:CANCELLED')
        }
        // The slot is free at once, and the cap no longer counts the session: the refused booking goes through.
        expect(await freeSlotIds()).toContain(slots[0]!.id)
        const again = await book(slots[3]!.id)
        expect(again.status, JSON.stringify(again)).toBeLessThan(300)
      }, 120_000)

      it('shows Move and Cancel disabled inside the cut-off, with why and since when, in both languages at 390 and 1280', async () => {
        // Five hours away: the 24-hour cut-off passed 19 hours ago.
        const { id } = await withDb(async (db) => {
          const { addSession } = await import('@mashura/server/testing')
          const consultant = await personRow(db, people.consultant.subject)
          const sme = await personRow(db, people.sme.subject)
          return addSession(db, {
            contributorId: consultant.contributor_id!,
            smeId: sme.id,
            start: new Date(Date.now() + 300 * 60_000),
            minutes: 60,
            availability: 2,
            communication_way: 0,
          })
        })
        for (const lang of ['ar', 'en'] as const) {
          for (const width of [widths.mobile, widths.desktop]) {
            await openSession(id, width, lang)
            const note = owner.locator('[part~="changes-closed"]')
            await note.waitFor()
            expect(await note.textContent()).toContain(
              lang === 'ar' ? 'أُغلق باب التعديل في' : 'Changes closed on',
            )
            for (const name of ['action-move', 'action-owner-cancel']) {
              const button = owner.locator(`[part~="${name}"]`)
              expect(await button.getAttribute('aria-disabled'), `${name} ${lang} ${width}`).toBe('true')
              await button.focus()
              await owner.keyboard.press('Enter')
            }
            expect(await owner.locator('dialog[part~="dialog"][open]').count()).toBe(0)
            await expectNoViolations(owner, `changes closed (${lang}, ${width})`)
            await owner.screenshot({ path: `${shots}${database}-closed-${lang}-${width}.png` })
          }
        }
      }, 120_000)

      it('moves a session to another free slot: both get METHOD:REQUEST with the same UID and a higher SEQUENCE', async () => {
        expect(moved).toBeGreaterThan(0)
        const { uid, sequence } = await bookedCalendar(moved)
        const target = slots[4]!
        await openSession(moved, widths.desktop, 'en')
        await owner.locator('[part~="action-move"]').click()
        const dialog = owner.locator('dialog[part~="dialog"][open]')
        const choice = dialog.locator(`[data-slot-id="${target.id}"]`)
        await choice.waitFor({ timeout: 20_000 })
        // The cancelled session's slot is offered too; the slots she holds are not.
        expect(await dialog.locator(`[data-slot-id="${slots[0]!.id}"]`).count()).toBe(1)
        expect(await dialog.locator(`[data-slot-id="${slots[2]!.id}"]`).count()).toBe(0)
        await expectNoViolations(owner, 'owner move dialog (en, 1280)')
        await owner.screenshot({ path: `${shots}${database}-move-en-1280.png` })
        await choice.click()
        await dialog.locator('[part~="confirm"]').click()
        await expect
          .poll(() => owner.locator('[part~="status"]').textContent(), { timeout: 20_000 })
          .toContain('Your session was moved to')
        await expectNoViolations(owner, 'own session moved (en, 1280)')

        let files: CalendarFile[] = []
        await expect
          .poll(
            async () => {
              files = (await mailedFiles(moved, 'REQUEST')).filter(
                (file) => Number(field(file, 'SEQUENCE')) > sequence,
              )
              return [...new Set(files.map((file) => file.to))].sort()
            },
            { timeout: 30_000 },
          )
          .toEqual([EXPERT_MAIL, OWNER_MAIL].sort())
        for (const file of files) {
          expect(field(file, 'UID'), file.to).toBe(uid)
          expect(eventStart(file), file.to).toBe(riyadhStamp(target.start_at))
        }
        expect(await freeSlotIds()).not.toContain(target.id)
      }, 120_000)

      it('moves, then withdraws, her waiting request from its page, by keyboard, in both languages at 390 and 1280', async () => {
        // Her seeded waiting request with the advisor (two days or more away), and a free slot of his to move it to.
        const { requestId, advisorSlot } = await withDb(async (db) => {
          const sme = await personRow(db, people.sme.subject)
          const advisor = await personRow(db, people.advisor.subject)
          const request = await db
            .selectFrom('sessions')
            .innerJoin('slots', 'slots.id', 'sessions.slot_id')
            .select(['sessions.id', 'slots.office_id'])
            .where('sessions.sme_id', '=', sme.id)
            .where('sessions.request_state', '=', 'waiting')
            .executeTakeFirstOrThrow()
          const { insertSlot } = await import('@mashura/server/testing')
          const start = new Date(Date.now() + 10 * DAY * 60_000)
          start.setUTCHours(3, 20, 0, 0)
          const slot = await insertSlot(db, {
            contributorId: advisor.contributor_id!,
            start,
            minutes: 60,
            // Both ways, in the request's own office when it has one: whichever way it is held, the slot fits.
            availability: 3,
            officeId: request.office_id,
          })
          return { requestId: request.id, advisorSlot: slot }
        })
        const openRequest = async (width: number, lang: 'ar' | 'en') => {
          await owner.setViewportSize({ width, height: 900 })
          await owner.evaluate((l) => localStorage.setItem('language', l), lang)
          await owner.goto(new URL(`request/${requestId}`, app.base).href)
          await settled(owner, 'request')
          await owner.locator('[data-region="owner-changes"]').waitFor({ timeout: 20_000 })
        }
        // Each dialog in each language and width: named, accessible, closed by Escape.
        for (const lang of ['ar', 'en'] as const) {
          for (const width of [widths.mobile, widths.desktop]) {
            await openRequest(width, lang)
            for (const action of ['move-request', 'withdraw-request']) {
              await owner.locator(`[data-action="${action}"]`).focus()
              await owner.keyboard.press('Enter')
              const dialog = owner.locator('dialog[open]')
              await dialog.locator('input[type="radio"]').first().waitFor({ timeout: 20_000 })
              await expectNoViolations(owner, `${action} dialog (${lang}, ${width})`)
              await owner.screenshot({ path: `${shots}${database}-${action}-${lang}-${width}.png` })
              await owner.keyboard.press('Escape')
              await dialog.waitFor({ state: 'detached' })
            }
          }
        }
        // Move it (English, desktop): it stays a waiting request, at the new time.
        await openRequest(widths.desktop, 'en')
        await owner.locator('[data-action="move-request"]').click()
        let dialog = owner.locator('dialog[open]')
        await dialog.locator(`[data-slot-id="${advisorSlot.id}"] input`).check()
        await dialog.locator('[data-action="move-send"]').click()
        await owner.getByText('Your request was moved to').waitFor({ timeout: 20_000 })
        await expect
          .poll(async () => {
            const body = (await (await api(`/schedule/requests/${requestId}/details`)).json()) as {
              data?: { state: string; slot: { id: number } }
            }
            return body.data ? `${body.data.state} ${body.data.slot.id}` : ''
          })
          .toBe(`waiting ${advisorSlot.id}`)
        // Withdraw it (Arabic, phone), a reason chosen by keyboard.
        await openRequest(widths.mobile, 'ar')
        await owner.locator('[data-action="withdraw-request"]').click()
        dialog = owner.locator('dialog[open]')
        const first = dialog.locator('input[type="radio"]').first()
        await first.focus()
        await owner.keyboard.press('Space')
        await dialog.locator('[data-action="withdraw-send"]').click()
        await owner.getByText('سُحب طلبك، وأُبلغ المستشار بذلك.').waitFor({ timeout: 20_000 })
        await owner.locator('.request-details[data-state="withdrawn"]').waitFor({ timeout: 20_000 })
        expect(await owner.locator('[data-region="owner-changes"]').count()).toBe(0)
        await expectNoViolations(owner, 'request withdrawn (ar, 390)')
        // Its slot is free again.
        const free = await api(`/schedule/contributor/${advisorSlot.contributor_id}/?per_page=100`, {}, null)
        const slotsNow = ((await free.json()) as { data: { slots: { id: number }[] } }).data.slots
        expect(slotsNow.map((slot) => slot.id)).toContain(advisorSlot.id)
      }, 180_000)
    },
  )
}
