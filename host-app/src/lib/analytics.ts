/**
 * Analytics behind one small interface (spec section 7: an identify call with the contributor id, full name
 * and email when present). By default nothing is sent anywhere and nothing is written to the console: the
 * signed-in person's name and e-mail are theirs (issue 16). With a Firebase configuration
 * (`VITE_FIREBASE_CONFIG`) the site uses Firebase Analytics, loaded on the first call; a deployment plugs
 * another vendor in with {@link setAnalytics} without touching the pages.
 */
import { firebaseLoader } from './firebase-loader.ts'

export interface Analytics {
  /** Identifies the signed-in person; fields absent from the login are left out. */
  identify(person: { contributorId?: string; name?: string; email?: string }): void
}

/** Analytics that sends nothing: the default. */
export const noAnalytics: Analytics = { identify() {} }

/**
 * Analytics whose implementation is loaded on the first call: calls made while it loads are kept and handed
 * over once it has; if it cannot load, they are dropped, and the warning names no one.
 */
export function lazyAnalytics(load: () => Promise<Analytics>): Analytics {
  let loaded: Promise<Analytics> | null = null
  return {
    identify(person) {
      loaded ??= load().catch((error: unknown) => {
        console.warn('analytics could not load', error instanceof Error ? error.name : 'error')
        return noAnalytics
      })
      void loaded.then((analytics) => analytics.identify(person))
    },
  }
}

let current: Analytics = firebaseLoader ? lazyAnalytics(() => firebaseLoader!.analytics()) : noAnalytics

/** Replaces the analytics implementation. */
export function setAnalytics(analytics: Analytics): void {
  current = analytics
}

/** Identifies a person with whatever fields they have (none are sent empty). */
export function identify(person: {
  contributorId?: string | null
  name?: string | null
  email?: string | null
}): void {
  const fields: { contributorId?: string; name?: string; email?: string } = {}
  if (person.contributorId && person.contributorId !== 'null') fields.contributorId = person.contributorId
  if (person.name) fields.name = person.name
  if (person.email) fields.email = person.email
  if (Object.keys(fields).length > 0) current.identify(fields)
}
