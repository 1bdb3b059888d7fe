/**
 * The lifecycle of requests and sessions (spec section 4). Every transition is one conditional
 * UPDATE (`where id = ? and state in (…)`) that returns the changed row: of two concurrent
 * transitions of the same row exactly one matches, the other changes nothing and gets a 409.
 *
 * The rules are core's (`packages/core/src/rules/lifecycle.ts`), the same the session room offers its
 * buttons by: the states each move leaves (`SESSION_MOVES`, `REQUEST_MOVES`) go into the UPDATEs, and a move
 * at the wrong time (`sessionMoveRefusal`) is a 422 before any UPDATE is tried.
 *
 * Requests: waiting → accepted (the row becomes a booked session) | rejected (the slot is freed) |
 * expired (its slot started with no answer; the slot is freed). A rejected or expired request keeps
 * `state` 'pending': it never became a session, and `sessionRowsOnly` leaves it out either way.
 *
 * Sessions: booked → ongoing → ended; booked → cancelled (frees the slot); booked | ongoing → sme_absent.
 */
import {
  endsEarly,
  type LifecycleSession,
  REQUEST_MOVES,
  SESSION_MOVES,
  type SessionMove,
  type SessionMoveRule,
  type SessionRefusal,
  type SessionState,
  sessionMoveRefusal,
} from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import { contributorPerson } from '../db/queries/people.ts'
import {
  requestOfContributor,
  requestStateOf,
  updateRequestBeforeStart,
  updateStartedRequests,
} from '../db/queries/requests.ts'
import {
  bookedSessionsStartingUntold,
  type SessionStateGuard,
  sessionRowById,
  updateSessionIf,
} from '../db/queries/sessions.ts'
import { cancelReasonById } from '../db/queries/settings.ts'
import type { Database, Row, RowUpdate } from '../db/tables.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { conflict, forbidden, notFound, refused } from './errors.ts'
import { lockBusinessOwner, overlapsASession } from './fair-booking.ts'
import { type FollowUpDeps, type FollowUpKind, recordFollowUp, runFollowUps } from './follow-ups.ts'

/** How long an extension adds to an ongoing session's end, in minutes. */
export const EXTENSION_MINUTES = 15

/** How long before a booked session its participants are told it is starting, in minutes. */
export const STARTING_SOON_MINUTES = 15

type Db = Kysely<Database>

// ------------------------------------------------------------------------------------------- requests

/** Which requests an expiry looks at: an advisor's, a business owner's, one request, or (empty) all. */
export interface RequestScope {
  contributorId?: number
  smeId?: number
  id?: number
}

/**
 * Expires every waiting request whose slot has started, freeing its slot; returns the expired rows.
 * Run by the scheduler and before every read of requests, so a stale 'waiting' is never shown.
 */
export async function expireRequests(
  db: Db,
  now: Date = new Date(),
  where: RequestScope = {},
): Promise<Row<'sessions'>[]> {
  const stamp = now.toISOString()
  return db.transaction().execute(async (trx) => {
    // Core's rule (`requestMoveRefusal`): a request lapses once its slot has started.
    const expired = await updateStartedRequests(trx, REQUEST_MOVES.expire.from, stamp, where, {
      request_state: REQUEST_MOVES.expire.to,
      active_slot_id: null,
      updated_at: stamp,
    })
    for (const row of expired) await recordFollowUp(trx, row.id, 'request_expired', { now })
    return expired
  })
}

/** {@link expireRequests}, then tells the people of each expired request; answers the expired rows. */
export async function expireAndAnnounce(
  deps: FollowUpDeps,
  now: Date = new Date(),
  where: RequestScope = {},
): Promise<Row<'sessions'>[]> {
  const expired = await expireRequests(deps.db, now, where)
  if (expired.length > 0)
    await runFollowUps(
      deps,
      expired.map((row) => row.id),
    )
  return expired
}

/** An answer to a request. */
export interface RequestAnswerInput {
  /** The request. */
  id: number
  /** The answering advisor's contributor id. */
  contributorId: number
  /** Accept, or reject. */
  accept: boolean
  /** The reason: required to reject, optional to accept. */
  reason: string | null
  /** The current time (tests pass their own). */
  now?: Date
  /** The Zoom meeting made for the session an acceptance books (adapters/zoom/meetings.ts). */
  meeting?: { number: string; password: string } | null
}

/**
 * Answers a waiting request as its advisor, once. Accepting makes it a booked session; rejecting frees
 * its slot. 404 when the request is not the advisor's, 422 when a rejection has no reason, 409 when it
 * was answered already or has expired, and 409 `booking_overlaps` when accepting it would give the
 * business owner two sessions at once (a request made before the fair-booking rules, or one of two
 * waiting requests at one hour: the first accepted wins). Caps are not checked again: the request counted
 * toward them when it was made.
 */
export async function answerRequest(db: Db, input: RequestAnswerInput): Promise<Row<'sessions'>> {
  const now = input.now ?? new Date()
  const reason = input.reason?.trim() ? input.reason.trim() : null
  const current = await requestOfContributor(db, input.id, input.contributorId)
  if (!current) throw notFound('errors.requestNotFound')
  if (!input.accept && reason === null)
    throw refused('reason_required', 'errors.validationFailed', { reason: 'errors.fieldRequired' })
  const stamp = now.toISOString()
  const change: RowUpdate<'sessions'> = input.accept
    ? {
        state: 'booked',
        request_state: REQUEST_MOVES.accept.to,
        request_reason: reason,
        ...(input.meeting
          ? {
              meeting_provider: 'zoom' as const,
              meeting_number: input.meeting.number,
              meeting_password: input.meeting.password,
            }
          : {}),
      }
    : { request_state: REQUEST_MOVES.reject.to, request_reason: reason, active_slot_id: null }
  const row = await db.transaction().execute(async (trx) => {
    // The business owner's bookings are checked one at a time (domain/fair-booking.ts).
    if (input.accept) await lockBusinessOwner(trx, current.sme_id)
    // Core's rule (`requestMoveRefusal`): a request is answered only while its slot is ahead.
    const answered = await updateRequestBeforeStart(
      trx,
      input.id,
      input.contributorId,
      REQUEST_MOVES[input.accept ? 'accept' : 'reject'].from,
      stamp,
      { ...change, answered_at: stamp, updated_at: stamp },
    )
    // Checked once the request is known to be answerable, so a stale answer still gets its own 409; the
    // throw rolls the acceptance back.
    if (
      answered?.state === 'booked' &&
      (await overlapsASession(trx, {
        smeId: answered.sme_id,
        start: answered.start_at,
        end: answered.end_at,
        now,
        exceptId: answered.id,
      }))
    )
      throw conflict('booking_overlaps', 'errors.requestOverlaps')
    // Its follow-up (the owner told, and mailed a confirmation when accepted) commits with the answer.
    if (answered) {
      await recordFollowUp(trx, answered.id, input.accept ? 'request_accepted' : 'request_rejected', { now })
      await recordAudit(trx, {
        actor: await expertActor(trx, input.contributorId),
        action: input.accept ? 'request.accept' : 'request.reject',
        targetType: 'request',
        targetId: answered.id,
        before: { request_state: current.request_state },
        after: { request_state: answered.request_state, state: answered.state, reason },
        now,
      })
    }
    return answered
  })
  if (row) return row
  // Lost: answered by a concurrent call, or expired (applied now if nobody has yet).
  await expireRequests(db, now, { id: input.id })
  const after = await requestStateOf(db, input.id)
  if (after.request_state === 'expired') throw conflict('request_expired', 'errors.requestExpired')
  throw conflict('request_already_answered', 'errors.requestAlreadyAnswered')
}

// ------------------------------------------------------------------------------------------- sessions

/**
 * A session row of the given contributor. Someone else's session (or a request that is not a session)
 * answers 404, except to its business owner, who may see it and gets 403.
 */
export async function ownSession(db: Db, id: number, auth: { personId: number; contributorId: number }) {
  const row = await sessionRowById(db, id)
  if (!row) throw notFound('errors.sessionNotFound')
  if (row.contributor_id !== auth.contributorId) {
    if (row.sme_id === auth.personId) throw forbidden()
    throw notFound('errors.sessionNotFound')
  }
  return row
}

/** A session transition: which session, whose, and core's move. */
export interface SessionTransition {
  /** The session. */
  id: number
  /** The expert who must own the session. */
  who: { contributorId: number }
  /** The move of core's `SESSION_MOVES`: the states it leaves, the state it writes, whether only instant. */
  move: SessionMove
  /** An extra guard on the row as read, for optimistic updates (e.g. `end_at` unchanged). */
  unchanged?: { end_at?: string }
  /** The current time. */
  now?: Date
}

/**
 * Applies a transition with one conditional UPDATE; a 409 when the row is in no state the move leaves (or
 * is not instant, for a move of instant sessions only). The state is judged here rather than on the row as
 * read, so that of two concurrent transitions exactly one applies.
 */
export async function transitionSession(
  db: Db,
  t: SessionTransition,
  /** What the transition writes besides the state (`updated_at` is added). */
  set: RowUpdate<'sessions'>,
): Promise<Row<'sessions'>> {
  const stamp = (t.now ?? new Date()).toISOString()
  const rule: SessionMoveRule = SESSION_MOVES[t.move]
  const guard: SessionStateGuard = { id: t.id, contributorId: t.who.contributorId, from: rule.from }
  if (t.unchanged?.end_at !== undefined) guard.endAt = t.unchanged.end_at
  if (rule.instantOnly) guard.instantOnly = true
  const row = await db.transaction().execute(async (trx) => {
    // A cancellation is mailed with the booking's calendar UID and the next SEQUENCE (issue 34).
    const changed = await updateSessionIf(
      trx,
      guard,
      { ...set, state: rule.to, updated_at: stamp },
      { bumpSequence: t.move === 'cancel' },
    )
    if (changed) {
      await recordFollowUp(trx, changed.id, MOVE_FOLLOW_UPS[t.move], { now: new Date(stamp) })
      // Who changed the session, in the change's transaction (issue 34).
      await recordAudit(trx, {
        actor: await expertActor(trx, changed.contributor_id),
        action: MOVE_AUDIT[t.move],
        targetType: 'session',
        targetId: changed.id,
        ...(t.unchanged?.end_at !== undefined ? { before: { end_at: t.unchanged.end_at } } : {}),
        after: { ...set, state: rule.to },
        now: new Date(stamp),
      })
    }
    return changed
  })
  if (!row) throw conflict('invalid_state_transition', 'errors.invalidStateTransition')
  return row
}

/** The audit trail's action of each move of a session, made by its expert. */
const MOVE_AUDIT: Record<SessionMove, string> = {
  start: 'session.start',
  end: 'session.end',
  endInstant: 'session.end',
  extend: 'session.extend',
  markAbsent: 'session.mark_owner_absent',
  cancel: 'session.cancel',
}

/** The expert as the audit trail names them: their person, and their name as it is now. */
async function expertActor(db: Db | Transaction<Database>, contributorId: number): Promise<AuditActor> {
  const person = await contributorPerson(db, contributorId)
  return { personId: person.id, label: person.full_name }
}

/** What follows each move of a session. */
const MOVE_FOLLOW_UPS: Record<SessionMove, FollowUpKind> = {
  start: 'started',
  end: 'ended',
  endInstant: 'ended',
  extend: 'extended',
  markAbsent: 'owner_absent',
  cancel: 'cancelled',
}

type Who = { personId: number; contributorId: number }

/** The lifecycle facts of a session row, as core's rules read them. */
function rowLifecycle(row: Row<'sessions'>): LifecycleSession {
  return {
    // A session row (`sessionRowsOnly`) is never 'pending': that state is a request's.
    state: row.state as SessionState,
    instant: row.is_instant === 1,
    start: row.start_at,
    end: row.end_at,
    contributorId: row.contributor_id,
    smeId: row.sme_id,
    meeting: row.communication_way === 0 && row.meeting_number !== null && row.meeting_provider !== null,
  }
}

/** The 422 of each of core's refusals for a move at the wrong time. */
const WRONG_TIME: Partial<Record<SessionRefusal, () => Error>> = {
  before_day: () => refused('session_not_today', 'errors.sessionNotStarted'),
  after_day: () => refused('session_not_today', 'errors.sessionAlreadyEnded'),
  not_started: () => refused('session_not_started', 'errors.sessionNotStarted'),
}

/**
 * Throws the 422 of a move its expert makes at the wrong time (core's `sessionMoveRefusal`). A move from the
 * wrong state is left to the conditional UPDATE, which answers it with a 409.
 */
function refuseAtTheWrongTime(move: SessionMove, row: Row<'sessions'>, who: Who, now: Date): void {
  const refusal = sessionMoveRefusal(
    move,
    rowLifecycle(row),
    { role: 'contributor', id: who.contributorId },
    now,
  )
  const error = refusal ? WRONG_TIME[refusal] : undefined
  if (error) throw error()
}

/**
 * Starts a session (validate contributor, `start_from` 0): booked → ongoing, only on the session's own
 * Riyadh day; 422 on another day.
 */
export async function startSession(db: Db, id: number, who: Who, now = new Date()) {
  refuseAtTheWrongTime('start', await ownSession(db, id, who), who, now)
  return transitionSession(db, { id, who, move: 'start', now }, { started_at: now.toISOString() })
}

/**
 * Ends an ongoing session. Ending before the scheduled end needs `force_end` (422 otherwise), so an
 * early end is always deliberate; the reason is kept.
 */
export async function endSession(
  db: Db,
  id: number,
  who: Who,
  input: { forceEnd: boolean; endReason: string | null },
  now = new Date(),
) {
  const row = await ownSession(db, id, who)
  const facts = rowLifecycle(row)
  if (
    !input.forceEnd &&
    sessionMoveRefusal('end', facts, { role: 'contributor' }, now) === null &&
    endsEarly(facts, now)
  )
    throw refused('force_end_required', 'errors.validationFailed', { force_end: 'errors.invalidValue' })
  return transitionSession(
    db,
    { id, who, move: 'end', now },
    { ended_at: now.toISOString(), end_reason: input.endReason?.trim() || null },
  )
}

/** Ends an ongoing instant session (ongoing → ended); 409 for a session that is not instant. */
export async function endInstantSession(db: Db, id: number, who: Who, now = new Date()) {
  await ownSession(db, id, who)
  return transitionSession(db, { id, who, move: 'endInstant', now }, { ended_at: now.toISOString() })
}

/**
 * Extends an ongoing session's end by {@link EXTENSION_MINUTES}. Optimistic: the update applies only if
 * the end is still the one read, so two concurrent extensions add 15 minutes once and the other gets 409.
 */
export async function extendSession(db: Db, id: number, who: Who, now = new Date()) {
  const row = await ownSession(db, id, who)
  const end = new Date(Date.parse(row.end_at) + EXTENSION_MINUTES * 60_000).toISOString()
  return transitionSession(
    db,
    { id, who, move: 'extend', now, unchanged: { end_at: row.end_at } },
    { end_at: end },
  )
}

/** Marks the business owner absent: booked | ongoing → sme_absent, only once the session has started (422 before). */
export async function markSmeAbsent(db: Db, id: number, who: Who, now = new Date()) {
  refuseAtTheWrongTime('markAbsent', await ownSession(db, id, who), who, now)
  return transitionSession(db, { id, who, move: 'markAbsent', now }, { ended_at: now.toISOString() })
}

/**
 * Cancels a booked session with a reason from the list (422 for an unknown reason, or a reason that
 * requires details without them); frees the slot.
 */
export async function cancelSession(
  db: Db,
  id: number,
  who: Who,
  input: { reasonId: number; details: string | null },
  now = new Date(),
) {
  await ownSession(db, id, who)
  const { reason, details } = await checkedCancelReason(db, input)
  return transitionSession(
    db,
    { id, who, move: 'cancel', now },
    {
      cancel_reason_id: reason.id,
      cancel_reason: details,
      active_slot_id: null,
      cancelled_by: 'expert',
    },
  )
}

/**
 * A cancellation's reason from the list, and its trimmed details: 422 for an unknown reason, or one that
 * requires details without them. The expert's cancellation and the business owner's own (issue 34) share it.
 */
export async function checkedCancelReason(
  db: Db,
  input: { reasonId: number; details: string | null },
): Promise<{ reason: { id: number }; details: string | null }> {
  const reason = await cancelReasonById(db, input.reasonId)
  if (!reason)
    throw refused('invalid_cancel_reason', 'errors.validationFailed', {
      cancel_reason_id: 'errors.invalidValue',
    })
  const details = input.details?.trim() || null
  if (reason.requires_details && !details)
    throw refused('reason_required', 'errors.validationFailed', { reason: 'errors.fieldRequired' })
  return { reason, details }
}

// ------------------------------------------------------------------------------------------- reminders

/**
 * The booked sessions starting within {@link STARTING_SOON_MINUTES} whose participants have not been
 * told yet (no 'session_starting' notification for the session): the notifications table is the memory,
 * so a reminder goes once however often the scheduler runs.
 */
export async function sessionsStartingSoon(db: Db, now: Date = new Date()): Promise<Row<'sessions'>[]> {
  const from = now.toISOString()
  const to = new Date(now.getTime() + STARTING_SOON_MINUTES * 60_000).toISOString()
  return bookedSessionsStartingUntold(db, from, to)
}
