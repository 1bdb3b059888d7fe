/**
 * Part 17: a business owner changes her own bookings (issue 34). A session keeps who cancelled it
 * (`cancelled_by`: the expert, the owner herself, or the back office deactivating the expert) and the
 * `SEQUENCE` its calendar file is at (`ics_sequence`): the booking's `.ics` is 0, and every cancellation or move
 * mailed after it carries the same UID with a higher number, so the calendars that hold it update themselves. A
 * follow-up keeps what the change was (`details_json`: a move's old and new times and the sequence of its
 * mails), since by the time it runs the session may have changed again. A request she withdrew has
 * `request_state` 'withdrawn' (text, no constraint to change). Typed loosely (Kysely<any>).
 */
import type { Db, Dialect } from '../migration-helpers.ts'

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('ics_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // 'expert' | 'owner' | 'admin'; null: not cancelled, or cancelled before this column (by the expert).
  await db.schema.alterTable('sessions').addColumn('cancelled_by', 'text').execute()
  await db.schema.alterTable('session_follow_ups').addColumn('details_json', 'text').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('session_follow_ups').dropColumn('details_json').execute()
  await db.schema.alterTable('sessions').dropColumn('cancelled_by').execute()
  await db.schema.alterTable('sessions').dropColumn('ics_sequence').execute()
}
