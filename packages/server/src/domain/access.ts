/**
 * What an expert may read of a business owner (issue 17: least privilege). One rule decides it: the expert
 * has a session with her that is booked, ongoing or over ({@link ACCESS_STATES}). Only then may the expert
 * read her e-mail and mobile number, her history, other experts' recommendations and the files written
 * with them, and open a chat with her.
 *
 * A request is not a session. While it waits, its advisor sees what the request itself carries (her name
 * and photo, the subject, her description), and her profile without contact details: her companies and
 * how many sessions she has had, which is the context needed to accept or reject it. Once the request is
 * rejected or expires, there is nothing left to decide, and the advisor sees only that request.
 *
 * A cancelled session grants nothing: no meeting happened and none will, so the reason for the access is
 * gone. Access held while it was booked ends with the cancellation; the expert keeps only the session
 * itself. A session whose business owner was absent counts as over: it was held at its time (`ended_at` is
 * set), and its expert may still write its recommendations.
 */
import type { ExpressionBuilder, Kysely } from 'kysely'
import { sessionRowsOnly } from '../db/queries/session-filters.ts'
import { aSessionWith, bookingStatesWith, sessionParties } from '../db/queries/sessions.ts'
import type { Database } from '../db/tables.ts'

/** The session states that give an expert access to the business owner: booked, live or over. */
export const ACCESS_STATES = ['booked', 'ongoing', 'ended', 'sme_absent'] as const

/** Who is asking: a signed-in person, with their contributor id when they have an expert identity. */
export interface Reader {
  /** The reader's person id. */
  personId: number
  /** The reader's contributor id, or null. */
  contributorId: number | null
}

/**
 * How much of a business owner someone may see: `full` (contact details, history, other experts'
 * recommendations and files), `request` (her profile without contact details, while the reader's request
 * from her waits), or `none` (answered as if she did not exist).
 */
export type SmeAccess = 'full' | 'request' | 'none'

/**
 * A `where` filter for the sessions that give their expert access to their business owner: sessions (not
 * requests, see {@link sessionRowsOnly}) that are booked, ongoing, ended or SME-absent.
 */
export function grantsAccess(eb: ExpressionBuilder<Database, 'sessions'>) {
  return eb.and([eb('sessions.state', 'in', ACCESS_STATES), sessionRowsOnly(eb)])
}

/** Whether an expert has a session with a business owner that gives access to her ({@link grantsAccess}). */
export async function hasSessionWith(
  db: Kysely<Database>,
  contributorId: number,
  smeId: number,
): Promise<boolean> {
  const row = await aSessionWith(db, contributorId, smeId, grantsAccess)
  return row !== undefined
}

/**
 * How much of a business owner (a person) someone may see ({@link SmeAccess}): everything of herself;
 * `full` for an expert with a session with her; `request` for an advisor whose request from her still
 * waits (its slot has not started); `none` for everyone else, including the advisor of a rejected or
 * expired request and the expert of a cancelled session.
 */
export async function smeAccess(db: Kysely<Database>, reader: Reader, smeId: number): Promise<SmeAccess> {
  if (reader.personId === smeId) return 'full'
  if (reader.contributorId === null) return 'none'
  const rows = await bookingStatesWith(db, reader.contributorId, smeId, (eb) =>
    eb.or([
      grantsAccess(eb),
      eb.and([eb('sessions.state', '=', 'pending'), eb('sessions.request_state', '=', 'waiting')]),
    ]),
  )
  if (rows.some((r) => r.state !== 'pending')) return 'full'
  // A waiting request whose slot has started is expired, even before the scheduler has said so.
  const now = Date.now()
  return rows.some((r) => Date.parse(r.start_at) > now) ? 'request' : 'none'
}

/**
 * Whether someone may read a session's recommendations and the files written with them: the session's
 * business owner and its expert, and another expert with `full` access to that business owner
 * ({@link smeAccess}), so an expert meeting her next learns what earlier experts advised. A waiting,
 * rejected or expired request gives no such access. Anyone else is answered as if the session did not
 * exist.
 */
export async function canReadSessionRecords(
  db: Kysely<Database>,
  reader: Reader,
  sessionId: number,
): Promise<boolean> {
  const session = await sessionParties(db, sessionId)
  if (!session) return false
  if (session.sme_id === reader.personId || session.contributor_id === reader.contributorId) return true
  return reader.contributorId !== null && hasSessionWith(db, reader.contributorId, session.sme_id)
}
