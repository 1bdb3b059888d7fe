import { mkdirSync, readFileSync } from 'node:fs'
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http'
import { ar, en } from '@mashura/core'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inBundleForm } from '../../docs-site/src/snippets/bundle.mjs'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expectNoViolations } from './support/axe.ts'
import { untilFreeSlots } from './support/booking.ts'
import { clearCalendar } from './support/db.ts'
import { freePort, type NpmStart, root, startNpm } from './support/npm-start.ts'

/**
 * A partner really somewhere else: the platform runs as the README's `npm start` on `http://localhost:<port>`,
 * and the partner's plain page is served from `http://127.0.0.1:<other port>`, with its own key in
 * `API_KEYS`. The page is the docs' "Getting started" page itself (`docs-site/src/snippets/`), with only the
 * platform's address and the key swapped, as a partner would. Chromium books through it once with the ESM
 * entry, once with the IIFE file, and once with the partner page sending
 * `Cross-Origin-Opener-Policy: same-origin` (which cuts the sign-in popup off from `window.opener`).
 */
const snippets = `${root}docs-site/src/snippets/`
const shots = `${root}test-results/partner-embed/`
const PARTNER_KEY = 'riyada-e2e-key'
const DEV_SME = 'نورة بنت سعد القحطاني'

let app: NpmStart
let browser: Browser
let platform = ''
let partnerOrigin = ''
let strangerOrigin = ''
const servers: Server[] = []

/** The getting-started page as the docs print it, pointed at this run's platform and the partner's key. */
function gettingStarted(kind: 'esm' | 'iife', lang: 'ar' | 'en'): string {
  return inBundleForm(readFileSync(`${snippets}getting-started.${lang}.html`, 'utf8'), kind)
    .replaceAll('http://localhost:8080', platform)
    .replaceAll('mashura-dev-key', PARTNER_KEY)
}

/** A rating landing page as the rating guide describes it, here with a token that is not one. */
function ratingLanding(): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rate your session</title>
<script type="module" src="${platform}/widgets/rate-form.js"></script>
<main>
  <rate-form api-base="${platform}/api" api-key="${PARTNER_KEY}" lang="en" rating-key="mashura-dev-passphrase"></rate-form>
</main>
</html>`
}

/** Serves the partner's pages on 127.0.0.1:`port`; `/coop/…` sends COOP same-origin as many sites do. */
async function servePartner(port: number): Promise<void> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://partner')
    const coop = url.pathname.startsWith('/coop/')
    const name = url.pathname.replace(/^\/coop/, '')
    const page = name.match(/^\/(esm|iife)\.(ar|en)\.html$/)
    const body = page
      ? gettingStarted(page[1] as 'esm' | 'iife', page[2] as 'ar' | 'en')
      : name === '/rate.html'
        ? ratingLanding()
        : null
    const headers: OutgoingHttpHeaders = { 'content-type': 'text/html; charset=utf-8' }
    if (coop) headers['cross-origin-opener-policy'] = 'same-origin'
    if (body === null) response.writeHead(404, headers).end('<!doctype html><title>404</title>')
    else response.writeHead(200, headers).end(body)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  servers.push(server)
}

beforeAll(async () => {
  const partnerPort = await freePort()
  const strangerPort = await freePort()
  partnerOrigin = `http://127.0.0.1:${partnerPort}`
  // Another origin the key does not name (and one no key names).
  strangerOrigin = `http://127.0.0.1:${strangerPort}`
  app = await startNpm({ API_KEYS: JSON.stringify({ [PARTNER_KEY]: [partnerOrigin] }) })
  platform = app.base.replace(/\/$/, '')
  expect(new URL(platform).hostname).toBe('localhost')
  await servePartner(partnerPort)
  await servePartner(strangerPort)
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  mkdirSync(shots, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
  await app?.stop()
})

/** A fresh visitor (no provider session) on a partner page, with `booking-created` recorded on `window`. */
async function openPartnerPage(path: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' })
  const page = await context.newPage()
  await page.addInitScript(() => {
    const w = window as unknown as { booked: unknown[] }
    w.booked = []
    window.addEventListener('booking-created', (event) => w.booked.push((event as CustomEvent).detail))
  })
  await page.goto(path)
  return { context, page }
}

/**
 * The whole embed journey on one partner page: search lists experts, choosing one sets the calendar, a slot
 * is chosen, sign-in runs in the platform's popup, and the booking completes with `booking-created` on the
 * partner's window. Returns the popup's last words when it stayed open (it closes itself where it may).
 */
async function bookThroughEmbed(path: string, label: string): Promise<void> {
  // Each test books the first expert's first free slot: the owner's earlier bookings must not stand in the way.
  await clearCalendar(app.dataDir, 'dev-sme')
  const { context, page } = await openPartnerPage(`${partnerOrigin}${path}`)
  const search = page.locator('expert-search')
  await expect.poll(() => search.locator('[part~="result"]').count(), { timeout: 30_000 }).toBeGreaterThan(0)
  await expectNoViolations(page, `${label}: results`)
  const name = (await search.locator('[part~="name"]').first().textContent())?.trim()
  await search.locator('[part~="choose"]').first().click()

  const calendar = page.locator('booking-calendar')
  await expect.poll(() => calendar.isVisible()).toBe(true)
  await untilFreeSlots(page.locator('booking-calendar'))
  const slot = calendar.locator('[part~="slot"]').first()
  await slot.click()
  expect(await slot.getAttribute('part')).toContain('slot-selected')
  await expectNoViolations(page, `${label}: slot chosen`)

  // COOP same-origin severs the popup from the page: Playwright then sees it as a page of the context.
  const popupPromise = context.waitForEvent('page')
  await calendar.locator('[part~="book"]').click()
  const popup = await popupPromise
  await popup.waitForURL(/\/oidc\/interaction\//, { timeout: 20_000 })
  await expect.poll(() => calendar.locator('[part~="sign-in-prompt"][data-state="waiting"]').count()).toBe(1)
  await page.screenshot({ path: `${shots}${label}-waiting.png` })
  // Every redeem call waits on the server (a long poll), so a page waiting for its popup stays quiet.
  let redeems = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/authentication/handoff/redeem')) redeems++
  })
  await popup.getByRole('button', { name: new RegExp(DEV_SME) }).click()

  // Signed in: the chosen slot is still chosen and its confirmation opens by itself.
  const confirm = calendar.locator('[part~="confirm"]')
  await confirm.waitFor({ timeout: 30_000 })
  await expectNoViolations(page, `${label}: confirm dialog`)
  if (name) expect(await calendar.locator('[part~="confirm-dialog"]').textContent()).toContain(name)
  await confirm.click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { booked: unknown[] }).booked.length), {
      timeout: 20_000,
    })
    .toBe(1)
  const [detail] = (await page.evaluate(() => (window as unknown as { booked: unknown[] }).booked)) as {
    contributorId: number
    sessionId: number
    pendingApproval: boolean
  }[]
  expect(detail!.pendingApproval).toBe(false)
  expect(redeems).toBeLessThan(5)
  expect(detail!.sessionId).toBeGreaterThan(0)
  await calendar.locator('[part~="success-dialog"]').waitFor()
  await page.screenshot({ path: `${shots}${label}-booked.png` })
  await expectNoViolations(page, `${label}: success dialog`)
  if (!popup.isClosed()) {
    // Cut off from its opener, the popup may not be allowed to close itself: it says where to go.
    await expect
      .poll(() => popup.locator('#status').textContent())
      .toMatch(new RegExp([ar, en].flatMap((c) => [c['signIn.doneReturn'], c['signIn.done']]).join('|')))
  }
  await context.close()
}

describe('the widgets on a partner’s own origin', () => {
  it('books through the getting-started page with the ESM entry (English)', async () => {
    await bookThroughEmbed('/esm.en.html', 'esm-en')
  })

  it('books through the getting-started page with the IIFE file (Arabic)', async () => {
    await bookThroughEmbed('/iife.ar.html', 'iife-ar')
  })

  it('books when the partner page sends Cross-Origin-Opener-Policy: same-origin (Arabic)', async () => {
    await bookThroughEmbed('/coop/esm.ar.html', 'coop-ar')
  })

  it('a cancelled sign-in returns the calendar to its sign-in button, with no error', async () => {
    const { context, page } = await openPartnerPage(`${partnerOrigin}/coop/esm.en.html`)
    const search = page.locator('expert-search')
    await search.locator('[part~="choose"]').first().click({ timeout: 30_000 })
    const calendar = page.locator('booking-calendar')
    await untilFreeSlots(page.locator('booking-calendar'))
    await calendar.locator('[part~="slot"]').first().click()
    const popupPromise = context.waitForEvent('page')
    await calendar.locator('[part~="book"]').click()
    const popup = await popupPromise
    await popup.waitForURL(/\/oidc\/interaction\//, { timeout: 20_000 })
    await popup.getByRole('button', { name: 'Cancel sign-in' }).click()
    await calendar.locator('[part~="sign-in"]').waitFor({ timeout: 30_000 })
    expect((await calendar.locator('[part~="notice"]').allTextContents()).join('').trim()).toBe('')
    // The slot the visitor chose is still chosen.
    expect(await calendar.locator('[part~="slot-selected"]').count()).toBe(1)
    await context.close()
  })

  it('a rating form on a foreign landing page with a bad token says so clearly', async () => {
    const { context, page } = await openPartnerPage(`${partnerOrigin}/rate.html?token=not-a-real-token`)
    const form = page.locator('rate-form')
    await expect
      .poll(
        async () => (await form.locator('[part~="status"], [part~="notice"]').allTextContents()).join(' '),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/\S/)
    const said = (await form.locator('[part~="base"]').textContent()) ?? ''
    expect(said).not.toContain('undefined')
    await page.screenshot({ path: `${shots}rate-bad-token.png` })
    expect(await form.locator('[part~="submit"]').count()).toBe(0)
    await expectNoViolations(page, 'rate-form, bad token')
    await context.close()
  })

  it('a page on an origin its key does not allow gets a clear error and no data', async () => {
    const { context, page } = await openPartnerPage(`${strangerOrigin}/esm.en.html`)
    const search = page.locator('expert-search')
    await expect
      .poll(() => search.locator('[part~="notice"]').textContent(), { timeout: 20_000 })
      .toContain(en['errors.originNotAllowed'])
    expect(await search.locator('[part~="result"]').count()).toBe(0)
    await page.screenshot({ path: `${shots}origin-refused.png` })
    await expectNoViolations(page, 'origin refused')
    await context.close()
  })
})
