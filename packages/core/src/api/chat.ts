import type {
  ApiResponse,
  AppNotification,
  ChatConversationSummary,
  ChatConversationsParams,
  ChatMessage,
  ChatMessagesParams,
  ChatNotificationParams,
  ChatReadParams,
  ChatReadResult,
  ChattingPossibility,
  ChattingPossibilityParams,
  IdParams,
  NotificationPage,
  PagedResponse,
  PageParams,
} from '../contract/index.ts'
import { type ApiClient, type CallOptions, requestPage } from './client.ts'
import { apiPaths } from './paths.ts'

/** Tells whether the signed-in person may chat with another: `GET /schedule/v2/chatting-possibility/{id}`. */
export function getChattingPossibility(
  client: ApiClient,
  params: ChattingPossibilityParams,
  options?: CallOptions,
): Promise<ApiResponse<ChattingPossibility>> {
  const { id, ...query } = params
  return client.request(apiPaths.chat.possibility(id), { ...options, query })
}

/** Notifies a person of a chat message: `POST /schedule/notifiable-id/{id}/chat-notification`. */
export function sendChatNotification(
  client: ApiClient,
  params: ChatNotificationParams,
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  const { id, ...body } = params
  return client.request(apiPaths.chat.notify(id), { ...options, method: 'POST', body })
}

/** Marks a notification read: `POST /schedule/notification/{id}`. */
export function markNotificationRead(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<AppNotification>> {
  return client.request(apiPaths.chat.notification(params.id), { ...options, method: 'POST' })
}

/**
 * Lists the signed-in contributor's notifications, newest first, with the unread count across all pages in
 * `meta.unread`: `GET /schedule/v2/notifications-list/contributor`.
 */
export function getNotifications(
  client: ApiClient,
  params: PageParams = {},
  options?: CallOptions,
): Promise<NotificationPage> {
  return requestPage<AppNotification>(client, apiPaths.chat.notifications, {
    ...options,
    query: params,
  }) as Promise<NotificationPage>
}

/**
 * Lists the signed-in person's chat conversations, newest change first, each with the other party, the
 * last message and the caller's unread count: `GET /chat/conversations` (a reference-server extension).
 * `as: 'sme'` gives a business owner's conversations with experts; `as: 'contributor'` an expert's.
 */
export function getChatConversations(
  client: ApiClient,
  params: ChatConversationsParams = { as: 'sme' },
  options?: CallOptions,
): Promise<ApiResponse<ChatConversationSummary[]>> {
  return client.request(apiPaths.chat.conversations, { ...options, query: params })
}

/**
 * Reads the messages between the signed-in person and another, newest first, a page at a time:
 * `GET /chat/messages/{id}` (a reference-server extension; `id` and `user_type` as in chatting-possibility).
 */
export function getChatMessages(
  client: ApiClient,
  params: ChatMessagesParams,
  options?: CallOptions,
): Promise<PagedResponse<ChatMessage>> {
  const { id, ...query } = params
  return requestPage(client, apiPaths.chat.messages(id), { ...options, query })
}

/**
 * Marks the other party's messages in a conversation read (status 2): `POST /chat/read/{id}`
 * (a reference-server extension; `id` and `user_type` as in chatting-possibility).
 */
export function markChatRead(
  client: ApiClient,
  params: ChatReadParams,
  options?: CallOptions,
): Promise<ApiResponse<ChatReadResult>> {
  const { id, ...query } = params
  return client.request(apiPaths.chat.read(id), { ...options, method: 'POST', query })
}

/**
 * Reads the public VAPID key for `PushManager.subscribe` (a reference-server extension):
 * `GET /push/vapid-public-key`. A server without Web Push answers 404: the push token is unavailable then.
 */
export function getVapidPublicKey(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<{ public_key: string }>> {
  return client.request(apiPaths.chat.vapidPublicKey, options)
}
