import type {
  ChatConversationsParams,
  ChatMessagesParams,
  ChatNotificationParams,
  ChatReadParams,
  ChattingPossibilityParams,
  IdParams,
  PageParams,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Tells whether the signed-in person may chat with another: `GET /schedule/v2/chatting-possibility/{id}`. */
export function getChattingPossibility(
  client: ApiClient,
  params: ChattingPossibilityParams,
  options?: CallOptions,
): Promise<CallAnswer<'getChattingPossibility'>> {
  const { id, ...query } = params
  return callApi(client, 'getChattingPossibility', { params: { id }, query }, options)
}

/** Notifies a person of a chat message: `POST /schedule/notifiable-id/{id}/chat-notification`. */
export function sendChatNotification(
  client: ApiClient,
  params: ChatNotificationParams,
  options?: CallOptions,
): Promise<CallAnswer<'sendChatNotification'>> {
  const { id, ...body } = params
  return callApi(client, 'sendChatNotification', { params: { id }, body }, options)
}

/** Marks a notification read: `POST /schedule/notification/{id}`. */
export function markNotificationRead(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'markNotificationRead'>> {
  return callApi(client, 'markNotificationRead', { params }, options)
}

/**
 * Lists the signed-in contributor's notifications, newest first, with the unread count across all pages in
 * `meta.unread`: `GET /schedule/v2/notifications-list/contributor`.
 */
export function getNotifications(
  client: ApiClient,
  params: PageParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getNotifications'>> {
  return callApi(client, 'getNotifications', { query: params }, options)
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
): Promise<CallAnswer<'getChatConversations'>> {
  return callApi(client, 'getChatConversations', { query: params }, options)
}

/**
 * Reads the messages between the signed-in person and another, newest first, a page at a time:
 * `GET /chat/messages/{id}` (a reference-server extension; `id` and `user_type` as in chatting-possibility).
 */
export function getChatMessages(
  client: ApiClient,
  params: ChatMessagesParams,
  options?: CallOptions,
): Promise<CallAnswer<'getChatMessages'>> {
  const { id, ...query } = params
  return callApi(client, 'getChatMessages', { params: { id }, query }, options)
}

/**
 * Marks the other party's messages in a conversation read (status 2): `POST /chat/read/{id}`
 * (a reference-server extension; `id` and `user_type` as in chatting-possibility).
 */
export function markChatRead(
  client: ApiClient,
  params: ChatReadParams,
  options?: CallOptions,
): Promise<CallAnswer<'markChatRead'>> {
  const { id, ...query } = params
  return callApi(client, 'markChatRead', { params: { id }, query }, options)
}

/**
 * Reads the public VAPID key for `PushManager.subscribe` (a reference-server extension):
 * `GET /push/vapid-public-key`. A server without Web Push answers 404: the push token is unavailable then.
 */
export function getVapidPublicKey(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getVapidPublicKey'>> {
  return callApi(client, 'getVapidPublicKey', {}, options)
}
