/**
 * Chat between a contributor and a business owner: who may chat, sending a message, marking read, and
 * the unread counts. The rows are read and written by `db/queries/chat.ts`; `wire/chat.ts`
 * puts them on the wire.
 *
 * Ids on the wire:
 * - a conversation's `id` is the business owner's person id, as a string (core: "the business owner's id");
 * - a message's `user.id` is the contributor id (a number) when the expert sent it, and `sme:<person id>`
 *   when the business owner did, so a business owner whose person id happens to equal the expert's
 *   contributor id is never mistaken for the expert by core's unread rule (`isUnreadMessage`).
 *
 * Reading: a message becomes read (status 2) when its recipient replies in the conversation (the send
 * call marks the other party's earlier messages read), or when the recipient opens the conversation
 * (`POST /chat/read/{id}`, a reference-server extension, through {@link markConversationRead}).
 *
 * History: the spec's Firebase kept messages in Firestore; the reference server keeps them in
 * `chat_messages` and serves them (`GET /chat/messages/{id}`, `GET /chat/conversations`).
 */
import { type ChatMessageType, MESSAGE_STATUS_READ } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { EventBus } from '../adapters/events/bus.ts'
import {
  contributorChatStatus,
  conversationIdOf,
  conversationParties,
  ensureConversation,
  fileById,
  insertChatMessage,
  markMessagesFrom,
  setLastMessage,
  unreadCountsByConversation,
} from '../db/queries/chat.ts'
import { countUnreadNotifications } from '../db/queries/notifications.ts'
import type { Database, Row } from '../db/tables.ts'
import { hasSessionWith } from './access.ts'

/** The status of a message just sent. */
export const MESSAGE_STATUS_SENT = 1

/** Why two people may not chat: a catalog key. */
export type ChatRefusal = 'errors.chatDisabled' | 'errors.chatNoSharedSession'

/** The two sides of a possible conversation. */
export interface ChatPair {
  contributorId: number
  /** The contributor's own person id. */
  contributorPersonId: number
  /** The business owner's person id. */
  smeId: number
}

/** The answer of {@link chatPossibility}. */
export type ChatPossibilityResult = { ok: true; pair: ChatPair } | { ok: false; reason: ChatRefusal }

/**
 * Whether a contributor and a business owner may chat: the contributor's chat_status is on, they are
 * not the same person, and they share a session: a booked, ongoing, ended or SME-absent one
 * (`domain/access.ts`; a request, whatever its answer, and a cancelled session are not). An unknown id
 * answers like "no shared session", so ids reveal nothing.
 */
export async function chatPossibility(
  db: Kysely<Database>,
  contributorId: number,
  smeId: number,
): Promise<ChatPossibilityResult> {
  const contributor = await contributorChatStatus(db, contributorId)
  if (!contributor || contributor.person_id === smeId)
    return { ok: false, reason: 'errors.chatNoSharedSession' }
  if (!(await hasSessionWith(db, contributorId, smeId)))
    return { ok: false, reason: 'errors.chatNoSharedSession' }
  if (contributor.chat_status !== 1) return { ok: false, reason: 'errors.chatDisabled' }
  return { ok: true, pair: { contributorId, contributorPersonId: contributor.person_id, smeId } }
}

/** The person of a pair who is not `personId`: the two parties are the only ones who write in a conversation. */
export function otherParty(pair: Pick<ChatPair, 'contributorPersonId' | 'smeId'>, personId: number): number {
  return personId === pair.smeId ? pair.contributorPersonId : pair.smeId
}

/** A message's sender as core's `user.id` (see the module comment). */
export function senderId(
  senderPersonId: number,
  pair: Pick<ChatPair, 'contributorId' | 'contributorPersonId'>,
) {
  return senderPersonId === pair.contributorPersonId ? pair.contributorId : `sme:${senderPersonId}`
}

/** A person's unread notifications (the live notification count). */
export async function unreadCount(db: Kysely<Database>, personId: number): Promise<number> {
  return countUnreadNotifications(db, personId)
}

/** A message to send. */
export interface NewChatMessage {
  pair: ChatPair
  senderPersonId: number
  type: ChatMessageType
  /** Plain text, stored and returned as given; for a file, its address. */
  body: string
  /** The uploaded file a voice, image or file message carries. */
  fileId?: string | null
}

/** What {@link sendChatMessage} did. */
export interface SentChatMessage {
  conversationId: number
  messageId: number
  createdAt: string
}

/**
 * Stores a message (status 1), creating the conversation on the first one, points the conversation at
 * it, and marks the other party's earlier messages read (a reply means they were read). What `alongside`
 * writes (the recipient's notification) commits with it, in one transaction: one commit per message, not two.
 */
export async function sendChatMessage<R = undefined>(
  db: Kysely<Database>,
  m: NewChatMessage,
  alongside: (trx: Transaction<Database>) => Promise<R> = async () => undefined as R,
): Promise<SentChatMessage & { alongside: R }> {
  const now = new Date().toISOString()
  return db.transaction().execute(async (trx) => {
    await ensureConversation(trx, m.pair.contributorId, m.pair.smeId, now)
    const conversation = await conversationIdOf(trx, m.pair.contributorId, m.pair.smeId)
    await markMessagesFrom(trx, conversation.id, otherParty(m.pair, m.senderPersonId), MESSAGE_STATUS_READ)
    const message = await insertChatMessage(trx, {
      conversation_id: conversation.id,
      sender_person_id: m.senderPersonId,
      type: m.type,
      body: m.body,
      file_id: m.fileId ?? null,
      status: MESSAGE_STATUS_SENT,
      created_at: now,
    })
    await setLastMessage(trx, conversation.id, message.id, now)
    const also = await alongside(trx)
    return { conversationId: conversation.id, messageId: message.id, createdAt: now, alongside: also }
  })
}

/**
 * Marks read (status 2) every message of a conversation that the reader did not send, and publishes
 * `conversation.changed` when any changed. Returns how many changed; 0 when the reader is not a party
 * of the conversation (nothing is touched then).
 */
export async function markConversationRead(
  deps: { db: Kysely<Database>; bus?: EventBus },
  conversationId: number,
  readerPersonId: number,
): Promise<number> {
  const conversation = await conversationParties(deps.db, conversationId)
  if (!conversation) return 0
  if (conversation.sme_id !== readerPersonId && conversation.person_id !== readerPersonId) return 0
  const other = otherParty(
    { smeId: conversation.sme_id, contributorPersonId: conversation.person_id },
    readerPersonId,
  )
  const result = await markMessagesFrom(deps.db, conversationId, other, MESSAGE_STATUS_READ)
  const changed = Number(result.numUpdatedRows)
  if (changed > 0 && deps.bus) {
    await deps.bus.publish({
      type: 'conversation.changed',
      conversationId,
      contributorId: conversation.contributor_id,
      smeId: conversation.sme_id,
    })
  }
  return changed
}

// ------------------------------------------------------------------------------------------- files

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** The address a stored file is served at (`GET /uploader/files/{id}`), as uploads answer it. */
export function chatFileUrl(fileId: string, publicUrl: string): string {
  return `${publicUrl}/api/uploader/files/${fileId}`
}

/**
 * The file a voice, image or file message names: the address uploads answered (`full_path`), the same
 * address without the origin, or the bare file id (`path`). The file must be one the sender uploaded,
 * of the kind the message says (voice: a voice note; image: an image attachment; file: any attachment).
 * Null when it is not, so nobody can send, and so hand to the other party, someone else's file.
 */
export async function chatFileFor(
  db: Kysely<Database>,
  input: {
    senderPersonId: number
    type: Exclude<ChatMessageType, 'text'>
    message: string
    publicUrl: string
  },
): Promise<Row<'files'> | null> {
  const text = input.message.trim()
  const origin = input.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`^(?:(?:${origin})?/api/uploader/files/)?(${UUID})$`, 'i').exec(text)
  if (!match) return null
  const file = await fileById(db, match[1]!.toLowerCase())
  if (!file || file.owner_person_id !== input.senderPersonId) return null
  if (input.type === 'voice') return file.kind === 'voice_note' ? file : null
  if (file.kind !== 'attachment') return null
  return input.type === 'file' || file.mime_type.startsWith('image/') ? file : null
}

// ------------------------------------------------------------------------------------------- history

/**
 * How many messages of some conversations one of their people has not read, by conversation id: those the
 * other party sent with a non-empty body and a status other than 2 (core's unread rule, per message).
 */
export async function unreadByConversation(
  db: Kysely<Database>,
  conversationIds: readonly number[],
  viewerPersonId: number,
): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map()
  const unread = await unreadCountsByConversation(db, conversationIds, viewerPersonId, MESSAGE_STATUS_READ)
  return new Map(unread.map((u) => [u.conversation_id, Number(u.n)]))
}
