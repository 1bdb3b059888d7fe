/**
 * Part 11: a chat notification names the conversation it is about (issue 31). `chat_with` is the other party as
 * the recipient's chat page addresses them (`/Chat/{id}`): a business owner's person id for an expert, an
 * expert's contributor id for a business owner. Null for every other notification. Typed loosely (Kysely<any>).
 */
import type { Db } from '../migration-helpers.ts'

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('chat_with', 'integer').execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('chat_with').execute()
}
