/**
 * Sessions, requests and slots: their serializers into the contract's wire shapes (`@mashura/core/contract`'s
 * `Session`, `SessionRequest`, `Slot`) and the booking transaction. One `sessions` row is both things: an advisor booking
 * starts as a request (`state` 'pending', `request_state` 'waiting') and becomes a session when accepted;
 * other bookings are sessions at once. Serializers take a batch of rows and run a fixed number of
 * queries whatever its size (no N+1).
 */

import { randomInt } from 'node:crypto'
import {
  availabilityForCommunicationWay,
  type CommunicationWayId,
  type ContributorSummary,
  type Language,
  type MeetingData,
  type Session,
  type SessionRequest,
  type SessionState,
  type Slot,
  type Subject,
  type SubjectType,
} from '@mashura/core'
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database, Row } from '../db/tables.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { queueBookingConfirmed } from '../mail/session-mails.ts'
import {
  assertFairBooking,
  type BookingLimits,
  DEFAULT_BOOKING_LIMITS,
  lockBusinessOwner,
} from './fair-booking.ts'
import { recommendationsFor } from './recommendations.ts'
import { contributorSummaries, officeOut, smeSummaries, subjectOut } from './serializers.ts'

// ------------------------------------------------------------------------------------------- filters

/** The states of upcoming sessions. */
export const UPCOMING_STATES = ['booked', 'ongoing'] as const satisfies readonly SessionState[]
/** The states of past sessions. */
export const PAST_STATES = ['ended', 'cancelled', 'sme_absent'] as const satisfies readonly SessionState[]

/**
 * A `where` filter for rows that are sessions: not a pending request, and either no request at all or an
 * accepted one (a rejected or expired request never became a session, whatever its `state`).
 */
export function sessionRowsOnly(eb: ExpressionBuilder<Database, 'sessions'>) {
  return eb.and([
    eb('sessions.state', '!=', 'pending'),
    eb.or([eb('sessions.request_state', 'is', null), eb('sessions.request_state', '=', 'accepted')]),
  ])
}

/**
 * A `where` filter for the sessions (or requests) a signed-in person takes part in: as the business owner,
 * or as the contributor when they have an expert identity.
 */
export function participantOf(auth: { personId: number; contributorId: number | null }) {
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    auth.contributorId === null
      ? eb('sessions.sme_id', '=', auth.personId)
      : eb.or([
          eb('sessions.sme_id', '=', auth.personId),
          eb('sessions.contributor_id', '=', auth.contributorId),
        ])
}

/** A `where` filter for rows that are requests (advisor bookings), in any request state. */
export function requestRowsOnly(eb: ExpressionBuilder<Database, 'sessions'>) {
  return eb('sessions.request_state', 'is not', null)
}

// ------------------------------------------------------------------------------------------- serializers

/** Who is looking, which decides what private fields (meeting data, a slot's session id) they see. */
export interface Viewer {
  /** The viewer's person id. */
  personId: number
  /** The viewer's contributor id, when they have an expert identity. */
  contributorId: number | null
}

/** How to serialize: the language, the public URL for files, and who is looking. */
export interface SerializeOptions {
  /** The language bilingual columns are picked in. */
  lang: Language
  /** The public URL stored file paths are made absolute with. */
  publicUrl: string
  /** The viewer; without one, private fields are left out. */
  viewer?: Viewer | null
}

function distinct(ids: readonly (number | null)[]): number[] {
  return [...new Set(ids.filter((id): id is number => id !== null))]
}

function byId<T extends { id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]))
}

/** Some subjects, offices, cancel reasons or slots by id, one query per table. */
const lookups = {
  subjects: async (db: Kysely<Database>, ids: readonly (number | null)[]) => {
    const wanted = distinct(ids)
    return byId(
      wanted.length ? await db.selectFrom('subjects').selectAll().where('id', 'in', wanted).execute() : [],
    )
  },
  offices: async (db: Kysely<Database>, ids: readonly (number | null)[]) => {
    const wanted = distinct(ids)
    return byId(
      wanted.length ? await db.selectFrom('offices').selectAll().where('id', 'in', wanted).execute() : [],
    )
  },
  cancelReasons: async (db: Kysely<Database>, ids: readonly (number | null)[]) => {
    const wanted = distinct(ids)
    return byId(
      wanted.length
        ? await db.selectFrom('cancel_reasons').selectAll().where('id', 'in', wanted).execute()
        : [],
    )
  },
  slots: async (db: Kysely<Database>, ids: readonly (number | null)[]) => {
    const wanted = distinct(ids)
    return byId(
      wanted.length ? await db.selectFrom('slots').selectAll().where('id', 'in', wanted).execute() : [],
    )
  },
}

/** The contributors, business owners and subjects some session or request rows name, by id (three queries). */
async function peopleAndSubjects(db: Kysely<Database>, rows: readonly Row<'sessions'>[], publicUrl: string) {
  const [contributors, smes, subjects] = await Promise.all([
    contributorSummaries(
      db,
      rows.map((r) => r.contributor_id),
      publicUrl,
    ),
    smeSummaries(
      db,
      rows.map((r) => r.sme_id),
      publicUrl,
    ),
    lookups.subjects(
      db,
      rows.map((r) => r.subject_id),
    ),
  ])
  return { contributors, smes, subjects }
}

/** The subject type of a session without a subject, from the contributor's kind. */
function typeForKind(kind: ContributorSummary['role']): SubjectType {
  if (kind === 'advisor') return 2
  if (kind === 'partner') return 4
  return 1
}

function meetingOf(row: Row<'sessions'>): MeetingData | null {
  if (row.communication_way !== 0 || !row.meeting_number || !row.meeting_provider) return null
  return {
    provider: row.meeting_provider,
    zak_token: null,
    personal_id: row.meeting_number,
    meeting_password: row.meeting_password,
    email: null,
    signature: null,
  }
}

function isParticipant(row: Row<'sessions'>, viewer: Viewer | null | undefined): boolean {
  if (!viewer) return false
  return viewer.personId === row.sme_id || viewer.contributorId === row.contributor_id
}

function required<T>(map: Map<number, T>, id: number, what: string): T {
  const value = map.get(id)
  if (value === undefined) throw new Error(`${what} ${id} is missing`)
  return value
}

/**
 * Serializes session rows (in order). Pending requests are not sessions: filter them out with
 * {@link sessionRowsOnly}, or serialize them with {@link requestsOut}. Meeting data goes only to the
 * session's two participants. Recommendations are `null` here; their part adds them.
 */
export async function sessionsOut(
  db: Kysely<Database>,
  rows: readonly Row<'sessions'>[],
  options: SerializeOptions,
): Promise<Session[]> {
  if (rows.length === 0) return []
  const { lang, publicUrl, viewer } = options
  // Recommendations are for the session's two people only.
  const visible = rows.filter((r) => isParticipant(r, viewer)).map((r) => r.id)
  const [{ contributors, smes, subjects }, offices, reasons, recommendations] = await Promise.all([
    peopleAndSubjects(db, rows, publicUrl),
    lookups.offices(
      db,
      rows.map((r) => r.office_id),
    ),
    lookups.cancelReasons(
      db,
      rows.map((r) => (r.state === 'cancelled' ? r.cancel_reason_id : null)),
    ),
    recommendationsFor(db, visible, publicUrl),
  ])
  return rows.map((row) => {
    if (row.state === 'pending') throw new Error(`session ${row.id} is a pending request, not a session`)
    const contributor = required(contributors, row.contributor_id, 'contributor')
    const subjectRow = row.subject_id === null ? undefined : subjects.get(row.subject_id)
    const officeRow = row.office_id === null ? undefined : offices.get(row.office_id)
    const reasonRow = row.cancel_reason_id === null ? undefined : reasons.get(row.cancel_reason_id)
    const subject: Subject | null = subjectRow ? subjectOut(subjectRow, lang) : null
    return {
      id: row.id,
      type: subject?.type ?? typeForKind(contributor.role),
      communication_way: row.communication_way,
      schedule_id: row.is_instant ? null : row.slot_id,
      state: row.state,
      is_instant: row.is_instant === 1,
      start: row.start_at,
      end: row.end_at,
      started_at: row.started_at,
      ended_at: row.ended_at,
      subject,
      description: row.description,
      contributor,
      sme: required(smes, row.sme_id, 'person'),
      office: officeRow ? officeOut(officeRow, lang) : null,
      meeting: isParticipant(row, viewer) ? meetingOf(row) : null,
      recommendations: recommendations.get(row.id) ?? null,
      request_id: row.request_state === null ? null : row.id,
      cancel_reason:
        row.state === 'cancelled'
          ? row.cancel_reason ||
            (reasonRow ? (lang === 'en' ? reasonRow.label_en : reasonRow.label_ar) : null)
          : null,
      end_reason: row.end_reason,
    }
  })
}

/**
 * Serializes slot rows (in order), with whether each is held by a live booking. A waiting advisor request
 * holds its slot too, so the slot reads as booked; `session_id` is given only to the slot's own contributor,
 * and only once the booking is a session (a waiting request has no session yet).
 */
export async function slotsOut(
  db: Kysely<Database>,
  rows: readonly Row<'slots'>[],
  options: SerializeOptions,
): Promise<Slot[]> {
  if (rows.length === 0) return []
  const { lang, viewer } = options
  const ids = [...new Set(rows.map((r) => r.id))]
  const [offices, live] = await Promise.all([
    lookups.offices(
      db,
      rows.map((r) => r.office_id),
    ),
    db
      .selectFrom('sessions')
      .select(['id', 'active_slot_id', 'state'])
      .where('active_slot_id', 'in', ids)
      .execute(),
  ])
  const holder = new Map(live.map((s) => [s.active_slot_id!, s]))
  return rows.map((row): Slot => {
    const booking = holder.get(row.id)
    const officeRow = row.office_id === null ? undefined : offices.get(row.office_id)
    const own = viewer?.contributorId === row.contributor_id
    return {
      id: row.id,
      contributor_id: row.contributor_id,
      start: row.start_at,
      end: row.end_at,
      availability: row.availability,
      office: officeRow ? officeOut(officeRow, lang) : null,
      is_booked: booking !== undefined,
      session_id: own && booking && booking.state !== 'pending' ? booking.id : null,
    }
  })
}

/**
 * Serializes request rows (rows with a `request_state`), in order, each with its slot. A waiting request
 * expires when its slot starts. `session_id` is the row's own id once the request is accepted.
 */
export async function requestsOut(
  db: Kysely<Database>,
  rows: readonly Row<'sessions'>[],
  options: SerializeOptions,
): Promise<SessionRequest[]> {
  if (rows.length === 0) return []
  const { lang, publicUrl } = options
  const [{ contributors, smes, subjects }, slotRows] = await Promise.all([
    peopleAndSubjects(db, rows, publicUrl),
    lookups.slots(
      db,
      rows.map((r) => r.slot_id),
    ),
  ])
  const slotList = [...slotRows.values()]
  const slots = new Map((await slotsOut(db, slotList, options)).map((s) => [s.id, s]))
  return rows.map((row): SessionRequest => {
    const state = row.request_state
    if (state === null) throw new Error(`session ${row.id} is not a request`)
    const subjectRow = row.subject_id === null ? undefined : subjects.get(row.subject_id)
    return {
      id: row.id,
      state,
      reason: row.request_reason,
      description: row.description,
      contributor: required(contributors, row.contributor_id, 'contributor'),
      sme: required(smes, row.sme_id, 'person'),
      subject: subjectRow ? subjectOut(subjectRow, lang) : null,
      slot: required(slots, row.slot_id, 'slot'),
      communication_way: row.communication_way,
      session_id: state === 'accepted' ? row.id : null,
      created_at: row.created_at,
      expires_at: state === 'waiting' ? row.start_at : null,
    }
  })
}

// ------------------------------------------------------------------------------------------- errors

interface DbError {
  code?: unknown
  errcode?: unknown
  message?: unknown
  constraint?: unknown
  detail?: unknown
}

function text(err: DbError): string {
  return [err.message, err.constraint, err.detail].filter((v) => typeof v === 'string').join(' ')
}

/**
 * Whether an error is a unique-index violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE), and
 * when `column` is given, one on that column.
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as DbError
  const unique =
    e.code === '23505' ||
    e.errcode === 2067 ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  return unique && (column === undefined || text(e).includes(column))
}

/** Whether an error is a foreign-key violation (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as DbError
  return (
    e.code === '23503' ||
    e.errcode === 787 ||
    (typeof e.message === 'string' && e.message.includes('FOREIGN KEY constraint failed'))
  )
}

// ------------------------------------------------------------------------------------------- booking

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'

/** New meeting credentials: a 10-digit meeting number (no leading zero) and an 8-character password. */
export function newMeetingCredentials(): { number: string; password: string } {
  let number = String(randomInt(1, 10))
  for (let i = 0; i < 9; i++) number += String(randomInt(0, 10))
  let password = ''
  for (let i = 0; i < 8; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]
  return { number, password }
}

/** What a booking needs. */
export interface BookingInput {
  /** The slot to book. */
  slotId: number
  /** The person booking, as business owner. */
  smeId: number
  /** The booker's own contributor id, if any (a contributor may not book their own slot). */
  bookerContributorId: number | null
  /** How the session is to be held. */
  communicationWay: CommunicationWayId
  /** The subject; the slot's contributor must cover it. */
  subjectId: number
  /** What the business owner wrote, or null. */
  description: string | null
  /** The provider online meetings run on. */
  meetingProvider: 'webrtc' | 'zoom'
  /** The current time (tests pass their own). */
  now?: Date
  /** Queue the business owner's confirmation mail of a booked session, with links to this site. */
  mail?: { publicUrl: string }
  /** A meeting made elsewhere (Zoom) for an online session; the built-in call's are made here. */
  meeting?: { number: string; password: string } | null
  /** The caps on a business owner's upcoming sessions; {@link DEFAULT_BOOKING_LIMITS} when not given. */
  limits?: BookingLimits
}

/**
 * Books a slot, in one transaction, and returns the new row: a booked session, or for an advisor a pending
 * request that waits for an answer (it holds the slot all the same). Exactly one of many concurrent bookings
 * of a slot wins: the row is inserted with `active_slot_id` set and the unique index refuses the others,
 * which get a 409. The business owner is locked first, so their own concurrent bookings are checked one
 * after the other against the fair-booking rules (domain/fair-booking.ts): no overlap with their live
 * sessions and waiting requests, and the caps on upcoming ones. Throws ApiHttpError for every refusal
 * (404 no slot, 422 rule, 409 taken, `booking_overlaps` or `booking_limit_reached`).
 */
export async function bookSlot(db: Kysely<Database>, input: BookingInput): Promise<Row<'sessions'>> {
  const now = input.now ?? new Date()
  try {
    return await db.transaction().execute(async (trx) => {
      await lockBusinessOwner(trx, input.smeId)
      const slot = await trx.selectFrom('slots').selectAll().where('id', '=', input.slotId).executeTakeFirst()
      if (!slot) throw notFound('errors.slotNotFound')
      if (input.bookerContributorId === slot.contributor_id)
        throw unprocessable('booking_own_slot', 'errors.bookingOwnSlot')
      if (Date.parse(slot.start_at) <= now.getTime()) throw unprocessable('slot_in_past', 'errors.slotInPast')
      if ((slot.availability & availabilityForCommunicationWay(input.communicationWay)) === 0)
        throw unprocessable('communication_way_not_offered', 'errors.validationFailed', {
          communication_way: 'errors.invalidValue',
        })
      const [contributor, covered] = await Promise.all([
        trx
          .selectFrom('contributors')
          .select('kind')
          .where('id', '=', slot.contributor_id)
          .executeTakeFirstOrThrow(),
        trx
          .selectFrom('contributor_subjects')
          .select('subject_id')
          .where('contributor_id', '=', slot.contributor_id)
          .where('subject_id', '=', input.subjectId)
          .executeTakeFirst(),
      ])
      if (!covered)
        throw unprocessable('subject_not_covered', 'errors.validationFailed', {
          subject_id: 'errors.invalidValue',
        })
      // A slot someone holds is reported as taken, before the rules (the booker may hold it already).
      const held = await trx
        .selectFrom('sessions')
        .select('id')
        .where('active_slot_id', '=', slot.id)
        .executeTakeFirst()
      if (held) throw conflict('slot_already_booked', 'errors.slotAlreadyBooked')
      await assertFairBooking(trx, {
        smeId: input.smeId,
        contributorId: slot.contributor_id,
        start: slot.start_at,
        end: slot.end_at,
        now,
        limits: input.limits ?? DEFAULT_BOOKING_LIMITS,
      })
      const request = contributor.kind === 'advisor'
      const online = input.communicationWay === 0
      // The built-in call's room is made here; a Zoom meeting is made by the caller (zoom/meetings.ts), and a
      // request's only once it is accepted.
      const meeting = !online
        ? null
        : (input.meeting ?? (input.meetingProvider === 'webrtc' ? newMeetingCredentials() : null))
      const stamp = now.toISOString()
      const row = await trx
        .insertInto('sessions')
        .values({
          slot_id: slot.id,
          active_slot_id: slot.id,
          contributor_id: slot.contributor_id,
          sme_id: input.smeId,
          subject_id: input.subjectId,
          communication_way: input.communicationWay,
          office_id: online ? null : slot.office_id,
          state: request ? 'pending' : 'booked',
          request_state: request ? 'waiting' : null,
          request_reason: null,
          answered_at: null,
          description: input.description,
          start_at: slot.start_at,
          end_at: slot.end_at,
          started_at: null,
          ended_at: null,
          end_reason: null,
          cancel_reason_id: null,
          cancel_reason: null,
          is_instant: 0,
          // A request to be held on Zoom names its provider now and gets its meeting when accepted.
          meeting_provider: online ? input.meetingProvider : null,
          meeting_number: meeting?.number ?? null,
          meeting_password: meeting?.password ?? null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      // The confirmation is queued with the booking, or not at all (a request is confirmed when accepted).
      if (row.state === 'booked' && input.mail)
        await queueBookingConfirmed(trx, { sessionId: row.id, publicUrl: input.mail.publicUrl, now })
      return row
    })
  } catch (err) {
    if (isUniqueViolation(err, 'active_slot_id'))
      throw conflict('slot_already_booked', 'errors.slotAlreadyBooked')
    // The slot was deleted between reading it and inserting the booking.
    if (isForeignKeyViolation(err)) throw notFound('errors.slotNotFound')
    throw err
  }
}
