/**
 * Part 19: a person's own data (issue 34, the personal-data law). `personal_data_reads` records each time
 * someone else read a business owner's contact details (her e-mail, mobile and companies): one row a read call,
 * whom, by whom, what and through which call; she sees them in "My data". Apart from the audit trail because
 * it is written on reads (many, small) and read by its subject, and because an erasure deletes a person's rows
 * here while the trail stays append-only. `data_exports` is the job of a person's data export: requested,
 * prepared in the background into a private ZIP under DATA_DIR, ready for download until `expires_at`, then
 * deleted. Typed loosely (Kysely<any>).
 */
import { sql } from 'kysely'
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .createTable('personal_data_reads')
    .addColumn('id', 'integer', pk)
    .addColumn('occurred_at', time, (c) => c.notNull())
    .addColumn('reader_person_id', 'integer', (c) => c.notNull())
    // The reader as named then (a name can change); `expert` or `admin`.
    .addColumn('reader_label', 'text', (c) => c.notNull())
    .addColumn('reader_role', 'text', (c) => c.notNull())
    .addColumn('subject_person_id', 'integer', (c) => c.notNull())
    // What was read, comma-separated: `email,mobile,companies`.
    .addColumn('fields', 'text', (c) => c.notNull())
    // The call it was read through (its operationId).
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('session_id', 'integer')
    .execute()
  await db.schema
    .createIndex('personal_data_reads_subject')
    .on('personal_data_reads')
    .columns(['subject_person_id', 'occurred_at'])
    .execute()

  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_at', time, (c) => c.notNull())
    // Who prepares it now, until when: a crashed preparer's claim lapses and the next tick takes it over.
    .addColumn('claimed_until', time)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', time)
    .addColumn('stored_name', 'text')
    .addColumn('size', 'integer')
    .addColumn('expires_at', time)
    .addColumn('last_error', 'text')
    .execute()
  await db.schema
    .createIndex('data_exports_person')
    .on('data_exports')
    .columns(['person_id', 'requested_at'])
    .execute()
  await db.schema.createIndex('data_exports_state').on('data_exports').columns(['state', 'id']).execute()
  // One export in preparation per person: two requests racing both pass the check, one insert wins.
  await db.schema
    .createIndex('data_exports_one_preparing')
    .on('data_exports')
    .column('person_id')
    .unique()
    .where(sql.ref('state'), '=', 'preparing')
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('data_exports').execute()
  await db.schema.dropTable('personal_data_reads').execute()
}
