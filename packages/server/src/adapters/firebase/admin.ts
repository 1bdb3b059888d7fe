/**
 * Firebase on the server (design section 10, issue 16), with `FIREBASE_SERVICE_ACCOUNT` set: firebase-admin
 * with the service account, for the custom tokens `GET /firebase/auth` hands out (signed here with the
 * account's key, no network) and the Firestore the realtime state is mirrored into. Firestore is reached at
 * Google, or at the emulator `FIRESTORE_EMULATOR_HOST` names (firebase-admin reads it itself; the tests do).
 */
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import type * as AdminApp from 'firebase-admin/app'
import type * as AdminAuth from 'firebase-admin/auth'
import type * as AdminFirestore from 'firebase-admin/firestore'
import type { Firestore } from 'firebase-admin/firestore'
import type { FirebaseConfig } from '../../config.ts'

// firebase-admin takes about a third of a second to load (gRPC, protobufs), a fifth of the server's start-up,
// and most servers run without Firebase: it is loaded when a server with a service account starts. `require`
// (it is a CommonJS package) keeps createFirebaseServices synchronous.
const require = createRequire(import.meta.url)

/** What the server uses of Firebase. */
export interface FirebaseServices {
  /**
   * A Firebase custom token for a person: uid their person id, with their contributor id and API session as
   * claims, which a browser or the agency's apps sign in to Firebase with (`signInWithCustomToken`), and
   * which the realtime socket takes too (adapters/auth/realtime-token.ts).
   */
  customToken(identity: {
    personId: number
    contributorId: number | null
    sessionId: string | null
  }): Promise<string>
  firestore: Firestore
  close(): Promise<void>
}

/** Starts firebase-admin for a service account. */
export function createFirebaseServices(config: FirebaseConfig): FirebaseServices {
  const { cert, deleteApp, initializeApp } = require('firebase-admin/app') as typeof AdminApp
  const { getAuth } = require('firebase-admin/auth') as typeof AdminAuth
  const { getFirestore } = require('firebase-admin/firestore') as typeof AdminFirestore
  const app = initializeApp(
    {
      credential: cert({
        projectId: config.projectId,
        clientEmail: config.clientEmail,
        privateKey: config.privateKey,
      }),
      projectId: config.projectId,
    },
    // One app per server: tests start several in one process.
    `mashura-${randomBytes(4).toString('hex')}`,
  )
  const firestore = getFirestore(app)
  return {
    // The API session rides along (`sid`), so that the realtime socket, which also takes this token, ends
    // with the session as it does for its own tokens.
    customToken: ({ personId, contributorId, sessionId }) =>
      getAuth(app).createCustomToken(String(personId), {
        contributor_id: contributorId,
        ...(sessionId ? { sid: sessionId } : {}),
      }),
    firestore,
    close: () => deleteApp(app),
  }
}
