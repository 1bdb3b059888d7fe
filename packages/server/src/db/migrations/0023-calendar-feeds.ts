/**
 * Part 23: each person's private calendar subscription addresses (issue 36). A row is one address: whose
 * (`person_id`), for which role (`sme` or `contributor`), the SHA-256 of its token (hex; the token itself is
 * shown once and never kept), when it was made, and when it was revoked (null while it works). At most one
 * working address per person and role: making a new one revokes the old in the same transaction. Typed
 * loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .execute()
  await db.schema
    .createIndex('calendar_feeds_person')
    .on('calendar_feeds')
    .columns(['person_id', 'role'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute()
}
