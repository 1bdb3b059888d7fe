/**
 * The browser's Web Push client: core's {@link PushClient} on a service worker's `PushManager`
 * with a VAPID key (design section 5). The service worker (the host app's `/sw.js`) posts each
 * foreground push to the visible windows as `{ type: PUSH_MESSAGE_TYPE, message }`.
 */
import type { PushClient, PushMessage, Unsubscribe } from './index.ts'

/** The `type` of the service worker's window messages that carry a foreground push. */
export const PUSH_MESSAGE_TYPE = 'mashura-push'

/** How long obtaining a subscription may take before it counts as failed (a push service that never answers). */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 20_000

/** What {@link createWebPushClient} works with; the browser's globals by default. */
export interface WebPushClientOptions {
  /** The service worker registration, or null when registering `/sw.js` failed. */
  registration: ServiceWorkerRegistration | null
  /** The service worker container; `navigator.serviceWorker` by default. */
  container?: ServiceWorkerContainer | null
  /** The `Notification` constructor; the global one by default. */
  notification?: Pick<typeof Notification, 'permission' | 'requestPermission'> | null
  /** Whether `PushManager` exists; read from the global scope by default. */
  pushManagerAvailable?: boolean
}

/** Decodes a base64url VAPID key into the bytes `PushManager.subscribe` wants. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** Whether a subscription was made with this VAPID key. */
function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey
  if (!current) return false
  const bytes = new Uint8Array(current)
  return bytes.length === key.length && bytes.every((b, i) => b === key[i])
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The push service did not answer in time')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** Whether a window message is a foreground push from our service worker. */
function isPushEnvelope(value: unknown): value is { type: string; message: PushMessage } {
  if (typeof value !== 'object' || value === null) return false
  const envelope = value as { type?: unknown; message?: { data?: unknown } }
  return (
    envelope.type === PUSH_MESSAGE_TYPE &&
    typeof envelope.message === 'object' &&
    envelope.message !== null &&
    typeof envelope.message.data === 'object' &&
    envelope.message.data !== null
  )
}

/**
 * Makes the Web Push client of a browser.
 * - `getToken(publicKey)` answers the subscription as JSON text (what the server stores as the token),
 *   reusing the browser's subscription when it was made with the same key; null when there is no key;
 *   it throws when the browser or its push service refuses.
 * - `onMessage` throws when there is no service worker to hear pushes from.
 */
export function createWebPushClient(options: WebPushClientOptions): PushClient {
  const scope = globalThis as {
    navigator?: { serviceWorker?: ServiceWorkerContainer }
    Notification?: typeof Notification
    PushManager?: unknown
  }
  const container =
    options.container === undefined ? (scope.navigator?.serviceWorker ?? null) : options.container
  const notification =
    options.notification === undefined ? (scope.Notification ?? null) : options.notification
  const pushManagerAvailable = options.pushManagerAvailable ?? typeof scope.PushManager === 'function'
  const { registration } = options

  return {
    async isSupported() {
      return container !== null && notification !== null && pushManagerAvailable
    },
    permission() {
      return notification?.permission ?? 'denied'
    },
    async requestPermission() {
      if (!notification) return 'denied'
      return notification.requestPermission()
    },
    async getToken(publicKey) {
      if (!publicKey) return null
      if (!registration) throw new Error('No service worker is registered')
      const key = vapidKeyBytes(publicKey)
      const manager = registration.pushManager
      let subscription = await manager.getSubscription()
      if (subscription && !sameKey(subscription, key)) {
        // Made for another server key: pushes signed with the new one would be refused.
        await subscription.unsubscribe()
        subscription = null
      }
      subscription ??= await withTimeout(
        manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
        PUSH_SUBSCRIBE_TIMEOUT_MS,
      )
      return JSON.stringify(subscription.toJSON())
    },
    onMessage(listener): Unsubscribe {
      if (!container || !registration) throw new Error('No service worker to hear push messages from')
      const onWindowMessage = (event: MessageEvent) => {
        if (isPushEnvelope(event.data)) listener(event.data.message)
      }
      container.addEventListener('message', onWindowMessage)
      return () => container.removeEventListener('message', onWindowMessage)
    },
  }
}
