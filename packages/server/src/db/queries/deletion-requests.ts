/**
 * The account-deletion requests as the back office reads and decides them (issue 33), as rows. A person's own
 * request is recorded by `insertDeletionRequestOnce` in `people.ts`; the rules of a decision are
 * `domain/deletion-requests.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The requests in a state (every one without), as a query to page (not yet run). */
export function deletionRequestsIn(db: Db, state?: 'pending' | 'approved' | 'rejected') {
  const query = db.selectFrom('deletion_requests')
  if (state === undefined) return query
  return state === 'pending' ? query.where('decision', 'is', null) : query.where('decision', '=', state)
}

/** One request, if it exists. */
export function deletionRequestById(db: Db, id: number) {
  return db.selectFrom('deletion_requests').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Records the decision on a request that has none yet; answers whether it did (false: decided meanwhile). The
 * condition is in the update, so of two admins deciding at once exactly one wins on either database.
 */
export async function recordDeletionDecision(
  db: Db,
  id: number,
  values: { decision: 'approved' | 'rejected'; reason: string; decidedBy: number; decidedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('deletion_requests')
    .set({
      decision: values.decision,
      decision_reason: values.reason,
      decided_by: values.decidedBy,
      decided_at: values.decidedAt,
    })
    .where('id', '=', id)
    .where('decision', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The name and address of some people, for the queue's rows (one query). */
export function deletionQueuePeople(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'email', 'erased_at'])
    .where('id', 'in', ids)
    .execute()
}
