/**
 * The push client on Firebase Cloud Messaging (design section 5, issue 16), for deployments that run Firebase:
 * spec section 7's push calls with the firebase SDK's messaging. The registration token comes from `getToken`
 * with the Firebase project's web push key and the site's own service worker, and is saved as `fcmToken` like
 * a Web Push subscription (the server sends to it through FCM); foreground messages carry the same data fields
 * (title, request_id, session_id) and notification.body.
 *
 * Reached only through `@mashura/core/realtime/firebase-push`, never from core's index, like
 * `realtime/firebase.ts`.
 */
import { type FirebaseOptions, getApps, initializeApp } from 'firebase/app'
import {
  getMessaging,
  getToken,
  isSupported,
  type MessagePayload,
  type Messaging,
  onMessage,
} from 'firebase/messaging'
import type { PushMessageData } from '../contract/index.ts'
import type { PushClient, PushMessage } from './index.ts'

/** A foreground FCM message in the shape core's push rules read (spec 4's link rule). */
export function pushMessageFromPayload(payload: Pick<MessagePayload, 'data' | 'notification'>): PushMessage {
  const data = payload.data ?? {}
  const id = (value: string | undefined) => (value === undefined || value === '' ? null : value)
  const message: PushMessage = {
    data: {
      title: data.title ?? payload.notification?.title,
      request_id: id(data.request_id),
      session_id: id(data.session_id),
    } as PushMessageData,
  }
  if (payload.notification) {
    message.notification = {
      ...(payload.notification.title === undefined ? {} : { title: payload.notification.title }),
      ...(payload.notification.body === undefined ? {} : { body: payload.notification.body }),
    }
  }
  return message
}

/** The FCM push client on a messaging instance and the site's service worker registration. */
export function createFcmPushClient(options: {
  messaging: () => Promise<Messaging | null>
  registration: ServiceWorkerRegistration
}): PushClient {
  return {
    async isSupported() {
      return (await options.messaging()) !== null
    },
    permission: () => (typeof Notification === 'undefined' ? 'denied' : Notification.permission),
    requestPermission: () =>
      typeof Notification === 'undefined'
        ? Promise.resolve('denied' as const)
        : Notification.requestPermission(),
    async getToken(publicKey) {
      const messaging = await options.messaging()
      if (!messaging) return null
      const token = await getToken(messaging, {
        vapidKey: publicKey,
        serviceWorkerRegistration: options.registration,
      })
      return token || null
    },
    onMessage(listener) {
      let stop: (() => void) | null = null
      let stopped = false
      void options.messaging().then((messaging) => {
        if (!messaging || stopped) return
        stop = onMessage(messaging, (payload) => listener(pushMessageFromPayload(payload)))
      })
      return () => {
        stopped = true
        stop?.()
      }
    },
  }
}

/** The FCM push client of a web app's configuration, where the browser supports FCM. */
export function firebasePush(config: FirebaseOptions, registration: ServiceWorkerRegistration): PushClient {
  let messaging: Promise<Messaging | null> | null = null
  return createFcmPushClient({
    registration,
    messaging: () => {
      messaging ??= isSupported().then((ok) =>
        ok ? getMessaging(getApps()[0] ?? initializeApp(config)) : null,
      )
      return messaging
    },
  })
}
