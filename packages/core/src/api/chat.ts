import { type ApiClient, type CallOptions, requestPage } from './client.ts'
import { apiPaths } from './paths.ts'
import type {
  ApiResponse,
  AppNotification,
  ChatNotificationParams,
  ChattingPossibility,
  ChattingPossibilityParams,
  IdParams,
  PagedResponse,
  PageParams,
} from './types.ts'

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

/** Lists the signed-in contributor's notifications, newest first: `GET /schedule/v2/notifications-list/contributor`. */
export function getNotifications(
  client: ApiClient,
  params: PageParams = {},
  options?: CallOptions,
): Promise<PagedResponse<AppNotification>> {
  return requestPage(client, apiPaths.chat.notifications, { ...options, query: params })
}
