import {
  $auth,
  createWebPushClient,
  getVapidPublicKey,
  type PushClient,
  registerPushToken,
  type Unsubscribe,
} from '@mashura/core'
import { useSyncExternalStore } from 'react'
import { api } from './api.ts'
import { firebaseLoader } from './firebase-loader.ts'
import { enablePush, shouldAskNotificationPermission } from './live.ts'
import { navigateTo } from './navigation.ts'

/**
 * Push for the site (spec sections 4, 7, 8; design section 5): the service worker at `/sw.js`, registered at
 * load, and Web Push turned on for signed-in people with a contributor id.
 *
 * When the browser is asked: right after signing in (once per sign-in; the browser itself remembers a
 * refusal), and when the person presses "turn on" on the notifications page. A page load of someone already
 * signed in only renews the subscription when permission was granted before: no prompt out of the blue.
 */

/** The service worker's address; it must sit at the root to receive every page's pushes. */
export const SERVICE_WORKER_URL = '/sw.js'

/** The service worker's message asking a window to open a page (a notification clicked, spec 4's link). */
const OPEN_MESSAGE_TYPE = 'mashura-open'

/**
 * Whether push is on in this page: `working` while turning on, `listening` when foreground messages are heard
 * but no token was saved, `on` when both.
 */
export type PushState = 'off' | 'working' | 'listening' | 'on'

let pushState: PushState = 'off'
const pushStateListeners = new Set<() => void>()

function setPushState(next: PushState): void {
  pushState = next
  for (const listener of pushStateListeners) listener()
}

/** The page's {@link PushState}, for components. */
export function usePushState(): PushState {
  return useSyncExternalStore(
    (listener) => {
      pushStateListeners.add(listener)
      return () => pushStateListeners.delete(listener)
    },
    () => pushState,
  )
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null
let stopListening: Unsubscribe | null = null

/** Registers `/sw.js` once; a failure is only logged (spec section 8) and answers null. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registration ??= (async () => {
    if (!('serviceWorker' in navigator)) return null
    try {
      return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' })
    } catch (error) {
      console.warn('service worker registration failed', error)
      return null
    }
  })()
  return registration
}

/** The server's public VAPID key; empty when the server has none to give (push token unavailable). */
async function vapidPublicKey(): Promise<string> {
  // FCM subscribes with the Firebase project's web push key, not the server's own.
  if (firebaseLoader) return firebaseLoader.vapidKey
  try {
    const { data } = await getVapidPublicKey(api)
    return typeof data?.public_key === 'string' ? data.public_key : ''
  } catch (error) {
    console.warn('the VAPID public key could not be read', error)
    return ''
  }
}

function stop(): void {
  stopListening?.()
  stopListening = null
  setPushState('off')
}

/** The push client of this browser, on the registered service worker. */
async function pushClient(): Promise<PushClient> {
  const registration = await registerServiceWorker()
  if (firebaseLoader && registration) return firebaseLoader.push(registration)
  return createWebPushClient({ registration })
}

/**
 * Turns push on for the signed-in person (asking permission when the browser has not been asked): listens to
 * foreground messages (the snackbar with spec 4's link), subscribes with the server's VAPID key and saves the
 * subscription as `fcmToken` with device type 3. Each failure shows its message of spec section 8.
 */
export async function turnOnPush(): Promise<void> {
  const auth = $auth.get()
  if (!shouldAskNotificationPermission(auth.token !== null, auth.id)) return
  if (pushState === 'working') return
  stop()
  setPushState('working')
  const [push, publicKey] = await Promise.all([pushClient(), vapidPublicKey()])
  const result = await enablePush({
    push,
    publicKey,
    saveToken: (token) => registerPushToken(api, { token }),
    currentPath: () => window.location.pathname,
  })
  stopListening = result.stop ?? null
  setPushState(result.ok ? 'on' : result.stop ? 'listening' : 'off')
}

/** Opens the page a clicked notification names, when the service worker could not move the tab itself. */
function followServiceWorkerLinks(): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; link?: unknown } | null
    if (data?.type !== OPEN_MESSAGE_TYPE || typeof data.link !== 'string') return
    if (data.link.startsWith('/') && !data.link.startsWith('//')) navigateTo(data.link)
  })
}

/**
 * Starts push at page load: registers the service worker, renews push for a signed-in expert who granted
 * permission before, asks after a sign-in in this page, and stops listening at logout.
 */
export function startPush(): void {
  // Once the page has loaded: the worker only relays pushes, and a phone's first load has the network and
  // the main thread to itself until then (issue 37).
  if (document.readyState === 'complete') void registerServiceWorker()
  else window.addEventListener('load', () => void registerServiceWorker(), { once: true })
  followServiceWorkerLinks()
  const permission = typeof Notification === 'undefined' ? 'default' : Notification.permission
  let signedIn = $auth.get().token !== null
  if (signedIn && permission === 'granted') void turnOnPush()
  $auth.listen((auth) => {
    const now = auth.token !== null
    if (now && !signedIn) void turnOnPush()
    if (!now && signedIn) stop()
    signedIn = now
  })
}
