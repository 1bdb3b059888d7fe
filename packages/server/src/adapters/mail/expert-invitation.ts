/**
 * The invitation to become an expert (issue 33), queued in the transaction that records it: Arabic first, then
 * English, with the one-time link to the site's invitation page (`/expert-invitation?token=<token>`, a client route of the
 * site that offers the sign-in; `/sign-in` itself is the server's). Signing in
 * through the provider with the invited address, verified by the provider, accepts it. Also the plain
 * bilingual layout the back office's mails may share: a heading, paragraphs, label and
 * value rows and one action, each value from the database escaped.
 */
import {
  type ContributorKind,
  createTranslator,
  formatDateTime,
  type Language,
  sitePaths,
  timeZoneLabel,
} from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables.ts'
import { bilingualLine, type ComposedMail, escapeHtml } from './compose.ts'
import { queueMail } from './outbox.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The site's page an invitation's link opens (a client route that offers the normal sign-in), with `?token=`. */
export const INVITATION_PATH = sitePaths.expertInvitation.pattern

/** One language's part of a back-office mail. */
export interface PlainSection {
  heading: string
  paragraphs: string[]
  facts: [string, string][]
  /** The main action, as a button and written out; none for a mail that only tells. */
  action: { label: string; url: string; footnote: string } | null
}

const SECTION_STYLE = 'padding:24px;font-size:16px;line-height:1.7'

function htmlSection(lang: Language, section: PlainSection, first: boolean): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr'
  const align = lang === 'ar' ? 'right' : 'left'
  const border = first ? '' : 'border-top:1px solid #d5dae2;'
  const facts = section.facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${section.facts
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 0;color:#4f5666;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 12px"><bdi>${escapeHtml(value)}</bdi></td></tr>`,
        )
        .join('')}</table>`
    : ''
  const action = section.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(section.action.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#28749c;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(section.action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#4f5666">${escapeHtml(section.action.footnote)} <a href="${escapeHtml(section.action.url)}" style="color:#28749c;word-break:break-all">${escapeHtml(section.action.url)}</a></p>`
    : ''
  return `<tr><td lang="${lang}" dir="${dir}" style="${SECTION_STYLE};text-align:${align};${border}">
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.4;color:#1f2430">${escapeHtml(section.heading)}</h1>
${section.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${facts}
${action}
</td></tr>`
}

function textSection(section: PlainSection): string {
  return [
    section.heading,
    '',
    ...section.paragraphs,
    ...(section.facts.length ? ['', ...section.facts.map(([label, value]) => `${label} ${value}`)] : []),
    ...(section.action ? ['', `${section.action.label}: ${section.action.url}`] : []),
  ].join('\n')
}

/** Lays out a back-office mail: Arabic first and right to left, then English; the subject as one bilingual line. */
export function plainBilingualMail(
  subject: Record<Language, string>,
  sections: Record<Language, PlainSection>,
): ComposedMail {
  const title = bilingualLine(subject)
  const html = `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;color:#1f2430;font-family:'IBM Plex Sans Arabic',Tahoma,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:16px 24px;font-size:22px;font-weight:600;text-align:right" dir="rtl">مشورة <span lang="en" style="font-size:14px;font-weight:400">Mashura</span></td></tr>
${htmlSection('ar', sections.ar, true)}
${htmlSection('en', sections.en, false)}
</table>
</td></tr></table>
</body>
</html>
`
  const text = `${textSection(sections.ar)}\n\n----------\n\n${textSection(sections.en)}\n`
  return { subject: title, text, html, attachments: [] }
}

/** What the invitation says. */
export interface InvitationFacts {
  /** The name the admin wrote, if any. */
  name: string | null
  email: string
  kind: ContributorKind
  gender: 'female' | 'male' | null
  titles: Record<Language, string>
  expiresAt: Date
  /** The one-time link. */
  url: string
}

/** The invitation mail: what the person is invited as, how to accept it (sign in with this address), until when. */
export function invitationMail(facts: InvitationFacts): ComposedMail {
  const kind = (lang: Language) =>
    createTranslator(lang).t(`contributors.kind.${facts.kind}`, { gender: facts.gender ?? 'other' })
  const until = (lang: Language) => `${formatDateTime(facts.expiresAt, lang)} (${timeZoneLabel(lang)})`
  return plainBilingualMail(
    { ar: 'دعوة للانضمام إلى مشورة خبيرًا', en: 'You are invited to join Mashura as an expert' },
    {
      ar: {
        heading: 'دعوة للانضمام إلى مشورة',
        paragraphs: [
          facts.name ? `مرحبًا ${facts.name}،` : 'مرحبًا،',
          'يسرّنا أن ندعوك للانضمام إلى منصة مشورة خبيرًا يقدّم الاستشارات لأصحاب المنشآت.',
          `لقبول الدعوة افتح الرابط وسجّل الدخول بالحساب الذي يحمل هذا البريد الإلكتروني: ${facts.email}`,
        ],
        facts: [
          ['الصفة:', kind('ar')],
          ['المسمّى:', facts.titles.ar],
          ['صالحة حتى:', until('ar')],
        ],
        action: {
          label: 'قبول الدعوة',
          url: facts.url,
          footnote: 'الرابط لك وحدك ولمرة واحدة. إن لم يعمل الزر فانسخ هذا الرابط:',
        },
      },
      en: {
        heading: 'An invitation to join Mashura',
        paragraphs: [
          facts.name ? `Hello ${facts.name},` : 'Hello,',
          'We are pleased to invite you to join the Mashura platform as an expert advising business owners.',
          `To accept, open the link and sign in with the account that has this e-mail address: ${facts.email}`,
        ],
        facts: [
          ['As:', kind('en')],
          ['Title:', facts.titles.en],
          ['Valid until:', until('en')],
        ],
        action: {
          label: 'Accept the invitation',
          url: facts.url,
          footnote: 'The link is for you alone and works once. If the button does not work, copy this link:',
        },
      },
    },
  )
}

/** The link of an invitation: the site's invitation page with the invitation's token. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${sitePaths.expertInvitation.to(token)}`
}

/** Queues the invitation mail (once per invitation); call it in the transaction that records the invitation. */
export function queueInvitationMail(
  db: Db,
  input: {
    invitationId: number
    token: string
    publicUrl: string
    facts: Omit<InvitationFacts, 'url'>
    now?: Date
  },
): Promise<boolean> {
  const url = invitationUrl(input.publicUrl, input.token)
  return queueMail(db, {
    kind: 'expert_invitation',
    dedupeKey: `expert_invitation:${input.invitationId}`,
    to: input.facts.email,
    mail: invitationMail({ ...input.facts, url }),
    link: url,
    domain: new URL(input.publicUrl).hostname,
    ...(input.now ? { now: input.now } : {}),
  })
}
