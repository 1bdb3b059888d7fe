/**
 * Analytics behind one small interface (spec section 7: an identify call with the contributor id, full name
 * and email when present). The default writes to the console; a deployment plugs its own vendor in with
 * {@link setAnalytics} without touching the pages.
 */
export interface Analytics {
  /** Identifies the signed-in person; fields absent from the login are left out. */
  identify(person: { contributorId?: string; name?: string; email?: string }): void
}

/** The console implementation: what would be sent, visible in the browser's console. */
export const consoleAnalytics: Analytics = {
  identify(person) {
    console.info('[analytics] identify', person)
  },
}

let current: Analytics = consoleAnalytics

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
