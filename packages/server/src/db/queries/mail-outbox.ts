/**
 * The mail outbox's reads and writes (the `outbox` table), as rows. When a mail is due, who may claim it and
 * how a try is recorded are `adapters/mail/outbox.ts`'s rules; these are its statements.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow, RowUpdate } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Inserts a mail unless one with its `dedupe_key` is queued already; its id, or undefined when it was. */
export function insertOutboxMailOnce(db: Db, values: NewRow<'outbox'>) {
  return db
    .insertInto('outbox')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
}

/** The ids of up to `limit` unsent mails due at `at` and not claimed then, earliest due first (then id). */
export function dueOutboxIds(db: Db, at: string, limit: number) {
  return db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * Claims a mail for an instance until `until` (compare-and-set): only while it is unsent, due at `at` and not
 * claimed then. The result's `numUpdatedRows` is 1 when the claim was taken.
 */
export function claimOutboxMail(db: Db, id: number, instance: string, until: string, at: string) {
  return db
    .updateTable('outbox')
    .set({ claimed_by: instance, claimed_until: until })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst()
}

/** A queued mail; it must exist. */
export function outboxMail(db: Db, id: number) {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** Changes a queued mail, only while `instance` holds its claim. */
export async function updateClaimedOutboxMail(
  db: Db,
  id: number,
  instance: string,
  changes: RowUpdate<'outbox'>,
) {
  await db
    .updateTable('outbox')
    .set(changes)
    .where('id', '=', id)
    .where('claimed_by', '=', instance)
    .execute()
}

/** Changes a queued mail. */
export async function updateOutboxMail(db: Db, id: number, changes: RowUpdate<'outbox'>) {
  await db.updateTable('outbox').set(changes).where('id', '=', id).execute()
}

/** Which of some dedupe keys are queued already. */
export function queuedDedupeKeys(db: Db, keys: readonly string[]) {
  return db.selectFrom('outbox').select('dedupe_key').where('dedupe_key', 'in', keys).execute()
}
