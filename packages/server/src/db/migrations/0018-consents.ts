/**
 * Part 18: consent kept on the server (issue 34). One row per acceptance: a person accepted a role's terms
 * (`sme` the business owners', `contributor` the experts') at a version, at a time. Append-only: a new version
 * adds a row beside the older ones, so the history of what each person agreed to stays; one row per person,
 * role and version, so a double click or two tabs record it once. Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .createTable('consents')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('terms_version', 'integer', (c) => c.notNull())
    .addColumn('accepted_at', time, (c) => c.notNull())
    .addUniqueConstraint('consents_once', ['person_id', 'role', 'terms_version'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('consents').execute()
}
