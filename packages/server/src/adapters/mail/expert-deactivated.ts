/**
 * The business owner's mail when the back office deactivates an expert and cancels their future session or
 * waiting request (issue 33): Arabic first, then English, with the admin's reason and a link to find another
 * expert. Queued in the deactivation's transaction, once per session.
 */
import { formatDateTime, type Language, sitePaths, timeZoneLabel } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/tables.ts'
import type { ComposedMail } from './compose.ts'
import { plainBilingualMail } from './expert-invitation.ts'
import { queueMail } from './outbox.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What the cancellation mail says. */
export interface CancellationFacts {
  sessionId: number
  ownerName: string
  expertName: string
  /** Whether it was still a request waiting for the expert's answer. */
  request: boolean
  subject: Record<Language, string> | null
  start: Date
  end: Date
  reason: string
  /** Where to find another expert. */
  url: string
}

/** The mail: which session was cancelled, why, and where to book another. */
export function expertCancellationMail(facts: CancellationFacts): ComposedMail {
  const when = (lang: Language) =>
    `${formatDateTime(facts.start, lang, { end: facts.end })} (${timeZoneLabel(lang)})`
  const rows = (lang: Language): [string, string][] => {
    const ar = lang === 'ar'
    const out: [string, string][] = [
      [ar ? 'الخبير:' : 'Expert:', facts.expertName],
      [ar ? 'الموعد:' : 'When:', when(lang)],
    ]
    if (facts.subject) out.push([ar ? 'الموضوع:' : 'Subject:', facts.subject[lang]])
    out.push([ar ? 'السبب:' : 'Reason:', facts.reason])
    return out
  }
  return plainBilingualMail(
    {
      ar: facts.request ? 'أُلغي طلب جلستك' : 'أُلغيت جلستك',
      en: facts.request ? 'Your session request was cancelled' : 'Your session was cancelled',
    },
    {
      ar: {
        heading: facts.request ? 'أُلغي طلب جلستك' : 'أُلغيت جلستك',
        paragraphs: [
          `مرحبًا ${facts.ownerName}،`,
          facts.request
            ? 'نعتذر إليك: لم يعد هذا الخبير متاحًا على مشورة، فأُلغي طلب جلستك معه وأُتيح موعده.'
            : 'نعتذر إليك: لم يعد هذا الخبير متاحًا على مشورة، فأُلغيت جلستك معه.',
          'يمكنك حجز جلسة مع خبير آخر متى شئت.',
        ],
        facts: rows('ar'),
        action: { label: 'ابحث عن خبير', url: facts.url, footnote: 'إن لم يعمل الزر فانسخ هذا الرابط:' },
      },
      en: {
        heading: facts.request ? 'Your session request was cancelled' : 'Your session was cancelled',
        paragraphs: [
          `Hello ${facts.ownerName},`,
          facts.request
            ? 'We are sorry: this expert is no longer available on Mashura, so your request for a session with them was cancelled.'
            : 'We are sorry: this expert is no longer available on Mashura, so your session with them was cancelled.',
          'You can book a session with another expert whenever you like.',
        ],
        facts: rows('en'),
        action: {
          label: 'Find an expert',
          url: facts.url,
          footnote: 'If the button does not work, copy this link:',
        },
      },
    },
  )
}

/**
 * Queues the cancellation mail to a business owner (once per session); false without an address or when queued
 * before. Call it in the deactivation's transaction.
 */
export function queueExpertCancellationMail(
  db: Db,
  input: {
    to: string | null
    facts: Omit<CancellationFacts, 'url'>
    publicUrl: string
    now?: Date
  },
): Promise<boolean> {
  if (!input.to) return Promise.resolve(false)
  const url = `${input.publicUrl}${sitePaths.search.to(' ')}`
  return queueMail(db, {
    kind: 'expert_deactivated_cancel',
    dedupeKey: `expert_deactivated_cancel:${input.facts.sessionId}`,
    to: input.to,
    mail: expertCancellationMail({ ...input.facts, url }),
    link: url,
    domain: new URL(input.publicUrl).hostname,
    ...(input.now ? { now: input.now } : {}),
  })
}
