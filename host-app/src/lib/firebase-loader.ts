/**
 * Where the site's Firebase implementations load from, with `VITE_FIREBASE_CONFIG` set: each by dynamic
 * import, on first use. A build without the variable replaces this module with `firebase-loader.none.ts`
 * (host-app/vite.config.ts), so that no import of Firebase is left for the bundler to make chunks for and the
 * build is byte for byte what it was without Firebase (issue 16).
 */
import type { PushClient, RealtimeClient } from '@mashura/core'
import type { Analytics } from './analytics.ts'

/** What loads the Firebase implementations. */
export interface FirebaseLoader {
  /** The Firebase realtime client, the reference server's extensions left to `extensions`. */
  realtime(extensions: Pick<RealtimeClient, 'watchChat' | 'watchSessions'>): Promise<RealtimeClient>
  /** The FCM push client on the site's service worker. */
  push(registration: ServiceWorkerRegistration): Promise<PushClient>
  /** Firebase Analytics. */
  analytics(): Promise<Analytics>
  /** The Firebase project's web push key (`VITE_FIREBASE_VAPID_KEY`), which FCM subscribes with. */
  vapidKey: string
}

const config = typeof __MASHURA_FIREBASE_CONFIG__ === 'string' ? __MASHURA_FIREBASE_CONFIG__ : ''

export const firebaseLoader: FirebaseLoader | null = config
  ? {
      realtime: (extensions) =>
        import('./firebase-clients.ts').then((m) => m.realtimeClient(config, extensions)),
      push: (registration) => import('./firebase-clients.ts').then((m) => m.pushClient(config, registration)),
      analytics: () => import('./firebase-analytics.ts').then((m) => m.firebaseAnalytics(JSON.parse(config))),
      vapidKey: (import.meta.env.VITE_FIREBASE_VAPID_KEY as string | undefined) ?? '',
    }
  : null
