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
 * messages; 1009 (from `ws`) for a frame over 64 KB.
 *
 * A socket only ever receives what concerns its own person, contributor and sessions.
 * Events come from the bus (`app.bus`), which crosses instances through Redis, so a
 * change on one instance reaches sockets on every instance; the hub reads the current
 * state from the database when an event arrives, and only when a socket here wants it.
 */
import type {
  RealtimeErrorCode,
  RealtimeServerData,
  RealtimeServerMessage,
  RealtimeTopic,
  SessionChange,
} from '@mashura/core/contract'
import type { WebSocket } from 'ws'
import { verifyRealtimeToken } from '../auth/realtime-token.ts'
import type { Config } from '../config.ts'
import type { Store } from '../db/database.ts'
import { conversationsFor, unreadCount } from '../domain/chat.ts'
import { sessionRowsOnly, UPCOMING_STATES } from '../domain/sessions.ts'
import type { DomainEvent, EventBus } from '../events/bus.ts'
import { expertRecord as readExpertRecord } from './state.ts'

/** What a socket can subscribe to (the contract's realtime topics). */
export type Topic = RealtimeTopic
const TOPICS: readonly Topic[] = ['expert', 'notification_count', 'conversations', 'sessions', 'chat']
const CONTRIBUTOR_TOPICS: readonly Topic[] = ['expert', 'conversations']

/** The largest signalling payload relayed, in bytes of JSON. */
export const MAX_SIGNAL_BYTES = 16 * 1024
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

interface Conn {
  socket: WebSocket
  personId: number
  contributorId: number | null
  apiSessionId: string
  topics: Set<Topic>
  alive: boolean
}

/** A session as sockets see it: the contract's `SessionChange`. */
export type SessionView = SessionChange

/** The hub. */
export interface RealtimeHub {
  /** Takes over a freshly opened socket. */
  handle(socket: WebSocket): void
  /** Stops listening and closes every socket. */
  close(): void
}

/** Sends one of the contract's server messages. */
function send<T extends RealtimeServerMessage['type']>(
  socket: WebSocket,
  type: T,
  data: RealtimeServerData<T>,
): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, data }))
}

function sendError(
  socket: WebSocket,
  code: RealtimeErrorCode,
  message: string,
  extra: { topic?: Topic } = {},
): void {
  send(socket, 'error', { code, message, ...extra })
}

function addTo<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  const set = map.get(key) ?? new Set()
  set.add(conn)
  map.set(key, set)
}

function removeFrom<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn): void {
  const set = map.get(key)
  if (!set) return
  set.delete(conn)
  if (set.size === 0) map.delete(key)
}

/** Makes the hub and starts listening to the bus. */
export function createRealtimeHub(options: HubOptions): RealtimeHub {
  const { config, store, bus, log } = options
  const { db } = store
  const authTimeoutMs = options.authTimeoutMs ?? 10_000
  const messageLimit = options.messageLimit ?? 200
  const byPerson = new Map<number, Set<Conn>>()
  const byContributor = new Map<number, Set<Conn>>()
  const pending = new Set<WebSocket>()

  // ------------------------------------------------------------ current state

  const expertRecord = (contributorId: number) => readExpertRecord(db, contributorId)
  const notificationCount = (personId: number) => unreadCount(db, personId)

  /** An expert's conversations with the business owners' names and photos, as `GET /chat/conversations` has them. */
  function conversations(contributorId: number) {
    return conversationsFor(db, contributorId, config.publicUrl)
  }

  const sessionColumns = [
    'id',
    'state',
    'request_state',
    'contributor_id',
    'sme_id',
    'start_at',
    'end_at',
    'is_instant',
    'communication_way',
  ] as const

  function sessionView(row: {
    id: number
    state: string
    request_state: string | null
    contributor_id: number
    sme_id: number
    start_at: string
    end_at: string
    is_instant: number
    communication_way: number
  }): SessionView {
    return { ...row, is_instant: row.is_instant === 1 }
  }

  async function liveSessions(conn: Conn): Promise<SessionView[]> {
    const rows = await db
      .selectFrom('sessions')
      .select(sessionColumns)
      .where((eb) =>
        eb.or([
          eb('sme_id', '=', conn.personId),
          ...(conn.contributorId === null ? [] : [eb('contributor_id', '=', conn.contributorId)]),
        ]),
      )
      // Live: a booked or ongoing session, or a request still waiting for its slot. A rejected or expired
      // request keeps state 'pending' (it never became a session), so the state alone does not say.
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', UPCOMING_STATES), sessionRowsOnly(eb)]),
          eb.and([
            eb('state', '=', 'pending'),
            eb('request_state', '=', 'waiting'),
            eb('start_at', '>', new Date().toISOString()),
          ]),
        ]),
      )
      .orderBy('start_at')
      .limit(200)
      .execute()
    return rows.map(sessionView)
  }

  async function sendCurrent(conn: Conn, topic: Topic): Promise<void> {
    const { socket } = conn
    if (topic === 'expert' && conn.contributorId !== null) {
      send(socket, 'expert', {
        contributor_id: conn.contributorId,
        record: await expertRecord(conn.contributorId),
      })
    } else if (topic === 'notification_count') {
      send(socket, 'notification_count', { count: await notificationCount(conn.personId) })
    } else if (topic === 'conversations' && conn.contributorId !== null) {
      send(socket, 'conversations', {
        contributor_id: conn.contributorId,
        conversations: await conversations(conn.contributorId),
      })
    } else if (topic === 'sessions') {
      send(socket, 'sessions', { sessions: await liveSessions(conn) })
    }
  }

  // ------------------------------------------------------------ bus events

  function interested(set: Set<Conn> | undefined, topic: Topic): Conn[] {
    return [...(set ?? [])].filter((c) => c.topics.has(topic))
  }

  async function onEvent(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'expert.changed': {
        const conns = interested(byContributor.get(event.contributorId), 'expert')
        if (conns.length === 0) return
        const record = await expertRecord(event.contributorId)
        for (const c of conns) send(c.socket, 'expert', { contributor_id: event.contributorId, record })
        return
      }
      case 'notifications.changed': {
        const conns = interested(byPerson.get(event.personId), 'notification_count')
        if (conns.length === 0) return
        const count = await notificationCount(event.personId)
        for (const c of conns) send(c.socket, 'notification_count', { count })
        return
      }
      case 'conversation.changed': {
        // Both people hear of it on `chat`: the business owner by person id, the expert by contributor id.
        const nudged = new Set([
          ...interested(byPerson.get(event.smeId), 'chat'),
          ...interested(byContributor.get(event.contributorId), 'chat'),
        ])
        for (const c of nudged)
          send(c.socket, 'chat', { contributor_id: event.contributorId, sme_id: event.smeId })
        const conns = interested(byContributor.get(event.contributorId), 'conversations')
        if (conns.length === 0) return
        // Every socket of a contributor belongs to the same person.
        const list = await conversations(event.contributorId)
        for (const c of conns)
          send(c.socket, 'conversations', { contributor_id: event.contributorId, conversations: list })
        return
      }
      case 'session.changed': {
        const conns = new Set([
          ...interested(byPerson.get(event.smeId), 'sessions'),
          ...interested(byContributor.get(event.contributorId), 'sessions'),
        ])
        if (conns.size === 0) return
        const row = await db
          .selectFrom('sessions')
          .select(sessionColumns)
          .where('id', '=', event.sessionId)
          .executeTakeFirst()
        if (!row) return
        const session = sessionView(row)
        // The row, not the event, decides who hears of it.
        for (const c of conns) {
          if (c.personId === row.sme_id || c.contributorId === row.contributor_id)
            send(c.socket, 'session', { session })
        }
        return
      }
      case 'api_session.ended': {
        // A logout closes its sockets now, not at the next minute's session check (issue 17).
        for (const c of allConns())
          if (c.apiSessionId === event.apiSessionId) c.socket.close(4001, 'session_ended')
        return
      }
      case 'signal': {
        for (const c of byPerson.get(event.toPersonId) ?? []) {
          send(c.socket, 'signal', {
            session_id: event.sessionId,
            from_person_id: event.fromPersonId,
            payload: event.payload,
          })
        }
        return
      }
    }
  }

  const unsubscribe = bus.subscribe((event) => {
    onEvent(event).catch((error: unknown) =>
      log.warn({ err: (error as Error).message, event: event.type }, 'realtime event failed'),
    )
  })

  // ------------------------------------------------------------ session liveness

  async function apiSessionLive(id: string, personId: number): Promise<boolean> {
    const row = await db
      .selectFrom('auth_sessions')
      .select(['person_id', 'revoked_at', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst()
    return (
      !!row &&
      row.person_id === personId &&
      row.revoked_at === null &&
      Date.parse(row.expires_at) > Date.now()
    )
  }

  const allConns = () => [...byPerson.values()].flatMap((s) => [...s])

  async function recheckSessions(): Promise<void> {
    const conns = allConns()
    if (conns.length === 0) return
    const ids = [...new Set(conns.map((c) => c.apiSessionId))]
    const live = new Set<string>()
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .selectFrom('auth_sessions')
        .select(['id', 'expires_at'])
        .where('id', 'in', ids.slice(i, i + 500))
        .where('revoked_at', 'is', null)
        .execute()
      for (const r of rows) if (Date.parse(r.expires_at) > Date.now()) live.add(r.id)
    }
    for (const c of conns) if (!live.has(c.apiSessionId)) c.socket.close(4001, 'session_ended')
  }

  const sessionTimer = setInterval(() => {
    recheckSessions().catch((error: unknown) =>
      log.warn({ err: (error as Error).message }, 'realtime session check failed'),
    )
  }, options.sessionCheckMs ?? 60_000)
  sessionTimer.unref()

  // Sockets that stop answering pings (a dropped network) are let go.
  const heartbeat = setInterval(() => {
    for (const c of allConns()) {
      if (!c.alive) {
        c.socket.terminate()
        continue
      }
      c.alive = false
      c.socket.ping()
    }
  }, 30_000)
  heartbeat.unref()

  // ------------------------------------------------------------ client messages

  async function signal(conn: Conn, message: Record<string, unknown>): Promise<void> {
    const body = (
      typeof message.data === 'object' && message.data !== null ? message.data : message
    ) as Record<string, unknown>
    const sessionId = Number(body.sessionId ?? body.session_id)
    if (!Number.isSafeInteger(sessionId) || sessionId < 1 || body.payload === undefined) {
      sendError(conn.socket, 'bad_message', 'signal needs sessionId and payload')
      return
    }
    if (Buffer.byteLength(JSON.stringify(body.payload)) > MAX_SIGNAL_BYTES) {
      sendError(conn.socket, 'too_large', `signal payload is over ${MAX_SIGNAL_BYTES} bytes`)
      return
    }
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('contributors as c', 'c.id', 's.contributor_id')
      .select(['s.sme_id', 's.state', 's.communication_way', 'c.person_id as expert_person_id'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst()
    const to =
      row?.sme_id === conn.personId
        ? row.expert_person_id
        : row?.expert_person_id === conn.personId
          ? row.sme_id
          : null
    if (!row || to === null || to === conn.personId) {
      // Not a participant: the same answer as for a session that does not exist.
      sendError(conn.socket, 'forbidden', 'not a participant of this session')
      return
    }
    // Only a started, not yet ended, online session has a call to signal for (issue 17): not a waiting,
    // rejected or expired request, not a booking before it starts, not one that is over.
    if (row.state !== 'ongoing' || row.communication_way !== 0) {
      sendError(conn.socket, 'forbidden', 'the session has no live call')
      return
    }
    await bus.publish({
      type: 'signal',
      sessionId,
      fromPersonId: conn.personId,
      toPersonId: to,
      payload: body.payload,
    })
  }

  async function onMessage(conn: Conn, message: Record<string, unknown>): Promise<void> {
    const data = (typeof message.data === 'object' && message.data !== null ? message.data : {}) as Record<
      string,
      unknown
    >
    switch (message.type) {
      case 'ping':
        send(conn.socket, 'pong', null)
        return
      case 'subscribe':
      case 'unsubscribe': {
        const topic = data.topic as Topic
        if (!TOPICS.includes(topic)) {
          sendError(conn.socket, 'bad_message', 'unknown topic')
          return
        }
        if (message.type === 'unsubscribe') {
          conn.topics.delete(topic)
          return
        }
        if (CONTRIBUTOR_TOPICS.includes(topic) || topic === 'notification_count') {
          const asked = data.contributor_id ?? data.contributorId
          const own = conn.contributorId
          const mismatch = asked !== undefined && asked !== null && String(asked) !== String(own)
          if ((CONTRIBUTOR_TOPICS.includes(topic) && own === null) || mismatch) {
            sendError(conn.socket, 'forbidden', 'only your own expert data', { topic })
            return
          }
        }
        conn.topics.add(topic)
        await sendCurrent(conn, topic)
        return
      }
      case 'signal':
        await signal(conn, message)
        return
      case 'auth':
        sendError(conn.socket, 'bad_message', 'already signed in')
        return
      default:
        sendError(conn.socket, 'bad_message', 'unknown message type')
    }
  }

  async function authenticate(socket: WebSocket, message: Record<string, unknown>): Promise<Conn | null> {
    const data = (message.data ?? {}) as { token?: unknown }
    if (message.type !== 'auth' || typeof data.token !== 'string') {
      sendError(socket, 'unauthenticated', 'the first message must be auth')
      socket.close(4001, 'unauthenticated')
      return null
    }
    const identity = await verifyRealtimeToken(config, data.token)
    if (!identity?.sessionId || !(await apiSessionLive(identity.sessionId, identity.personId))) {
      sendError(socket, 'invalid_token', 'the realtime token was refused')
      socket.close(4001, 'invalid_token')
      return null
    }
    // The expert identity as it is now, not as it was when the token was issued.
    const contributor = await db
      .selectFrom('contributors')
      .select('id')
      .where('person_id', '=', identity.personId)
      .executeTakeFirst()
    return {
      socket,
      personId: identity.personId,
      contributorId: contributor?.id ?? null,
      apiSessionId: identity.sessionId,
      topics: new Set(),
      alive: true,
    }
  }

  function handle(socket: WebSocket): void {
    let conn: Conn | null = null
    let authenticating = false
    let count = 0
    pending.add(socket)
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
          const made = await authenticate(socket, message)
          if (!made || socket.readyState !== socket.OPEN) return
          conn = made
          clearTimeout(authTimer)
          pending.delete(socket)
          addTo(byPerson, conn.personId, conn)
          if (conn.contributorId !== null) addTo(byContributor, conn.contributorId, conn)
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
      pending.delete(socket)
      if (conn) {
        removeFrom(byPerson, conn.personId, conn)
        if (conn.contributorId !== null) removeFrom(byContributor, conn.contributorId, conn)
      }
    })
  }

  return {
    handle,
    close() {
      unsubscribe()
      clearInterval(sessionTimer)
      clearInterval(heartbeat)
      for (const c of allConns()) c.socket.close(1001, 'server_closing')
      for (const s of pending) s.close(1001, 'server_closing')
    },
  }
}
