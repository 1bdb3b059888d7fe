/**
 * Firebase Analytics behind the site's analytics interface, loaded only when the site is built with
 * `VITE_FIREBASE_CONFIG` (analytics.ts). The contributor id becomes Analytics' user id, and whether the
 * person is an expert a user property. The name and e-mail that the identify call carries are not sent:
 * Google Analytics' terms forbid personal data such as names and e-mail addresses, so an implementation
 * that may receive them (a CRM, say) is plugged in with `setAnalytics` instead.
 */

import { getAnalytics, isSupported, setUserId, setUserProperties } from 'firebase/analytics'
import { type FirebaseOptions, getApps, initializeApp } from 'firebase/app'
import { type Analytics, noAnalytics } from './analytics.ts'

/** Firebase Analytics for the app of `options`, or nothing where the browser cannot run it. */
export async function firebaseAnalytics(options: FirebaseOptions): Promise<Analytics> {
  if (!(await isSupported())) return noAnalytics
  const app = getApps()[0] ?? initializeApp(options)
  const analytics = getAnalytics(app)
  return {
    identify(person) {
      if (person.contributorId) setUserId(analytics, person.contributorId)
      setUserProperties(analytics, { expert: person.contributorId ? 'yes' : 'no' })
    },
  }
}
