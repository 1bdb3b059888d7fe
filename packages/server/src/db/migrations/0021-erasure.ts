/**
 * Part 21: the erasure of an approved deletion request (issue 34). `people.erased_at` marks a person whose data
 * was destroyed: their row stays (sessions, ratings and the reports point at it) without a name, address or
 * sign-in identity, and the wire shows them as «مستخدم محذوف» / "Deleted user". `erasures` holds what is left
 * to do after the erasing transaction commits: the uploaded files' bytes to delete from disk, the decision mail
 * to wait for (and then delete from the outbox), and the database files to compact. It names no personal data:
 * stored file names are random, the mail is found by its key. Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema.alterTable('people').addColumn('erased_at', time).execute()
  await db.schema
    .createTable('erasures')
    .addColumn('person_id', 'integer', (c) => c.primaryKey().references('people.id'))
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    // JSON array of stored names whose bytes are still on disk.
    .addColumn('stored_files', 'text', (c) => c.notNull())
    // The outbox key of the decision mail to delete once it is sent; null when there was no address.
    .addColumn('mail_key', 'text')
    .addColumn('done_at', time)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('erasures').execute()
  await db.schema.alterTable('people').dropColumn('erased_at').execute()
}
