/**
 * Part 16: what follows a change of a session, recorded with it (issue 32). A booking, an answer, a
 * cancellation or an expiry writes one `session_follow_ups` row in its own transaction; once that commits, one
 * dispatcher (`domain/follow-ups.ts`) reads the session and its people once and does the rest: the
 * notifications, the mails (queued in the same transaction that marks the row done), then the realtime events,
 * the cache bump and the pushes. A row left undone (a crash between the two) is done by the next scheduler
 * tick. `dedupe_key` keeps a follow-up that must happen once per session (the starting-soon notice) from being
 * recorded twice. Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .createTable('session_follow_ups')
    .addColumn('id', 'integer', pk)
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('done_at', time)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
  await db.schema
    .createIndex('session_follow_ups_pending')
    .on('session_follow_ups')
    .columns(['done_at', 'id'])
    .execute()
  await db.schema
    .createIndex('session_follow_ups_session')
    .on('session_follow_ups')
    .columns(['session_id', 'kind'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('session_follow_ups').execute()
}
