/**
 * Part 20: each person's mail preferences (issue 34). A row is a kind of mail the person turned off
 * (`session_reminders`, `rating_requests`, `session_changes`, `expert_news`, `recommendations_reminders`);
 * no row means the kind is on, so everyone gets every mail until they say otherwise. The booking
 * confirmation and the deletion and security mails have no kind: they cannot be turned off. Typed loosely
 * (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema
    .createTable('mail_opt_outs')
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_opt_outs_pk', ['person_id', 'kind'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('mail_opt_outs').execute()
}
