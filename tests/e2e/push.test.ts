import { mkdirSync } from 'node:fs'
import { createTranslator } from '@mashura/core'
import { type HostAppMessageKey, hostAppMessages } from '@mashura/host-app/i18n'
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { signedInState } from './support/chat.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people } from './support/sign-in.ts'
import { settled, widths } from './support/site.ts'

// Push of issue 7 in real Chromium against `npm start`: the service worker at /sw.js, each message of spec
// section 8, foreground pushes in the snackbar with spec 4's link, background pushes as system notifications.
// This machine has no internet: Chromium's push service is unreachable, so a real subscription fails (the
// "please allow" case) and pushes are handed to the service worker through the debugging protocol instead.
let app: NpmStart
let browser: Browser
let expertState: Awaited<ReturnType<typeof signedInState>>
const ar = createTranslator('ar', hostAppMessages)
const shots = `${root}test-results/expert-chat/`

beforeAll(async () => {
  app = await startNpm()
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  mkdirSync(shots, { recursive: true })
  expertState = await signedInState(browser, app.base, people.consultant)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

/** A signed-in expert's context, with notification permission granted or not. */
async function expertContext(granted: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: 'ar-SA',
    viewport: { width: widths.desktop, height: 900 },
    storageState: expertState,
  })
  if (granted) await context.grantPermissions(['notifications'], { origin: new URL(app.base).origin })
  return context
}

/** The snackbar's text (empty when hidden). */
function snackbar(page: Page) {
  return page.locator('[data-region="snackbar"] .notice-text')
}

/** Waits for the snackbar to show `key`'s message; `timeout` for what the page does at load by itself. */
async function expectNotice(page: Page, key: HostAppMessageKey, timeout?: number): Promise<void> {
  await expect.poll(() => snackbar(page).textContent(), timeout ? { timeout } : undefined).toBe(ar.t(key))
}

/** A new page in `context` on the expert's dashboard, where push is renewed at load. */
async function openDashboard(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(new URL('/dashboard', app.base).href)
  return page
}

/** Opens `/notifications` and presses "turn on notifications". */
async function turnOnFromNotifications(page: Page): Promise<void> {
  await page.goto(new URL('/notifications', app.base).href)
  await settled(page, 'notifications')
  await page.locator('[data-action="enable-push"]').click()
}

/** The debugging protocol on a page, with the site's service worker registration id. */
async function serviceWorker(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page)
  const ids: string[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted && r.scopeURL === app.base) ids.push(r.registrationId)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => ids.length).toBeGreaterThan(0)
  return { cdp, id: ids[0]! }
}

/** Hands a push to the site's service worker, as the push service would. */
function deliver(sw: { cdp: CDPSession; id: string }, message: unknown) {
  return sw.cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(app.base).origin,
    registrationId: sw.id,
    data: JSON.stringify(message),
  })
}

describe('the service worker', () => {
  it('is registered at /sw.js on load', async () => {
    const context = await expertContext(false)
    const page = await context.newPage()
    await page.goto(new URL('/Faq', app.base).href)
    const scope = await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      const registration = await navigator.serviceWorker.getRegistration()
      return { scope: registration?.scope, script: registration?.active?.scriptURL }
    })
    expect(scope).toEqual({ scope: app.base, script: new URL('/sw.js', app.base).href })
    await context.close()
  })
})

describe('the messages of spec section 8', () => {
  it('an unsupported browser', async () => {
    const context = await expertContext(true)
    // Fault injection: a browser without the Push API.
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager
    })
    const page = await context.newPage()
    await turnOnFromNotifications(page)
    await expectNotice(page, 'snackbar.browserUnsupported')
    await context.close()
  })

  it('permission denied', async () => {
    // No permission given: headless Chromium answers the prompt with "denied".
    const context = await expertContext(false)
    const page = await context.newPage()
    await turnOnFromNotifications(page)
    await expectNotice(page, 'snackbar.notificationPermissionDenied', 10_000)
    await page.screenshot({ path: `${shots}push-denied-ar-1280.png` })
    await context.close()
  })

  it('getting the token fails (the real push service is out of reach offline)', async () => {
    const context = await expertContext(true)
    // Permission was granted before: the page renews push at load by itself.
    const page = await openDashboard(context)
    await expectNotice(page, 'snackbar.allowNotifications', 25_000)
    await context.close()
  })

  it('the token is not available (no VAPID key)', async () => {
    const context = await expertContext(true)
    // Fault injection: the server has no public key to give.
    await context.route('**/api/push/vapid-public-key', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"error":{"code":"not_found","message":"x"}}',
      }),
    )
    const page = await openDashboard(context)
    await expectNotice(page, 'snackbar.pushTokenUnavailable', 15_000)
    await context.close()
  })

  it('listening fails (no service worker)', async () => {
    const context = await expertContext(true)
    // Fault injection: /sw.js is missing, so registration fails (only logged) and nothing can hear pushes.
    await context.route('**/sw.js', (route) => route.fulfill({ status: 404, body: '' }))
    const page = await context.newPage()
    const warnings: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text())
    })
    await page.goto(new URL('/dashboard', app.base).href)
    await expectNotice(page, 'snackbar.pushListenFailed', 15_000)
    expect(warnings.some((w) => w.includes('service worker registration failed'))).toBe(true)
    await context.close()
  })

  it('no internet connection', async () => {
    const context = await expertContext(false)
    const page = await context.newPage()
    await page.goto(new URL('/Faq', app.base).href)
    await settled(page, 'faq')
    await context.setOffline(true)
    await expectNotice(page, 'snackbar.offline')
    await context.setOffline(false)
    await context.close()
  })
})

describe('push messages', () => {
  it('show in the snackbar with the link rule in the foreground, and as a notification in the background', async () => {
    const context = await expertContext(true)
    const page = await openDashboard(context)
    // The page listens even though its own subscription failed offline.
    await expectNotice(page, 'snackbar.allowNotifications', 25_000)
    const sw = await serviceWorker(context, page)

    await deliver(sw, {
      data: { title: 'طلب جديد', request_id: 5, session_id: 9 },
      notification: { title: 'طلب جديد', body: 'لديك طلب جلسة جديد' },
    })
    await expect.poll(() => snackbar(page).textContent()).toBe('لديك طلب جلسة جديد')
    const link = page.locator('[data-region="snackbar"] a.notice-link')
    expect(await link.getAttribute('href')).toBe('/request/5')
    await page.screenshot({ path: `${shots}push-foreground-ar-1280.png` })

    await deliver(sw, { data: { title: 'تذكير', session_id: 9 }, notification: { body: 'جلستك بعد قليل' } })
    await expect.poll(() => snackbar(page).textContent()).toBe('جلستك بعد قليل')
    expect(await link.getAttribute('href')).toBe('/session/9')

    // A chat message opens its conversation (issue 31).
    await deliver(sw, {
      data: { title: 'رسالة جديدة', chat_with: 31 },
      notification: { body: 'أرسل لك رسالة' },
    })
    await expect.poll(() => snackbar(page).textContent()).toBe('أرسل لك رسالة')
    expect(await link.getAttribute('href')).toBe('/Chat/31')

    // On a session page no link is offered (spec 4).
    await page.evaluate(() => {
      history.pushState(null, '', '/session/9')
    })
    await deliver(sw, { data: { title: 'تذكير', session_id: 9 }, notification: { body: 'بدأت الجلسة' } })
    await expect.poll(() => snackbar(page).textContent()).toBe('بدأت الجلسة')
    expect(await link.count()).toBe(0)

    // In the background (no visible window of the site), a system notification carries the link.
    await page.goto('about:blank')
    await deliver(sw, {
      data: { title: 'طلب جديد', request_id: 7 },
      notification: { title: 'طلب جديد', body: 'طلب بانتظار ردك' },
    })
    // A chat message's notification opens its conversation (issue 31).
    await deliver(sw, {
      data: { title: 'رسالة جديدة', chat_with: 31 },
      notification: { title: 'رسالة جديدة', body: 'أرسل لك رسالة' },
    })
    const other = await context.newPage()
    await other.goto(new URL('/Faq', app.base).href)
    await expect
      .poll(
        () =>
          other.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            const shown = (await registration?.getNotifications()) ?? []
            return shown.map((n) => ({ title: n.title, body: n.body, data: n.data }))
          }),
        { timeout: 10_000 },
      )
      .toEqual(
        expect.arrayContaining([
          { title: 'طلب جديد', body: 'طلب بانتظار ردك', data: { link: '/request/7' } },
          { title: 'رسالة جديدة', body: 'أرسل لك رسالة', data: { link: '/Chat/31' } },
        ]),
      )

    await context.close()
  })
})
