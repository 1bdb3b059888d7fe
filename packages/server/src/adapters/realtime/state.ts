/**
 * A contributor's expert record as the live listeners see it, read from the database: the WebSocket hub
 * (topics.ts) sends it to sockets and the Firestore mirror (adapters/firebase/mirror.ts) writes it to Firestore, so
 * both say the same. (The unread count is domain/chat.ts's `unreadCount`, the conversations
 * wire/chat.ts's `conversationsFor`.)
 */
import type { Kysely } from 'kysely'
import { expertRow } from '../../db/queries/realtime.ts'
import type { Database } from '../../db/tables.ts'

/** The expert record (spec section 3), or null for a contributor that does not exist. */
export async function expertRecord(db: Kysely<Database>, contributorId: number) {
  const row = await expertRow(db, contributorId)
  if (!row) return null
  return {
    role: row.kind,
    chat_status: row.chat_status === 1,
    join_now_enabled: row.join_now_enabled === 1,
    available_for_instant: row.available_for_instant === 1,
  }
}
