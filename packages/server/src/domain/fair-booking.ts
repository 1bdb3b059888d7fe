/**
 * Fair booking (issue 17): one business owner cannot empty an expert's calendar, nor be in two places at
 * once. Every booking, acceptance and instant join runs in a transaction that first locks the business
 * owner (see {@link lockBusinessOwner}), so two of their own bookings never check the rules side by side:
 * the rules below are decided by the database, as the slot race is by its unique index.
 *
 * What counts:
 * - **Live** rows of a business owner are their booked and ongoing sessions and their waiting requests
 *   (rows with `state` 'pending' and `request_state` 'waiting', which hold their slot); a booked session
 *   whose end has passed, or a waiting request whose start has passed (it expires then), is not live.
 *   Cancelled, rejected, expired, ended and absent rows never count.
 * - **Overlap**: two live rows whose `[start_at, end_at)` intersect, whoever the experts are. Back-to-back
 *   sessions (one ends when the next starts) do not overlap.
 * - **Upcoming**, for the caps: booked sessions not yet ended and waiting requests. An ongoing session is
 *   not upcoming: it holds no more of an expert's calendar, and is being used up now (it still counts for
 *   overlap).
 */
import type { Kysely, Transaction } from 'kysely'
import { type BookingLimits, DEFAULT_BOOKING_LIMITS } from '../config.ts'
import { lockPersonRow } from '../db/queries/people.ts'
import { liveBookingRows } from '../db/queries/sessions.ts'
import type { Database } from '../db/tables.ts'
import { conflict } from './errors.ts'

/** The caps on upcoming sessions and their defaults, declared with the rest of the configuration. */
export { type BookingLimits, DEFAULT_BOOKING_LIMITS }

type Db = Kysely<Database> | Transaction<Database>

/** A live row of a business owner, as the rules read it. */
interface LiveRow {
  id: number
  contributor_id: number
  state: string
  start_at: string
  end_at: string
}

/**
 * Locks a business owner for the rest of the transaction, before any rule is checked: a no-op write to
 * their `people` row. On PostgreSQL it takes the row's lock, so a second booking by the same person waits
 * until the first commits and then reads its row. On SQLite every transaction already begins IMMEDIATE
 * (db/sqlite-dialect.ts) and so holds the write lock from its start; the write changes nothing there.
 * SELECT … FOR UPDATE would be PostgreSQL-only.
 */
export async function lockBusinessOwner(trx: Transaction<Database>, personId: number): Promise<void> {
  await lockPersonRow(trx, personId)
}

/** The business owner's live rows that end after `now` (see the module comment), but `exceptId`. */
async function liveRows(db: Db, smeId: number, now: Date, exceptId?: number): Promise<LiveRow[]> {
  return liveBookingRows(db, smeId, now.toISOString(), exceptId)
}

function overlaps(row: LiveRow, start: string, end: string): boolean {
  return Date.parse(row.start_at) < Date.parse(end) && Date.parse(row.end_at) > Date.parse(start)
}

/** What a new booking of a business owner would hold. */
export interface FairBookingCheck {
  /** The business owner (person id). */
  smeId: number
  /** The expert booked. */
  contributorId: number
  /** The booking's start and end (UTC ISO text). */
  start: string
  end: string
  /** The current time. */
  now: Date
  /** The caps. */
  limits: BookingLimits
  /** A booking of theirs the check leaves out: the one being moved to this time (issue 34). */
  exceptId?: number
}

/**
 * Refuses a booking that would overlap one of the business owner's live rows (409 `booking_overlaps`) or
 * go over a cap (409 `booking_limit_reached`, the message naming the cap and its number). Call it inside
 * the booking's transaction, after {@link lockBusinessOwner}.
 */
export async function assertFairBooking(db: Db, check: FairBookingCheck): Promise<void> {
  const rows = await liveRows(db, check.smeId, check.now, check.exceptId)
  if (rows.some((row) => overlaps(row, check.start, check.end)))
    throw conflict('booking_overlaps', 'errors.bookingOverlaps')
  const upcoming = rows.filter((row) => row.state !== 'ongoing')
  const { maxUpcomingPerExpert, maxUpcoming } = check.limits
  if (upcoming.filter((row) => row.contributor_id === check.contributorId).length >= maxUpcomingPerExpert)
    throw conflict('booking_limit_reached', 'errors.bookingLimitPerExpert', { max: maxUpcomingPerExpert })
  if (upcoming.length >= maxUpcoming)
    throw conflict('booking_limit_reached', 'errors.bookingLimitTotal', { max: maxUpcoming })
}

/**
 * Whether a time of a business owner's overlaps one of their sessions (booked or ongoing, not waiting
 * requests), leaving out the row `exceptId`. Acceptance uses it: a request made before these rules, or
 * two waiting requests at one hour, must not both become sessions; the first accepted wins.
 */
export async function overlapsASession(
  db: Db,
  input: { smeId: number; start: string; end: string; now: Date; exceptId?: number },
): Promise<boolean> {
  const rows = await liveRows(db, input.smeId, input.now, input.exceptId)
  return rows.some((row) => row.state !== 'pending' && overlaps(row, input.start, input.end))
}

/**
 * Whether a time of a business owner's overlaps any of their live rows, waiting requests included; an
 * instant session is refused then, as a booking would be.
 */
export async function overlapsLiveRow(
  db: Db,
  input: { smeId: number; start: string; end: string; now: Date },
): Promise<boolean> {
  const rows = await liveRows(db, input.smeId, input.now)
  return rows.some((row) => overlaps(row, input.start, input.end))
}
