/**
 * Development only: the mailbox of the mail catcher `npm start` runs when no `SMTP_URL` is set
 * (adapters/mail/catcher.ts), so that a newcomer reads the mails the platform sends, as sent, and follows their links.
 * Registered only when `config.development` is on; a 404 with NODE_ENV=production.
 *
 * - `GET /examples/dev/mailbox`: the caught mails, newest first.
 * - `GET /examples/dev/mailbox/:name`: one mail: its headers, its HTML part in a sandboxed frame, its text
 *   part, its attachments.
 * - `GET /examples/dev/mailbox/:name/html`: the HTML part alone, under a policy that runs nothing and loads
 *   nothing from elsewhere (`sandbox; default-src 'none'`).
 * - `GET /examples/dev/mailbox/:name/attachments/:index`: an attachment, as a download.
 *
 * The strings live here, not in core's catalogs: this is a development tool, as `adapters/oidc/pages.ts` is.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ParsedMail } from 'mailparser'
import { Type } from 'typebox'
import { mailboxDir } from '../../../adapters/mail/catcher.ts'
import { escapeHtml } from '../../../adapters/mail/compose.ts'

/** The mailbox's address. */
export const DEV_MAILBOX_PATH = '/examples/dev/mailbox'

/** A caught mail's file name, as the catcher writes it. */
const NAME = /^\d{13}-[0-9a-f]{8}\.eml$/

const NameParams = Type.Object({ name: Type.String({ pattern: NAME.source }) })

/** The caught mails' file names, newest first. */
function mailNames(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .reverse()
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1f2430}
main{max-width:960px;margin:0 auto;padding:16px}h1{font-size:1.4rem;color:#2d1a47}
table{border-collapse:collapse;width:100%;background:#fff}td,th{padding:8px;border-bottom:1px solid #d5dae2;text-align:start;vertical-align:top}
a{color:#28749c}iframe{width:100%;height:720px;border:1px solid #d5dae2;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #d5dae2}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;background:#fff;padding:12px}dt{color:#4f5666}dd{margin:0;overflow-wrap:anywhere}`

function page(reply: FastifyReply, title: string, body: string) {
  reply.header('cache-control', 'no-store')
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`,
    )
}

const addresses = (value: ParsedMail['to']) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ')

/** Registers the mailbox pages; call only in development. */
export async function devMailboxRoutes(app: FastifyInstance): Promise<void> {
  const dir = mailboxDir(app.config.dataDir)
  // mailparser is loaded when the mailbox is first opened, not at every development server's start.
  const read = async (name: string) =>
    (await import('mailparser')).simpleParser(readFileSync(join(dir, name)))
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('لا توجد هذه الرسالة.\nNo such mail.\n')

  app.get(DEV_MAILBOX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const rows: string[] = []
    for (const name of mailNames(dir).slice(0, 200)) {
      const mail = await read(name)
      rows.push(
        `<tr><td>${escapeHtml(mail.date?.toISOString().replace('T', ' ').slice(0, 19) ?? '')}</td><td dir="ltr">${escapeHtml(addresses(mail.to))}</td><td><a href="${DEV_MAILBOX_PATH}/${name}">${escapeHtml(mail.subject ?? '')}</a></td></tr>`,
      )
    }
    return page(
      reply,
      'صندوق البريد | Mailbox',
      `<h1>صندوق بريد التطوير <span lang="en" dir="ltr">Development mailbox</span></h1>
<p>الرسائل التي أرسلتها المنصة إلى خادم البريد المحلي، الأحدث أولًا. <span lang="en" dir="ltr">Mail the platform sent to the local SMTP catcher, newest first.</span></p>
${rows.length ? `<table><thead><tr><th>الوقت (UTC) <span lang="en">Time</span></th><th>إلى <span lang="en">To</span></th><th>الموضوع <span lang="en">Subject</span></th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '<p>لا رسائل بعد. <span lang="en" dir="ltr">No mail yet.</span></p>'}`,
    )
  })

  app.get(
    `${DEV_MAILBOX_PATH}/:name`,
    { schema: { hide: true, params: NameParams } },
    async (request, reply) => {
      const { name } = request.params as { name: string }
      if (!mailNames(dir).includes(name)) return notFound(reply)
      const mail = await read(name)
      const attachments = mail.attachments
        .map(
          (file, i) =>
            `<li><a href="${DEV_MAILBOX_PATH}/${name}/attachments/${i}" dir="ltr">${escapeHtml(file.filename ?? `attachment-${i}`)}</a> (${escapeHtml(file.contentType)})</li>`,
        )
        .join('')
      return page(
        reply,
        mail.subject ?? name,
        `<p><a href="${DEV_MAILBOX_PATH}">→ صندوق البريد <span lang="en">Mailbox</span></a></p>
<h1>${escapeHtml(mail.subject ?? '')}</h1>
<dl dir="ltr"><dt>From</dt><dd>${escapeHtml(mail.from?.text ?? '')}</dd><dt>To</dt><dd>${escapeHtml(addresses(mail.to))}</dd><dt>Date</dt><dd>${escapeHtml(mail.date?.toISOString() ?? '')}</dd><dt>Message-ID</dt><dd>${escapeHtml(mail.messageId ?? '')}</dd></dl>
${mail.html ? `<h2>HTML</h2><iframe sandbox title="${escapeHtml(mail.subject ?? 'HTML')}" src="${DEV_MAILBOX_PATH}/${name}/html"></iframe>` : ''}
<h2>النص <span lang="en">Text</span></h2><pre>${escapeHtml(mail.text ?? '')}</pre>
${attachments ? `<h2>المرفقات <span lang="en">Attachments</span></h2><ul>${attachments}</ul>` : ''}`,
      )
    },
  )

  app.get(
    `${DEV_MAILBOX_PATH}/:name/html`,
    { schema: { hide: true, params: NameParams } },
    async (request, reply) => {
      const { name } = request.params as { name: string }
      if (!mailNames(dir).includes(name)) return notFound(reply)
      const mail = await read(name)
      reply.header('cache-control', 'no-store')
      // The mail's own HTML: nothing in it runs, and it loads nothing but inline styles and data images.
      reply.header(
        'content-security-policy',
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      )
      return reply.type('text/html; charset=utf-8').send(mail.html || '')
    },
  )

  app.get(
    `${DEV_MAILBOX_PATH}/:name/attachments/:index`,
    {
      schema: {
        hide: true,
        params: Type.Object({
          name: Type.String({ pattern: NAME.source }),
          index: Type.Integer({ minimum: 0 }),
        }),
      },
    },
    async (request, reply) => {
      const { name, index } = request.params as { name: string; index: number }
      if (!mailNames(dir).includes(name)) return notFound(reply)
      const file = (await read(name)).attachments[index]
      if (!file) return notFound(reply)
      reply.header('cache-control', 'no-store')
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.filename ?? `attachment-${index}`)}`,
      )
      reply.header('x-content-type-options', 'nosniff')
      return reply.type(file.contentType).send(file.content)
    },
  )
}
