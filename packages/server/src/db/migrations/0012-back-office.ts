/**
 * Part 12: the agency's back office (issue 33). Two roles beside the people the spec has: `admin` and
 * `analyst` (read-only: reports and the audit trail). A role is granted on the command line
 * (`npm run admin -- grant`; `is_admin`, `is_analyst`) or by the sign-in provider (`OIDC_ROLES_CLAIM`; the roles
 * its last ID token named are kept in `provider_roles`, replaced at every sign-in, so the provider can take
 * them back). The audit trail is append-only: who did what to what, when, and the value before and after.
 * Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .alterTable('people')
    .addColumn('is_analyst', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('people')
    .addColumn('provider_roles', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  // A deactivated expert is gone from search and booking at once; their history stays.
  await db.schema
    .alterTable('contributors')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  // The expert's own Zoom user (an e-mail or user id) that their meetings are created under; null: the pool's.
  await db.schema.alterTable('contributors').addColumn('zoom_user', 'text').execute()
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', pk)
    .addColumn('occurred_at', time, (c) => c.notNull())
    // Null for the command line; the label names the author as they were then (a name can change).
    .addColumn('actor_person_id', 'integer')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute()
  await db.schema.createIndex('audit_log_time').on('audit_log').column('occurred_at').execute()
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'occurred_at']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
  await db.schema.alterTable('contributors').dropColumn('zoom_user').execute()
  await db.schema.alterTable('contributors').dropColumn('is_active').execute()
  await db.schema.alterTable('people').dropColumn('provider_roles').execute()
  await db.schema.alterTable('people').dropColumn('is_analyst').execute()
}
