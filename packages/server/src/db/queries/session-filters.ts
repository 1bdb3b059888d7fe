/**
 * Which `sessions` rows are sessions, requests, upcoming or past, and whose they are: the `where` filters and
 * state lists every query on sessions shares. One `sessions` row is both things: an advisor booking starts
 * as a request (`state` 'pending', `request_state` 'waiting') and becomes a session when accepted; other
 * bookings are sessions at once.
 */
import type { SessionState } from '@mashura/core'
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../tables.ts'

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
