/**
 * Realtime ("the live document store") and push: the interfaces of design section 5.
 * Implementations: the in-memory one here (tests, demos), the WebSocket one of the
 * reference API (`./websocket.ts`), and a Firebase one for deployments that keep Firebase.
 */

import { CodedError } from '../coded-error.ts'
import type {
  ChatChange,
  ChatConversation,
  ExpertRecord,
  PushMessage,
  SessionChange,
} from '../contract/index.ts'

/**
 * The realtime messages' shapes are the contract's (`contract/realtime.ts`), which the server's hub sends, and so
 * is a push's (`contract/push.ts`), which the server's Web Push sends.
 */
export type { ChatChange, ExpertRecord, PushMessage, SessionChange }

/** Stops a listener. */
export type Unsubscribe = () => void

/** Why a realtime operation failed. */
export class RealtimeError extends CodedError<
  'unauthenticated' | 'invalid_token' | 'forbidden' | 'unavailable'
> {
  override readonly name = 'RealtimeError'
}

/** The live store client: sign in with the server's custom token, then listen. */
export interface RealtimeClient {
  /** Signs in with the custom token from `GET /firebase/auth` (`data.payload`). */
  signIn(customToken: string): Promise<void>
  /** Signs out and stops every listener. */
  signOut(): Promise<void>
  /** Whether the client is signed in. */
  isSignedIn(): boolean
  /** Listens to the expert record of a contributor (null when it does not exist). */
  watchExpert(
    contributorId: string,
    listener: (record: ExpertRecord | null) => void,
    onError?: (error: RealtimeError) => void,
  ): Unsubscribe
  /** Listens to a contributor's notification count. */
  watchNotificationCount(
    contributorId: string,
    listener: (count: number) => void,
    onError?: (error: RealtimeError) => void,
  ): Unsubscribe
  /** Listens to a contributor's chat conversations. */
  watchConversations(
    contributorId: string,
    listener: (conversations: ChatConversation[]) => void,
    onError?: (error: RealtimeError) => void,
  ): Unsubscribe
  /**
   * Listens to changes of the signed-in person's own chat conversations, as business owner or as expert
   * (a reference-server extension: the spec's business owners had no live chat list). Each change names
   * the conversation; read its messages again then. Nothing is heard at once, only later changes.
   */
  watchChat(listener: (change: ChatChange) => void, onError?: (error: RealtimeError) => void): Unsubscribe
  /**
   * Listens to changes of the sessions and requests the signed-in person is in, as business owner or as
   * expert (a reference-server extension), so an open session page follows what the other side did
   * (started, ended, cancelled). Nothing is heard at once, only later changes.
   */
  watchSessions(
    listener: (change: SessionChange) => void,
    onError?: (error: RealtimeError) => void,
  ): Unsubscribe
}

/** The push messaging client (Web Push with VAPID by default, FCM for Firebase deployments). */
export interface PushClient {
  /** Whether this browser can receive push at all. */
  isSupported(): Promise<boolean>
  /** The current notification permission. */
  permission(): NotificationPermission
  /** Asks the person for notification permission. */
  requestPermission(): Promise<NotificationPermission>
  /** Obtains a registration token with the public (VAPID) key; null when none is available. */
  getToken(publicKey: string): Promise<string | null>
  /** Listens to foreground messages. */
  onMessage(listener: (message: PushMessage) => void): Unsubscribe
}

/** A meeting a session room runs (design section 5): the built-in WebRTC call or Zoom. */
export interface MeetingProvider {
  /** Which provider. */
  readonly kind: 'webrtc' | 'zoom'
  /** Joins the session's meeting inside a container element. */
  join(options: {
    sessionId: string
    role: 'host' | 'attendee'
    container: unknown
  }): Promise<{ leave(): Promise<void> }>
}

type Listener<T> = { fn: (value: T) => void; onError?: ((error: RealtimeError) => void) | undefined }

/** The in-memory realtime store: the {@link RealtimeClient} plus methods to write documents. */
export interface MemoryRealtime extends RealtimeClient {
  /** Writes (or deletes, with null) an expert record. */
  setExpert(contributorId: string, record: ExpertRecord | null): void
  /** Writes a notification count. */
  setNotificationCount(contributorId: string, count: number): void
  /** Writes (or deletes, with null) one chat conversation. */
  setConversation(contributorId: string, conversation: ChatConversation | null, conversationId?: string): void
  /** Tells the chat listeners that a conversation changed. */
  changeChat(change: ChatChange): void
  /** Tells the session listeners that a session changed. */
  changeSession(change: SessionChange): void
}

/**
 * Makes an in-memory realtime store. Like the real ones, it refuses to listen while
 * signed out, and `acceptToken` decides which custom tokens sign in.
 */
export function createMemoryRealtime(
  options: { acceptToken?: (token: string) => boolean } = {},
): MemoryRealtime {
  const acceptToken = options.acceptToken ?? ((t: string) => t.length > 0)
  let signedIn = false
  const experts = new Map<string, ExpertRecord | null>()
  const counts = new Map<string, number>()
  const conversations = new Map<string, Map<string, ChatConversation>>()
  const listeners = {
    expert: new Map<string, Set<Listener<ExpertRecord | null>>>(),
    count: new Map<string, Set<Listener<number>>>(),
    chat: new Map<string, Set<Listener<ChatConversation[]>>>(),
    changes: new Map<string, Set<Listener<ChatChange>>>(),
    sessions: new Map<string, Set<Listener<SessionChange>>>(),
  }

  const chatList = (id: string) => [...(conversations.get(id)?.values() ?? [])]

  function watch<T>(
    table: Map<string, Set<Listener<T>>>,
    id: string,
    current: (() => T) | null,
    fn: (v: T) => void,
    onError?: (e: RealtimeError) => void,
  ): Unsubscribe {
    if (!signedIn) {
      onError?.(new RealtimeError('unauthenticated', 'Sign in to the realtime store before listening'))
      return () => {}
    }
    const set = table.get(id) ?? new Set()
    table.set(id, set)
    const entry = { fn, onError }
    set.add(entry)
    if (current) fn(current())
    return () => {
      set.delete(entry)
    }
  }

  function emit<T>(table: Map<string, Set<Listener<T>>>, id: string, value: T) {
    for (const l of table.get(id) ?? []) l.fn(value)
  }

  return {
    async signIn(token) {
      if (!acceptToken(token))
        throw new RealtimeError('invalid_token', 'The realtime custom token was refused')
      signedIn = true
    },
    async signOut() {
      signedIn = false
      for (const table of Object.values(listeners)) table.clear()
    },
    isSignedIn: () => signedIn,
    watchExpert: (id, fn, onError) => watch(listeners.expert, id, () => experts.get(id) ?? null, fn, onError),
    watchNotificationCount: (id, fn, onError) =>
      watch(listeners.count, id, () => counts.get(id) ?? 0, fn, onError),
    watchConversations: (id, fn, onError) => watch(listeners.chat, id, () => chatList(id), fn, onError),
    // Changes have no current state: a listener hears only what happens after it starts.
    watchChat: (fn, onError) => watch(listeners.changes, '', null, fn, onError),
    watchSessions: (fn, onError) => watch(listeners.sessions, '', null, fn, onError),
    setExpert(id, record) {
      experts.set(id, record)
      emit(listeners.expert, id, record)
    },
    setNotificationCount(id, count) {
      counts.set(id, count)
      emit(listeners.count, id, count)
    },
    setConversation(id, conversation, conversationId) {
      const map = conversations.get(id) ?? new Map<string, ChatConversation>()
      conversations.set(id, map)
      if (conversation) map.set(conversation.id, conversation)
      else if (conversationId) map.delete(conversationId)
      emit(listeners.chat, id, chatList(id))
    },
    changeChat(change) {
      emit(listeners.changes, '', change)
    },
    changeSession(change) {
      emit(listeners.sessions, '', change)
    },
  }
}

/** The in-memory push client: the {@link PushClient} plus a way to deliver messages. */
export interface MemoryPush extends PushClient {
  /** Delivers a foreground message to the listeners. */
  deliver(message: PushMessage): void
}

/**
 * Makes an in-memory push client. `answer` is what the person says when asked for
 * permission; `token` is the registration token handed out once permission is granted.
 */
export function createMemoryPush(
  options: {
    supported?: boolean
    answer?: NotificationPermission
    token?: string | null
    failListening?: boolean
  } = {},
): MemoryPush {
  let permission: NotificationPermission = 'default'
  const listeners = new Set<(m: PushMessage) => void>()
  return {
    isSupported: async () => options.supported ?? true,
    permission: () => permission,
    async requestPermission() {
      permission = options.answer ?? 'granted'
      return permission
    },
    async getToken(publicKey) {
      if (permission !== 'granted') throw new Error('Notification permission was not granted')
      if (!publicKey) throw new Error('A public key is required to obtain a push token')
      return options.token === undefined ? `memory-push-${publicKey.slice(0, 8)}` : options.token
    },
    onMessage(listener) {
      if (options.failListening) throw new Error('Push listening failed')
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    deliver(message) {
      for (const l of listeners) l(message)
    },
  }
}

export {
  createWebSocketRealtime,
  type MeetingSignal,
  type MeetingSignalling,
  type RealtimeSocket,
  type RealtimeSocketConstructor,
  type WebSocketRealtime,
  type WebSocketRealtimeOptions,
} from './websocket.ts'
