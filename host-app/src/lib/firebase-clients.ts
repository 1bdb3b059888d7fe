/**
 * The Firebase implementations the site loads by dynamic import when it is built with `VITE_FIREBASE_CONFIG`
 * (lib/api.ts, lib/push.ts): core's Firestore realtime client and FCM push client.
 */
import type { RealtimeClient } from '@mashura/core'
import { firebaseRealtime } from '@mashura/core/realtime/firebase'
import { firebasePush } from '@mashura/core/realtime/firebase-push'

/** The parsed `VITE_FIREBASE_CONFIG`. */
const config = (json: string) => JSON.parse(json) as Record<string, string>

export const realtimeClient = (
  json: string,
  extensions: Pick<RealtimeClient, 'watchChat' | 'watchSessions'>,
) => firebaseRealtime(config(json), extensions)

export const pushClient = (json: string, registration: ServiceWorkerRegistration) =>
  firebasePush(config(json), registration)
