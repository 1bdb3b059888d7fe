/**
 * Part 14: the back office's content and Zoom hosts (issue 33). A subject or a cancel reason that history names
 * is retired (`is_retired`: gone from the public lists and from new choices, kept for the sessions that name
 * it) rather than deleted; an office gets its map link; a session records the Zoom user its meeting was made
 * under (`zoom_host`), so that no host of the pool is given two meetings at the same time. Typed loosely
 * (Kysely<any>).
 */
import type { Db, Dialect } from '../migration-helpers.ts'

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('subjects')
    .addColumn('is_retired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('cancel_reasons')
    .addColumn('is_retired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // An https link to the office on a map; null: none.
  await db.schema.alterTable('offices').addColumn('map_url', 'text').execute()
  // Null for sessions without a Zoom meeting, and for those made before (under ZOOM_HOST_USER).
  await db.schema.alterTable('sessions').addColumn('zoom_host', 'text').execute()
  await db.schema
    .createIndex('sessions_zoom_host')
    .on('sessions')
    .columns(['start_at', 'zoom_host'])
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('sessions_zoom_host').execute()
  await db.schema.alterTable('sessions').dropColumn('zoom_host').execute()
  await db.schema.alterTable('offices').dropColumn('map_url').execute()
  await db.schema.alterTable('cancel_reasons').dropColumn('is_retired').execute()
  await db.schema.alterTable('subjects').dropColumn('is_retired').execute()
}
