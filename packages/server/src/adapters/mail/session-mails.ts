/**
 * The business owner's mails about a booked session: the confirmation, queued by the booking's follow-up
 * (domain/follow-ups.ts: a direct booking, or an advisor accepting a request), and one reminder before it, queued by the
 * scheduler: a day before, or, for a session booked less than a day ahead, an hour before (none when it was
 * booked within the hour: the confirmation has just said it all). Nothing is queued for someone without an
 * e-mail address.
 */
import { sitePaths } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import { queuedDedupeKeys } from '../../db/queries/mail-outbox.ts'
import { bookedSessionsStarting, type SessionFactsRow, sessionFactsRow } from '../../db/queries/sessions.ts'
import type { Database } from '../../db/tables.ts'
import {
  bookingConfirmedMail,
  type ComposedMail,
  expertBookingMail,
  expertRequestMail,
  type SessionFacts,
  sessionReminderMail,
} from './compose.ts'
import { queueMail } from './outbox.ts'

type Db = Kysely<Database> | Transaction<Database>

/** When reminders go out, before the start: a day, and an hour for sessions booked later than that. */
export const REMINDER_LEADS_MS = [24 * 3600_000, 3600_000] as const

/** A session's facts for its mails, from its row as read with its people. */
export function sessionFactsOf(row: SessionFactsRow, publicUrl: string): SessionFacts {
  const office =
    row.communication_way === 1 && row.office_name_ar
      ? {
          ar: { name: row.office_name_ar, address: row.address_ar ?? '' },
          en: { name: row.office_name_en ?? row.office_name_ar, address: row.address_en ?? '' },
        }
      : null
  return {
    sessionId: row.id,
    smeName: row.sme_name,
    expertName: row.expert_name,
    subject: row.subject_ar ? { ar: row.subject_ar, en: row.subject_en ?? row.subject_ar } : null,
    start: new Date(row.start_at),
    end: new Date(row.end_at),
    office,
    sessionUrl: `${publicUrl}${sitePaths.session.to(row.id)}`,
    host: new URL(publicUrl).host,
  }
}

/** A session's facts for its mails, and its business owner's address; null without one. */
export async function sessionMailFacts(
  db: Db,
  sessionId: number,
  publicUrl: string,
): Promise<{ to: string; facts: SessionFacts } | null> {
  const row = await sessionFactsRow(db, sessionId)
  if (!row?.sme_email) return null
  return { to: row.sme_email, facts: sessionFactsOf(row, publicUrl) }
}

/**
 * Queues the confirmation of a booked session to its business owner (once per session), from the session as
 * its follow-up read it; false without an address or when queued before. Call it in a transaction.
 */
export async function queueBookingConfirmed(
  db: Db,
  row: SessionFactsRow,
  options: { publicUrl: string; now?: Date },
): Promise<boolean> {
  if (!row.sme_email) return false
  const found = { to: row.sme_email, facts: sessionFactsOf(row, options.publicUrl) }
  return queueSessionMail(db, 'booking_confirmed', found, bookingConfirmedMail, options.now ?? new Date())
}

/**
 * Queues the expert's news of a session booked with them (with its calendar file), or of a request to answer
 * (linking to it), once per session; false without an address or when queued before. Call it in a transaction.
 */
export async function queueExpertNews(
  db: Db,
  row: SessionFactsRow,
  options: { publicUrl: string; now?: Date },
): Promise<boolean> {
  if (!row.expert_email) return false
  const now = options.now ?? new Date()
  const facts = sessionFactsOf(row, options.publicUrl)
  const request = row.state === 'pending'
  const kind = request ? 'expert_request' : 'expert_booking'
  const url = request ? `${options.publicUrl}${sitePaths.request.to(row.id)}` : facts.sessionUrl
  return queueMail(db, {
    kind,
    dedupeKey: `${kind}:${row.id}`,
    to: row.expert_email,
    mail: request ? expertRequestMail({ ...facts, requestUrl: url }) : expertBookingMail(facts, now),
    link: url,
    domain: new URL(url).hostname,
    now,
  })
}

/** Queues a mail about a session to its business owner, once per session and kind; false when queued before. */
function queueSessionMail(
  db: Db,
  kind: 'booking_confirmed' | 'session_reminder',
  found: { to: string; facts: SessionFacts },
  compose: (facts: SessionFacts, now: Date) => ComposedMail,
  now: Date,
): Promise<boolean> {
  return queueMail(db, {
    kind,
    dedupeKey: `${kind}:${found.facts.sessionId}`,
    to: found.to,
    mail: compose(found.facts, now),
    link: found.facts.sessionUrl,
    domain: new URL(found.facts.sessionUrl).hostname,
    now,
  })
}

/**
 * Queues the reminders that are due at `now`: booked sessions starting within a day that were booked more than
 * a day before their start, and those starting within the hour that were booked more than an hour before.
 * One reminder per session, whichever comes first. Returns the ids of the sessions reminded.
 */
export async function queueDueReminders(
  db: Kysely<Database>,
  options: { publicUrl: string; now?: Date },
): Promise<number[]> {
  const now = options.now ?? new Date()
  const reminded: number[] = []
  for (const lead of REMINDER_LEADS_MS) {
    const candidates = await bookedSessionsStarting(
      db,
      now.toISOString(),
      new Date(now.getTime() + lead).toISOString(),
    )
    const keys = candidates.map((session) => `session_reminder:${session.id}`)
    const queued = keys.length
      ? new Set((await queuedDedupeKeys(db, keys)).map((row) => row.dedupe_key))
      : new Set<string>()
    for (const session of candidates) {
      if (queued.has(`session_reminder:${session.id}`)) continue
      // Booked when it was made, or when its request was accepted.
      const bookedAt = new Date(
        session.request_state === 'accepted'
          ? (session.answered_at ?? session.created_at)
          : session.created_at,
      )
      if (new Date(session.start_at).getTime() - bookedAt.getTime() <= lead) continue
      const found = await sessionMailFacts(db, session.id, options.publicUrl)
      if (!found) continue
      const added = await queueSessionMail(db, 'session_reminder', found, sessionReminderMail, now)
      if (added) reminded.push(session.id)
    }
  }
  return reminded
}
