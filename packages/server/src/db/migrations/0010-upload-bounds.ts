/**
 * Part 10: indexes for the upload bounds (issue 30). An upload's quota sums its uploader's files
 * (`files_owner`); orphan collection looks for old files no session holds (`files_unattached`, partial) and
 * asks whether a chat message sent each one (`chat_messages_file`) or a recommendation names it as its voice
 * note (`recommendations_voice_note`). Typed loosely (Kysely<any>).
 */
import { sql } from 'kysely'
import type { Db } from '../migration-helpers.ts'

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('files_owner').on('files').column('owner_person_id').execute()
  await db.schema
    .createIndex('files_unattached')
    .on('files')
    .column('created_at')
    .where(sql.ref('session_id'), 'is', null)
    .execute()
  await db.schema.createIndex('chat_messages_file').on('chat_messages').column('file_id').execute()
  await db.schema
    .createIndex('recommendations_voice_note')
    .on('recommendations')
    .column('voice_note_file_id')
    .execute()
}

export async function down(db: Db): Promise<void> {
  for (const name of ['recommendations_voice_note', 'chat_messages_file', 'files_unattached', 'files_owner'])
    await db.schema.dropIndex(name).execute()
}
