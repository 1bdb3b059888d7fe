import { mkdirSync } from 'node:fs'
import { riyadhDay } from '@mashura/core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from './support/axe.ts'
import {
  addOldNotifications,
  expertLinks,
  headerCount,
  messagesDot,
  setChatStatus,
  signedInState,
} from './support/chat.ts'
import { personIds } from './support/db.ts'
import { type NpmStart, root } from './support/npm-start.ts'
import { people } from './support/sign-in.ts'
import { pathOf, settled, widths } from './support/site.ts'
import { startSite, stopSite } from './support/start-site.ts'
import { recordVoice } from './support/voice.ts'

// Chat and notifications of issue 7, in real Chromium against `npm start`: the consultant and the business
// owner who shares sessions with him write to each other live, with a fake microphone for voice notes.
let app: NpmStart
let browser: Browser
let expertState: Awaited<ReturnType<typeof signedInState>>
let smeState: Awaited<ReturnType<typeof signedInState>>
let consultant: { id: number; contributorId: number | null }
let sme: { id: number; contributorId: number | null }
const shots = `${root}test-results/expert-chat/`

beforeAll(async () => {
  ;({ app, browser } = await startSite({ fakeMedia: true }))
  mkdirSync(shots, { recursive: true })
  consultant = await personIds(app.dataDir, people.consultant.subject)
  sme = await personIds(app.dataDir, people.sme.subject)
  // The seed turns chat on for the consultant; say so rather than rely on it.
  await setChatStatus(app.dataDir, consultant.contributorId!, true)
  expertState = await signedInState(browser, app.base, people.consultant)
  smeState = await signedInState(browser, app.base, people.sme)
})

afterAll(() => stopSite({ app, browser }))

/** A signed-in page of a person (their saved storage), at a width and language, opened at `path`. */
async function open(
  state: typeof expertState,
  path: string,
  options: { width?: number; lang?: 'ar' | 'en'; permissions?: string[] } = {},
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    locale: 'ar-SA',
    viewport: { width: options.width ?? widths.desktop, height: 900 },
    storageState: state,
    permissions: options.permissions ?? ['microphone'],
  })
  if (options.lang)
    await context.addInitScript((lang) => localStorage.setItem('language', lang), options.lang)
  const page = await context.newPage()
  await page.goto(new URL(path, app.base).href)
  return page
}

/** The composer's text field of the open conversation. */
function field(page: Page) {
  return page.locator('[data-region="composer"] textarea[data-field="message"]')
}

/** The messages of the open conversation. */
function messages(page: Page) {
  return page.locator('[data-region="messages"] li[data-message-id]')
}

describe('chat between an expert and a business owner', () => {
  it('goes both ways live, follows the unread rule, shows HTML-looking text as text, and sends a voice note', async () => {
    const expert = await open(expertState, '/Chat')
    await settled(expert, 'chat')
    await expect.poll(() => expert.locator('[data-page="chat"]').getAttribute('data-state')).toBe('on')
    await expect.poll(() => messagesDot(expert).count()).toBe(0)
    const countBefore = await headerCount(expert)

    // She opens the conversation with him (the link a session page offers) and writes, with Enter.
    const owner = await open(smeState, `/Chat/${consultant.contributorId}`, { width: widths.mobile })
    await settled(owner, 'chat')
    await field(owner).waitFor()
    // Against a server used before (E2E_BASE), earlier messages may be there: count from what shows.
    await expect.poll(() => owner.locator('[data-region="composer"] textarea:disabled').count()).toBe(0)
    await owner
      .locator('[data-region="messages"]:not([hidden]), [data-region="chat-thread"] [data-state="empty"]')
      .first()
      .waitFor()
    const start = await messages(owner).count()
    const tricky = '<b>x</b> <img src=x onerror="window.__pwned=1">'
    await field(owner).fill(tricky)
    await field(owner).press('Enter')
    await expect.poll(() => messages(owner).count()).toBe(start + 1)
    await expect(field(owner).inputValue()).resolves.toBe('')

    // He sees the conversation appear as unread, the header's messages dot on, and a new notification: live.
    const row = expert.locator(`[data-region="conversation-list"] li[data-conversation-id="${sme.id}"]`)
    await row.waitFor({ timeout: 15_000 })
    await expect.poll(() => row.getAttribute('data-state')).toBe('unread')
    await expect.poll(() => messagesDot(expert).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => headerCount(expert), { timeout: 15_000 }).toBe(countBefore + 1)
    expect(await row.locator('.chat-conversation-preview').textContent()).toBe(tricky)
    await expert.screenshot({ path: `${shots}chat-list-unread-ar-1280.png` })

    // He opens it: the text shows literally (no element made of it), and the unread marks go off.
    await row.locator('a').click()
    await expect.poll(() => pathOf(expert)).toBe(`/Chat/${sme.id}`)
    const body = expert
      .locator('[data-region="messages"] li[data-mine="false"] [data-field="message-body"]')
      .last()
    await expect.poll(() => body.textContent()).toBe(tricky)
    expect(await expert.locator('[data-region="messages"] b, [data-region="messages"] img').count()).toBe(0)
    expect(await expert.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('read')
    await expect.poll(() => messagesDot(expert).count(), { timeout: 15_000 }).toBe(0)

    // He answers on two lines (Shift+Enter), sending with Enter; she sees it without reloading, and her
    // message shows as read.
    await field(expert).click()
    await field(expert).pressSequentially('أهلاً بك')
    await field(expert).press('Shift+Enter')
    await field(expert).pressSequentially('كيف أخدمك؟')
    await field(expert).press('Enter')
    await expect.poll(() => messages(owner).count(), { timeout: 15_000 }).toBe(start + 2)
    const reply = owner
      .locator('[data-region="messages"] li[data-mine="false"] [data-field="message-body"]')
      .last()
    expect(await reply.textContent()).toBe('أهلاً بك\nكيف أخدمك؟')
    await expect
      .poll(() => owner.locator('li[data-mine="true"] [data-field="message-status"]').last().textContent())
      .toContain('مقروءة')

    // His reply, seen by her while her page is visible, is not unread for him either: the dot stays off.
    await expect.poll(() => messagesDot(expert).count()).toBe(0)

    // She records a two-second voice note with the fake microphone and sends it; both can play it.
    await recordVoice(owner.locator('[data-region="composer"] [data-region="voice-recorder"]'), 2)
    await owner.locator('[data-region="composer"] [data-action="send-voice"]').click()
    await expect.poll(() => messages(owner).count(), { timeout: 15_000 }).toBe(start + 3)
    await expect.poll(() => messages(expert).count(), { timeout: 15_000 }).toBe(start + 3)
    const voice = expert.locator('[data-region="messages"] li[data-type="voice"]').last().locator('audio')
    // The file is fetched with his token (the recipient may read it) and played from a blob address.
    await voice.waitFor({ timeout: 15_000 })
    expect(await voice.getAttribute('src')).toMatch(/^blob:/)
    await expect
      .poll(() => voice.evaluate((a) => (a as HTMLAudioElement).duration), { timeout: 10_000 })
      .toBeGreaterThan(0)

    // Today's messages sit under one divider with the Gregorian and Hijri dates; each message shows its time.
    // No middle dot (beside Arabic-Indic digits it reads as zero), no line break in «١٤٤٨ هـ» or «٣:٠٠ م».
    const today = expert.locator('[data-region="messages"] li[data-role="day"]').last()
    expect(await today.textContent()).toMatch(/الموافق .+\u00a0[٠-٩]{4}\u00a0هـ بتوقيت السعودية$/)
    const lastTime = expert.locator('li[data-message-id]').last().locator('time')
    expect(await lastTime.textContent()).toMatch(/^[٠-٩]{1,2}:[٠-٩]{2}\u00a0[صم]$/)
    // The divider names the Riyadh day of its messages, which from 21:00 UTC is the next UTC day.
    const sentAt = (await lastTime.getAttribute('datetime')) ?? ''
    expect(await today.locator('time').getAttribute('datetime')).toBe(riyadhDay(sentAt))
    expect(await lastTime.getAttribute('title')).toContain('٢٠٢')

    await owner.screenshot({ path: `${shots}chat-thread-ar-390.png` })
    await expert.screenshot({ path: `${shots}chat-thread-ar-1280.png` })
    await owner.context().close()
    await expert.context().close()
  })

  it('says when chat is off for the expert', async () => {
    await setChatStatus(app.dataDir, consultant.contributorId!, false)
    try {
      const expert = await open(expertState, '/Chat')
      await settled(expert, 'chat')
      await expert.locator('[data-state="chat-off"]').waitFor({ timeout: 15_000 })
      // The header offers no messages link while chat is off (spec 2).
      expect(await expert.locator('header li[data-nav-item="messages"]').count()).toBe(0)
      await expert.context().close()
    } finally {
      await setChatStatus(app.dataDir, consultant.contributorId!, true)
    }
  })
})

describe('notifications', () => {
  it('pages, opens by the link rule, and marking read lowers the header count', async () => {
    await addOldNotifications(
      app.dataDir,
      consultant.id,
      18,
      await expertLinks(app.dataDir, consultant.contributorId!),
    )
    const page = await open(expertState, '/notifications')
    await settled(page, 'notifications')
    // The header's count loads on its own request (absent, read as 0, until it has), and its arrival reads as
    // "a notification came" that starts the list over from its first page: wait for it before paging.
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBeGreaterThan(0)
    const items = page.locator('[data-region="notification-list"] li[data-notification-id]')
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(15)
    await page.locator('[data-action="load-more"]').click()
    // The next page is a request away: on a busy machine it takes more than poll's default second.
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(15)
    const total = await items.count()
    const ids = await items.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.notificationId))
    expect(new Set(ids).size).toBe(total)

    const before = await headerCount(page)
    expect(before).toBeGreaterThan(0)
    const first = page.locator('li[data-notification-id][data-state="unread"]').first()
    const id = await first.getAttribute('data-notification-id')
    await first.locator('[data-action="mark-read"]').click()
    await expect
      .poll(() => page.locator(`li[data-notification-id="${id}"]`).getAttribute('data-state'))
      .toBe('read')
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBe(before - 1)

    // A request notification opens its request (spec 4's rule: the request before the session).
    const request = page.locator('li[data-notification-id][data-state="unread"]', {
      has: page.locator('a[href^="/request/"]'),
    })
    // Pressed by its id and its address read first, so a list drawn again in between cannot swap the target.
    const requestId = await request.first().getAttribute('data-notification-id')
    const link = page.locator(`li[data-notification-id="${requestId}"] [data-action="open-notification"]`)
    const href = await link.getAttribute('href')
    expect(href).toMatch(/^\/request\//)
    await link.click()
    await page.waitForURL((url) => url.pathname === href)
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBe(before - 2)
    await page.context().close()
  })

  it('arrives live: a chat message from the business owner raises the count and tops the list', async () => {
    // One unread notification at least, so that the header's count is known to have loaded (the badge is
    // absent, read as 0, until it has) before it is read as the count to rise from.
    await addOldNotifications(
      app.dataDir,
      consultant.id,
      1,
      await expertLinks(app.dataDir, consultant.contributorId!),
    )
    const page = await open(expertState, '/notifications')
    await settled(page, 'notifications')
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBeGreaterThan(0)
    const before = await headerCount(page)
    const firstBefore = await page
      .locator('li[data-notification-id]')
      .first()
      .getAttribute('data-notification-id')
    const owner = await open(smeState, `/Chat/${consultant.contributorId}`)
    await field(owner).fill('هل يناسبك موعد الأحد؟')
    await owner.locator('[data-action="send-message"]').click()
    // Risen, not "risen by exactly one": on a CI run slowed to a third of its speed it once rose by two
    // (another notification, or a first count read before the last one landed); the new one must top the list.
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBeGreaterThan(before)
    await expect
      .poll(() => page.locator('li[data-notification-id]').first().getAttribute('data-notification-id'))
      .not.toBe(firstBefore)
    expect(await page.locator('li[data-notification-id]').first().locator('a').getAttribute('href')).toMatch(
      /\/Chat\//,
    )
    await owner.context().close()
    await page.context().close()
  })
})

describe('chat and notifications pages', () => {
  for (const lang of ['ar', 'en'] as const)
    for (const width of [widths.mobile, widths.desktop])
      it(`pass axe and are captured in ${lang} at ${width} px`, async () => {
        const paths = [
          ['chat', '/Chat', expertState],
          ['chat-open', `/Chat/${sme.id}`, expertState],
          ['chat-sme', `/Chat/${consultant.contributorId}`, smeState],
          ['notifications', '/notifications', expertState],
        ] as const
        for (const [name, path, state] of paths) {
          const page = await open(state, path, { width, lang })
          await settled(page, name === 'notifications' ? 'notifications' : 'chat')
          if (name !== 'notifications' && name !== 'chat')
            await page.locator('[data-region="messages"] li').first().waitFor({ timeout: 15_000 })
          else if (name === 'chat')
            await page.locator('[data-region="conversation-list"], [data-state="empty"]').first().waitFor()
          if (name === 'chat' && (await page.locator('.chat-conversation-name').count()) > 0) {
            // The earlier tests of this file made conversations. A name of the other script starts beside the avatar, not at the far edge (issue 31): the gap
            // between the text itself and the avatar is the row's, in both languages.
            const gap = await page
              .locator('.chat-conversation-name')
              .first()
              .evaluate((element, rtl) => {
                const range = document.createRange()
                range.selectNodeContents(element)
                const text = range.getBoundingClientRect()
                const row = element.closest('a, li') ?? element
                const avatar = row.querySelector('img, .avatar, [class*="avatar"]')?.getBoundingClientRect()
                if (!avatar) return null
                return rtl ? avatar.left - text.right : text.left - avatar.right
              }, lang === 'ar')
            expect(gap, `${lang} ${width}: the name's distance from its avatar`).not.toBeNull()
            expect(gap!).toBeLessThan(32)
          }
          expect(await page.locator('h1').count()).toBe(1)
          await page.screenshot({ path: `${shots}${name}-${lang}-${width}.png`, fullPage: true })
          expect(await axeViolations(page), `${name} ${lang} ${width}`).toEqual([])
          await page.context().close()
        }
      })
})
