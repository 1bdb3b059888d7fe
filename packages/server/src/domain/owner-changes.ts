/**
 * A business owner changes her own bookings (issue 34): she cancels or moves an upcoming session, and withdraws
 * or moves a waiting request, until the cut-off before its start (`OWNER_CHANGE_CUTOFF_HOURS`, core's
 * `ownerChangeWindow`). Each change is one transaction that takes effect with one conditional UPDATE (still
 * hers, still in the state it leaves, still after the cut-off), records its follow-up (the expert told, both
 * mailed with the booking's calendar UID and the next SEQUENCE) and its audit entry.
 *
 * A cancellation or a withdrawal frees the slot at once (`active_slot_id` null), so the slot is bookable again
 * and the fair-booking caps count it no more. A move takes another free slot of the same expert, in the
 * booking's own transaction: the business owner is locked first, as a booking locks her
 * (`domain/fair-booking.ts`), the expert must still be active, and the new slot is taken by writing its
 * `active_slot_id`, whose unique index lets one of two bookings or moves of a slot win on both databases. A
 * moved session keeps its id, so its page, its chat and its calendar event stay the same; a moved request
 * stays a request, and its expiry (its slot's start) follows the new slot.
 */
import {
  availabilityForCommunicationWay,
  type CommunicationWayId,
  type OwnerChangeWindow,
  ownerChangeWindow,
} from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { BookingLimits } from '../config.ts'
import { lockActiveContributor } from '../db/queries/contributors.ts'
import { bookingRowById, updateOwnBookingIf } from '../db/queries/owner-changes.ts'
import { slotHolderId } from '../db/queries/sessions.ts'
import { slotById } from '../db/queries/slots.ts'
import type { Database, Row, RowUpdate } from '../db/tables.ts'
import { personActor, recordAudit } from './audit.ts'
import { isForeignKeyViolation, isUniqueViolation } from './db-errors.ts'
import { conflict, DomainError, forbidden, notFound, refused } from './errors.ts'
import { assertFairBooking, lockBusinessOwner } from './fair-booking.ts'
import { type FollowUpKind, type MoveDetails, recordFollowUp } from './follow-ups.ts'
import { checkedCancelReason } from './lifecycle.ts'

type Db = Kysely<Database>

/** Who asks: the signed-in person (as business owner), and their expert identity if they have one. */
export interface Owner {
  personId: number
  contributorId: number | null
}

/** The rules a change is judged by: the cut-off, and for a move the caps. */
export interface OwnerChangeRules {
  /** Hours before the start after which she may no longer change it (`OWNER_CHANGE_CUTOFF_HOURS`). */
  cutoffHours: number
  /** The caps on upcoming bookings a move is checked against (leaving out the booking moved). */
  limits: BookingLimits
  /** The current time (tests pass their own). */
  now?: Date
}

/** A cancellation's or a withdrawal's reason: one of the cancel reasons, with details when it requires them. */
export interface OwnerCancelInput {
  reasonId: number
  details: string | null
}

/** A meeting made elsewhere (Zoom) for a moved online session, with the Zoom user it was made under. */
export interface MovedMeeting {
  number: string
  password: string
  host?: string
}

/** What a move answers: the moved row, and the row as it was (whose Zoom meeting the caller deletes). */
export interface MoveResult {
  row: Row<'sessions'>
  previous: Row<'sessions'>
}

const HOUR_MS = 3_600_000

/** Whether a row is a request (one that waits, or never became a session), rather than a session. */
function isRequestRow(row: Row<'sessions'>): boolean {
  return row.state === 'pending'
}

/**
 * A booking of the owner's, as a session or as a request: 404 when there is none of that kind, or it is someone
 * else's; 403 when the caller is its expert (who may see it, and changes it with the expert's own calls).
 */
async function ownBooking(db: Db, id: number, owner: Owner, as: 'session' | 'request') {
  const row = await bookingRowById(db, id)
  const missing = () => notFound(as === 'session' ? 'errors.sessionNotFound' : 'errors.requestNotFound')
  if (!row || isRequestRow(row) !== (as === 'request')) throw missing()
  if (row.sme_id !== owner.personId) {
    if (owner.contributorId !== null && row.contributor_id === owner.contributorId) throw forbidden()
    throw missing()
  }
  return row
}

/** The 422 of a change after the cut-off, saying when it closed. */
function changeClosed(window: OwnerChangeWindow, cutoffHours: number): DomainError {
  return new DomainError('refused', 'change_closed', 'errors.changeClosed', {
    values: { closedAt: Date.parse(window.closesAt), hours: cutoffHours },
  })
}

/**
 * Refuses a change to a session that is not upcoming (409 `session_not_upcoming`), has started (409
 * `session_already_started`), or is past its cut-off (422 `change_closed`).
 */
function refuseSessionChange(row: Row<'sessions'>, cutoffHours: number, now: Date): void {
  if (row.state === 'ongoing' || (row.state === 'booked' && Date.parse(row.start_at) <= now.getTime()))
    throw conflict('session_already_started', 'errors.sessionAlreadyStarted')
  if (row.state !== 'booked') throw conflict('session_not_upcoming', 'errors.sessionNotUpcoming')
  const window = ownerChangeWindow(row.start_at, cutoffHours, now)
  if (!window.open) throw changeClosed(window, cutoffHours)
}

/**
 * Refuses a change to a request that has lapsed (409 `request_expired`), is no longer waiting (409
 * `request_not_waiting`), or is past its cut-off (422 `change_closed`).
 */
function refuseRequestChange(row: Row<'sessions'>, cutoffHours: number, now: Date): void {
  if (
    row.request_state === 'expired' ||
    (row.request_state === 'waiting' && Date.parse(row.start_at) <= now.getTime())
  )
    throw conflict('request_expired', 'errors.requestExpired')
  if (row.request_state !== 'waiting') throw conflict('request_not_waiting', 'errors.requestNotWaiting')
  const window = ownerChangeWindow(row.start_at, cutoffHours, now)
  if (!window.open) throw changeClosed(window, cutoffHours)
}

/** The start of the cut-off from `now`: a booking may be changed while it starts after this. */
function threshold(cutoffHours: number, now: Date): string {
  return new Date(now.getTime() + cutoffHours * HOUR_MS).toISOString()
}

/**
 * A change that matched nothing lost to a concurrent one: the refusal the booking as it is now earns, else 409
 * `booking_changed`.
 */
async function lost(
  db: Db | Transaction<Database>,
  id: number,
  as: 'session' | 'request',
  rules: OwnerChangeRules,
  now: Date,
) {
  const row = await bookingRowById(db, id)
  if (row) (as === 'session' ? refuseSessionChange : refuseRequestChange)(row, rules.cutoffHours, now)
  return conflict('booking_changed', 'errors.bookingChanged')
}

/** What the trail keeps of a booking: where and when, and its state. */
function auditView(row: Row<'sessions'>) {
  return {
    state: row.state,
    request_state: row.request_state,
    slot_id: row.slot_id,
    start_at: row.start_at,
    end_at: row.end_at,
  }
}

/**
 * Ends an owner's booking in one transaction: the conditional UPDATE, its follow-up and its audit entry. The
 * changed row; a refusal when it lost to a concurrent change.
 */
async function endOwnBooking(
  db: Db,
  row: Row<'sessions'>,
  as: 'session' | 'request',
  input: OwnerCancelInput,
  rules: OwnerChangeRules,
  now: Date,
): Promise<Row<'sessions'>> {
  const { reason, details } = await checkedCancelReason(db, input)
  const stamp = now.toISOString()
  const ending: RowUpdate<'sessions'> =
    as === 'session' ? { state: 'cancelled' } : { request_state: 'withdrawn' }
  const changed = await db.transaction().execute(async (trx) => {
    const done = await updateOwnBookingIf(
      trx,
      {
        id: row.id,
        smeId: row.sme_id,
        as: as === 'session' ? 'booked' : 'waiting',
        startsAfter: threshold(rules.cutoffHours, now),
      },
      {
        ...ending,
        cancel_reason_id: reason.id,
        cancel_reason: details,
        cancelled_by: 'owner',
        active_slot_id: null,
        updated_at: stamp,
      },
    )
    if (!done) return undefined
    await recordFollowUp(trx, done.id, as === 'session' ? 'owner_cancelled' : 'request_withdrawn', { now })
    await recordAudit(trx, {
      actor: await personActor(trx, row.sme_id),
      action: as === 'session' ? 'session.cancel' : 'request.withdraw',
      targetType: as,
      targetId: row.id,
      before: auditView(row),
      after: { ...auditView(done), cancel_reason_id: reason.id, cancel_reason: details, by: 'owner' },
      now,
    })
    return done
  })
  if (!changed) throw await lost(db, row.id, as, rules, now)
  return changed
}

/**
 * Cancels the owner's own upcoming session with a reason, before the cut-off: booked → cancelled, its slot free
 * at once. 404 not hers, 403 to its expert, 409 `session_not_upcoming` / `session_already_started`, 422
 * `change_closed`, 422 for a reason that is unknown or lacks its required details.
 */
export async function cancelMySession(
  db: Db,
  id: number,
  owner: Owner,
  input: OwnerCancelInput,
  rules: OwnerChangeRules,
): Promise<Row<'sessions'>> {
  const now = rules.now ?? new Date()
  const row = await ownBooking(db, id, owner, 'session')
  refuseSessionChange(row, rules.cutoffHours, now)
  return endOwnBooking(db, row, 'session', input, rules, now)
}

/**
 * Withdraws the owner's own waiting request with a reason, before the cut-off: waiting → withdrawn, its slot
 * free at once. 404 not hers, 403 to its advisor, 409 `request_not_waiting` / `request_expired`, 422
 * `change_closed`, 422 for a bad reason.
 */
export async function withdrawMyRequest(
  db: Db,
  id: number,
  owner: Owner,
  input: OwnerCancelInput,
  rules: OwnerChangeRules,
): Promise<Row<'sessions'>> {
  const now = rules.now ?? new Date()
  const row = await ownBooking(db, id, owner, 'request')
  refuseRequestChange(row, rules.cutoffHours, now)
  return endOwnBooking(db, row, 'request', input, rules, now)
}

/**
 * Checks the slot a booking moves to, inside the move's transaction: it exists and its expert is active (404),
 * it is another slot (422 `same_slot`) of the same expert (422 `slot_other_expert`), it is ahead and after the
 * cut-off (422 `slot_in_past`, `slot_too_soon`), it offers the booking's communication way (422), and nobody
 * holds it (409 `slot_already_booked`).
 */
async function movableSlot(
  trx: Transaction<Database>,
  row: Row<'sessions'>,
  slotId: number,
  rules: OwnerChangeRules,
  now: Date,
): Promise<Row<'slots'>> {
  const slot = await slotById(trx, slotId)
  if (!slot) throw notFound('errors.slotNotFound')
  if (slot.id === row.slot_id) throw refused('same_slot', 'errors.sameSlot')
  if (slot.contributor_id !== row.contributor_id) throw refused('slot_other_expert', 'errors.slotOtherExpert')
  if (Date.parse(slot.start_at) <= now.getTime()) throw refused('slot_in_past', 'errors.slotInPast')
  if (!ownerChangeWindow(slot.start_at, rules.cutoffHours, now).open)
    throw new DomainError('refused', 'slot_too_soon', 'errors.slotTooSoon', {
      values: { hours: rules.cutoffHours },
    })
  const way = row.communication_way as CommunicationWayId
  if ((slot.availability & availabilityForCommunicationWay(way)) === 0)
    throw refused('communication_way_not_offered', 'errors.validationFailed', {
      schedule_id: 'errors.invalidValue',
    })
  // A deactivation committed meanwhile makes the slot unbookable (the lock waits for one in progress).
  if (!(await lockActiveContributor(trx, slot.contributor_id))) throw notFound('errors.slotNotFound')
  if (await slotHolderId(trx, slot.id)) throw conflict('slot_already_booked', 'errors.slotAlreadyBooked')
  return slot
}

/** Moves an owner's booking to another slot in one transaction; see {@link rescheduleMySession}. */
async function moveOwnBooking(
  db: Db,
  row: Row<'sessions'>,
  as: 'session' | 'request',
  slotId: number,
  rules: OwnerChangeRules,
  now: Date,
  meeting: MovedMeeting | null,
): Promise<Row<'sessions'>> {
  const stamp = now.toISOString()
  try {
    return await db.transaction().execute(async (trx) => {
      // Her bookings are checked one at a time, as a booking checks them (domain/fair-booking.ts).
      await lockBusinessOwner(trx, row.sme_id)
      const slot = await movableSlot(trx, row, slotId, rules, now)
      await assertFairBooking(trx, {
        smeId: row.sme_id,
        contributorId: slot.contributor_id,
        start: slot.start_at,
        end: slot.end_at,
        now,
        limits: rules.limits,
        exceptId: row.id,
      })
      const moved = await updateOwnBookingIf(
        trx,
        {
          id: row.id,
          smeId: row.sme_id,
          as: as === 'session' ? 'booked' : 'waiting',
          startsAfter: threshold(rules.cutoffHours, now),
          startAt: row.start_at,
        },
        {
          slot_id: slot.id,
          active_slot_id: slot.id,
          start_at: slot.start_at,
          end_at: slot.end_at,
          office_id: row.communication_way === 1 ? slot.office_id : null,
          updated_at: stamp,
          ...(meeting
            ? {
                meeting_provider: 'zoom' as const,
                meeting_number: meeting.number,
                meeting_password: meeting.password,
                zoom_host: meeting.host ?? null,
              }
            : {}),
        },
      )
      if (!moved) throw await lost(trx, row.id, as, rules, now)
      const details: MoveDetails = {
        sequence: moved.ics_sequence,
        from: { start: row.start_at, end: row.end_at },
        to: { start: moved.start_at, end: moved.end_at },
      }
      const kind: FollowUpKind = as === 'session' ? 'rescheduled' : 'request_moved'
      await recordFollowUp(trx, moved.id, kind, { now, details })
      await recordAudit(trx, {
        actor: await personActor(trx, row.sme_id),
        action: as === 'session' ? 'session.reschedule' : 'request.move',
        targetType: as,
        targetId: row.id,
        before: auditView(row),
        after: auditView(moved),
        now,
      })
      return moved
    })
  } catch (err) {
    // Another booking or move took the slot between the check and the write: its unique index decided.
    if (isUniqueViolation(err, 'active_slot_id'))
      throw conflict('slot_already_booked', 'errors.slotAlreadyBooked')
    if (isForeignKeyViolation(err)) throw notFound('errors.slotNotFound')
    throw err
  }
}

/**
 * Moves the owner's own upcoming session to another free slot of the same expert, before both slots' cut-offs,
 * in one transaction: the old slot freed, the new one taken, the times and (for an office session) the office
 * the new slot's. A Zoom session's new meeting is made by the caller (`meeting`), who deletes the old one once
 * this succeeds. Refusals: those of {@link cancelMySession}'s session, and the slot's (see `movableSlot`), 409
 * `booking_overlaps` / `booking_limit_reached` under the fair-booking rules.
 */
export async function rescheduleMySession(
  db: Db,
  id: number,
  owner: Owner,
  slotId: number,
  rules: OwnerChangeRules & { meeting?: MovedMeeting | null },
): Promise<MoveResult> {
  const now = rules.now ?? new Date()
  const previous = await ownBooking(db, id, owner, 'session')
  refuseSessionChange(previous, rules.cutoffHours, now)
  const row = await moveOwnBooking(db, previous, 'session', slotId, rules, now, rules.meeting ?? null)
  return { row, previous }
}

/**
 * Moves the owner's own waiting request to another free slot of the same advisor, before both slots' cut-offs:
 * it stays a waiting request, its expiry the new slot's start. Refusals as {@link withdrawMyRequest}'s and the
 * slot's.
 */
export async function moveMyRequest(
  db: Db,
  id: number,
  owner: Owner,
  slotId: number,
  rules: OwnerChangeRules,
): Promise<MoveResult> {
  const now = rules.now ?? new Date()
  const previous = await ownBooking(db, id, owner, 'request')
  refuseRequestChange(previous, rules.cutoffHours, now)
  const row = await moveOwnBooking(db, previous, 'request', slotId, rules, now, null)
  return { row, previous }
}
