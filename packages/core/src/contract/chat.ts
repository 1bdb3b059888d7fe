/**
 * The wire shapes of chat and notifications (spec section 7, "Chat and notifications", and the
 * reference server's chat history extension): chatting possibility, chat notifications, messages,
 * conversations, read marks, contributor notifications and the Web Push key.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, Nullable, OneOf, PageMetaSchema, PageQuery } from './common.ts'
import { ContributorSummarySchema, SmeSummarySchema } from './contributors.ts'
import { USER_ROLES } from './enums.ts'
import { CHAT_MESSAGE_MAX } from './limits.ts'

/** Whether an id names a business owner's person (`sme`) or a contributor (`contributor`). */
export const UserRoleSchema = OneOf(USER_ROLES, {
  description: "Whether {id} is a business owner's person id (sme) or a contributor id (contributor)",
})

/** The query naming the other party's kind of id: `user_type`. */
export const UserTypeQuery = { user_type: UserRoleSchema }

/** The query of `GET /schedule/v2/chatting-possibility/{id}` and `POST /chat/read/{id}`. */
export const UserTypeQuerySchema = Type.Object(UserTypeQuery)

/** Whether two people may chat, and why not (for people) when they may not. */
export const ChattingPossibilitySchema = Type.Object({
  can_chat: Type.Boolean(),
  reason: Nullable(Type.String()),
})

/** The kind of chat message. */
export const ChatMessageTypeSchema = Type.Union([
  Type.Literal('text'),
  Type.Literal('image'),
  Type.Literal('file'),
  Type.Literal('voice'),
])

/** The body of `POST /schedule/notifiable-id/{id}/chat-notification`. */
export const ChatNotificationBodySchema = Type.Object(
  {
    notifiable_user: UserRoleSchema,
    type: ChatMessageTypeSchema,
    // Plain text, kept exactly as sent; it must hold something besides white space.
    message: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: '\\S' }),
  },
  { additionalProperties: false },
)

/** A notification for a contributor; `data` links to a request before a session. */
export const AppNotificationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  data: Type.Object({
    request_id: Nullable(Type.Integer()),
    session_id: Nullable(Type.Integer()),
    chat_with: Nullable(
      Type.Integer({
        description:
          "A chat message's other party, as the recipient's chat page names them (`/Chat/{chat_with}`): a business owner's person id for an expert, an expert's contributor id for a business owner; null for other notifications.",
      }),
    ),
  }),
  read_at: Nullable(DateTimeSchema),
  created_at: DateTimeSchema,
})

/** A page of notifications; `meta.unread` is the person's unread count across all pages. */
export const NotificationPageSchema = Type.Object({
  data: Type.Array(AppNotificationSchema),
  meta: Type.Object({
    ...PageMetaSchema.properties,
    unread: Type.Integer({ minimum: 0, description: "The signed-in person's unread notifications" }),
  }),
  message: Type.Optional(Type.String()),
})

const SenderId = Type.Union([Type.Integer(), Type.String()], {
  description: 'The contributor id when the expert sent it, `sme:{person id}` when the business owner did.',
})

/** The last message of a conversation, as `GET /chat/conversations` and the realtime `conversations` give it. */
export const ChatLastMessageSchema = Type.Object({
  user: Type.Object({ id: SenderId }),
  body: Nullable(Type.String()),
  status: Type.Integer({ description: '1 sent, 2 read' }),
  type: Type.Optional(ChatMessageTypeSchema),
})

/** The file a voice, image or file chat message carries. */
export const ChatMessageFileSchema = Type.Object({
  url: Type.String({
    description: 'GET /uploader/files/{id}: to the two people of the conversation only.',
  }),
  name: Type.String(),
  mime_type: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  duration: Nullable(Type.Integer({ minimum: 0, description: "A voice note's length in seconds." })),
})

/** One chat message of `GET /chat/messages/{id}`. */
export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  type: ChatMessageTypeSchema,
  body: Nullable(
    Type.String({ description: 'Plain text exactly as sent (never HTML); for a file, its url.' }),
  ),
  user: Type.Object({ id: SenderId }),
  mine: Type.Boolean({ description: 'Whether the signed-in person sent it.' }),
  status: Type.Integer({ description: '1 sent, 2 read' }),
  created_at: DateTimeSchema,
  file: Nullable(ChatMessageFileSchema),
})

/** A conversation of `GET /chat/conversations`, newest change first. */
export const ChatConversationSummarySchema = Type.Object({
  conversation_id: Type.Integer(),
  id: Type.String({ description: "The business owner's person id (the realtime conversation id)." }),
  contributor: ContributorSummarySchema,
  sme: SmeSummarySchema,
  lastMessage: Nullable(ChatLastMessageSchema),
  unread: Type.Integer({
    minimum: 0,
    description: 'Messages from the other party, non-empty and not read (status other than 2).',
  }),
  updated_at: DateTimeSchema,
})

/** The query of `GET /chat/conversations`. */
export const ChatConversationsQuerySchema = Type.Object({
  as: OneOf(USER_ROLES, { description: 'Whose side the signed-in person reads as.' }),
})

/** The query of `GET /chat/messages/{id}`: the other party's kind of id and the page. */
export const ChatMessagesQuerySchema = Type.Object({ ...UserTypeQuery, ...PageQuery })

/** The answer of `POST /chat/read/{id}`: how many of the other party's messages this call marked read. */
export const ChatReadResultSchema = Type.Object({ read: Type.Integer({ minimum: 0 }) })

/** The answer of `GET /push/vapid-public-key`. */
export const VapidPublicKeySchema = Type.Object({ public_key: Type.String() })

/** The kind of chat message. */
export type ChatMessageType = Static<typeof ChatMessageTypeSchema>
/**
 * The last message of a conversation: `user.id` is the contributor id when the expert sent it, `sme:{person id}`
 * when the business owner did; `status` 2 is read; `type` lets a list say "voice message" for a voice note.
 */
export type ChatLastMessage = Static<typeof ChatLastMessageSchema>
/** A notification for a contributor (named so as not to shadow the DOM's `Notification`). */
export type AppNotification = Static<typeof AppNotificationSchema>
/**
 * The file a voice, image or file chat message carries. `url` is served to the two people of the
 * conversation only: fetch it with the API key and the bearer token, then show it from a blob URL.
 */
export type ChatMessageFile = Static<typeof ChatMessageFileSchema>
/** One chat message; `body` is plain text, never to be rendered as HTML. */
export type ChatMessage = Static<typeof ChatMessageSchema>
/** A conversation of `GET /chat/conversations`. */
export type ChatConversationSummary = Static<typeof ChatConversationSummarySchema>
/** The parameters of `GET /schedule/v2/chatting-possibility/{id}`: the other person's id and kind of id. */
export type ChattingPossibilityParams = Static<typeof UserTypeQuerySchema> & { id: number }
/** The parameters of `POST /schedule/notifiable-id/{id}/chat-notification`. */
export type ChatNotificationParams = Static<typeof ChatNotificationBodySchema> & { id: number }
/** The parameters of `GET /chat/messages/{id}`: the other party as in chatting-possibility, and the page. */
export type ChatMessagesParams = Static<typeof ChatMessagesQuerySchema> & { id: number }
/** The parameters of `POST /chat/read/{id}`: the other party as in chatting-possibility. */
export type ChatReadParams = ChattingPossibilityParams
/** The parameters of `GET /chat/conversations`. */
export type ChatConversationsParams = Static<typeof ChatConversationsQuerySchema>
