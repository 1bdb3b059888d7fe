/**
 * The messages of the realtime socket, `/api/realtime` (design section 5): JSON `{ type, data }` both ways.
 * The server's hub sends exactly these and core's WebSocket client reads them; see the hub's module
 * comment for when each is sent.
 */
import { type Static, Type } from 'typebox'
import { ChatConversationSummarySchema } from './chat.ts'
import { Nullable } from './common.ts'
import { ContributorKindSchema } from './contributors.ts'

/** What a socket can subscribe to. */
export const RealtimeTopicSchema = Type.Union([
  Type.Literal('expert'),
  Type.Literal('notification_count'),
  Type.Literal('conversations'),
  Type.Literal('sessions'),
  Type.Literal('chat'),
])

/** The live expert record, keyed by contributor id. */
export const ExpertRecordSchema = Type.Object({
  role: ContributorKindSchema,
  chat_status: Type.Boolean({ description: 'Whether chat is on for this expert.' }),
  join_now_enabled: Type.Boolean({ description: 'Whether the admin permits instant sessions.' }),
  available_for_instant: Type.Boolean({ description: "The expert's own instant-availability toggle." }),
})

const { id, conversation_id, lastMessage, sme, updated_at } = ChatConversationSummarySchema.properties

/**
 * A chat conversation of an expert as the live store holds it: the conversation of `GET /chat/conversations`
 * without the expert (the listener is theirs) and the unread count (the store's unread rule reads `lastMessage`).
 * The id is the business owner's person id.
 */
export const LiveConversationSchema = Type.Object({ id, conversation_id, lastMessage, sme, updated_at })

/** A change of one of the signed-in person's chat conversations (a message sent, messages read). */
export const ChatChangeSchema = Type.Object({
  contributor_id: Type.Integer({ description: "The conversation's expert." }),
  sme_id: Type.Integer({ description: "The conversation's business owner (their person id)." }),
})

/** A session or request of the signed-in person as the live store tells of it (what changed, not all of it). */
export const SessionChangeSchema = Type.Object({
  id: Type.Integer(),
  state: Type.String(),
  request_state: Nullable(Type.String()),
  contributor_id: Type.Integer(),
  sme_id: Type.Integer(),
  start_at: Type.String(),
  end_at: Type.String(),
  is_instant: Type.Boolean(),
  communication_way: Type.Integer(),
})

/** The codes of the hub's `error` message. */
export const RealtimeErrorCodeSchema = Type.Union([
  Type.Literal('unauthenticated'),
  Type.Literal('invalid_token'),
  Type.Literal('forbidden'),
  Type.Literal('bad_message'),
  Type.Literal('too_large'),
  Type.Literal('unavailable'),
])

/** A message the client sends. */
export const RealtimeClientMessageSchema = Type.Union([
  Type.Object({ type: Type.Literal('auth'), data: Type.Object({ token: Type.String() }) }),
  Type.Object({
    type: Type.Literal('subscribe'),
    data: Type.Object({
      topic: RealtimeTopicSchema,
      contributor_id: Type.Optional(Nullable(Type.Union([Type.Integer(), Type.String()]))),
    }),
  }),
  Type.Object({ type: Type.Literal('unsubscribe'), data: Type.Object({ topic: RealtimeTopicSchema }) }),
  Type.Object({
    type: Type.Literal('signal'),
    data: Type.Object({ sessionId: Type.Union([Type.Integer(), Type.String()]), payload: Type.Unknown() }),
  }),
  Type.Object({ type: Type.Literal('ping'), data: Type.Optional(Type.Null()) }),
])

/** A message the server sends. */
export const RealtimeServerMessageSchema = Type.Union([
  Type.Object({
    type: Type.Literal('ready'),
    data: Type.Object({ person_id: Type.Integer(), contributor_id: Nullable(Type.Integer()) }),
  }),
  Type.Object({
    type: Type.Literal('expert'),
    data: Type.Object({ contributor_id: Type.Integer(), record: Nullable(ExpertRecordSchema) }),
  }),
  Type.Object({ type: Type.Literal('notification_count'), data: Type.Object({ count: Type.Integer() }) }),
  Type.Object({
    type: Type.Literal('conversations'),
    data: Type.Object({ contributor_id: Type.Integer(), conversations: Type.Array(LiveConversationSchema) }),
  }),
  Type.Object({
    type: Type.Literal('sessions'),
    data: Type.Object({ sessions: Type.Array(SessionChangeSchema) }),
  }),
  Type.Object({ type: Type.Literal('session'), data: Type.Object({ session: SessionChangeSchema }) }),
  Type.Object({ type: Type.Literal('chat'), data: ChatChangeSchema }),
  Type.Object({
    type: Type.Literal('signal'),
    data: Type.Object({
      session_id: Type.Integer(),
      from_person_id: Type.Integer(),
      payload: Type.Unknown(),
    }),
  }),
  Type.Object({
    type: Type.Literal('error'),
    data: Type.Object({
      code: RealtimeErrorCodeSchema,
      message: Type.String(),
      topic: Type.Optional(RealtimeTopicSchema),
    }),
  }),
  Type.Object({ type: Type.Literal('pong'), data: Type.Null() }),
])

/** What a socket can subscribe to. */
export type RealtimeTopic = Static<typeof RealtimeTopicSchema>
/** The live expert record, keyed by contributor id. */
export type ExpertRecord = Static<typeof ExpertRecordSchema>
/** A chat conversation of an expert as the live store holds it. */
export type LiveConversation = Static<typeof LiveConversationSchema>
/**
 * A chat conversation as every realtime client gives it: the id and last message (absent for a new one), and
 * the rest of `LiveConversation` when the source has it (the reference server's socket sends it all; Firebase
 * documents carry the last message only).
 */
export type ChatConversation = Pick<LiveConversation, 'id'> & Partial<Omit<LiveConversation, 'id'>>
/** A change of one of the signed-in person's chat conversations. */
export type ChatChange = Static<typeof ChatChangeSchema>
/** A session or request of the signed-in person as the live store tells of it. */
export type SessionChange = Static<typeof SessionChangeSchema>
/** The codes of the hub's `error` message. */
export type RealtimeErrorCode = Static<typeof RealtimeErrorCodeSchema>
/** A message the client sends. */
export type RealtimeClientMessage = Static<typeof RealtimeClientMessageSchema>
/** A message the server sends. */
export type RealtimeServerMessage = Static<typeof RealtimeServerMessageSchema>
/** The `data` of the server's message of a type. */
export type RealtimeServerData<T extends RealtimeServerMessage['type']> = Extract<
  RealtimeServerMessage,
  { type: T }
>['data']
