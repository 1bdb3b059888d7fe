/**
 * The test pages' side of tests/support/reference-server.ts: where the real API is, and the few commands
 * that prepare data through the server's own functions. Everything a widget does still goes over HTTP.
 */
import { executeServerCommand } from '@web/test-runner-commands'

/** Where the reference server's API is and the development API key. */
export interface Platform {
  origin: string
  apiBase: string
  apiKey: string
}

/** A seeded person signed in for the test. */
export interface SignedIn {
  token: string
  personId: number
  contributorId: number | null
  name: string
}

/** The seeded people of the development sign-in provider. */
export type Subject =
  | 'dev-sme'
  | 'dev-consultant'
  | 'dev-advisor'
  | 'dev-partner'
  | 'dev-bsa'
  | 'dev-both'
  | 'dev-admin'

let platformInfo: Promise<Platform> | undefined

/** The reference server of this run. */
export function platform(): Promise<Platform> {
  platformInfo ??= executeServerCommand<Platform, undefined>('mashura-platform')
  return platformInfo
}

/** The attributes that point a widget at the reference server. */
export async function platformAttributes(): Promise<Record<string, string>> {
  const { apiBase, apiKey } = await platform()
  return { 'api-base': apiBase, 'api-key': apiKey }
}

/** Signs a seeded person in and returns a live API token. */
export function signIn(subject: Subject): Promise<SignedIn> {
  return executeServerCommand<SignedIn, { subject: Subject }>('mashura-sign-in', { subject })
}

/**
 * Makes a business owner of the test's own and returns a live API token: bookings then never meet another
 * test's (a business owner's sessions may not overlap, and upcoming ones are capped).
 */
export function newBusinessOwner(name?: string): Promise<SignedIn> {
  return executeServerCommand<SignedIn, { name?: string }>('mashura-new-sme', name ? { name } : {})
}

/** Adds a free slot for a seeded expert `startsIn` minutes from now (a day by default). */
export function addSlot(options: {
  expert: Subject
  startsIn?: number
  minutes?: number
  availability?: 1 | 2 | 3
  officeId?: number | null
}): Promise<{ id: number; start_at: string; end_at: string; contributor_id: number }> {
  return executeServerCommand('mashura-slot', options)
}

/** Books a session between a seeded expert and business owner; other columns may be overridden. */
export function addSession(
  options: { expert: Subject; sme?: Subject; startsIn?: number; minutes?: number } & Record<string, unknown>,
): Promise<{ id: number; start_at: string; end_at: string; state: string } & Record<string, unknown>> {
  return executeServerCommand('mashura-session', options)
}

/** Books a session between dev-consultant and dev-sme, `startsIn` minutes from now; other columns may be overridden. */
export function addDevSession(startsIn: number, columns: Record<string, unknown> = {}) {
  return addSession({ expert: 'dev-consultant', sme: 'dev-sme', startsIn, ...columns })
}

/** Makes an ended session's rating link: its token and the passphrase that decrypts it. */
export function ratingLink(sessionId: number): Promise<{ token: string; passphrase: string }> {
  return executeServerCommand('mashura-rating-link', { sessionId })
}

/** Makes a consultant of the test's own with no slots; `subject` is what {@link addSlot} takes as `expert`. */
export function newExpert(): Promise<{ contributorId: number; subject: Subject; name: string }> {
  return executeServerCommand('mashura-new-expert', {})
}

/** Saves a screenshot of the test page as test-results/widgets/`name`.png (for people to look at). */
export function screenshot(name: string, fullPage = false): Promise<boolean | undefined> {
  return executeServerCommand('mashura-screenshot', { name, fullPage })
}
