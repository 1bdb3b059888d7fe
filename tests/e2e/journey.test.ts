import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { headerCount, messagesDot, setChatStatus } from './support/chat.ts'
import { clearCalendar, personIds } from './support/db.ts'
import { clearFreeSlots, riyadhClock, sessionOnSlot } from './support/journey.ts'
import { ratingLinkInMail } from './support/mail.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { savedRecommendation, tinyPdf } from './support/recommendations.ts'
import { type Person, people } from './support/sign-in.ts'
import { pathOf, settled, signedInPage } from './support/site.ts'
import { ownProfile, slotsBetween } from './support/workspace.ts'

/*
 * The whole of spec section 4 in one journey, in real Chromium against `npm start` (its real server, sign-in
 * provider, database and realtime socket), with two people in two browser contexts and a fake camera and
 * microphone:
 *
 *   the advisor publishes two online slots today → the business owner books both (advisor bookings are
 *   requests) → his notification count rises live → he accepts one and rejects the other with a reason →
 *   he starts the accepted session, both join the built-in call → he ends it with a reason → writes the
 *   recommendations with a recorded voice note and an attachment → lands on the session → the server
 *   e-mails her the rating link (the mail read as npm start's SMTP catcher received it) → she rates → the same link again is refused →
 *   she writes to him, his unread dot comes on live and goes off when he reads it, he answers, she sees it.
 */
let app: NpmStart
let browser: Browser
const shots = `${root}test-results/journey/`

beforeAll(async () => {
  app = await startNpm()
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  })
  mkdirSync(shots, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** Everything each page wrote to its console (nothing personal may be among it: issue 16). */
const consoleText = new Map<Page, string[]>()

/** A fresh browser context at the site, signed in as `person` through the provider. */
function signedIn(person: Person): Promise<Page> {
  return signedInPage(browser, app.base, person, {
    async prepare(page) {
      await page.context().grantPermissions(['microphone', 'camera'], { origin: new URL(app.base).origin })
      consoleText.set(page, [])
      page.on('console', (message) => {
        consoleText.get(page)?.push(message.text())
      })
    },
  })
}

/** Opens a path of the site in a page and waits for its page to settle. */
async function open(page: Page, path: string, name: string): Promise<void> {
  await page.goto(new URL(path.replace(/^\//, ''), app.base).href)
  await settled(page, name)
}

/** The width of the other person's video once frames arrive: above 0 means the call carries them. */
function remoteWidth(page: Page): Promise<number> {
  return page.locator('.m-call-remote').evaluate((video: HTMLVideoElement) => video.videoWidth)
}

/** Books a slot in the booking calendar of the profile page that is open (online only: one way offered). */
async function book(page: Page, slotId: number): Promise<void> {
  const calendar = page.locator('div[data-widget="booking-calendar"]')
  await calendar.locator('[part~="base"][aria-busy="false"] [part~="week-title"]').waitFor()
  await calendar.locator(`[data-slot-id="${slotId}"]`).click()
  await calendar.locator('[part~="book"]:not([disabled])').click()
  const confirm = calendar.locator('[part~="confirm-dialog"]')
  await confirm.waitFor()
  await confirm.locator('[part~="confirm"]').click()
  const success = calendar.locator('[part~="success-dialog"]')
  await success.waitFor({ timeout: 15_000 })
  // An advisor answers requests: the success message says so.
  expect(await success.getAttribute('data-pending')).toBe('true')
  await success.locator('[part~="close"]').click()
  await success.waitFor({ state: 'detached' })
}

describe('spec section 4, end to end', () => {
  it('publish → book → accept and reject → live call → end → recommendations → rating once → chat', async () => {
    const advisor = await personIds(app.dataDir, people.advisor.subject)
    const owner = await personIds(app.dataDir, people.sme.subject)
    const profile = await ownProfile(app.dataDir, people.advisor.subject)
    await setChatStatus(app.dataDir, advisor.contributorId!, true)

    // 1. The advisor signs in (the dashboard is an expert's landing page) and publishes two online slots today.
    const expert = await signedIn(people.advisor)
    expect(pathOf(expert)).toBe('/dashboard')
    // Analytics identify (spec section 7) goes to the analytics implementation, which sends nothing by
    // default (host-app/src/lib/analytics.test.ts): her name and e-mail never reach the console.
    expect(
      consoleText
        .get(expert)
        ?.filter((text) => /haifa@example\.sa/.test(text) || text.includes(people.advisor.name)),
    ).toEqual([])
    const first = riyadhClock(4)
    // Her next three hours are cleared of the seed's free slots, so the two she publishes overlap none of them.
    await clearFreeSlots(
      app.dataDir,
      profile.contributorId,
      first.at,
      new Date(first.at.getTime() + 3 * 3_600_000),
    )
    await open(expert, profile.path, 'profile')
    const form = expert.locator('form[data-region="add-slots"]')
    const today = form.locator(`[data-day="${first.day}"]`)
    await today.locator('[data-action="add-draft"]').click()
    await today.locator('[data-draft-key] input[data-field="start"]').first().fill(first.time)
    // The second draft starts where the first ends.
    await today.locator('[data-action="add-draft"]').click()
    await form.locator('input[name="availability"][value="2"]').check()
    await form.locator('[data-action="publish-slots"]').click()
    await expect.poll(() => today.locator('[data-draft-key]').count(), { timeout: 15_000 }).toBe(0)
    const published = await slotsBetween(
      app.dataDir,
      profile.contributorId,
      first.at.toISOString(),
      new Date(first.at.getTime() + 6 * 3_600_000).toISOString(),
    )
    // The first starts at the time typed, the second where the first ends (the seed may hold others later).
    const slotA = published.find((slot) => Date.parse(slot.start_at) === first.at.getTime())
    const slotB = slotA && published.find((slot) => Date.parse(slot.start_at) === Date.parse(slotA.end_at))
    if (!slotA || !slotB) throw new Error(`the two published slots are missing: ${JSON.stringify(published)}`)

    // 2. The business owner finds the advisor and books both slots; his notification count rises live. Her
    // calendar is cleared of the seed's sessions first, which could overlap the two (fair booking).
    await clearCalendar(app.dataDir, people.sme.subject)
    const sme = await signedIn(people.sme)
    await open(sme, profile.path, 'profile')
    const before = await headerCount(expert)
    await book(sme, slotA.id)
    await book(sme, slotB.id)
    await expect.poll(() => headerCount(expert), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2)
    const requestA = (await sessionOnSlot(app.dataDir, slotA.id))!
    const requestB = (await sessionOnSlot(app.dataDir, slotB.id))!
    expect([requestA.request_state, requestB.request_state]).toEqual(['waiting', 'waiting'])

    // 3. He accepts the first request and rejects the second with a reason.
    await open(expert, '/requests', 'requests')
    await expert.locator(`[data-request-id="${requestA.id}"] a`).first().click()
    await settled(expert, 'request')
    await expert.locator('[data-action="accept-request"]').click()
    await expect
      .poll(async () => (await sessionOnSlot(app.dataDir, slotA.id))?.request_state, { timeout: 15_000 })
      .toBe('accepted')
    await open(expert, `/request/${requestB.id}`, 'request')
    await expert.locator('[data-action="reject-request"]').click()
    const reject = expert.locator('[data-region="reject-dialog"]')
    await reject.locator('textarea').fill('لا يتوافق الموعد مع جدولي، أرجو اختيار موعد آخر')
    await reject.locator('[data-action="reject-send"]').click()
    await expect
      .poll(async () => (await sessionOnSlot(app.dataDir, slotB.id))?.request_state, { timeout: 15_000 })
      .toBe('rejected')
    expect((await sessionOnSlot(app.dataDir, slotB.id))?.request_reason).toBe(
      'لا يتوافق الموعد مع جدولي، أرجو اختيار موعد آخر',
    )
    expect((await sessionOnSlot(app.dataDir, slotA.id))?.state).toBe('booked')

    // 4. He starts the session; both join the built-in call and see each other.
    const room = (page: Page) => page.locator('div[data-widget="session-room"]')
    const roomState = (page: Page) => room(page).locator('[part~="state"]').getAttribute('data-state')
    // She is already on the session page: it follows the expert's start live, and "join" appears.
    await open(sme, `/session/${requestA.id}`, 'session')
    await expect.poll(() => roomState(sme), { timeout: 15_000 }).toBe('booked')
    expect(await room(sme).locator('button[data-action="join"]').count()).toBe(0)
    await open(expert, `/session/${requestA.id}`, 'session')
    await room(expert).locator('button[data-action="start"]').click()
    await expect.poll(() => roomState(expert), { timeout: 15_000 }).toBe('ongoing')
    await expect.poll(() => roomState(sme), { timeout: 15_000 }).toBe('ongoing')
    await room(sme).locator('button[data-action="join"]').click()
    for (const page of [expert, sme]) {
      await expect
        .poll(() => page.locator('.m-call').getAttribute('data-state'), { timeout: 30_000 })
        .toBe('connected')
      await expect.poll(() => remoteWidth(page), { timeout: 20_000 }).toBeGreaterThan(0)
    }
    await expert.screenshot({ path: `${shots}in-call-expert-ar-1280.png` })

    // 5. He ends it with a reason and lands on the recommendations form.
    await room(expert).locator('button[data-action="end"]').click()
    const endDialog = expert.getByRole('dialog')
    await endDialog.locator('textarea').fill('اكتملت مناقشة خطة التسويق')
    await endDialog.locator('[part~="confirm"]').click()
    await expert.waitForURL((url) => url.pathname === `/add-recommendations/${requestA.id}`, {
      timeout: 15_000,
    })
    await settled(expert, 'add-recommendations')

    // 6. He writes the recommendations, records a voice note and attaches a file.
    const field = (name: string, selector = 'textarea') =>
      expert.locator(`[data-field="${name}"] ${selector}`)
    await field('challenges').fill('ضعف التدفقات النقدية في الأشهر الأولى')
    await field('recommendations').fill('إعداد موازنة شهرية ومتابعة المصروفات أسبوعيًا')
    await field('need_another_session', 'input[value="true"]').check()
    await field('need_academy_course', 'input[value="false"]').check()
    await field('need_platform_feature', 'input[value="false"]').check()
    await field('company_phase', 'input[type="radio"]').nth(1).check()
    await field('success_story', 'input[type="checkbox"]').check()
    await field('success_story_summary').fill('ضبطت المنشأة مصروفاتها ونمت مبيعاتها')
    await field('comment').fill('متابعة بعد شهر')
    const recorder = expert.locator('[data-field="voice_note"] [data-region="voice-recorder"]')
    await recorder.locator('[data-action="record-voice"]').click()
    await recorder.and(expert.locator('[data-state="recording"]')).waitFor()
    await expert.waitForTimeout(2_200)
    await recorder.locator('[data-action="stop-voice"]').click()
    await expert.locator('[data-field="voice_note"][data-state="uploaded"]').waitFor({ timeout: 15_000 })
    await field('attachments', 'input[type="file"]').setInputFiles({
      name: 'خطة-العمل.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    })
    await expert.locator('[data-region="attachments-list"] li[data-file-path]').waitFor({ timeout: 15_000 })
    await expert.locator('[data-action="submit-recommendations"]').click()
    await expert.waitForURL((url) => url.pathname === `/session/${requestA.id}`, { timeout: 15_000 })
    const saved = await savedRecommendation(app.dataDir, requestA.id)
    expect(saved).toMatchObject({ challenges: 'ضعف التدفقات النقدية في الأشهر الأولى' })
    expect(saved!.files.map((f) => f.kind).sort()).toEqual(['attachment', 'voice_note'])

    // 7. The server e-mailed her the rating link (over SMTP, to npm start's mail catcher); she follows the
    // link in the mail and rates once, and the same link is then refused.
    await expect
      .poll(() => ratingLinkInMail(app.dataDir, 'noura@example.sa'), { timeout: 30_000 })
      .toMatch(/^\/smeRate\?token=/)
    const link = await ratingLinkInMail(app.dataDir, 'noura@example.sa')
    await open(sme, link!, 'sme-rate')
    const rate = sme.locator('div[data-widget="rate-form"]')
    await expect.poll(() => rate.locator('fieldset').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    for (const group of await rate.locator('fieldset').all()) {
      const radios = group.locator('input[type=radio]')
      const n = await radios.count()
      if (n > 0) await radios.nth(n === 5 ? 4 : 0).check()
    }
    await rate.locator('button[type=submit]').click()
    await expect
      .poll(() => rate.locator('[part="status"]').textContent(), { timeout: 15_000 })
      .toContain('شكرًا')
    await open(sme, link!, 'sme-rate')
    await expect
      .poll(() => rate.locator('[part="status"]').textContent(), { timeout: 20_000 })
      .toContain('مسبقًا')

    // 8. She writes to him: his unread dot comes on live and goes off once he reads it; he answers.
    await open(expert, '/dashboard', 'dashboard')
    expect(await messagesDot(expert).count()).toBe(0)
    await open(sme, `/Chat/${advisor.contributorId}`, 'chat')
    const composer = (page: Page) => page.locator('[data-region="composer"] textarea[data-field="message"]')
    await composer(sme).fill('شكرًا على الجلسة <b>المفيدة</b>')
    await composer(sme).press('Enter')
    await messagesDot(expert).waitFor({ timeout: 15_000 })
    await open(expert, `/Chat/${owner.id}`, 'chat')
    const last = (page: Page) => page.locator('[data-region="messages"] li[data-message-id]').last()
    await expect
      .poll(() => last(expert).locator('[data-field="message-body"]').textContent(), { timeout: 15_000 })
      .toBe('شكرًا على الجلسة <b>المفيدة</b>')
    await expect.poll(() => messagesDot(expert).count(), { timeout: 15_000 }).toBe(0)
    await composer(expert).fill('العفو، أرسلت لكِ التوصيات')
    await composer(expert).press('Enter')
    await expect
      .poll(() => last(sme).locator('[data-field="message-body"]').textContent(), { timeout: 15_000 })
      .toBe('العفو، أرسلت لكِ التوصيات')
    await sme.screenshot({ path: `${shots}chat-sme-ar-1280.png` })

    await expert.context().close()
    await sme.context().close()
  }, 420_000)
})
