/** `firebase-loader.ts` in a build without `VITE_FIREBASE_CONFIG` (host-app/vite.config.ts): no Firebase. */
import type { FirebaseLoader } from './firebase-loader.ts'

export const firebaseLoader: FirebaseLoader | null = null
