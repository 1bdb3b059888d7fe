/**
 * The expert's reminder of a session whose recommendations are still unwritten (issue 34): the rating link
 * waits for them, so a session without them is never rated. Sent a few hours after the session's end
 * (or after its business owner was marked absent), at each of `RECOMMENDATIONS_REMINDER_HOURS` (2 and 24 by
 * default), once each, through the outbox under the key `recommendations_reminder:<session>:<hours>h`: two
 * instances and repeated scheduler ticks queue it once. A reminder whose time passed while the scheduler was
 * down goes once, late, unless the next one is due already (then only that one); nothing goes once the
 * recommendations are written, nor more than a day after the last lead.
 */
import { formatDateTime, sitePaths, timeZoneLabel } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import { queuedDedupeKeys } from '../../db/queries/mail-outbox.ts'
import { endedSessionsWithoutRecommendations } from '../../db/queries/mail-preferences.ts'
import type { Database } from '../../db/tables.ts'
import { type ComposedMail, layout } from './compose.ts'
import { queueMail } from './outbox.ts'

/** The outbox kind of the reminder. */
export const RECOMMENDATIONS_REMINDER_KIND = 'recommendations_reminder'

/** How long after the last lead a missed reminder still goes. */
const LAST_WINDOW_MS = 24 * 3600_000

/** A name set apart from the words around it in the one-line subject (first-strong isolate, as compose.ts does). */
const isolated = (name: string) => `\u2068${name}\u2069`

/** What the reminder says. */
export interface RecommendationsReminderFacts {
  expertName: string
  smeName: string
  start: Date
  end: Date
  /** The recommendations form of the session. */
  url: string
}

/** The reminder: the session, and the link to write its recommendations. */
export function recommendationsReminderMail(facts: RecommendationsReminderFacts): ComposedMail {
  const when = (lang: 'ar' | 'en') =>
    `${formatDateTime(facts.start, lang, { end: facts.end })} (${timeZoneLabel(lang)})`
  return layout(
    {
      ar: `توصيات جلستك مع ${isolated(facts.smeName)} لم تُكتب بعد`,
      en: `Recommendations for your session with ${isolated(facts.smeName)} are still to write`,
    },
    {
      ar: {
        heading: 'اكتب توصيات جلستك',
        paragraphs: [
          `مرحبًا ${facts.expertName}،`,
          `انتهت جلستك مع ${facts.smeName} ولم تكتب توصياتها بعد. يصل رابط التقييم إلى صاحب المنشأة بعد كتابتها، فاكتبها ما دامت الجلسة حاضرة في ذهنك.`,
        ],
        facts: [
          ['صاحب المنشأة:', facts.smeName],
          ['الموعد:', when('ar')],
        ],
        action: { label: 'اكتب التوصيات', url: facts.url },
        footnote: 'إن لم يعمل الزر فانسخ هذا الرابط:',
      },
      en: {
        heading: 'Write your session’s recommendations',
        paragraphs: [
          `Hello ${facts.expertName},`,
          `Your session with ${facts.smeName} has ended and its recommendations are not written yet. The business owner is asked to rate it once they are, so write them while the session is fresh in your mind.`,
        ],
        facts: [
          ['Business owner:', facts.smeName],
          ['When:', when('en')],
        ],
        action: { label: 'Write the recommendations', url: facts.url },
        footnote: 'If the button does not work, copy this link:',
      },
    },
    [facts.smeName, facts.expertName],
  )
}

/** A reminder the scheduler queued: which session, at which lead, to which expert. */
export interface QueuedReminder {
  sessionId: number
  hours: number
  expertPersonId: number
  smeName: string
}

/**
 * Queues the reminders due at `now`, for each lead in `hours` (ascending): sessions ended at least that long
 * ago and less long than the next lead (or a day more, for the last), still without recommendations, whose
 * reminder at that lead was not queued before. `onQueued` runs in the transaction that queued each one (the
 * in-app notice). Returns what was queued.
 */
export async function queueRecommendationsReminders(
  db: Kysely<Database>,
  options: {
    publicUrl: string
    hours: readonly number[]
    now?: Date
    onQueued?: (trx: Transaction<Database>, reminder: QueuedReminder) => Promise<void>
  },
): Promise<QueuedReminder[]> {
  const now = options.now ?? new Date()
  const queued: QueuedReminder[] = []
  const hours = [...options.hours].sort((a, b) => a - b)
  for (const [i, lead] of hours.entries()) {
    const leadMs = lead * 3600_000
    const nextMs = i + 1 < hours.length ? (hours[i + 1] as number) * 3600_000 : leadMs + LAST_WINDOW_MS
    const candidates = await endedSessionsWithoutRecommendations(
      db,
      new Date(now.getTime() - nextMs).toISOString(),
      new Date(now.getTime() - leadMs).toISOString(),
    )
    const keyOf = (id: number) => `${RECOMMENDATIONS_REMINDER_KIND}:${id}:${lead}h`
    const done = candidates.length
      ? new Set(
          (
            await queuedDedupeKeys(
              db,
              candidates.map((row) => keyOf(row.id)),
            )
          ).map((r) => r.dedupe_key),
        )
      : new Set<string>()
    for (const row of candidates) {
      if (!row.expert_email || done.has(keyOf(row.id))) continue
      const url = `${options.publicUrl}${sitePaths.addRecommendations.to(row.id)}`
      const reminder = {
        sessionId: row.id,
        hours: lead,
        expertPersonId: row.expert_person_id,
        smeName: row.sme_name,
      }
      const added = await db.transaction().execute(async (trx) => {
        const ok = await queueMail(trx, {
          kind: RECOMMENDATIONS_REMINDER_KIND,
          dedupeKey: keyOf(row.id),
          to: row.expert_email as string,
          mail: recommendationsReminderMail({
            expertName: row.expert_name,
            smeName: row.sme_name,
            start: new Date(row.start_at),
            end: new Date(row.end_at),
            url,
          }),
          link: url,
          domain: new URL(url).hostname,
          now,
        })
        if (ok && options.onQueued) await options.onQueued(trx, reminder)
        return ok
      })
      if (added) queued.push(reminder)
    }
  }
  return queued
}
