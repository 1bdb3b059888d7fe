/**
 * "My data" (issue 34), end to end in Chromium against `npm start` and its mail catcher: an expert reads a
 * business owner's contact details for their session, and the read is listed on her "My data" page; she asks
 * for her export from that page with the keyboard, it is prepared in the background, the mail arrives, and
 * she downloads the ZIP from the page: it holds her profile, her session and her chat, and nothing of another
 * business owner of the same expert (name, e-mail, mobile, chat). The page in Arabic and English at 390 and
 * 1280, axe clean, with the request then closed until its time.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expectNoViolations } from './support/axe.ts'
import { personRow, withStore } from './support/db.ts'
import { caughtMails, recipient } from './support/mail.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { addBookedSession } from './support/sessions.ts'
import { people } from './support/sign-in.ts'
import { settled, signedInPage, widths } from './support/site.ts'

const shots = `${root}test-results/my-data/`
const OWNER_MAIL = 'noura@example.sa'
const OWNER_MOBILE = '+966500001234'
const OWNER_SAYS = 'أرسلت لك ملخص خطة التسويق يا دكتور'
const OTHER = {
  name: 'ريما بنت خالد العنزي',
  email: 'rima.other@example.sa',
  mobile: '+966500009876',
  says: 'ريما تسأل عن تمويل متعثر لدى البنك',
}
const apiKey = 'mashura-dev-key'

let app: NpmStart
let browser: Browser
let owner: Page
let sessionId = 0

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  app = await startNpm({ MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300' })
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  // Her session with the expert, and another business owner's with the same expert, each with a chat.
  sessionId = (
    await addBookedSession(app.dataDir, { expert: 'dev-consultant', sme: 'dev-sme', startsIn: 4 * 24 * 60 })
  ).id
  await withStore(app.dataDir, async (db) => {
    const { insertPerson, addSession } = await import('@mashura/server/testing')
    const expert = await personRow(db, 'dev-consultant')
    const noura = await personRow(db, 'dev-sme')
    await db.updateTable('people').set({ phone: OWNER_MOBILE }).where('id', '=', noura.id).execute()
    const rima = await insertPerson(db, {
      issuer: 'e2e',
      subject: 'e2e-other-owner',
      fullName: OTHER.name,
      email: OTHER.email,
    })
    await db.updateTable('people').set({ phone: OTHER.mobile }).where('id', '=', rima).execute()
    await addSession(db, {
      contributorId: expert.contributor_id!,
      smeId: rima,
      start: new Date(Date.now() + 5 * 24 * 3_600_000),
      minutes: 60,
      availability: 2,
      meeting_number: `e2e-${Date.now()}`,
    })
    const now = new Date().toISOString()
    for (const [smeId, sender, body] of [
      [noura.id, noura.id, OWNER_SAYS],
      [rima, rima, OTHER.says],
    ] as const) {
      await db
        .insertInto('conversations')
        .values({
          contributor_id: expert.contributor_id!,
          sme_id: smeId,
          last_message_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['contributor_id', 'sme_id']).doNothing())
        .execute()
      const conversation = await db
        .selectFrom('conversations')
        .select('id')
        .where('contributor_id', '=', expert.contributor_id!)
        .where('sme_id', '=', smeId)
        .executeTakeFirstOrThrow()
      await db
        .insertInto('chat_messages')
        .values({
          conversation_id: conversation.id,
          sender_person_id: sender,
          type: 'text',
          body,
          file_id: null,
          status: 1,
          created_at: now,
        })
        .execute()
    }
  })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Opens "My data" at a width and language, and waits for both its parts. */
async function openMyData(page: Page, width: number, lang: 'ar' | 'en'): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.evaluate((l) => localStorage.setItem('language', l), lang)
  await page.goto(new URL('my-data', app.base).href)
  await settled(page, 'my-data')
  await page.locator('[data-export-state]').waitFor({ state: 'attached', timeout: 20_000 })
}

describe('my data', () => {
  it("lists the expert's read of her contact details on her page", async () => {
    const expert = await signedInPage(browser, app.base, people.consultant)
    const token = await expert.evaluate(() => localStorage.getItem('contributorToken'))
    const response = await fetch(new URL(`api/schedule/sessions/${sessionId}/sme`, app.base), {
      headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: { mobile: string } }).data.mobile).toBe(OWNER_MOBILE)
    await expert.context().close()

    owner = await signedInPage(browser, app.base, people.sme, { width: widths.mobile })
    // From the profile menu, with the keyboard.
    await owner.locator('[data-action="open-profile-menu"]').focus()
    await owner.keyboard.press('Enter')
    await owner.locator('[data-profile-item="my-data"]').focus()
    await owner.keyboard.press('Enter')
    await settled(owner, 'my-data')
    const read = owner.locator('[data-access-kind="contact_read"]').first()
    await read.waitFor({ timeout: 20_000 })
    expect(await read.textContent()).toContain(people.consultant.name)
    expect(await read.textContent()).toContain('رقم الجوال')
    expect(await read.textContent()).toContain('getSessionSme')
    await expectNoViolations(owner, 'my data, before an export (ar, 390)')
    await owner.screenshot({ path: `${shots}before-ar-390.png`, fullPage: true })
  }, 120_000)

  it('prepares her export in the background, mails her, and her download holds her data and nobody else’s', async () => {
    await openMyData(owner, widths.mobile, 'ar')
    const ask = owner.locator('[data-action="request-my-data"]')
    await ask.focus()
    await owner.keyboard.press('Enter')
    // Preparing, then ready on its own (the page looks again while it waits).
    await owner.locator('[data-export-state="ready"]').waitFor({ timeout: 60_000 })
    await expectNoViolations(owner, 'my data, export ready (ar, 390)')
    await owner.screenshot({ path: `${shots}ready-ar-390.png`, fullPage: true })

    // The mail, Arabic first, pointing at "My data".
    let mail: Awaited<ReturnType<typeof caughtMails>>[number] | undefined
    await expect
      .poll(
        async () => {
          mail = (await caughtMails(app.dataDir)).find(
            (m) => recipient(m) === OWNER_MAIL && /Your Mashura data export is ready/.test(m.subject ?? ''),
          )
          return mail !== undefined
        },
        { timeout: 30_000 },
      )
      .toBe(true)
    expect(mail!.text!.indexOf('نسخة بياناتك جاهزة')).toBeLessThan(
      mail!.text!.indexOf('Your data export is ready'),
    )
    expect(mail!.text).toContain(`${new URL(app.base).origin}/my-data`)

    // The download, as she clicks it.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.locator('[data-action="download-my-data"]').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^mashura-my-data-\d{4}-\d{2}-\d{2}\.zip$/)
    const path = `${shots}download.zip`
    await download.saveAs(path)
    const { readZip } = await import('@mashura/server/testing')
    const zip = readZip(readFileSync(path))
    const text = [...zip.values()].map((bytes) => bytes.toString('utf8')).join('\n')
    const profile = JSON.parse(zip.get('profile.json')!.toString('utf8'))
    expect(profile.person).toMatchObject({
      full_name: people.sme.name,
      email: OWNER_MAIL,
      mobile: OWNER_MOBILE,
    })
    const sessions = JSON.parse(zip.get('sessions.json')!.toString('utf8')) as { id: number; with: string }[]
    expect(sessions.find((s) => s.id === sessionId)?.with).toBe(people.consultant.name)
    expect(text).toContain(OWNER_SAYS)
    const reads = JSON.parse(zip.get('contact-reads.json')!.toString('utf8')) as { by: string }[]
    expect(reads.map((r) => r.by)).toContain(people.consultant.name)
    for (const other of [OTHER.name, OTHER.email, OTHER.mobile, OTHER.says]) expect(text).not.toContain(other)
  }, 120_000)

  it('closes the request until its time, and reads well in both languages at both widths', async () => {
    for (const lang of ['ar', 'en'] as const)
      for (const width of [widths.mobile, widths.desktop]) {
        await openMyData(owner, width, lang)
        expect(await owner.locator('[data-action="request-my-data"]').isDisabled()).toBe(true)
        await owner.locator('[data-field="next-request"]').waitFor()
        // The accesses load on their own request, after the export's state: wait for them to arrive.
        const kinds = () =>
          owner
            .locator('[data-access-kind]')
            .evaluateAll((items) => items.map((item) => item.getAttribute('data-access-kind')))
        await expect
          .poll(kinds, { timeout: 15_000 })
          .toEqual(expect.arrayContaining(['contact_read', 'export_requested', 'export_downloaded']))
        const scroll = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(scroll).toBeLessThanOrEqual(0)
        await expectNoViolations(owner, `my data, after the export (${lang}, ${width})`)
        await owner.screenshot({ path: `${shots}after-${lang}-${width}.png`, fullPage: true })
      }
  }, 120_000)
})
