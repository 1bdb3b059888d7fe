/**
 * The realtime hub behind the WebSocket at `/api/realtime`: the reference server's
 * "live document store" (design section 5) and the WebRTC signalling relay.
 *
 * ## Connecting
 * Browsers cannot set headers on a WebSocket, so:
 * - the API key goes in the query, `wss://host/api/realtime?api_key=<key>` (an
 *   `X-API-Key` header works too). The `Origin` header must be one the key allows
 *   (`originAllowed`); otherwise the upgrade is answered 401/403 and no socket opens.
 * - the realtime token (`data.payload` of `GET /firebase/auth`) is the FIRST message,
 *   `{ "type": "auth", "data": { "token": "<token>" } }`, within 10 seconds. It is not
 *   put in the URL, where proxies and logs would keep it. The token must verify and
 *   the API session it was issued under must be live (not revoked, not expired); the
 *   hub re-checks that session every minute and closes the socket once it ends.
 *
 * ## Messages: JSON `{ type, data }`
 * Client → server:
 * - `auth` `{ token }`. Answer: `ready` `{ person_id, contributor_id }`.
 * - `subscribe` `{ topic, contributor_id? }`, topic one of
 *     `expert`, `notification_count`, `conversations` (the signed-in contributor's own;
 *     `contributor_id`, when given, must be theirs) and `sessions` (anyone: the sessions
 *     and requests they are in, as business owner or as expert) and `chat` (anyone: a nudge
 *     whenever one of their conversations changes, as business owner or as expert).
 *   The current state is sent at once, then again whenever it changes.
 * - `unsubscribe` `{ topic }`.
 * - `signal` `{ sessionId, payload }` (also accepted under `data`): relayed to the other
 *   participant of the session only. `payload` is any JSON of at most 16 KB.
 * - `ping` → `pong`.
 * Server → client:
 * - `ready` `{ person_id, contributor_id }`
 * - `expert` `{ contributor_id, record }`: `record` is core's `ExpertRecord`
 *   (role, chat_status, join_now_enabled, available_for_instant) or null.
 * - `notification_count` `{ count }`: the person's unread notifications.
 * - `conversations` `{ contributor_id, conversations }`: the whole list (core's
 *   `ChatConversation[]`), on subscribe and after every change. A conversation's `id`
 *   is the business owner's id; `lastMessage.user.id` is the contributor id when the
 *   expert sent it (the number core's unread rule compares with), else `sme:<id>`; each
 *   conversation also carries `sme` (name, photo) and `updated_at`.
 * - `sessions` `{ sessions }` on subscribe (live ones: booked or ongoing sessions, and requests still
 *   waiting; never a rejected or expired request, nor a waiting one whose slot has started), then
 *   `session` `{ session }` for each change. A session is
 *   `{ id, state, request_state, contributor_id, sme_id, start_at, end_at, is_instant, communication_way }`.
 * - `chat` `{ contributor_id, sme_id }`: a conversation of the person's changed (a message, a read);
 *   read it again with `GET /chat/messages/{id}` or `GET /chat/conversations`. Nothing on subscribe.
 * - `signal` `{ session_id, from_person_id, payload }`
 * - `error` `{ code, message, topic? }`; codes: `unauthenticated`, `invalid_token`,
 *   `forbidden`, `bad_message`, `too_large`, `unavailable` (a server failure; try again).
 * Close codes: 4001 authentication failed or the API session ended, 4008 too many
 * messages, 4029 `too_many_sockets` (the person already has REALTIME_MAX_SOCKETS_PER_PERSON
 * signed-in sockets on this instance, or the client address REALTIME_MAX_PENDING_PER_ADDRESS
 * sockets not yet signed in; closing one frees a place); 1009 (from `ws`) for a frame over 64 KB.
 *
 * A socket only ever receives what concerns its own person, contributor and sessions.
 * Events come from the bus (`app.bus`), which crosses instances through Redis, so a
 * change on one instance reaches sockets on every instance; the hub reads the current
 * state from the database when an event arrives, and only when a socket here wants it.
 */
import type { WebSocket } from 'ws'
import type { Config } from '../../config.ts'
import type { Store } from '../../db/database.ts'
import type { EventBus } from '../events/bus.ts'
import { createConnections } from './connections.ts'
import { startFanOut } from './fan-out.ts'
import { authenticate, closeEndedSessions } from './sign-in.ts'
import { relaySignal } from './signal.ts'
import { type Conn, dataOf, send, sendError } from './socket.ts'
import { createTopics } from './topics.ts'

// The hub is put together from one module per job: socket.ts (the connection record and sending),
// connections.ts (the sockets by person and contributor), sign-in.ts (auth and API-session checks),
// topics.ts (subscriptions and each topic's state), fan-out.ts (bus events to sockets) and signal.ts (the
// WebRTC relay). This module runs the sockets' lives: messages in order, rate limit, timers, closing.

export { MAX_SIGNAL_BYTES } from './signal.ts'
export type { Topic } from './socket.ts'
export type { SessionView } from './topics.ts'

/** The largest frame a client may send. */
export const MAX_FRAME_BYTES = 64 * 1024

/** Where the hub logs. */
export interface HubLog {
  warn(details: object, message: string): void
}

/** What the hub needs. */
export interface HubOptions {
  config: Config
  store: Store
  bus: EventBus
  log: HubLog
  /** How often API sessions are re-checked (ms). */
  sessionCheckMs?: number
  /** How long a socket may stay without `auth` (ms). */
  authTimeoutMs?: number
  /** Messages a socket may send per 10 seconds. */
  messageLimit?: number
}

/** The close code of a socket over its person's or its address's cap. */
export const CLOSE_TOO_MANY_SOCKETS = 4029

/** The hub. */
export interface RealtimeHub {
  /** Takes over a freshly opened socket, from a client address (`request.ip`). */
  handle(socket: WebSocket, address: string): void
  /** Stops listening and closes every socket (code 1001, going away). */
  close(): void
  /** How many sockets are open: signed in, and waiting for their `auth` message (the metrics, issue 35). */
  counts(): { open: number; pending: number }
}

/** Makes the hub and starts listening to the bus. */
export function createRealtimeHub(options: HubOptions): RealtimeHub {
  const { config, store, bus, log } = options
  const { db } = store
  const authTimeoutMs = options.authTimeoutMs ?? 10_000
  const messageLimit = options.messageLimit ?? 200
  const connections = createConnections()
  const topics = createTopics(db, config.publicUrl)
  const { pending } = connections
  const { maxSocketsPerPerson, maxPendingPerAddress } = config.realtime
  // Sockets not yet signed in, by client address: one address cannot hold an unbounded number of them open
  // (each for up to authTimeoutMs), whatever token it may or may not have (issue 30).
  const pendingByAddress = new Map<string, number>()
  const unpend = (address: string) => {
    const left = (pendingByAddress.get(address) ?? 1) - 1
    if (left > 0) pendingByAddress.set(address, left)
    else pendingByAddress.delete(address)
  }

  const unsubscribe = startFanOut(bus, connections, topics, log)

  const sessionTimer = setInterval(() => {
    closeEndedSessions(db, connections.all()).catch((error: unknown) =>
      log.warn({ err: (error as Error).message }, 'realtime session check failed'),
    )
  }, options.sessionCheckMs ?? 60_000)
  sessionTimer.unref()

  // Sockets that stop answering pings (a dropped network) are let go.
  const heartbeat = setInterval(() => {
    for (const c of connections.all()) {
      if (!c.alive) {
        c.socket.terminate()
        continue
      }
      c.alive = false
      c.socket.ping()
    }
  }, 30_000)
  heartbeat.unref()

  async function onMessage(conn: Conn, message: Record<string, unknown>): Promise<void> {
    switch (message.type) {
      case 'ping':
        send(conn.socket, 'pong', null)
        return
      case 'subscribe':
      case 'unsubscribe':
        await topics.subscribe(conn, message.type, dataOf(message))
        return
      case 'signal':
        await relaySignal(db, bus, conn, message)
        return
      case 'auth':
        sendError(conn.socket, 'bad_message', 'already signed in')
        return
      default:
        sendError(conn.socket, 'bad_message', 'unknown message type')
    }
  }

  function handle(socket: WebSocket, address: string): void {
    if ((pendingByAddress.get(address) ?? 0) >= maxPendingPerAddress) {
      socket.close(CLOSE_TOO_MANY_SOCKETS, 'too_many_sockets')
      return
    }
    let conn: Conn | null = null
    let authenticating = false
    let count = 0
    pending.add(socket)
    pendingByAddress.set(address, (pendingByAddress.get(address) ?? 0) + 1)
    let pendingHere = true
    const settle = () => {
      if (pendingHere) unpend(address)
      pendingHere = false
      pending.delete(socket)
    }
    const authTimer = setTimeout(() => {
      if (!conn) socket.close(4001, 'unauthenticated')
    }, authTimeoutMs)
    const window = setInterval(() => {
      count = 0
    }, 10_000)
    // Messages are handled one at a time, in order.
    let queue: Promise<void> = Promise.resolve()

    socket.on('pong', () => {
      if (conn) conn.alive = true
    })
    socket.on('message', (raw, isBinary) => {
      if (++count > messageLimit) {
        socket.close(4008, 'too_many_messages')
        return
      }
      let message: Record<string, unknown>
      try {
        const parsed: unknown = isBinary ? null : JSON.parse(raw.toString())
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object')
        message = parsed as Record<string, unknown>
      } catch {
        sendError(socket, 'bad_message', 'messages are JSON objects { type, data }')
        return
      }
      queue = queue
        .then(async () => {
          if (conn) return onMessage(conn, message)
          if (authenticating) return
          authenticating = true
          const made = await authenticate(config, db, socket, message)
          if (!made || socket.readyState !== socket.OPEN) return
          clearTimeout(authTimer)
          settle()
          // One token (or one person) cannot open sockets without end: 50 on one token were all accepted.
          // Checked as the socket joins, so sockets signing in at the same moment cannot all slip past.
          if (connections.allOfPerson(made.personId).length >= maxSocketsPerPerson) {
            socket.close(CLOSE_TOO_MANY_SOCKETS, 'too_many_sockets')
            return
          }
          conn = made
          connections.add(conn)
          send(socket, 'ready', { person_id: conn.personId, contributor_id: conn.contributorId })
        })
        .catch((error: unknown) => {
          log.warn({ err: (error as Error).message }, 'realtime message failed')
          sendError(socket, 'unavailable', 'the message could not be handled')
        })
    })
    socket.on('close', () => {
      clearTimeout(authTimer)
      clearInterval(window)
      settle()
      if (conn) connections.remove(conn)
    })
  }

  return {
    handle,
    counts: () => ({ open: connections.all().length, pending: pending.size }),
    close() {
      unsubscribe()
      clearInterval(sessionTimer)
      clearInterval(heartbeat)
      for (const c of connections.all()) c.socket.close(1001, 'server_closing')
      for (const s of pending) s.close(1001, 'server_closing')
    },
  }
}
