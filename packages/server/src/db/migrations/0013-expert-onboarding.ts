/**
 * Part 13: onboarding experts from the back office (issue 33). An admin invites someone by e-mail with the
 * expert they are to become (kind, center, subjects, titles, gender, bio, the admin's flags, their Zoom user);
 * the mail carries a one-time link, of which only a SHA-256 hash is kept. The first sign-in through the
 * provider with that address, verified by the provider, before the invitation expires and unless it was
 * revoked, makes the person that expert (`accepted_at`, `contributor_id`). Typed loosely (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .createTable('expert_invitations')
    .addColumn('id', 'integer', pk)
    // Lower-cased: the provider's address is compared the same way.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text')
    // SHA-256 of the link's token (hex), never the token.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('center_id', 'integer', (c) => c.references('centers.id').onDelete('set null'))
    // JSON array of subject ids.
    .addColumn('subject_ids', 'text', (c) => c.notNull())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('bio_ar', 'text', (c) => c.notNull())
    .addColumn('bio_en', 'text', (c) => c.notNull())
    .addColumn('can_create_slots', 'integer', (c) => c.notNull())
    .addColumn('can_delete_slots', 'integer', (c) => c.notNull())
    .addColumn('chat_status', 'integer', (c) => c.notNull())
    .addColumn('join_now_enabled', 'integer', (c) => c.notNull())
    .addColumn('zoom_user', 'text')
    // The admin who invited; null if that person is gone.
    .addColumn('invited_by', 'integer', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('accepted_at', time)
    .addColumn('accepted_person_id', 'integer', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('contributor_id', 'integer', (c) => c.references('contributors.id').onDelete('set null'))
    .addColumn('revoked_at', time)
    .execute()
  await db.schema
    .createIndex('expert_invitations_email')
    .on('expert_invitations')
    .columns(['email', 'created_at'])
    .execute()
  await db.schema
    .createIndex('expert_invitations_created')
    .on('expert_invitations')
    .column('created_at')
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('expert_invitations').execute()
}
