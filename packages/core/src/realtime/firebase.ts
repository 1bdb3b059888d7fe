/**
 * The realtime client on Firebase (design section 5, issue 16), for deployments that run Firebase: spec section
 * 7's live listeners on Firestore, fed by the reference server's mirror (packages/server/src/adapters/firebase/mirror.ts)
 * or by the agency's own backend, with the same documents:
 *
 * - `experts/{contributorId}`: `{ data: ExpertRecord }`;
 * - `notifications/{contributorId}`: `{ count }`;
 * - `experts/{contributorId}/conversations/{smeId}`: `{ lastMessage, … }`.
 *
 * Reached only through `@mashura/core/realtime/firebase`, never from core's index: the default bundles carry no
 * Firebase code; a page loads this module (and the firebase SDK) by dynamic import when it has a Firebase
 * configuration. The spec's business owners had no live chat list and no live sessions: those two listeners
 * (`watchChat`, `watchSessions`, reference-server extensions) go to the built-in socket client given as
 * `extensions`, which signs in on its own.
 */
import { type FirebaseOptions, getApps, initializeApp } from 'firebase/app'
import { getAuth, signInWithCustomToken, signOut } from 'firebase/auth'
import { collection, doc, type Firestore, getFirestore, onSnapshot } from 'firebase/firestore'
import { CONTRIBUTOR_KINDS, type ContributorKind } from '../contract/enums.ts'
import type { ChatConversation, ChatLastMessage, ChatMessageType } from '../contract/index.ts'
import { type ExpertRecord, type RealtimeClient, RealtimeError, type Unsubscribe } from './index.ts'

/** What the Firebase client is made with. */
export interface FirebaseRealtimeOptions {
  firestore: Firestore
  /** Signs in to Firebase with the custom token (`payload` of `GET /firebase/auth`). */
  signIn(customToken: string): Promise<void>
  /** Signs out of Firebase. */
  signOut(): Promise<void>
  /** The client of the reference-server extensions (`watchChat`, `watchSessions`); none: they hear nothing. */
  extensions?: Pick<RealtimeClient, 'watchChat' | 'watchSessions'>
}

const KINDS: readonly string[] = CONTRIBUTOR_KINDS

/** An expert document's record, or null when the document is missing or not one. */
export function expertFromDocument(data: unknown): ExpertRecord | null {
  const record = (data as { data?: Record<string, unknown> } | null | undefined)?.data
  if (!record || !KINDS.includes(record.role as string)) return null
  return {
    role: record.role as ContributorKind,
    chat_status: record.chat_status === true,
    join_now_enabled: record.join_now_enabled === true,
    available_for_instant: record.available_for_instant === true,
  }
}

/** A conversation document (its id is the business owner's) as core's {@link ChatConversation}. */
export function conversationFromDocument(id: string, data: unknown): ChatConversation {
  const last = (data as { lastMessage?: Record<string, unknown> | null } | null | undefined)?.lastMessage
  if (!last || typeof last !== 'object') return { id, lastMessage: null }
  const sender = (last.user as { id?: unknown } | undefined)?.id
  const message: ChatLastMessage = {
    user: { id: typeof sender === 'number' || typeof sender === 'string' ? sender : '' },
    body: typeof last.body === 'string' ? last.body : null,
    status: typeof last.status === 'number' ? last.status : 0,
    ...(typeof last.type === 'string' ? { type: last.type as ChatMessageType } : {}),
  }
  return { id, lastMessage: message }
}

/** A notification-count document's count (0 when missing). */
export function countFromDocument(data: unknown): number {
  const count = (data as { count?: unknown } | null | undefined)?.count
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0
}

function realtimeError(error: { code?: string; message?: string }): RealtimeError {
  const code =
    error.code === 'permission-denied'
      ? 'forbidden'
      : error.code === 'unauthenticated'
        ? 'unauthenticated'
        : 'unavailable'
  return new RealtimeError(code, error.message ?? 'Firestore listener failed')
}

/** Makes the Firebase realtime client. */
export function createFirebaseRealtime(options: FirebaseRealtimeOptions): RealtimeClient {
  const { firestore } = options
  let signedIn = false
  const listeners = new Set<Unsubscribe>()

  function track(stop: Unsubscribe): Unsubscribe {
    listeners.add(stop)
    return () => {
      listeners.delete(stop)
      stop()
    }
  }

  function guard(onError?: (error: RealtimeError) => void): boolean {
    if (signedIn) return true
    onError?.(new RealtimeError('unauthenticated', 'Sign in to the realtime store first'))
    return false
  }

  return {
    async signIn(customToken) {
      try {
        await options.signIn(customToken)
      } catch (error) {
        throw new RealtimeError('invalid_token', (error as Error)?.message ?? 'Firebase refused the token')
      }
      signedIn = true
    },
    async signOut() {
      for (const stop of [...listeners]) stop()
      listeners.clear()
      signedIn = false
      await options.signOut()
    },
    isSignedIn: () => signedIn,
    watchExpert(contributorId, listener, onError) {
      if (!guard(onError)) return () => {}
      return track(
        onSnapshot(
          doc(firestore, 'experts', contributorId),
          (snapshot) => listener(snapshot.exists() ? expertFromDocument(snapshot.data()) : null),
          (error) => onError?.(realtimeError(error)),
        ),
      )
    },
    watchNotificationCount(contributorId, listener, onError) {
      if (!guard(onError)) return () => {}
      return track(
        onSnapshot(
          doc(firestore, 'notifications', contributorId),
          (snapshot) => listener(countFromDocument(snapshot.exists() ? snapshot.data() : null)),
          (error) => onError?.(realtimeError(error)),
        ),
      )
    },
    watchConversations(contributorId, listener, onError) {
      if (!guard(onError)) return () => {}
      return track(
        onSnapshot(
          collection(firestore, 'experts', contributorId, 'conversations'),
          (snapshot) => listener(snapshot.docs.map((d) => conversationFromDocument(d.id, d.data()))),
          (error) => onError?.(realtimeError(error)),
        ),
      )
    },
    watchChat(listener, onError) {
      return options.extensions ? track(options.extensions.watchChat(listener, onError)) : () => {}
    },
    watchSessions(listener, onError) {
      return options.extensions ? track(options.extensions.watchSessions(listener, onError)) : () => {}
    },
  }
}

/**
 * The Firebase realtime client of a web app's configuration (the JSON the Firebase console gives): its
 * Firestore and Firebase Auth's custom-token sign-in.
 */
export function firebaseRealtime(
  config: FirebaseOptions,
  extensions?: FirebaseRealtimeOptions['extensions'],
): RealtimeClient {
  const app = getApps()[0] ?? initializeApp(config)
  const auth = getAuth(app)
  return createFirebaseRealtime({
    firestore: getFirestore(app),
    signIn: async (token) => void (await signInWithCustomToken(auth, token)),
    signOut: () => signOut(auth),
    ...(extensions ? { extensions } : {}),
  })
}
