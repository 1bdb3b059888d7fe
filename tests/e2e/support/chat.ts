import type { Browser, BrowserContext, Page } from 'playwright-core'
import { withStore } from './db.ts'
import { type Person, signIn } from './sign-in.ts'
import { openPage } from './site.ts'

/** Turns an expert's chat on or off (the admin's switch; the live record follows on the next read). */
export function setChatStatus(dataDir: string, contributorId: number, on: boolean): Promise<void> {
  return withStore(dataDir, async (db) => {
    await db
      .updateTable('contributors')
      .set({ chat_status: on ? 1 : 0 })
      .where('id', '=', contributorId)
      .execute()
  })
}

/**
 * Adds `count` older notifications for a person straight into the database (no live event: they are there
 * before the page loads), every other one about a request, the rest about a session, to fill pages.
 */
export function addOldNotifications(
  dataDir: string,
  personId: number,
  count: number,
  link: { requestId: number; sessionId: number },
): Promise<void> {
  return withStore(dataDir, async (db) => {
    const start = Date.now() - 3 * 24 * 3600_000
    for (let i = 0; i < count; i++) {
      const request = i % 2 === 0
      await db
        .insertInto('notifications')
        .values({
          person_id: personId,
          kind: 'fixture',
          title_ar: `إشعار قديم ${i + 1}`,
          title_en: `Older notification ${i + 1}`,
          body_ar: request ? 'طلب جلسة ينتظر ردك' : 'تذكير بجلسة',
          body_en: request ? 'A session request awaits your answer' : 'A session reminder',
          request_id: request ? link.requestId : null,
          session_id: request ? null : link.sessionId,
          read_at: null,
          created_at: new Date(start + i * 60_000).toISOString(),
        })
        .execute()
    }
  })
}

/** A request and a session of an expert, for notifications that link to them. */
export function expertLinks(
  dataDir: string,
  contributorId: number,
): Promise<{ requestId: number; sessionId: number }> {
  return withStore(dataDir, async (db) => {
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('contributor_id', '=', contributorId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const request = await db
      .selectFrom('sessions')
      .select('id')
      .where('request_state', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    return { requestId: request.id, sessionId: session.id }
  })
}

/**
 * A signed-in browser context for a person, made once per test file: sign in through the provider in a
 * fresh context (terms accepted), then keep its storage for new contexts (each with its own options).
 */
export async function signedInState(
  browser: Browser,
  base: string,
  person: Person,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const page = await openPage(browser)
  await page.goto(base)
  // Not `settled`: this runs in beforeAll, where expect.poll is not allowed.
  await page.locator('[data-page="home"]').waitFor({ timeout: 20_000 })
  await signIn(page, person)
  const state = await page.context().storageState()
  await page.context().close()
  return state
}

/** The header's notification count as shown (0 when no badge). */
export async function headerCount(page: Page): Promise<number> {
  const badge = page.locator('header li[data-nav-item="notifications"] [data-dot]')
  if ((await badge.count()) === 0) return 0
  return Number((await badge.textContent())?.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))) ?? 0)
}

/** Whether the header's messages link shows its unread dot. */
export function messagesDot(page: Page) {
  return page.locator('header li[data-nav-item="messages"] [data-dot]')
}
