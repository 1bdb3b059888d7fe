import {
  type ApiClient,
  createSessionClient,
  createWebSocketRealtime,
  type WebSocketRealtime,
} from '@mashura/core'
import { API_BASE, API_KEY } from '../config/env.ts'
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

/** The realtime store (the expert record, the notification count, chat conversations) over the server's socket. */
export const realtime: WebSocketRealtime = createWebSocketRealtime({
  url: `${API_BASE}/realtime`,
  apiKey: API_KEY,
})
