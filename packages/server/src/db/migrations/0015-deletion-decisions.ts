/**
 * Part 15: the back office's decisions on account-deletion requests (issue 33). A request is pending until an
 * admin approves or rejects it, with a reason the person is mailed; who decided and when are kept beside it
 * (and in the audit trail). Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema.alterTable('deletion_requests').addColumn('decided_at', time).execute()
  await db.schema
    .alterTable('deletion_requests')
    .addColumn('decided_by', 'integer', (c) => c.references('people.id'))
    .execute()
  // 'approved' | 'rejected'; null while pending.
  await db.schema.alterTable('deletion_requests').addColumn('decision', 'text').execute()
  await db.schema.alterTable('deletion_requests').addColumn('decision_reason', 'text').execute()
  await db.schema
    .createIndex('deletion_requests_created')
    .on('deletion_requests')
    .columns(['created_at', 'id'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('deletion_requests_created').execute()
  for (const column of ['decision_reason', 'decision', 'decided_by', 'decided_at'])
    await db.schema.alterTable('deletion_requests').dropColumn(column).execute()
}
