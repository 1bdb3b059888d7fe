/**
 * Chat's reads and writes: conversations and their messages, as rows. The rules (who may chat, what a
 * message may carry, the wire ids) live in `domain/chat.ts`.
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import { precompiled, precompiledRow } from '../precompiled.ts'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** A contributor's id, person id and chat switch, if the contributor exists. */
export async function contributorChatStatus(db: Db, contributorId: number) {
  return (await contributorChatStatusQuery(db, contributorId)).rows[0]
}

const contributorChatStatusQuery = precompiled(1, (db, contributorId: number) =>
  db.selectFrom('contributors').select(['id', 'person_id', 'chat_status']).where('id', '=', contributorId),
)

/**
 * Creates the conversation of a contributor and a business owner unless it exists; the
 * (contributor_id, sme_id) unique constraint makes concurrent first messages agree on one row.
 */
export async function ensureConversation(db: Db, contributorId: number, smeId: number, now: string) {
  await ensureConversationQuery(db, contributorId, smeId, now)
}

const ensureConversationQuery = precompiled(3, (db, contributorId: number, smeId: number, now: string) =>
  db
    .insertInto('conversations')
    .values({
      contributor_id: contributorId,
      sme_id: smeId,
      last_message_id: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['contributor_id', 'sme_id']).doNothing()),
)

/** The id of the conversation of a contributor and a business owner, which must exist. */
export async function conversationIdOf(db: Db, contributorId: number, smeId: number) {
  const [row] = (await conversationIdQuery(db, contributorId, smeId)).rows
  if (!row) throw new Error(`no conversation of contributor ${contributorId} and ${smeId}`)
  return row
}

const conversationIdQuery = precompiled(2, (db, contributorId: number, smeId: number) =>
  db
    .selectFrom('conversations')
    .select('id')
    .where('contributor_id', '=', contributorId)
    .where('sme_id', '=', smeId),
)

/**
 * Sets `status` on every message of a conversation that `senderPersonId` sent and that does not have it yet
 * (the other party's messages, when a conversation's party reads it). Returns the update result (its
 * `numUpdatedRows` says how many changed). It reads the unread messages' own index (migration 0026): the
 * status is a literal so that SQLite sees the index's condition met, and only that sender's are walked.
 */
export function markMessagesFrom(db: Db, conversationId: number, senderPersonId: number, status: number) {
  return markMessagesFromQuery(db, conversationId, senderPersonId, status).executeTakeFirst()
}

/** {@link markMessagesFrom}'s statement, unrun (its test reads SQLite's plan for it). */
export function markMessagesFromQuery(
  db: Db,
  conversationId: number,
  senderPersonId: number,
  status: number,
) {
  return db
    .updateTable('chat_messages')
    .set({ status })
    .where('conversation_id', '=', conversationId)
    .where('sender_person_id', '=', senderPersonId)
    .where('status', '<>', sql.lit(status))
}

/** Inserts a chat message; returns its id. */
export async function insertChatMessage(db: Db, values: NewRow<'chat_messages'>) {
  return (await insertChatMessageQuery(db, { body: null, file_id: null, ...values })).rows[0]!
}

const insertChatMessageQuery = precompiledRow(
  ['conversation_id', 'sender_person_id', 'type', 'body', 'file_id', 'status', 'created_at'],
  (db, row) => db.insertInto('chat_messages').values(row).returning('id'),
)

/** Points a conversation at its newest message. */
export async function setLastMessage(db: Db, conversationId: number, messageId: number, now: string) {
  await setLastMessageQuery(db, conversationId, messageId, now)
}

const setLastMessageQuery = precompiled(3, (db, conversationId: number, messageId: number, now: string) =>
  db
    .updateTable('conversations')
    .set({ last_message_id: messageId, updated_at: now })
    .where('id', '=', conversationId),
)

/** A conversation with its two parties' ids (the expert's contributor and person ids), if it exists. */
export function conversationParties(db: Db, conversationId: number) {
  return db
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
}

/** Stored files by id (those that exist). */
export function filesByIds(db: Db, fileIds: readonly string[]) {
  return db.selectFrom('files').selectAll().where('id', 'in', fileIds).execute()
}

/** A stored file by id, if any. */
export function fileById(db: Db, fileId: string) {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst()
}

/** The conversation of a contributor and a business owner, if one exists. */
export function conversationOf(db: Db, contributorId: number, smeId: number) {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('contributor_id', '=', contributorId)
    .where('sme_id', '=', smeId)
    .executeTakeFirst()
}

/** A conversation row with its expert's person id and its last message, as the conversation lists read it. */
export type ConversationRow = Awaited<ReturnType<typeof conversationRows>>[number]

/**
 * The conversations of a business owner (`{ smeId }`) or of an expert (`{ contributorId }`), most recently
 * changed first, each with its expert's person id and its last message; at most `limit` when given.
 */
export function conversationRows(
  db: Db,
  side: { smeId: number } | { contributorId: number },
  limit?: number,
) {
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
      'chat_messages.type',
    ])
    .where(
      'smeId' in side ? 'conversations.sme_id' : 'conversations.contributor_id',
      '=',
      'smeId' in side ? side.smeId : side.contributorId,
    )
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
  if (limit !== undefined) query = query.limit(limit)
  return query.execute()
}

/**
 * Per conversation, how many messages another person sent with a non-empty body and a status other than
 * `readStatus`: the unread counts of `viewerPersonId`.
 */
export function unreadCountsByConversation(
  db: Db,
  conversationIds: readonly number[],
  viewerPersonId: number,
  readStatus: number,
) {
  return db
    .selectFrom('chat_messages')
    .select('conversation_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', 'in', conversationIds)
    .where('sender_person_id', '!=', viewerPersonId)
    .where('status', '<>', sql.lit(readStatus))
    .where('body', 'is not', null)
    .where('body', '!=', '')
    .groupBy('conversation_id')
    .execute()
}

/** A contributor's id and person id, if the contributor exists. */
export function contributorPerson(db: Db, contributorId: number) {
  return db
    .selectFrom('contributors')
    .select(['id', 'person_id'])
    .where('id', '=', contributorId)
    .executeTakeFirst()
}

/** A conversation's messages, as a query to page (not yet run). */
export function messagesOf(db: Db, conversationId: number) {
  return db.selectFrom('chat_messages').where('conversation_id', '=', conversationId)
}
