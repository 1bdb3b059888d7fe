/**
 * The payload of one push, shared by the Web Push service (service.ts) and the FCM sender (adapters/push/fcm.ts),
 * which the service calls: a module of its own so the two do not import each other.
 */

/**
 * What a push is about (spec section 7: data fields title, request_id, session_id; notification.body), and the
 * conversation a chat message's push opens (`chat_with`, issue 31): what the server's code hands the push
 * service. What goes over the wire is the contract's `PushPayload` (service.ts's `pushPayload`).
 */
export interface PushMessage {
  title: string
  body: string
  request_id?: number | null
  session_id?: number | null
  chat_with?: number | null
}
