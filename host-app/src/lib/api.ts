import {
  type ApiClient,
  createSessionClient,
  createWebSocketRealtime,
  getChatToken,
  type RealtimeClient,
  type WebSocketRealtime,
} from '@mashura/core'
import { API_BASE, API_KEY } from '../config/env.ts'
import { deferredRealtime } from './deferred-realtime.ts'
import { firebaseLoader } from './firebase-loader.ts'
import { navigateTo } from './navigation.ts'

/**
 * The site's one API client: the request token from storage by role (spec 6), the current language, and
 * the 401 rule of spec section 8 (core clears the session; here the browser goes to `/`).
 */
export const api: ApiClient = createSessionClient({
  baseURL: API_BASE,
  apiKey: API_KEY,
  onUnauthorized: () => navigateTo('/', { replace: true }),
})

/** The server's realtime socket (the expert record, the notification count, chat, sessions). */
const socket: WebSocketRealtime = createWebSocketRealtime({
  url: `${API_BASE}/realtime`,
  apiKey: API_KEY,
  // Each reconnect signs in with a new token: the first one has lapsed after a drop of over 10 minutes.
  freshToken: async () => (await getChatToken(api)).data.payload,
})

/**
 * The realtime store: the server's socket, or, built with `VITE_FIREBASE_CONFIG`, Firebase for the spec's
 * listeners (loaded on the first sign-in) beside the socket (lib/deferred-realtime.ts).
 */
export const realtime: RealtimeClient = firebaseLoader
  ? deferredRealtime({ load: () => firebaseLoader!.realtime(socket), socket })
  : socket
