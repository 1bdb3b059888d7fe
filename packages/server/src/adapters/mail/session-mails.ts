/**
 * The business owner's mails about a booked session: the confirmation, queued by the booking's follow-up
 * (domain/follow-ups.ts: a direct booking, or an advisor accepting a request), and one reminder before it, queued by the
 * scheduler: a day before, or, for a session booked less than a day ahead, an hour before (none when it was
 * booked within the hour: the confirmation has just said it all). And both people's mails of a cancellation or
 * a move (issue 34), each with the booking's calendar UID and a higher SEQUENCE. Nothing is queued for someone
 * without an e-mail address.
 */
import { sitePaths } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import { queuedDedupeKeys } from '../../db/queries/mail-outbox.ts'
import { bookedSessionsStarting, type SessionFactsRow, sessionFactsRow } from '../../db/queries/sessions.ts'
import type { Database } from '../../db/tables.ts'
import {
  bookingConfirmedMail,
  type CancelledBy,
  type ComposedMail,
  expertBookingMail,
  expertRequestMail,
  type SessionFacts,
  sessionCancelledMail,
  sessionMovedMail,
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

/** What a move's follow-up keeps (issue 34): the SEQUENCE its mails carry, and the times before and after. */
export interface MoveDetails {
  sequence: number
  from: { start: string; end: string }
  to: { start: string; end: string }
}

/** The outbox kinds of a session's mails: to its business owner, and a cancellation's or move's to its expert. */
type SessionMailKind =
  | 'booking_confirmed'
  | 'session_reminder'
  | 'session_cancelled'
  | 'session_cancelled_expert'
  | 'session_moved'
  | 'session_moved_expert'

/**
 * Queues a mail about a session, once per session and kind (and per calendar SEQUENCE for a cancellation or a
 * move, `revision`); false when queued before.
 */
function queueSessionMail(
  db: Db,
  kind: SessionMailKind,
  found: { to: string; facts: SessionFacts },
  compose: (facts: SessionFacts, now: Date) => ComposedMail,
  now: Date,
  revision?: number,
): Promise<boolean> {
  return queueMail(db, {
    kind,
    dedupeKey:
      revision === undefined
        ? `${kind}:${found.facts.sessionId}`
        : `${kind}:${found.facts.sessionId}:${revision}`,
    to: found.to,
    mail: compose(found.facts, now),
    link: found.facts.sessionUrl,
    domain: new URL(found.facts.sessionUrl).hostname,
    now,
  })
}

/** Whether a row is a request (waiting, withdrawn, or rejected) rather than a session. */
function isRequestRow(row: SessionFactsRow): boolean {
  return row.state === 'pending'
}

/** The booking's facts for a change's mails: a request links to its request page, a session to its own. */
function changeFacts(row: SessionFactsRow, publicUrl: string): SessionFacts {
  const facts = sessionFactsOf(row, publicUrl)
  return isRequestRow(row) ? { ...facts, sessionUrl: `${publicUrl}${sitePaths.request.to(row.id)}` } : facts
}

/** The reason a cancellation mail gives: the cancel reason's label, with the details written, or the words given. */
function reasonOf(row: SessionFactsRow): Record<'ar' | 'en', string> | null {
  const details = (row.cancel_reason ?? (row.cancelled_by === 'admin' ? row.request_reason : null))?.trim()
  if (row.cancel_reason_ar) {
    const en = row.cancel_reason_en ?? row.cancel_reason_ar
    return details
      ? { ar: `${row.cancel_reason_ar}: ${details}`, en: `${en}: ${details}` }
      : { ar: row.cancel_reason_ar, en }
  }
  return details ? { ar: details, en: details } : null
}

/**
 * Queues the mails of a cancelled session or a withdrawn (or back-office cancelled) request to both its people
 * (issue 34), once per session and calendar SEQUENCE: `session_cancelled` to the business owner,
 * `session_cancelled_expert` to the expert, each with the booking's calendar UID, `METHOD:CANCEL` and the
 * SEQUENCE the cancellation raised it to. Who cancelled (`cancelled_by`) decides the words. Nobody without an
 * address is mailed. Call it in the follow-up's transaction.
 */
export async function queueCancellationMails(
  db: Db,
  row: SessionFactsRow,
  options: { publicUrl: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date()
  const facts = changeFacts(row, options.publicUrl)
  const by: CancelledBy = row.cancelled_by ?? 'expert'
  const request = isRequestRow(row)
  const searchUrl = `${options.publicUrl}${sitePaths.search.to(' ')}`
  for (const person of bothPeople(row, 'session_cancelled')) {
    const email = person.email
    await queueSessionMail(
      db,
      person.kind,
      { to: email, facts },
      (f, at) =>
        sessionCancelledMail(f, at, {
          to: person.to,
          by,
          reason: reasonOf(row),
          searchUrl,
          calendar: { sequence: row.ics_sequence, request, attendee: { name: person.name, email } },
        }),
      now,
      row.ics_sequence,
    )
  }
}

/**
 * The people of a session who have an address, each with the outbox kind of their mail about a change: `kind` to
 * the business owner, `<kind>_expert` to the expert.
 */
function bothPeople<K extends string>(row: SessionFactsRow, kind: K) {
  const people = [
    { to: 'sme' as const, email: row.sme_email, name: row.sme_name, kind },
    {
      to: 'expert' as const,
      email: row.expert_email,
      name: row.expert_name,
      kind: `${kind}_expert` as const,
    },
  ]
  return people.flatMap((person) => (person.email ? [{ ...person, email: person.email }] : []))
}

/**
 * Queues the mails of a session or waiting request its business owner moved to both its people (issue 34), once
 * per move: `session_moved` to her, `session_moved_expert` to the expert, each with the old and new times and
 * the booking's calendar UID, `METHOD:REQUEST`, the new times and the SEQUENCE the move raised it to (from the
 * move's own record, `details`, as the session may have moved again since). Call it in the follow-up's
 * transaction.
 */
export async function queueMoveMails(
  db: Db,
  row: SessionFactsRow,
  details: MoveDetails | null,
  options: { publicUrl: string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date()
  const move = details ?? {
    sequence: row.ics_sequence,
    from: { start: row.start_at, end: row.end_at },
    to: { start: row.start_at, end: row.end_at },
  }
  const facts = {
    ...changeFacts(row, options.publicUrl),
    start: new Date(move.to.start),
    end: new Date(move.to.end),
  }
  const request = isRequestRow(row)
  const from = { start: new Date(move.from.start), end: new Date(move.from.end) }
  for (const person of bothPeople(row, 'session_moved')) {
    const email = person.email
    await queueSessionMail(
      db,
      person.kind,
      { to: email, facts },
      (f, at) =>
        sessionMovedMail(f, at, {
          to: person.to,
          from,
          calendar: { sequence: move.sequence, request, attendee: { name: person.name, email } },
        }),
      now,
      move.sequence,
    )
  }
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
