/**
 * Part 6: the e-mail outbox becomes deliverable (issue 16). Each mail gets its kind, an HTML part and
 * attachments beside the plain text (`body`), a key that makes queuing it twice a no-op (`dedupe_key`: one
 * confirmation, one reminder, one rating mail per session), a stable `Message-ID`, and the sender's
 * bookkeeping: attempts, when to try next, the last error, and a claim (`claimed_by` until `claimed_until`)
 * that lets one instance of several send it. Typed loosely (Kysely<any>).
 */
import { sql } from 'kysely'
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  const add = (name: string, type: 'text' | 'integer' | typeof time, notNullDefault?: string | number) =>
    db.schema
      .alterTable('outbox')
      .addColumn(name, type, (c) =>
        notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
      )
      .execute()
  await add('kind', 'text', 'rating')
  await add('dedupe_key', 'text')
  await add('html', 'text')
  await add('attachments', 'text')
  await add('message_id', 'text')
  await add('attempts', 'integer', 0)
  await add('next_attempt_at', time)
  await add('claimed_by', 'text')
  await add('claimed_until', time)
  await add('last_error', 'text')
  // Mails queued before: due now, each with a Message-ID of its own.
  await db
    .updateTable('outbox')
    .set({
      next_attempt_at: sql`created_at`,
      message_id: sql`'<outbox-' || id || '@mashura.local>'`,
      dedupe_key: sql`'legacy:' || id`,
    })
    .execute()
  await db.schema.createIndex('outbox_dedupe_key').on('outbox').column('dedupe_key').unique().execute()
  await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('outbox_due').execute()
  await db.schema.dropIndex('outbox_dedupe_key').execute()
  for (const column of [
    'last_error',
    'claimed_until',
    'claimed_by',
    'next_attempt_at',
    'attempts',
    'message_id',
    'attachments',
    'html',
    'dedupe_key',
    'kind',
  ])
    await db.schema.alterTable('outbox').dropColumn(column).execute()
}
