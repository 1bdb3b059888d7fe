/**
 * Chat between a contributor and a business owner: who may chat, sending a message, marking read, and
 * the conversations as core's `ChatConversation` (what the realtime socket pushes to an expert).
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
import {
  type ChatConversation,
  type ChatConversationSummary,
  type ChatLastMessage,
  type ChatMessage,
  type ChatMessageType,
  MESSAGE_STATUS_READ,
  type SmeSummary,
} from '@mashura/core'
import type { Kysely } from 'kysely'
import { pageRows } from '../db/paging.ts'
import type { Database, Row } from '../db/tables.ts'
import type { EventBus } from '../events/bus.ts'
import { hasSessionWith } from './access.ts'
import { contributorSummaries, smeSummaries } from './serializers.ts'

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
  const contributor = await db
    .selectFrom('contributors')
    .select(['id', 'person_id', 'chat_status'])
    .where('id', '=', contributorId)
    .executeTakeFirst()
  if (!contributor || contributor.person_id === smeId)
    return { ok: false, reason: 'errors.chatNoSharedSession' }
  if (!(await hasSessionWith(db, contributorId, smeId)))
    return { ok: false, reason: 'errors.chatNoSharedSession' }
  if (contributor.chat_status !== 1) return { ok: false, reason: 'errors.chatDisabled' }
  return { ok: true, pair: { contributorId, contributorPersonId: contributor.person_id, smeId } }
}

/** A conversation of an expert: core's `ChatConversation` plus what a list shows. */
export interface ConversationOut extends ChatConversation {
  /** The business owner's person id, as a string (core's conversation id). */
  id: string
  /** The conversation's row id (what {@link markConversationRead} takes). */
  conversation_id: number
  lastMessage: ChatLastMessage | null
  /** The business owner. */
  sme: SmeSummary
  /** When the conversation last changed. */
  updated_at: string
}

/** A message's sender as core's `user.id` (see the module comment). */
export function senderId(
  senderPersonId: number,
  pair: Pick<ChatPair, 'contributorId' | 'contributorPersonId'>,
) {
  return senderPersonId === pair.contributorPersonId ? pair.contributorId : `sme:${senderPersonId}`
}

/** An expert's conversations, most recently changed first, each with its last message and business owner. */
export async function conversationsFor(
  db: Kysely<Database>,
  contributorId: number,
  publicUrl = '',
): Promise<ConversationOut[]> {
  const rows = await db
    .selectFrom('conversations')
    .innerJoin('contributors', 'contributors.id', 'conversations.contributor_id')
    .leftJoin('chat_messages', 'chat_messages.id', 'conversations.last_message_id')
    .select([
      'conversations.id as conversation_id',
      'conversations.sme_id',
      'conversations.updated_at',
      'contributors.person_id as contributor_person_id',
      'chat_messages.id as message_id',
      'chat_messages.sender_person_id',
      'chat_messages.body',
      'chat_messages.status',
      'chat_messages.type',
    ])
    .where('conversations.contributor_id', '=', contributorId)
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .execute()
  const smes = await smeSummaries(
    db,
    rows.map((r) => r.sme_id),
    publicUrl,
  )
  return rows.map((r) => ({
    id: String(r.sme_id),
    conversation_id: r.conversation_id,
    lastMessage:
      r.message_id === null || r.sender_person_id === null
        ? null
        : {
            user: {
              id: senderId(r.sender_person_id, {
                contributorId,
                contributorPersonId: r.contributor_person_id,
              }),
            },
            body: r.body,
            status: Number(r.status),
            type: (r.type ?? 'text') as ChatMessageType,
          },
    sme: smes.get(r.sme_id) ?? { id: r.sme_id, full_name: '', file: null },
    updated_at: r.updated_at,
  }))
}

/** A person's unread notifications (the live notification count). */
export async function unreadCount(db: Kysely<Database>, personId: number): Promise<number> {
  const { n } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('person_id', '=', personId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(n)
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
 * it, and marks the other party's earlier messages read (a reply means they were read).
 */
export async function sendChatMessage(db: Kysely<Database>, m: NewChatMessage): Promise<SentChatMessage> {
  const now = new Date().toISOString()
  return db.transaction().execute(async (trx) => {
    // The (contributor_id, sme_id) unique constraint makes concurrent first messages agree on one row.
    await trx
      .insertInto('conversations')
      .values({
        contributor_id: m.pair.contributorId,
        sme_id: m.pair.smeId,
        last_message_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['contributor_id', 'sme_id']).doNothing())
      .execute()
    const conversation = await trx
      .selectFrom('conversations')
      .select('id')
      .where('contributor_id', '=', m.pair.contributorId)
      .where('sme_id', '=', m.pair.smeId)
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('chat_messages')
      .set({ status: MESSAGE_STATUS_READ })
      .where('conversation_id', '=', conversation.id)
      .where('sender_person_id', '!=', m.senderPersonId)
      .where('status', '!=', MESSAGE_STATUS_READ)
      .execute()
    const message = await trx
      .insertInto('chat_messages')
      .values({
        conversation_id: conversation.id,
        sender_person_id: m.senderPersonId,
        type: m.type,
        body: m.body,
        file_id: m.fileId ?? null,
        status: MESSAGE_STATUS_SENT,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('conversations')
      .set({ last_message_id: message.id, updated_at: now })
      .where('id', '=', conversation.id)
      .execute()
    return { conversationId: conversation.id, messageId: message.id, createdAt: now }
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
  const conversation = await deps.db
    .selectFrom('conversations')
    .innerJoin('contributors', 'contributors.id', 'conversations.contributor_id')
    .select([
      'conversations.id',
      'conversations.contributor_id',
      'conversations.sme_id',
      'contributors.person_id',
    ])
    .where('conversations.id', '=', conversationId)
    .executeTakeFirst()
  if (!conversation) return 0
  if (conversation.sme_id !== readerPersonId && conversation.person_id !== readerPersonId) return 0
  const result = await deps.db
    .updateTable('chat_messages')
    .set({ status: MESSAGE_STATUS_READ })
    .where('conversation_id', '=', conversationId)
    .where('sender_person_id', '!=', readerPersonId)
    .where('status', '!=', MESSAGE_STATUS_READ)
    .executeTakeFirst()
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
  const file = await db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', match[1]!.toLowerCase())
    .executeTakeFirst()
  if (!file || file.owner_person_id !== input.senderPersonId) return null
  if (input.type === 'voice') return file.kind === 'voice_note' ? file : null
  if (file.kind !== 'attachment') return null
  return input.type === 'file' || file.mime_type.startsWith('image/') ? file : null
}

// ------------------------------------------------------------------------------------------- history

/** A conversation between a contributor and a business owner, if one exists. */
export async function conversationOf(db: Kysely<Database>, pair: Pick<ChatPair, 'contributorId' | 'smeId'>) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('contributor_id', '=', pair.contributorId)
    .where('sme_id', '=', pair.smeId)
    .executeTakeFirst()
}

/**
 * A page of a conversation's messages, newest first (then by id), as seen by one of its two people:
 * `mine` is whether they sent it, and a file message carries its file.
 */
export async function chatMessagesPage(
  db: Kysely<Database>,
  input: {
    conversationId: number
    pair: Pick<ChatPair, 'contributorId' | 'contributorPersonId'>
    viewerPersonId: number
    page: number
    perPage: number
    publicUrl: string
  },
): Promise<{ messages: ChatMessage[]; total: number }> {
  const base = db.selectFrom('chat_messages').where('conversation_id', '=', input.conversationId)
  const { rows, total } = await pageRows(base, {
    page: input.page,
    perPage: input.perPage,
    orderBy: 'created_at',
    direction: 'desc',
  })
  const fileIds = [...new Set(rows.flatMap((r) => (r.file_id ? [r.file_id] : [])))]
  const files = new Map(
    (fileIds.length ? await db.selectFrom('files').selectAll().where('id', 'in', fileIds).execute() : []).map(
      (f) => [f.id, f],
    ),
  )
  const messages = rows.map((r): ChatMessage => {
    const file = r.file_id ? files.get(r.file_id) : undefined
    return {
      id: r.id,
      type: r.type,
      body: r.body,
      user: { id: senderId(r.sender_person_id, input.pair) },
      mine: r.sender_person_id === input.viewerPersonId,
      status: Number(r.status),
      created_at: r.created_at,
      file: file
        ? {
            url: chatFileUrl(file.id, input.publicUrl),
            name: file.original_name,
            mime_type: file.mime_type,
            size: file.size,
            duration: file.duration_seconds,
          }
        : null,
    }
  })
  return { messages, total }
}

/**
 * The conversations of a business owner (`{ smeId }`) or of an expert (`{ contributorId }`), most recently
 * changed first, each with both people, the last message and the viewer's unread count (messages the other
 * party sent with a non-empty body and a status other than 2: core's unread rule, per message).
 */
export async function conversationSummaries(
  db: Kysely<Database>,
  side: { smeId: number } | { contributorId: number },
  viewerPersonId: number,
  publicUrl: string,
): Promise<ChatConversationSummary[]> {
  let query = db
    .selectFrom('conversations')
    .innerJoin('contributors', 'contributors.id', 'conversations.contributor_id')
    .leftJoin('chat_messages', 'chat_messages.id', 'conversations.last_message_id')
    .select([
      'conversations.id as conversation_id',
      'conversations.contributor_id',
      'conversations.sme_id',
      'conversations.updated_at',
      'contributors.person_id as contributor_person_id',
      'chat_messages.id as message_id',
      'chat_messages.sender_person_id',
      'chat_messages.body',
      'chat_messages.status',
    ])
  query =
    'smeId' in side
      ? query.where('conversations.sme_id', '=', side.smeId)
      : query.where('conversations.contributor_id', '=', side.contributorId)
  const rows = await query
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .limit(500)
    .execute()
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.conversation_id)
  const [contributors, smes, unread] = await Promise.all([
    contributorSummaries(
      db,
      rows.map((r) => r.contributor_id),
      publicUrl,
    ),
    smeSummaries(
      db,
      rows.map((r) => r.sme_id),
      publicUrl,
    ),
    db
      .selectFrom('chat_messages')
      .select('conversation_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conversation_id', 'in', ids)
      .where('sender_person_id', '!=', viewerPersonId)
      .where('status', '!=', MESSAGE_STATUS_READ)
      .where('body', 'is not', null)
      .where('body', '!=', '')
      .groupBy('conversation_id')
      .execute(),
  ])
  const unreadBy = new Map(unread.map((u) => [u.conversation_id, Number(u.n)]))
  return rows.flatMap((r) => {
    const contributor = contributors.get(r.contributor_id)
    const sme = smes.get(r.sme_id)
    if (!contributor || !sme) return []
    const pair = { contributorId: r.contributor_id, contributorPersonId: r.contributor_person_id }
    return [
      {
        conversation_id: r.conversation_id,
        id: String(r.sme_id),
        contributor,
        sme,
        lastMessage:
          r.message_id === null || r.sender_person_id === null
            ? null
            : { user: { id: senderId(r.sender_person_id, pair) }, body: r.body, status: Number(r.status) },
        unread: unreadBy.get(r.conversation_id) ?? 0,
        updated_at: r.updated_at,
      },
    ]
  })
}
