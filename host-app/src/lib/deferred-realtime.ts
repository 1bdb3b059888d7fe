/**
 * The site's realtime client where the platform runs Firebase (`VITE_FIREBASE_CONFIG`): the spec's listeners
 * (the expert record, the notification count, the conversations) on Firebase, loaded with the firebase SDK on
 * the first sign-in, and the reference server's extensions (the live chat list and sessions) on the built-in
 * socket, as before. Both sign in with `payload` of `GET /firebase/auth`: Firebase's custom token, which the
 * reference server's socket also takes.
 */
import { type RealtimeClient, RealtimeError } from '@mashura/core'

/** What the deferred client is made of. */
export interface DeferredRealtimeOptions {
  /** Loads the Firebase client (a dynamic import, so a build without Firebase carries none of it). */
  load(): Promise<RealtimeClient>
  /** The built-in socket client, for the extensions. */
  socket: RealtimeClient
}

/** The realtime client of a Firebase deployment: Firebase for the spec's listeners, the socket for the rest. */
export function deferredRealtime(options: DeferredRealtimeOptions): RealtimeClient {
  let firebase: RealtimeClient | null = null
  const notYet = (onError?: (error: RealtimeError) => void) => {
    onError?.(new RealtimeError('unauthenticated', 'Sign in to the realtime store first'))
    return () => {}
  }
  return {
    async signIn(customToken) {
      firebase ??= await options.load()
      await firebase.signIn(customToken)
      // The extensions still work if the socket cannot sign in now; they catch up on the next sign-in.
      await options.socket.signIn(customToken).catch(() => {})
    },
    async signOut() {
      await Promise.all([firebase?.signOut(), options.socket.signOut()])
    },
    isSignedIn: () => firebase?.isSignedIn() ?? false,
    watchExpert: (id, listener, onError) =>
      firebase ? firebase.watchExpert(id, listener, onError) : notYet(onError),
    watchNotificationCount: (id, listener, onError) =>
      firebase ? firebase.watchNotificationCount(id, listener, onError) : notYet(onError),
    watchConversations: (id, listener, onError) =>
      firebase ? firebase.watchConversations(id, listener, onError) : notYet(onError),
    watchChat: (listener, onError) => options.socket.watchChat(listener, onError),
    watchSessions: (listener, onError) => options.socket.watchSessions(listener, onError),
  }
}
