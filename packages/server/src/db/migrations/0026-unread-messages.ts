/**
 * Part 26: the unread messages of each conversation, indexed (issue 37). Every message sent marks the other
 * party's earlier messages read (`markMessagesFrom`), and the chat list counts the unread ones: both
 * walked every message of the conversation through `chat_messages_conversation`, so a message cost more the
 * longer the conversation. A partial index holds only the messages not read yet (status 2 is read), by sender:
 * marking walks just the other party's unread messages, counting the conversation's unread ones. The queries
 * name the status as a literal, so that SQLite sees they meet the index's condition.
 */
import { sql } from 'kysely'
import type { Db } from '../migration-helpers.ts'

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('chat_messages_unread')
    .on('chat_messages')
    .columns(['conversation_id', 'sender_person_id'])
    .where(sql.ref('status'), '<>', sql.lit(2))
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('chat_messages_unread').execute()
}
