/**
 * The SMTP transport on nodemailer (`SMTP_URL`: `smtp://user:pass@host:587`, STARTTLS when the relay offers
 * it; `smtps://…:465` for TLS from the start). Every mail keeps the `Message-ID` the outbox gave it, and says
 * it was sent by a program (`Auto-Submitted: auto-generated`, RFC 3834) so that vacation replies stay away.
 * Timeouts are shorter than an outbox claim (two minutes), so a hung relay never outlives the claim.
 */
import type { Transporter } from 'nodemailer'
import type { MailTransport, OutgoingMail } from './outbox.ts'

/** A transport that can be closed (its connections ended). */
export interface ClosableTransport extends MailTransport {
  close(): void
}

/** An SMTP transport to the relay at `url`. */
export function smtpTransport(url: string): ClosableTransport {
  // nodemailer is loaded with the first mail, not at every start (issue 35: a release answers within 1.5 s).
  let transporter: Promise<Transporter> | undefined
  const ready = () =>
    (transporter ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 45_000,
      } as Parameters<typeof createTransport>[0]),
    ))
  return {
    async send(mail: OutgoingMail) {
      await (await ready()).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        attachments: mail.attachments.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
        messageId: mail.messageId,
        headers: { 'Auto-Submitted': 'auto-generated' },
        signal: AbortSignal.timeout(90_000),
      })
    },
    close() {
      void transporter?.then((t) => t.close())
    },
  }
}
