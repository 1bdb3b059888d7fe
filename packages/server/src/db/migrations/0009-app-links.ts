/**
 * Part 9: the mobile app's links are the app's alone (issue 30). Any signed-in person could make one, and
 * whoever opened it became that person on the site. Now every API session records the API key it was signed
 * in through (`auth_sessions.api_key`; null for the sessions made before, which therefore make no link), and
 * only a session of the app's key makes links. The links leave the widgets' hand-off table for a table of
 * their own: a hash of the one-time handle, the link sealed under the handle, and its expiry. Typed loosely
 * (Kysely<any>).
 */
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { time } = schemaHelpers(dialect)
  await db.schema.alterTable('auth_sessions').addColumn('api_key', 'text').execute()
  await db.schema
    .createTable('app_links')
    // A hash of the handle: the handle itself is never stored, so this table alone opens nothing.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Whose link, from which app session, and where it goes: AES-256-GCM under a key derived from the handle.
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('app_links_expiry').on('app_links').column('expires_at').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('app_links').execute()
  await db.schema.alterTable('auth_sessions').dropColumn('api_key').execute()
}
