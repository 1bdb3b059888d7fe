/**
 * The purges of the retention periods (`domain/retention.ts`), as rows: each takes at most `limit` of the
 * oldest rows past a cutoff, so that a backlog drains over several scheduler runs.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Deletes up to `limit` chat messages sent before `cutoff` (their files become orphans); answers how many. */
export async function deleteChatMessagesBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const old = await db
    .selectFrom('chat_messages')
    .select(['id', 'conversation_id'])
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute()
  if (old.length === 0) return 0
  const ids = old.map((row) => row.id)
  const conversations = [...new Set(old.map((row) => row.conversation_id))]
  // A conversation's last message may be among them: it points at its newest remaining one, or none.
  await db
    .updateTable('conversations')
    .set({ last_message_id: null })
    .where('id', 'in', conversations)
    .where('last_message_id', 'in', ids)
    .execute()
  await db.deleteFrom('chat_messages').where('id', 'in', ids).execute()
  await db
    .updateTable('conversations')
    .set((eb) => ({
      last_message_id: eb
        .selectFrom('chat_messages')
        .select((m) => m.fn.max('chat_messages.id').as('id'))
        .whereRef('chat_messages.conversation_id', '=', 'conversations.id'),
    }))
    .where('id', 'in', conversations)
    .where('last_message_id', 'is', null)
    .execute()
  return ids.length
}

/** Up to `limit` files of `kind` uploaded before `cutoff`, oldest first. */
export function filesOfKindBefore(db: Db, kind: 'voice_note' | 'attachment', cutoff: string, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'stored_name'])
    .where('kind', '=', kind)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** Deletes a file's row, detaching it from the recommendation and the chat message that name it first. */
export async function deleteFileRow(db: Db, fileId: string): Promise<void> {
  await db
    .updateTable('recommendations')
    .set({ voice_note_file_id: null })
    .where('voice_note_file_id', '=', fileId)
    .execute()
  await db.deleteFrom('chat_messages').where('file_id', '=', fileId).execute()
  await db.deleteFrom('files').where('id', '=', fileId).execute()
}

/** Deletes up to `limit` audit entries recorded before `cutoff`; answers how many. */
export async function deleteAuditEntriesBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const old = await db
    .selectFrom('audit_log')
    .select('id')
    .where('occurred_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute()
  if (old.length === 0) return 0
  await db
    .deleteFrom('audit_log')
    .where(
      'id',
      'in',
      old.map((row) => row.id),
    )
    .execute()
  return old.length
}
