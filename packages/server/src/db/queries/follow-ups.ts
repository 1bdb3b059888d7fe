/**
 * The follow-ups of session changes, as rows (`session_follow_ups`): recorded in a change's transaction,
 * claimed once by the dispatcher. What a follow-up does is `domain/follow-ups.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Records a follow-up; one with a `dedupe_key` recorded before is left as it was. */
export async function insertFollowUp(db: Db, values: NewRow<'session_follow_ups'>): Promise<void> {
  await db
    .insertInto('session_follow_ups')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute()
}

/** Pending follow-ups, oldest first: of some sessions, or all of them; at most `limit`. */
export function pendingFollowUps(db: Db, options: { sessionIds?: readonly number[]; limit: number }) {
  let query = db
    .selectFrom('session_follow_ups')
    .select(['id', 'session_id', 'kind', 'details_json', 'created_at'])
    .where('done_at', 'is', null)
  if (options.sessionIds) {
    if (options.sessionIds.length === 0) return Promise.resolve([])
    query = query.where('session_id', 'in', options.sessionIds)
  }
  return query.orderBy('id').limit(options.limit).execute()
}

/** Marks a pending follow-up done; false when another dispatcher did it first. */
export async function claimFollowUp(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('session_follow_ups')
    .set({ done_at: now })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Counts a failed attempt at a follow-up, which stays pending for the next dispatch. */
export async function noteFollowUpFailure(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('session_follow_ups')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .execute()
}
