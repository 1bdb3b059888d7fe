/**
 * Instant sessions: a business owner joins an expert who is available now (issue 7). The expert is
 * available when the admin permits it (`join_now_enabled`) and their own toggle is on
 * (`available_for_instant`), and they are not in an ongoing session already.
 *
 * The session starts at once (`ongoing`, online, {@link INSTANT_SESSION_MINUTES} long). Every session
 * row names a slot, so an instant session gets a slot of its own for its half hour, which it holds
 * (`active_slot_id`): the expert's calendar shows the time as taken, and it is never offered to anyone
 * else (it has started, and free-slot reads look only at future, unheld slots). On the wire its
 * `schedule_id` is null, as for every instant session.
 */
import type { Kysely } from 'kysely'
import { anOngoingSessionOf, insertSession, lockContributorForInstant } from '../db/queries/sessions.ts'
import { insertSlot } from '../db/queries/slots.ts'
import type { Database, Row } from '../db/tables.ts'
import { blankSessionColumns, newMeetingCredentials } from './booking.ts'
import { conflict, notFound } from './errors.ts'
import { lockBusinessOwner, overlapsLiveRow } from './fair-booking.ts'
import { recordFollowUp } from './follow-ups.ts'

/** How long an instant session lasts, in minutes (an extension adds to it). */
export const INSTANT_SESSION_MINUTES = 30

/** What starting an instant session needs. */
export interface InstantSessionInput {
  /** The expert to join. */
  contributorId: number
  /** The business owner joining (their person id). */
  smeId: number
  /** The provider online meetings run on. */
  meetingProvider: 'webrtc' | 'zoom'
  /** The Zoom meeting made for it (adapters/zoom/meetings.ts); the built-in call's room is made here. */
  meeting?: { number: string; password: string } | null
  /** The current time (tests pass their own). */
  now?: Date
  /** The API key the join came through: its partner's webhooks hear of the session (issue 36). */
  apiKey?: string | null
}

/**
 * Starts an instant session in one transaction and returns its row. 404 for an unknown expert; 409
 * `instant_own` for the expert themself, `expert_not_available` when the expert is not available now,
 * `expert_busy` when the expert is in an ongoing session, `booking_overlaps` when its half hour overlaps one
 * of the business owner's live sessions or waiting requests (domain/fair-booking.ts; the caps on upcoming
 * sessions do not apply, as an instant session holds none of an expert's future calendar). Concurrent joins
 * of one expert are serialised on the expert's row, so exactly one of them wins and the others get
 * `expert_busy`; a business owner's own joins and bookings are serialised on their row, owner first.
 */
export async function startInstantSession(
  db: Kysely<Database>,
  input: InstantSessionInput,
): Promise<Row<'sessions'>> {
  const now = input.now ?? new Date()
  const stamp = now.toISOString()
  const end = new Date(now.getTime() + INSTANT_SESSION_MINUTES * 60_000).toISOString()
  return db.transaction().execute(async (trx) => {
    // Owner before expert, the order every booking transaction takes locks in.
    await lockBusinessOwner(trx, input.smeId)
    // A no-op write locks the expert's row (PostgreSQL) or takes the write lock (SQLite) before the
    // checks, so two joins cannot both see the expert free; SELECT … FOR UPDATE is PostgreSQL-only.
    const expert = await lockContributorForInstant(trx, input.contributorId)
    if (!expert) throw notFound('errors.contributorNotFound')
    if (expert.person_id === input.smeId) throw conflict('instant_own', 'errors.instantOwn')
    if (expert.join_now_enabled !== 1 || expert.available_for_instant !== 1)
      throw conflict('expert_not_available', 'errors.instantUnavailable')
    const busy = await anOngoingSessionOf(trx, expert.id)
    if (busy) throw conflict('expert_busy', 'errors.instantBusy')
    if (await overlapsLiveRow(trx, { smeId: input.smeId, start: stamp, end, now }))
      throw conflict('booking_overlaps', 'errors.bookingOverlaps')
    const slot = await insertSlot(trx, {
      contributor_id: expert.id,
      start_at: stamp,
      end_at: end,
      availability: 2,
      office_id: null,
      created_at: stamp,
    })
    const meeting = input.meeting ?? newMeetingCredentials()
    const row = await insertSession(trx, {
      slot_id: slot.id,
      active_slot_id: slot.id,
      contributor_id: expert.id,
      sme_id: input.smeId,
      subject_id: null,
      communication_way: 0,
      office_id: null,
      ...blankSessionColumns(),
      state: 'ongoing',
      request_state: null,
      description: null,
      start_at: stamp,
      end_at: end,
      started_at: stamp,
      is_instant: 1,
      meeting_provider: input.meetingProvider,
      meeting_number: meeting.number,
      meeting_password: meeting.password,
      api_key: input.apiKey ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    await recordFollowUp(trx, row.id, 'instant', { now })
    return row
  })
}
