/**
 * One socket's side of the hub: the record of a signed-in connection and how the contract's server messages
 * and errors are written to it. Every other realtime module sends through here.
 */
import type {
  RealtimeErrorCode,
  RealtimeServerData,
  RealtimeServerMessage,
  RealtimeTopic,
} from '@mashura/core/contract'
import type { WebSocket } from 'ws'

/** What a socket can subscribe to (the contract's realtime topics). */
export type Topic = RealtimeTopic

/** A signed-in socket: whose it is, under which API session, and what it listens to. */
export interface Conn {
  socket: WebSocket
  personId: number
  contributorId: number | null
  apiSessionId: string
  topics: Set<Topic>
  /** Whether it answered the last ping (see the hub's heartbeat). */
  alive: boolean
}

/** Sends one of the contract's server messages. */
export function send<T extends RealtimeServerMessage['type']>(
  socket: WebSocket,
  type: T,
  data: RealtimeServerData<T>,
): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, data }))
}

/** Sends an `error` message. */
export function sendError(
  socket: WebSocket,
  code: RealtimeErrorCode,
  message: string,
  extra: { topic?: Topic } = {},
): void {
  send(socket, 'error', { code, message, ...extra })
}

/** The `data` object of a client message, or an empty one. */
export function dataOf(message: Record<string, unknown>): Record<string, unknown> {
  return (typeof message.data === 'object' && message.data !== null ? message.data : {}) as Record<
    string,
    unknown
  >
}
