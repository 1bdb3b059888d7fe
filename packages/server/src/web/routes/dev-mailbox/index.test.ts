import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MailCatcher, startMailCatcher } from '../../../adapters/mail/catcher.ts'
import { bookingConfirmedMail } from '../../../adapters/mail/compose.ts'
import { smtpTransport } from '../../../adapters/mail/smtp.ts'
import {
  createTestContext,
  DATABASES,
  productionConfig,
  useTestContext,
} from '../../../test-support/context.ts'
import { DEV_MAILBOX_PATH } from './index.ts'

const dialect = DATABASES[0]!

describe('the development mailbox', () => {
  const ctx = useTestContext(dialect)
  let catcher: MailCatcher

  beforeAll(async () => {
    catcher = await startMailCatcher(ctx.config.dataDir)
    // A real mail through the catcher, as the outbox sends it.
    const mail = bookingConfirmedMail(
      {
        sessionId: 7,
        smeName: 'سارة <script>alert(1)</script>',
        expertName: 'نورة القحطاني',
        subject: null,
        start: new Date('2026-12-03T11:30:00Z'),
        end: new Date('2026-12-03T12:30:00Z'),
        office: null,
        sessionUrl: 'http://localhost:8080/session/7',
        host: 'localhost:8080',
      },
      new Date(),
    )
    const transport = smtpTransport(catcher.url)
    await transport.send({
      from: ctx.config.mail.from,
      to: 'sara@example.sa',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
      messageId: '<booking_confirmed.test@localhost>',
    })
    transport.close()
  })
  afterAll(async () => {
    await catcher?.close()
  })

  it('lists the caught mails and shows one: headers, its HTML in a sandboxed frame, its text, its attachments', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: DEV_MAILBOX_PATH })
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toMatch(/^text\/html/)
    // The subject, its name set apart by bidi isolates (compose.ts).
    expect(list.body).toContain('تأكيد حجز جلستك مع \u2068نورة القحطاني\u2069')
    const href = /href="(\/examples\/dev\/mailbox\/[^"]+\.eml)"/.exec(list.body)?.[1]
    expect(href).toBeTruthy()
    const one = await ctx.app.inject({ method: 'GET', url: href! })
    expect(one.statusCode).toBe(200)
    expect(one.body).toContain('sara@example.sa')
    expect(one.body).toContain('&lt;booking_confirmed.test@localhost&gt;')
    expect(one.body).toMatch(new RegExp(`<iframe sandbox [^>]*src="${href}/html"`))
    // The text part, escaped: a name with markup stays text.
    expect(one.body).toContain('سارة &lt;script&gt;')
    expect(one.body).not.toContain('<script>alert(1)</script>')
    const html = await ctx.app.inject({ method: 'GET', url: `${href}/html` })
    expect(html.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    )
    expect(html.body).toContain('<html lang="ar" dir="rtl">')
    const ics = await ctx.app.inject({ method: 'GET', url: `${href}/attachments/0` })
    expect(ics.statusCode).toBe(200)
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/)
    expect(ics.headers['content-disposition']).toBe("attachment; filename*=UTF-8''mashura-session-7.ics")
    expect(ics.body).toContain('UID:session-7@localhost:8080')
  })

  it('answers 404 for a mail or attachment that is not there, and 400 for a name that is not a mail’s', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${DEV_MAILBOX_PATH}/1000000000000-00000000.eml` }))
        .statusCode,
    ).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${DEV_MAILBOX_PATH}/..%2Fsecrets%2Ftoken-secret` }))
        .statusCode,
    ).toBe(400)
    const list = await ctx.app.inject({ method: 'GET', url: DEV_MAILBOX_PATH })
    const href = /href="(\/examples\/dev\/mailbox\/[^"]+\.eml)"/.exec(list.body)?.[1]
    expect((await ctx.app.inject({ method: 'GET', url: `${href}/attachments/3` })).statusCode).toBe(404)
  })

  it('does not exist in production', async () => {
    const prod = await createTestContext(dialect, productionConfig())
    try {
      expect((await prod.app.inject({ method: 'GET', url: DEV_MAILBOX_PATH })).statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
