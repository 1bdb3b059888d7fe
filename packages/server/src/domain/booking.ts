/**
 * Booking a slot: the transaction that turns a free slot into a booked session, or for an advisor into a
 * waiting request, under the fair-booking rules, and the meeting credentials of the built-in call.
 */
import { randomInt } from 'node:crypto'
import { availabilityForCommunicationWay, type CommunicationWayId } from '@mashura/core'
import type { Kysely } from 'kysely'
import { coveredSubject, lockActiveContributor } from '../db/queries/contributors.ts'
import { insertSession, slotHolderId } from '../db/queries/sessions.ts'
import { slotById } from '../db/queries/slots.ts'
import type { Database, Row } from '../db/tables.ts'
import { personActor, recordAudit } from './audit.ts'
import { isForeignKeyViolation, isUniqueViolation } from './db-errors.ts'
import { conflict, notFound, refused } from './errors.ts'
import {
  assertFairBooking,
  type BookingLimits,
  DEFAULT_BOOKING_LIMITS,
  lockBusinessOwner,
} from './fair-booking.ts'
import { recordFollowUp } from './follow-ups.ts'

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
  /** A meeting made elsewhere (Zoom) for an online session; the built-in call's are made here. */
  meeting?: { number: string; password: string } | null
  /** The caps on a business owner's upcoming sessions; {@link DEFAULT_BOOKING_LIMITS} when not given. */
  limits?: BookingLimits
  /** The API key the booking came through: its partner's webhooks hear of the session (issue 36). */
  apiKey?: string | null
}

/**
 * The columns of a session that has just been made: no request answer yet, not started, ended or
 * cancelled, not instant. Every insert of a session (a booking, an instant session, the seed) starts here.
 */
export function blankSessionColumns() {
  return {
    request_reason: null,
    answered_at: null,
    started_at: null,
    ended_at: null,
    end_reason: null,
    cancel_reason_id: null,
    cancel_reason: null,
    is_instant: 0,
  }
}

/**
 * Books a slot, in one transaction, and returns the new row: a booked session, or for an advisor a pending
 * request that waits for an answer (it holds the slot all the same). Exactly one of many concurrent bookings
 * of a slot wins: the row is inserted with `active_slot_id` set and the unique index refuses the others,
 * which get a 409. The business owner is locked first, so their own concurrent bookings are checked one
 * after the other against the fair-booking rules (domain/fair-booking.ts): no overlap with their live
 * sessions and waiting requests, and the caps on upcoming ones. Throws a DomainError for every refusal
 * (404 no slot, 422 rule, 409 taken, `booking_overlaps` or `booking_limit_reached`).
 */
export async function bookSlot(db: Kysely<Database>, input: BookingInput): Promise<Row<'sessions'>> {
  const now = input.now ?? new Date()
  try {
    return await db.transaction().execute(async (trx) => {
      await lockBusinessOwner(trx, input.smeId)
      const slot = await slotById(trx, input.slotId)
      if (!slot) throw notFound('errors.slotNotFound')
      if (input.bookerContributorId === slot.contributor_id)
        throw refused('booking_own_slot', 'errors.bookingOwnSlot')
      if (Date.parse(slot.start_at) <= now.getTime()) throw refused('slot_in_past', 'errors.slotInPast')
      if ((slot.availability & availabilityForCommunicationWay(input.communicationWay)) === 0)
        throw refused('communication_way_not_offered', 'errors.validationFailed', {
          communication_way: 'errors.invalidValue',
        })
      // A deactivation committed meanwhile makes the slot unbookable (the lock waits for one in progress).
      const contributor = await lockActiveContributor(trx, slot.contributor_id)
      if (!contributor) throw notFound('errors.slotNotFound')
      const covered = await coveredSubject(trx, slot.contributor_id, input.subjectId)
      if (!covered)
        throw refused('subject_not_covered', 'errors.validationFailed', {
          subject_id: 'errors.invalidValue',
        })
      // A slot someone holds is reported as taken, before the rules (the booker may hold it already).
      const held = await slotHolderId(trx, slot.id)
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
      // The built-in call's room is made here; a Zoom meeting is made by the caller (adapters/zoom/meetings.ts), and a
      // request's only once it is accepted.
      const meeting = !online
        ? null
        : (input.meeting ?? (input.meetingProvider === 'webrtc' ? newMeetingCredentials() : null))
      const stamp = now.toISOString()
      const row = await insertSession(trx, {
        slot_id: slot.id,
        active_slot_id: slot.id,
        contributor_id: slot.contributor_id,
        sme_id: input.smeId,
        subject_id: input.subjectId,
        communication_way: input.communicationWay,
        office_id: online ? null : slot.office_id,
        ...blankSessionColumns(),
        state: request ? 'pending' : 'booked',
        request_state: request ? 'waiting' : null,
        description: input.description,
        start_at: slot.start_at,
        end_at: slot.end_at,
        // A request to be held on Zoom names its provider now and gets its meeting when accepted.
        meeting_provider: online ? input.meetingProvider : null,
        meeting_number: meeting?.number ?? null,
        meeting_password: meeting?.password ?? null,
        api_key: input.apiKey ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      // Its follow-up commits with it: the expert told, and a booking's owner mailed a confirmation (a
      // request is confirmed when accepted).
      await recordFollowUp(trx, row.id, request ? 'requested' : 'booked', { now })
      // The trail of a booking's changes starts with the booking itself, by its business owner (issue 34).
      await recordAudit(trx, {
        actor: await personActor(trx, input.smeId),
        action: request ? 'request.create' : 'session.book',
        targetType: request ? 'request' : 'session',
        targetId: row.id,
        after: {
          state: row.state,
          request_state: row.request_state,
          slot_id: row.slot_id,
          start_at: row.start_at,
          end_at: row.end_at,
          contributor_id: row.contributor_id,
        },
        now,
      })
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
