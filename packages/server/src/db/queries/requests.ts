/**
 * Advisor requests' reads and writes (`sessions` rows with a `request_state`), as rows. Which answers a
 * request may take, and when, are `domain/lifecycle.ts`'s rules; these are its statements.
 */
import type { SessionRequest } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { Database, Row, RowUpdate } from '../tables.ts'
import { participantOf, requestRowsOnly } from './session-filters.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Which requests a change looks at: an advisor's, a business owner's, one request, or (empty) all. */
export interface RequestRowScope {
  contributorId?: number
  smeId?: number
  id?: number
}

/**
 * Changes the pending requests in some request states whose slot started at or before `stamp`, in a scope;
 * the changed rows.
 */
export function updateStartedRequests(
  db: Db,
  from: readonly NonNullable<Row<'sessions'>['request_state']>[],
  stamp: string,
  where: RequestRowScope,
  set: RowUpdate<'sessions'>,
) {
  let query = db
    .updateTable('sessions')
    .set(set)
    .where('request_state', 'in', [...from])
    .where('state', '=', 'pending')
    .where('start_at', '<=', stamp)
  if (where.contributorId !== undefined) query = query.where('contributor_id', '=', where.contributorId)
  if (where.smeId !== undefined) query = query.where('sme_id', '=', where.smeId)
  if (where.id !== undefined) query = query.where('id', '=', where.id)
  return query.returningAll().execute()
}

/** A request addressed to an advisor, in any request state, if any. */
export function requestOfContributor(db: Db, id: number, contributorId: number) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('contributor_id', '=', contributorId)
    .where('request_state', 'is not', null)
    .executeTakeFirst()
}

/**
 * Changes an advisor's pending request in some request states whose slot starts after `stamp`; the changed
 * row, or undefined when nothing matched.
 */
export function updateRequestBeforeStart(
  db: Db,
  id: number,
  contributorId: number,
  from: readonly NonNullable<Row<'sessions'>['request_state']>[],
  stamp: string,
  set: RowUpdate<'sessions'>,
) {
  return db
    .updateTable('sessions')
    .set(set)
    .where('id', '=', id)
    .where('contributor_id', '=', contributorId)
    .where('request_state', 'in', [...from])
    .where('state', '=', 'pending')
    .where('start_at', '>', stamp)
    .returningAll()
    .executeTakeFirst()
}

/** A booking's request state; the row must exist. */
export function requestStateOf(db: Db, id: number) {
  return db.selectFrom('sessions').select('request_state').where('id', '=', id).executeTakeFirstOrThrow()
}

/**
 * The requests addressed to an advisor (`{ contributorId }`) or made by a business owner (`{ smeId }`),
 * optionally in one state, as a query to page.
 */
export function requestRowsOf(
  db: Kysely<Database>,
  side: { contributorId: number } | { smeId: number },
  state?: SessionRequest['state'],
) {
  let base = db.selectFrom('sessions').where(requestRowsOnly)
  base =
    'smeId' in side
      ? base.where('sme_id', '=', side.smeId)
      : base.where('contributor_id', '=', side.contributorId)
  if (state) base = base.where('request_state', '=', state)
  return base
}

/** What answering an advisor's booking needs to plan its meeting: times, way and request state; if it is theirs. */
export function requestPlanOfContributor(db: Db, id: number, contributorId: number) {
  return db
    .selectFrom('sessions')
    .select(['start_at', 'end_at', 'communication_way', 'request_state'])
    .where('id', '=', id)
    .where('contributor_id', '=', contributorId)
    .executeTakeFirst()
}

/** A request someone takes part in (as its business owner or its advisor), if any. */
export function participantRequestRow(
  db: Db,
  id: number,
  who: { personId: number; contributorId: number | null },
) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where(requestRowsOnly)
    .where(participantOf(who))
    .executeTakeFirst()
}
