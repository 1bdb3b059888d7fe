/**
 * Conversations on the wire: an expert's conversations as the contract's `LiveConversation` (what the
 * realtime socket and the Firebase mirror push to an expert), and either side's list as `ChatConversationSummary`.
 * Ids follow `domain/chat.ts`: a conversation's `id` is the business owner's person id, as a string.
 */
import type { ChatConversationSummary, ChatMessage, ChatMessageType } from '@mashura/core'
import type { LiveConversation } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import { type ConversationRow, conversationRows, filesByIds } from '../db/queries/chat.ts'
import type { Database, Row } from '../db/tables.ts'
import { type ChatPair, chatFileUrl, senderId, unreadByConversation } from '../domain/chat.ts'
import { peopleOf, smeSummaries } from './common.ts'

/**
 * Messages of a conversation on the wire, as one of its two people sees them: `mine` is whether they sent
 * it, and a file message carries its file (one query for the files, whatever the number of messages).
 */
export async function chatMessagesOut(
  db: Kysely<Database>,
  rows: readonly Row<'chat_messages'>[],
  view: {
    pair: Pick<ChatPair, 'contributorId' | 'contributorPersonId'>
    viewerPersonId: number
    publicUrl: string
  },
): Promise<ChatMessage[]> {
  const fileIds = [...new Set(rows.flatMap((r) => (r.file_id ? [r.file_id] : [])))]
  const files = new Map((fileIds.length ? await filesByIds(db, fileIds) : []).map((f) => [f.id, f]))
  return rows.map((r): ChatMessage => {
    const file = r.file_id ? files.get(r.file_id) : undefined
    return {
      id: r.id,
      type: r.type,
      body: r.body,
      user: { id: senderId(r.sender_person_id, view.pair) },
      mine: r.sender_person_id === view.viewerPersonId,
      status: Number(r.status),
      created_at: r.created_at,
      file: file
        ? {
            url: chatFileUrl(file.id, view.publicUrl),
            name: file.original_name,
            mime_type: file.mime_type,
            size: file.size,
            duration: file.duration_seconds,
          }
        : null,
    }
  })
}

/** A conversation's last message, or null before its first. */
function lastMessageOf(row: ConversationRow) {
  if (row.message_id === null || row.sender_person_id === null) return null
  const pair = { contributorId: row.contributor_id, contributorPersonId: row.contributor_person_id }
  return { user: { id: senderId(row.sender_person_id, pair) }, body: row.body, status: Number(row.status) }
}

/** An expert's conversations, most recently changed first, each with its last message and business owner. */
export async function conversationsFor(
  db: Kysely<Database>,
  contributorId: number,
  publicUrl = '',
): Promise<LiveConversation[]> {
  const rows = await conversationRows(db, { contributorId })
  const smes = await smeSummaries(
    db,
    rows.map((r) => r.sme_id),
    publicUrl,
  )
  return rows.map((r) => {
    const last = lastMessageOf(r)
    return {
      id: String(r.sme_id),
      conversation_id: r.conversation_id,
      lastMessage: last && { ...last, type: (r.type ?? 'text') as ChatMessageType },
      sme: smes.get(r.sme_id) ?? { id: r.sme_id, full_name: '', file: null },
      updated_at: r.updated_at,
    }
  })
}

/**
 * The conversations of a business owner (`{ smeId }`) or of an expert (`{ contributorId }`), most recently
 * changed first (at most 500), each with both people, the last message and the viewer's unread count.
 */
export async function conversationSummaries(
  db: Kysely<Database>,
  side: { smeId: number } | { contributorId: number },
  viewerPersonId: number,
  publicUrl: string,
): Promise<ChatConversationSummary[]> {
  const rows = await conversationRows(db, side, 500)
  if (rows.length === 0) return []
  const [{ contributors, smes }, unreadBy] = await Promise.all([
    peopleOf(db, rows, publicUrl),
    unreadByConversation(
      db,
      rows.map((r) => r.conversation_id),
      viewerPersonId,
    ),
  ])
  return rows.flatMap((r) => {
    const contributor = contributors.get(r.contributor_id)
    const sme = smes.get(r.sme_id)
    if (!contributor || !sme) return []
    return [
      {
        conversation_id: r.conversation_id,
        id: String(r.sme_id),
        contributor,
        sme,
        lastMessage: lastMessageOf(r),
        unread: unreadBy.get(r.conversation_id) ?? 0,
        updated_at: r.updated_at,
      },
    ]
  })
}
