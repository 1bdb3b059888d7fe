/**
 * The back office's partner webhooks (issue 36), end to end in Chromium as the admin: an endpoint of the
 * `WEBHOOKS` setting is listed with pause and resume only; a new endpoint to a local receiver (a node HTTP server
 * on 127.0.0.1: development allows loopback) shows its secret once; a test event arrives at the receiver signed
 * the Standard Webhooks way and shows as delivered in the log, with its body; redelivering sends the same
 * `webhook-id`; pausing and resuming; rotating shows a new secret and both sign meanwhile; a refused address shows
 * the server's message; deleting removes it. axe is clean at 390 and 1280 px in both languages.
 */
import { createHmac } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { type Browser, chromium, type Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { expectNoViolations } from './support/axe.ts'
import { type NpmStart, root, startNpm } from './support/npm-start.ts'
import { people, signIn } from './support/sign-in.ts'
import { animationsDone, openPage, settled, widths } from './support/site.ts'
import { type WebhookReceiver, webhookReceiver } from './support/webhook-receiver.ts'

const shots = `${root}test-results/admin-webhooks/`
/** The development API key (`mashura-dev-key`), which the back office's new endpoint belongs to. */
const DEV_KEY = 'mashura-dev-key'
/** A partner key of `API_KEYS` whose endpoint comes from the `WEBHOOKS` setting. */
const CONFIG_KEY = 'partner-from-config'
const CONFIG_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

/** What the receiver got of the event type `type`, newest last. */
function received(receiver: WebhookReceiver, type: string) {
  return receiver.got.filter((hit) => {
    try {
      return (JSON.parse(hit.body) as { type?: string }).type === type
    } catch {
      return false
    }
  })
}

/** The signatures of a delivery's `webhook-signature` header (`v1,<base64>` each, space-separated). */
function signatures(header: string): string[] {
  return header.split(' ').map((part) => part.replace(/^v1,/, ''))
}

/** The signature a secret makes over a delivery, computed by hand (what a plain node:crypto verifier does). */
function signatureBy(secret: string, hit: { headers: Record<string, string>; body: string }): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return createHmac('sha256', key)
    .update(`${hit.headers['webhook-id']}.${hit.headers['webhook-timestamp']}.${hit.body}`)
    .digest('base64')
}

describe('the back office’s webhooks', () => {
  let app: NpmStart
  let browser: Browser
  let receiver: WebhookReceiver
  let admin: Page
  let secret = ''

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true })
    receiver = await webhookReceiver()
    app = await startNpm({
      API_KEYS: JSON.stringify({ [CONFIG_KEY]: ['https://partner.example'] }),
      WEBHOOKS: JSON.stringify({
        [CONFIG_KEY]: {
          url: receiver.url.replace('/mashura-webhooks', '/from-config'),
          secret: CONFIG_SECRET,
          events: ['booking.created', 'booking.cancelled'],
        },
      }),
    })
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    admin = await openPage(browser, { lang: 'en' })
    await admin.goto(app.base)
    await signIn(admin, people.admin)
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await receiver?.stop()
  })

  /** Opens the webhooks section and waits for its list. */
  async function openSection(): Promise<void> {
    await admin.goto(new URL('admin/webhooks', app.base).href)
    await settled(admin, 'admin')
    await admin
      .locator('[data-section="webhooks"] ul[aria-label], [data-section="webhooks"] .empty-state')
      .first()
      .waitFor()
  }

  /** The card of the endpoint with this address. */
  const card = (url: string) => admin.locator('li[data-webhook]').filter({ hasText: url })

  it('lists the WEBHOOKS setting’s endpoint, to pause and resume only', async () => {
    await openSection()
    const configured = admin.locator('li[data-webhook][data-source="config"]')
    await configured.waitFor()
    await configured.getByText(CONFIG_KEY).waitFor()
    await configured.getByText('This endpoint comes from the WEBHOOKS setting', { exact: false }).waitFor()
    expect(
      await configured.locator('[data-action="rotate-webhook"], [data-action="delete-webhook"]').count(),
    ).toBe(0)
    await configured.getByRole('button', { name: 'Pause' }).click()
    await admin.locator('li[data-webhook][data-source="config"][data-state="paused"]').waitFor()
    await configured.getByText('Paused by an admin on', { exact: false }).waitFor()
    await configured.getByRole('button', { name: 'Resume' }).click()
    await admin.locator('li[data-webhook][data-source="config"][data-state="active"]').waitFor()
  })

  it('refuses an incomplete form, then shows the server’s message for an unknown key', async () => {
    await openSection()
    await admin.getByRole('button', { name: 'Add an endpoint' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Select none' }).click()
    await dialog.getByRole('button', { name: 'Add the endpoint' }).click()
    await dialog.getByText('This field is required.').first().waitFor()
    await dialog.getByText('Choose at least one event.').waitFor()
    // The focus goes to the first field with a problem.
    await expect
      .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('api_key')
    await dialog.getByLabel('API key').fill('no-such-key')
    await dialog.getByLabel('Address').fill(receiver.url)
    await dialog.getByRole('button', { name: 'Select all' }).click()
    await dialog.getByRole('button', { name: 'Add the endpoint' }).click()
    const failure = dialog.locator('.error-box[role="alert"]')
    await failure.waitFor()
    // The server's own words (the API answers in the page's language), not a generic failure.
    expect((await failure.textContent())?.trim()).not.toBe('')
    expect(await failure.textContent()).not.toMatch(/something went wrong/i)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('creates an endpoint to a local receiver and shows its secret once', async () => {
    await openSection()
    await admin.getByRole('button', { name: 'Add an endpoint' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('API key').fill(DEV_KEY)
    await dialog.getByLabel('Address').fill(receiver.url)
    await dialog.getByRole('button', { name: 'Select none' }).click()
    for (const event of ['booking.created', 'booking.cancelled', 'rating.submitted'])
      await dialog.getByLabel(event, { exact: true }).check()
    await animationsDone(admin)
    await expectNoViolations(admin, 'the new-endpoint dialog, en, 1280')
    await admin.screenshot({ path: `${shots}create-en-1280.png`, fullPage: true })
    await dialog.getByRole('button', { name: 'Add the endpoint' }).click()

    const shown = admin.getByRole('dialog', { name: 'Signing secret' })
    await shown.waitFor()
    secret = await shown.getByLabel('Secret').inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,86}={0,2}$/)
    await shown.getByText('it will not be shown again', { exact: false }).waitFor()
    await animationsDone(admin)
    await expectNoViolations(admin, 'the secret dialog, en, 1280')
    await admin.screenshot({ path: `${shots}secret-en-1280.png`, fullPage: true })
    await shown.getByRole('button', { name: 'I have saved it' }).click()
    await shown.waitFor({ state: 'detached' })

    const made = card(receiver.url)
    await made.waitFor()
    expect(await made.getAttribute('data-state')).toBe('active')
    await made.getByText(DEV_KEY).waitFor()
    await made.getByText('rating.submitted').waitFor()
    // Listed again, the secret is not there.
    await openSection()
    expect(await admin.locator('[data-section="webhooks"]').textContent()).not.toContain(secret)
  })

  it('sends a test event: it arrives signed and shows as delivered in the log', async () => {
    await openSection()
    const made = card(receiver.url)
    await made.getByRole('button', { name: 'Send a test event' }).click()
    await expect.poll(() => received(receiver, 'webhook.test').length, { timeout: 30_000 }).toBe(1)
    const hit = received(receiver, 'webhook.test')[0]!
    // Verifies with the Standard Webhooks library, and by hand.
    expect(() => new Webhook(secret).verify(hit.body, hit.headers)).not.toThrow()
    expect(signatures(hit.headers['webhook-signature']!)).toEqual([signatureBy(secret, hit)])
    expect(Number(hit.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 300)

    await made.getByRole('button', { name: 'Delivery log' }).click()
    const delivered = made.locator('li[data-event="webhook.test"][data-state="delivered"]')
    await delivered.waitFor({ timeout: 30_000 })
    await delivered.getByText('Body sent (JSON)').click()
    await delivered.locator('pre').getByText('"webhook.test"', { exact: false }).waitFor()
    await made.getByLabel('Delivery state').selectOption('failed')
    await made.getByText('No deliveries.').waitFor()
    await made.getByLabel('Delivery state').selectOption('delivered')
    await delivered.waitFor()
    await delivered.getByText('Body sent (JSON)').click()
    await expectNoViolations(admin, 'the delivery log, en, 1280')
    await admin.screenshot({ path: `${shots}log-en-1280.png`, fullPage: true })

    // Redelivered: the same message id reaches the receiver again.
    await delivered.getByRole('button', { name: 'Redeliver' }).click()
    await expect.poll(() => received(receiver, 'webhook.test').length, { timeout: 30_000 }).toBe(2)
    const again = received(receiver, 'webhook.test')[1]!
    expect(again.headers['webhook-id']).toBe(hit.headers['webhook-id'])
    expect(again.body).toBe(hit.body)
  })

  it('is reachable and clean by keyboard and axe in Arabic at 390 and 1280', async () => {
    await admin.evaluate(() => localStorage.setItem('language', 'ar'))
    for (const width of [widths.mobile, widths.desktop]) {
      await admin.setViewportSize({ width, height: 900 })
      await openSection()
      await admin.locator('html[lang="ar"][dir="rtl"]').waitFor({ state: 'attached' })
      const made = card(receiver.url)
      // By keyboard: the log's button takes the focus and opens with Enter.
      const button = made.locator('[data-action="webhook-log"]')
      await button.focus()
      await admin.keyboard.press('Enter')
      await made.locator('li[data-event="webhook.test"][data-state="delivered"]').first().waitFor()
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      await made.locator('li[data-event="webhook.test"] summary').first().focus()
      await admin.keyboard.press('Enter')
      await made.locator('li[data-event="webhook.test"] pre').first().waitFor()
      await expectNoViolations(admin, `the webhooks, ar, ${width}`)
      await admin.screenshot({ path: `${shots}log-ar-${width}.png`, fullPage: true })
      await admin.getByRole('button', { name: 'إضافة عنوان' }).click()
      await admin.getByRole('dialog').waitFor()
      await animationsDone(admin)
      await expectNoViolations(admin, `the new-endpoint dialog, ar, ${width}`)
      await admin.keyboard.press('Escape')
      await admin.getByRole('dialog').waitFor({ state: 'detached' })
    }
    await admin.evaluate(() => localStorage.setItem('language', 'en'))
    await admin.setViewportSize({ width: widths.mobile, height: 900 })
    await openSection()
    await admin.locator('html[lang="en"]').waitFor({ state: 'attached' })
    await card(receiver.url).locator('[data-action="webhook-log"]').click()
    await expectNoViolations(admin, 'the webhooks, en, 390')
    await admin.screenshot({ path: `${shots}log-en-390.png`, fullPage: true })
    await admin.setViewportSize({ width: widths.desktop, height: 900 })
  })

  it('pauses and resumes the endpoint', async () => {
    await openSection()
    const made = card(receiver.url)
    await made.getByRole('button', { name: 'Pause' }).click()
    await admin.getByText(`${receiver.url} paused.`).waitFor()
    await expect.poll(() => made.getAttribute('data-state')).toBe('paused')
    await made.getByText('Paused by an admin on', { exact: false }).waitFor()
    await made.getByRole('button', { name: 'Resume' }).click()
    await expect.poll(() => made.getAttribute('data-state')).toBe('active')
  })

  it('rotates the secret: a new one shown once, and both sign until the old one lapses', async () => {
    await openSection()
    const made = card(receiver.url)
    await made.getByRole('button', { name: 'Rotate the secret' }).click()
    const confirm = admin.getByRole('dialog', { name: 'Rotate the signing secret' })
    await confirm.getByRole('button', { name: 'Rotate the secret' }).click()
    const shown = admin.getByRole('dialog', { name: 'Signing secret' })
    await shown.waitFor()
    const rotated = await shown.getByLabel('Secret').inputValue()
    expect(rotated).toMatch(/^whsec_/)
    expect(rotated).not.toBe(secret)
    await shown.getByText('The previous secret stays valid until', { exact: false }).waitFor()
    await shown.getByRole('button', { name: 'I have saved it' }).click()
    await made.getByText('The previous secret also signs until', { exact: false }).waitFor()

    await made.getByRole('button', { name: 'Send a test event' }).click()
    await expect.poll(() => received(receiver, 'webhook.test').length, { timeout: 30_000 }).toBe(3)
    const hit = received(receiver, 'webhook.test')[2]!
    const sent = signatures(hit.headers['webhook-signature']!)
    expect(sent).toHaveLength(2)
    expect(sent).toContain(signatureBy(rotated, hit))
    expect(sent).toContain(signatureBy(secret, hit))
    expect(() => new Webhook(rotated).verify(hit.body, hit.headers)).not.toThrow()
    expect(() => new Webhook(secret).verify(hit.body, hit.headers)).not.toThrow()
    secret = rotated
  })

  it('deletes the endpoint after a confirmation', async () => {
    await openSection()
    const made = card(receiver.url)
    await made.getByRole('button', { name: 'Delete' }).click()
    const confirm = admin.getByRole('dialog', { name: 'Delete the webhook endpoint' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await admin.getByText(`${receiver.url} deleted.`).waitFor()
    await expect.poll(() => card(receiver.url).count()).toBe(0)
    // The configured endpoint stays.
    expect(await admin.locator('li[data-webhook][data-source="config"]').count()).toBe(1)
  })
})
