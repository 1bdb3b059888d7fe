import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { type Browser, chromium, type Page } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { withStore } from './support/db.ts'
import { caughtMails, recipient } from './support/mail.ts'
import { freePort, type NpmStart, startNpm } from './support/npm-start.ts'

/**
 * Issue 16, part 1: what the platform sends a person leaves the server over SMTP and arrives in an inbox.
 * Against the README's `npm start`: a test's own SMTP server as `SMTP_URL` (what a deployment's relay is),
 * the relay down while a mail waits and both processes restarted, and, without `SMTP_URL`, development's
 * own catcher and its mailbox page, in Chromium.
 */

/** A local SMTP server that keeps every mail it is sent. */
async function inbox(port: number) {
  const mails: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return { mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Makes a rating link with the server's development convenience, which queues its mail as an ended session does. */
async function queueRatingMail(app: NpmStart): Promise<string> {
  const response = await fetch(new URL('examples/dev/rating-link', app.base), { redirect: 'manual' })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location')!, app.base).searchParams.get('token')!
}

/** The outbox row of the rating mail carrying `token`. */
const outboxRow = (dataDir: string, token: string) =>
  withStore(dataDir, (db) =>
    db.selectFrom('outbox').selectAll().where('link', 'like', `%${token}`).executeTakeFirst(),
  )

/** The rating link in a mail's text. */
const ratingLinkIn = (text: string) => text.match(/https?:\/\/\S+\/smeRate\?token=[\w-]+/)![0]

/** Follows a mail's rating link as a person would, and waits for the site's rating page to show its questions. */
async function followRatingLink(page: Page, link: string): Promise<void> {
  await page.goto(link)
  const form = page.locator('div[data-widget="rate-form"]')
  await expect.poll(() => form.locator('fieldset').count(), { timeout: 20_000 }).toBeGreaterThan(0)
}

const fastMail = { MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300' }

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
})
afterAll(async () => {
  await browser?.close()
})

describe('mail over SMTP', () => {
  it('delivers the rating mail to the relay, in Arabic then English, with a link that opens the rating form', async () => {
    const port = await freePort()
    const relay = await inbox(port)
    const app = await startNpm({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...fastMail })
    try {
      const token = await queueRatingMail(app)
      await expect
        .poll(() => relay.mails.find((mail) => mail.text?.includes(token)), { timeout: 30_000 })
        .toBeTruthy()
      const mail = relay.mails.find((m) => m.text?.includes(token))!
      // Each language's half in its own direction, through the relay and a MIME parser (issue 31).
      expect(mail.subject).toBe('\u2067قيّم جلستك على مشورة\u2069 | \u2066Rate your Mashura session\u2069')
      expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/)
      expect(mail.text!.indexOf('كيف كانت جلستك؟')).toBeLessThan(mail.text!.indexOf('How was your session?'))
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated')
      const row = await outboxRow(app.dataDir, token)
      expect(mail.messageId).toBe(row?.message_id)
      expect(row?.sent_at).toBeTruthy()
      // The link in the mail, followed as a person would: the site's rating page with its questions.
      const page = await browser.newPage({ viewport: { width: 390, height: 900 } })
      await followRatingLink(page, ratingLinkIn(mail.text!))
      await page.context().close()
    } finally {
      await app.stop()
      await relay.close()
    }
  })

  it('keeps a mail while the relay is down, and after both restart delivers it exactly once', async () => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-e2e-mail-'))
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: dataDir, ...fastMail }
    try {
      // Nothing listens on the relay's port: the mail is tried, refused for now, and waits.
      let app = await startNpm(env)
      const token = await queueRatingMail(app)
      await expect
        .poll(async () => (await outboxRow(dataDir, token))?.attempts ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(0)
      const waiting = await outboxRow(dataDir, token)
      expect(waiting?.sent_at).toBeNull()
      expect(waiting?.last_error).toBeTruthy()
      await app.stop()

      // The relay comes up, then the server starts again on the same data.
      const relay = await inbox(port)
      try {
        app = await startNpm(env)
        await expect
          .poll(() => relay.mails.filter((mail) => mail.text?.includes(token)).length, { timeout: 30_000 })
          .toBe(1)
        // Another mail after it: once it has arrived, the sender has gone round again since the first.
        const next = await queueRatingMail(app)
        await expect
          .poll(() => relay.mails.some((mail) => mail.text?.includes(next)), { timeout: 30_000 })
          .toBe(true)
        const sent = await outboxRow(dataDir, token)
        expect(sent?.sent_at).toBeTruthy()
        expect(relay.mails.filter((mail) => mail.messageId === sent?.message_id)).toHaveLength(1)
        await app.stop()
      } finally {
        await relay.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 })
    }
  })
})

describe('mail in development', () => {
  it('is caught by npm start’s own SMTP server and shown on the mailbox page, whose link a newcomer follows', async () => {
    const app = await startNpm(fastMail)
    try {
      const token = await queueRatingMail(app)
      await expect
        .poll(async () => (await caughtMails(app.dataDir)).some((mail) => mail.text?.includes(token)), {
          timeout: 30_000,
        })
        .toBe(true)
      const mail = (await caughtMails(app.dataDir)).find((m) => m.text?.includes(token))!
      const page = await browser.newPage({ viewport: { width: 390, height: 900 } })
      await page.goto(new URL('examples/dev/mailbox', app.base).href)
      await page.locator('a', { hasText: 'قيّم جلستك على مشورة' }).first().click()
      await page.waitForURL(/\/examples\/dev\/mailbox\/\d+-[0-9a-f]+\.eml$/)
      expect(await page.locator('dd').nth(1).textContent()).toContain(recipient(mail))
      // The mail's HTML is in a frame that runs nothing.
      expect(await page.locator('iframe').getAttribute('sandbox')).toBe('')
      const frame = page.frameLocator('iframe')
      await expect.poll(() => frame.locator('h1').first().textContent()).toBe('كيف كانت جلستك؟')
      const link = ratingLinkIn((await page.locator('pre').textContent())!)
      expect(link).toContain(token)
      await followRatingLink(page, link)
      await page.context().close()
    } finally {
      await app.stop()
    }
  })
})
