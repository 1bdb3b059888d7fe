/**
 * The realtime client of the reference API: the {@link RealtimeClient} over the WebSocket
 * at `/api/realtime` (protocol: `packages/server/src/adapters/realtime/hub.ts`), plus the WebRTC
 * signalling relay of the meetings. Uses only the standard `WebSocket` API, so it runs in
 * browsers and in Node (24+, where `WebSocket` is global); tests inject a fake.
 */
import type {
  ChatConversation,
  RealtimeClientMessage,
  RealtimeServerData,
  RealtimeServerMessage,
} from '../contract/index.ts'
import {
  type ChatChange,
  type ExpertRecord,
  type RealtimeClient,
  RealtimeError,
  type SessionChange,
  type Unsubscribe,
} from './index.ts'

/** The part of the standard `WebSocket` this client uses. */
export interface RealtimeSocket {
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number
  /** Sends a text frame. */
  send(data: string): void
  /** Closes the socket. */
  close(code?: number, reason?: string): void
  /** Called once the socket is open. */
  onopen: ((event: unknown) => void) | null
  /** Called with each frame received. */
  onmessage: ((event: { data: unknown }) => void) | null
  /** Called once the socket is closed, with the close code and reason. */
  onclose: ((event: { code: number; reason: string }) => void) | null
  /** Called when the socket fails (a close follows). */
  onerror: ((event: unknown) => void) | null
}

/** A `WebSocket` constructor (the global one, or a fake in tests). */
export type RealtimeSocketConstructor = new (url: string) => RealtimeSocket

/** Options of {@link createWebSocketRealtime}. */
export interface WebSocketRealtimeOptions {
  /** The socket's address, e.g. `wss://api.example/api/realtime` (`http(s)` is turned into `ws(s)`). */
  url: string
  /** The API key; browsers cannot set headers on a WebSocket, so it goes in the query as `api_key`. */
  apiKey: string
  /** The `WebSocket` constructor; the global one by default. */
  WebSocket?: RealtimeSocketConstructor
  /** How long to wait for the server to accept the token before giving the socket up (ms). */
  readyTimeoutMs?: number
  /**
   * Asks for a new token (`GET /firebase/auth`) before each reconnect: a token lives 10 minutes, so one a page
   * was loaded with is refused after a longer network drop (issue 17). Without it the first token is sent again.
   */
  freshToken?: () => Promise<string>
}

/** A signalling message relayed from the other participant of a session. */
export interface MeetingSignal {
  /** The session it is about. */
  sessionId: number
  /** The person who sent it. */
  fromPersonId: number
  /** What they sent (any JSON). */
  payload: unknown
}

/** The signalling channel of the built-in WebRTC meetings. */
export interface MeetingSignalling {
  /**
   * Sends a payload (any JSON of at most 16 KB) to the other participant of a session.
   * Throws a {@link RealtimeError}: `unauthenticated` while signed out, `unavailable`
   * while the connection is down. The server's refusals reach `onSignal`'s `onError`.
   */
  sendSignal(sessionId: number | string, payload: unknown): void
  /** Listens to the signals the other participants send; `onError` hears of refused signals. */
  onSignal(listener: (signal: MeetingSignal) => void, onError?: (error: RealtimeError) => void): Unsubscribe
}

/** The realtime client of the reference API, with the meeting signalling channel. */
export interface WebSocketRealtime extends RealtimeClient, MeetingSignalling {}

type Topic = 'expert' | 'notification_count' | 'conversations' | 'chat' | 'sessions'

interface Watcher {
  contributorId: string
  fn: (value: unknown) => void
  onError: ((error: RealtimeError) => void) | undefined
}

/**
 * A message from the hub: one of the contract's, though read defensively (any field may be missing from a
 * server of another version), hence the partial data.
 */
type ServerMessage = {
  [T in RealtimeServerMessage['type']]: { type: T; data: Partial<NonNullable<RealtimeServerData<T>>> | null }
}[RealtimeServerMessage['type']]

const OPEN = 1
/** The hub's close code for a refused token or an ended API session. */
const CLOSE_AUTH_FAILED = 4001
const BACKOFF_FIRST_MS = 1000
const BACKOFF_MAX_MS = 30_000

function socketUrl(url: string, apiKey: string): string {
  const u = new URL(url)
  if (u.protocol === 'http:') u.protocol = 'ws:'
  else if (u.protocol === 'https:') u.protocol = 'wss:'
  u.searchParams.set('api_key', apiKey)
  return u.toString()
}

function parse(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null || typeof (value as ServerMessage).type !== 'string')
      return null
    const data = (value as { data?: unknown }).data
    return {
      type: (value as ServerMessage).type,
      data: typeof data === 'object' ? (data as never) : null,
    } as ServerMessage
  } catch {
    return null
  }
}

/** Calls a listener; one that throws does not keep the others from hearing. */
function safely<T>(fn: (value: T) => void, value: T): void {
  try {
    fn(value)
  } catch (error) {
    queueMicrotask(() => {
      throw error
    })
  }
}

/**
 * Makes the realtime client of the reference API. `signIn` opens the socket and sends the
 * custom token; after an unexpected close it reconnects with backoff (1 s, 2 s, 4 s … 30 s),
 * signs in again (with a fresh token when `freshToken` is given, else the same one) and re-subscribes, until `signOut` or until the server
 * refuses the token (close code 4001), which ends the sign-in and errors every listener.
 */
export function createWebSocketRealtime(options: WebSocketRealtimeOptions): WebSocketRealtime {
  const Socket =
    options.WebSocket ?? (globalThis as { WebSocket?: RealtimeSocketConstructor }).WebSocket ?? null
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000

  let token: string | null = null
  let signedIn = false
  let socket: RealtimeSocket | null = null
  let ready = false
  let ownContributorId: string | null = null
  let attempt = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null
  let readyTimer: ReturnType<typeof setTimeout> | null = null
  let pendingSignIn: { resolve: () => void; reject: (error: RealtimeError) => void } | null = null

  const watchers: Record<Topic, Set<Watcher>> = {
    expert: new Set(),
    notification_count: new Set(),
    conversations: new Set(),
    chat: new Set(),
    sessions: new Set(),
  }
  /** The topics the server is sending on the current socket. */
  const subscribed = new Set<Topic>()
  /** The latest state of each subscribed topic, for listeners that join later. */
  const latest = new Map<Topic, { contributorId: string | null; value: unknown }>()
  const signalListeners = new Set<{
    fn: (signal: MeetingSignal) => void
    onError: ((error: RealtimeError) => void) | undefined
  }>()

  function send<T extends RealtimeClientMessage['type']>(
    type: T,
    data: Extract<RealtimeClientMessage, { type: T }>['data'],
  ): void {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify({ type, data }))
  }

  function clearTimers(): void {
    if (reconnectTimer !== null) clearTimeout(reconnectTimer)
    if (readyTimer !== null) clearTimeout(readyTimer)
    reconnectTimer = null
    readyTimer = null
  }

  /** Lets the current socket go without reacting to its close. */
  function dropSocket(): void {
    const old = socket
    socket = null
    ready = false
    subscribed.clear()
    latest.clear()
    if (!old) return
    old.onopen = old.onmessage = old.onerror = null
    old.onclose = null
    if (old.readyState < 2) old.close(1000, 'client_closing')
  }

  /** Ends the sign-in: no socket, no reconnecting, and every listener told why and stopped. */
  function end(error: RealtimeError | null): void {
    clearTimers()
    dropSocket()
    token = null
    signedIn = false
    ownContributorId = null
    attempt = 0
    const all = [...Object.values(watchers).flatMap((set) => [...set]), ...signalListeners]
    for (const set of Object.values(watchers)) set.clear()
    signalListeners.clear()
    if (error) for (const w of all) if (w.onError) safely(w.onError, error)
  }

  function settleSignIn(error: RealtimeError | null): void {
    const pending = pendingSignIn
    pendingSignIn = null
    if (!pending) return
    if (error) pending.reject(error)
    else pending.resolve()
  }

  function forbid(topic: Topic, watcher: Watcher): void {
    watchers[topic].delete(watcher)
    watcher.onError?.(
      new RealtimeError('forbidden', `Only the signed-in contributor's own ${topic} can be watched`),
    )
  }

  /** Whether a watcher asks for the signed-in person's own data (`chat` is always their own). */
  function own(topic: Topic, watcher: Watcher): boolean {
    return topic === 'chat' || topic === 'sessions' || watcher.contributorId === ownContributorId
  }

  /** Asks the server for a topic, once per socket, after checking whose data the listeners want. */
  function subscribe(topic: Topic): void {
    if (!ready) return
    for (const w of [...watchers[topic]]) if (!own(topic, w)) forbid(topic, w)
    if (watchers[topic].size === 0 || subscribed.has(topic)) return
    subscribed.add(topic)
    send('subscribe', { topic, contributor_id: ownContributorId })
  }

  function deliver(topic: Topic, contributorId: string | null, value: unknown): void {
    if (!subscribed.has(topic)) return
    // A chat change is an event, not a state: a listener that joins later must not hear an old one.
    if (topic !== 'chat' && topic !== 'sessions') latest.set(topic, { contributorId, value })
    for (const w of [...watchers[topic]])
      if (contributorId === null || w.contributorId === contributorId) safely(w.fn, value)
  }

  function onServerError(data: Partial<RealtimeServerData<'error'>>): void {
    const code = String(data.code ?? '')
    const message = String(data.message ?? code)
    if (code === 'invalid_token' || code === 'unauthenticated') return // the 4001 close follows
    const topic = data.topic as Topic | undefined
    if (topic && topic in watchers) {
      const error = new RealtimeError(code === 'forbidden' ? 'forbidden' : 'unavailable', message)
      const stopped = [...watchers[topic]]
      watchers[topic].clear()
      subscribed.delete(topic)
      latest.delete(topic)
      for (const w of stopped) if (w.onError) safely(w.onError, error)
      return
    }
    const error = new RealtimeError(code === 'forbidden' ? 'forbidden' : 'unavailable', message)
    for (const l of [...signalListeners]) if (l.onError) safely(l.onError, error)
  }

  function onMessage(message: ServerMessage): void {
    switch (message.type) {
      case 'ready': {
        const data = message.data ?? {}
        if (readyTimer !== null) clearTimeout(readyTimer)
        readyTimer = null
        ready = true
        signedIn = true
        attempt = 0
        ownContributorId = data.contributor_id === null ? null : String(data.contributor_id)
        settleSignIn(null)
        for (const topic of Object.keys(watchers) as Topic[]) subscribe(topic)
        return
      }
      case 'expert': {
        const data = message.data ?? {}
        deliver('expert', String(data.contributor_id), (data.record ?? null) satisfies ExpertRecord | null)
        return
      }
      case 'notification_count':
        deliver('notification_count', null, Number(message.data?.count ?? 0))
        return
      case 'conversations': {
        const data = message.data ?? {}
        deliver(
          'conversations',
          String(data.contributor_id),
          (data.conversations ?? []) satisfies ChatConversation[],
        )
        return
      }
      case 'chat': {
        const data = message.data ?? {}
        const change: ChatChange = {
          contributor_id: Number(data.contributor_id),
          sme_id: Number(data.sme_id),
        }
        deliver('chat', null, change)
        return
      }
      case 'session':
        // Each change of a session the person is in; the first list (`sessions`) is state, not a change.
        if (message.data?.session) deliver('sessions', null, message.data.session satisfies SessionChange)
        return
      case 'signal': {
        const data = message.data ?? {}
        const signal: MeetingSignal = {
          sessionId: Number(data.session_id),
          fromPersonId: Number(data.from_person_id),
          payload: data.payload,
        }
        for (const l of [...signalListeners]) safely(l.fn, signal)
        return
      }
      case 'error':
        onServerError(message.data ?? {})
        return
    }
  }

  function scheduleReconnect(): void {
    const delay = Math.min(BACKOFF_FIRST_MS * 2 ** attempt, BACKOFF_MAX_MS)
    attempt += 1
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null
      if (!options.freshToken) {
        connect()
        return
      }
      options.freshToken().then(
        (fresh) => {
          // Signed out meanwhile: nothing to reconnect.
          if (token === null || !fresh) return
          token = fresh
          connect()
        },
        // Still offline (the token call failed too): try again later.
        () => {
          if (token !== null) scheduleReconnect()
        },
      )
    }, delay)
  }

  function onClose(code: number, reason: string): void {
    clearTimers()
    dropSocket()
    if (code === CLOSE_AUTH_FAILED) {
      const error =
        reason === 'session_ended'
          ? new RealtimeError('unauthenticated', 'The API session behind the realtime token ended')
          : new RealtimeError('invalid_token', 'The realtime custom token was refused')
      settleSignIn(error)
      end(error)
      return
    }
    if (!signedIn) {
      // The sign-in never got through: say so, and leave retrying to the caller.
      const error = new RealtimeError('unavailable', `The realtime socket closed (${code})`)
      settleSignIn(error)
      end(error)
      return
    }
    scheduleReconnect()
  }

  function connect(): void {
    if (token === null) return
    if (!Socket) {
      onClose(1006, 'no WebSocket')
      return
    }
    let made: RealtimeSocket
    try {
      made = new Socket(socketUrl(options.url, options.apiKey))
    } catch {
      onClose(1006, 'the socket could not be made')
      return
    }
    socket = made
    const sentToken = token
    made.onopen = () => {
      made.send(JSON.stringify({ type: 'auth', data: { token: sentToken } }))
    }
    made.onmessage = (event) => {
      const message = parse(event.data)
      if (message) onMessage(message)
    }
    made.onerror = () => undefined // a close follows
    made.onclose = (event) => onClose(event.code, event.reason)
    // A network that swallows the socket without closing it is given up on, then retried.
    readyTimer = setTimeout(() => {
      readyTimer = null
      onClose(1006, 'no answer')
    }, readyTimeoutMs)
  }

  function watch(
    topic: Topic,
    contributorId: string,
    fn: (value: unknown) => void,
    onError?: (error: RealtimeError) => void,
  ): Unsubscribe {
    if (!signedIn) {
      onError?.(new RealtimeError('unauthenticated', 'Sign in to the realtime store before listening'))
      return () => {}
    }
    const watcher: Watcher = { contributorId: String(contributorId), fn, onError }
    watchers[topic].add(watcher)
    const known = latest.get(topic)
    if (ready && subscribed.has(topic)) {
      if (!own(topic, watcher)) forbid(topic, watcher)
      else if (known && (known.contributorId === null || known.contributorId === watcher.contributorId))
        fn(known.value)
    } else subscribe(topic)
    return () => {
      if (!watchers[topic].delete(watcher) || watchers[topic].size > 0) return
      if (subscribed.delete(topic)) send('unsubscribe', { topic })
      latest.delete(topic)
    }
  }

  return {
    signIn(customToken) {
      settleSignIn(new RealtimeError('unavailable', 'Another sign-in took over'))
      clearTimers()
      dropSocket()
      signedIn = false
      attempt = 0
      if (!customToken) {
        end(null)
        return Promise.reject(new RealtimeError('invalid_token', 'The realtime custom token is empty'))
      }
      token = customToken
      return new Promise<void>((resolve, reject) => {
        pendingSignIn = { resolve, reject }
        connect()
      })
    },
    async signOut() {
      settleSignIn(new RealtimeError('unauthenticated', 'Signed out'))
      end(null)
    },
    isSignedIn: () => signedIn,
    watchExpert: (contributorId, listener, onError) =>
      watch('expert', contributorId, listener as (value: unknown) => void, onError),
    watchNotificationCount: (contributorId, listener, onError) =>
      watch('notification_count', contributorId, listener as (value: unknown) => void, onError),
    watchConversations: (contributorId, listener, onError) =>
      watch('conversations', contributorId, listener as (value: unknown) => void, onError),
    watchChat: (listener, onError) => watch('chat', '', listener as (value: unknown) => void, onError),
    watchSessions: (listener, onError) =>
      watch('sessions', '', listener as (value: unknown) => void, onError),
    sendSignal(sessionId, payload) {
      if (!signedIn) throw new RealtimeError('unauthenticated', 'Sign in before sending signals')
      if (!ready) throw new RealtimeError('unavailable', 'The realtime connection is down; try again')
      send('signal', { sessionId, payload })
    },
    onSignal(listener, onError) {
      const entry = { fn: listener, onError }
      signalListeners.add(entry)
      return () => {
        signalListeners.delete(entry)
      }
    },
  }
}
