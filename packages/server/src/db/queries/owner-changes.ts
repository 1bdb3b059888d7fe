/**
 * A business owner's own changes to her bookings (issue 34), as statements: read a booking (a session or a
 * request) by id, and change it with one conditional UPDATE that matches only while it is still hers, in the
 * state the change leaves, and starts after the cut-off. Each raises the session's calendar `SEQUENCE`
 * (`ics_sequence`) in the same statement, so two changes never mail one number twice. Which change is allowed,
 * and when, is `domain/owner-changes.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, Row, RowUpdate } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A booking row by id, whatever it is (a session, a request, in any state), if any. */
export function bookingRowById(db: Db, id: number) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Which booking an owner's change may touch, and how it must be found. */
export interface OwnBookingGuard {
  /** The booking. */
  id: number
  /** Its business owner, who makes the change. */
  smeId: number
  /** A booked session (`booked`), or a waiting request (`waiting`). */
  as: 'booked' | 'waiting'
  /** Only while it starts after this (UTC ISO text): now plus the cut-off. */
  startsAfter: string
  /** Only while it still starts at this (a move read the row: nobody moved it meanwhile). */
  startAt?: string
}

/**
 * Changes an owner's booking with one conditional UPDATE, raising its `ics_sequence` by one; the changed row,
 * or undefined when nothing matched (it changed state, started, or moved meanwhile).
 */
export function updateOwnBookingIf(db: Db, guard: OwnBookingGuard, set: RowUpdate<'sessions'>) {
  let query = db
    .updateTable('sessions')
    .set((eb) => ({ ...set, ics_sequence: eb('ics_sequence', '+', 1) }))
    .where('id', '=', guard.id)
    .where('sme_id', '=', guard.smeId)
    .where('start_at', '>', guard.startsAfter)
  query =
    guard.as === 'booked'
      ? query
          .where('state', '=', 'booked')
          .where((eb) => eb.or([eb('request_state', 'is', null), eb('request_state', '=', 'accepted')]))
      : query.where('state', '=', 'pending').where('request_state', '=', 'waiting')
  if (guard.startAt !== undefined) query = query.where('start_at', '=', guard.startAt)
  return query.returningAll().executeTakeFirst() as Promise<Row<'sessions'> | undefined>
}
