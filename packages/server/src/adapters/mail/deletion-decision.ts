/**
 * The mail that tells a person the back office's decision on their account-deletion request (issue 33), with
 * the admin's reason: in both languages, Arabic first and right to left, then English, as every mail of the
 * platform (`compose.ts`). Queued in the decision's transaction, once per request.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables.ts'
import { bilingualLine, type ComposedMail, escapeHtml } from './compose.ts'
import { queueMail } from './outbox.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What the mail says. */
export interface DeletionDecisionFacts {
  requestId: number
  name: string
  decision: 'approved' | 'rejected'
  reason: string
  /** The site's address: the mail's link, and the host of its `Message-ID`. */
  publicUrl: string
}

/** One language's words. */
interface Words {
  heading: string
  paragraphs: string[]
  reasonLabel: string
}

function words(facts: DeletionDecisionFacts): { ar: Words; en: Words } {
  const approved = facts.decision === 'approved'
  return {
    ar: {
      heading: approved ? 'قُبل طلب حذف حسابك' : 'رُفض طلب حذف حسابك',
      paragraphs: [
        `مرحبًا ${facts.name}،`,
        approved
          ? 'راجعنا طلبك حذف حسابك في مشورة وقبلناه. سنحذف بياناتك الشخصية وفق نظام حماية البيانات الشخصية.'
          : 'راجعنا طلبك حذف حسابك في مشورة، ولم نتمكن من قبوله للسبب المذكور أدناه. يمكنك التواصل معنا للاستفسار.',
      ],
      reasonLabel: 'السبب:',
    },
    en: {
      heading: approved
        ? 'Your account deletion request is approved'
        : 'Your account deletion request is refused',
      paragraphs: [
        `Hello ${facts.name},`,
        approved
          ? 'We reviewed your request to delete your Mashura account and approved it. Your personal data will be erased as the Personal Data Protection Law provides.'
          : 'We reviewed your request to delete your Mashura account and could not approve it, for the reason below. Contact us with any question.',
      ],
      reasonLabel: 'Reason:',
    },
  }
}

/** The decision's mail: subject, plain text and HTML, both languages. */
export function deletionDecisionMail(facts: DeletionDecisionFacts): ComposedMail {
  const w = words(facts)
  const subject = bilingualLine(
    facts.decision === 'approved'
      ? { ar: 'قبول طلب حذف الحساب', en: 'Account deletion approved' }
      : { ar: 'رفض طلب حذف الحساب', en: 'Account deletion refused' },
  )
  const text = (lang: Words) =>
    [
      lang.heading,
      '',
      ...lang.paragraphs,
      '',
      `${lang.reasonLabel} ${facts.reason}`,
      '',
      facts.publicUrl,
    ].join('\n')
  const section = (lang: 'ar' | 'en', part: Words, first: boolean) => {
    const dir = lang === 'ar' ? 'rtl' : 'ltr'
    const align = lang === 'ar' ? 'right' : 'left'
    return `<tr><td lang="${lang}" dir="${dir}" style="padding:24px;text-align:${align};${first ? '' : 'border-top:1px solid #d5dae2;'}">
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.4">${escapeHtml(part.heading)}</h1>
${part.paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.7">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:0 0 12px;font-size:16px;line-height:1.7"><strong>${escapeHtml(part.reasonLabel)}</strong> <bdi>${escapeHtml(facts.reason)}</bdi></p>
</td></tr>`
  }
  const html = `<!doctype html>
<html lang="ar" dir="rtl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;color:#1f2430;font-family:'IBM Plex Sans Arabic',Tahoma,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
${section('ar', w.ar, true)}
${section('en', w.en, false)}
</table>
</td></tr></table>
</body>
</html>
`
  return { subject, text: `${text(w.ar)}\n\n----------\n\n${text(w.en)}\n`, html, attachments: [] }
}

/** The outbox key of a request's decision mail: one per request. */
export function deletionDecisionMailKey(requestId: number): string {
  return `deletion_decision:${requestId}`
}

/** Queues the decision's mail to `to` (once per request); call it in the decision's transaction. */
export function queueDeletionDecisionMail(
  db: Db,
  to: string,
  facts: DeletionDecisionFacts,
  now: Date,
): Promise<boolean> {
  return queueMail(db, {
    kind: 'deletion_decision',
    dedupeKey: deletionDecisionMailKey(facts.requestId),
    to,
    mail: deletionDecisionMail(facts),
    link: null,
    domain: new URL(facts.publicUrl).hostname,
    now,
  })
}
