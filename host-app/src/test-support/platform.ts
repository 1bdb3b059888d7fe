/**
 * The test pages' side of tests/support/host-setup.ts: the few `mashura-*` commands that prepare data through
 * the reference server's own functions, and signing a seeded person in the way the site keeps a session.
 * Everything a hook does still goes over HTTP (or the realtime socket) to the real API.
 */
import {
  $auth,
  type ApiClient,
  createApiClient,
  EXTRA_STORAGE_KEYS,
  getChatToken,
  getStorage,
  initAuth,
  STORAGE_KEYS,
  sendChatNotification,
} from '@mashura/core'
import { clearSession } from '@mashura/core/testing'
import { inject } from 'vitest'
import { commands } from 'vitest/browser'
import { API_BASE, API_KEY } from '../config/env.ts'
import { api, realtime } from '../lib/api.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The reference server of the run (tests/support/host-setup.ts provides it). */
    mashuraPlatform: { origin: string; apiBase: string; apiKey: string }
  }
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Runs a `mashura-*` command of tests/support/reference-server.ts in Node. */
    mashuraCommand: (name: string, payload?: Record<string, unknown>) => Promise<unknown>
  }
}

/** The seeded people of the development sign-in provider. */
export type Subject = 'dev-sme' | 'dev-consultant' | 'dev-advisor' | 'dev-partner' | 'dev-bsa' | 'dev-both'

/** A person signed in for the test: a live API token and their ids. */
export interface SignedIn {
  token: string
  personId: number
  contributorId: number | null
  name: string
}

/** The reference server of the run, as the API sees it (its own origin, not the test page's). */
export function platform() {
  return inject('mashuraPlatform')
}

/** Runs a `mashura-*` command with its payload. */
export function command<T>(name: string, payload: Record<string, unknown> = {}): Promise<T> {
  return commands.mashuraCommand(name, payload) as Promise<T>
}

/**
 * Makes this page's session a person's: stores their live token as a sign-in leaves it (under the role's key,
 * with the contributor id and the name) and restores the session state from it, as the site does at
 * start-up. An expert acts as one.
 */
export function actAs(person: SignedIn): void {
  const storage = getStorage()
  clearSession(storage)
  storage.setItem(EXTRA_STORAGE_KEYS.smeToken, person.token)
  storage.setItem(STORAGE_KEYS.smeFullName, person.name)
  if (person.contributorId !== null) {
    storage.setItem(STORAGE_KEYS.contributorID, String(person.contributorId))
    storage.setItem(STORAGE_KEYS.contributorToken, person.token)
    storage.setItem(STORAGE_KEYS.userRole, 'contributor')
  }
  initAuth(storage)
}

/** Signs a seeded person in (a fresh API token) and makes this page's session theirs. */
export async function signInAs(subject: Subject): Promise<SignedIn> {
  const person = await command<SignedIn>('mashura-sign-in', { subject })
  actAs(person)
  return person
}

/** Makes a business owner of the test's own, signed in on this page: no other test's data crowds them. */
export async function signInNewBusinessOwner(name?: string): Promise<SignedIn> {
  const person = await command<SignedIn>('mashura-new-sme', name ? { name } : {})
  actAs(person)
  return person
}

/** Signs the site's realtime store in with a fresh custom token, as a sign-in does. */
export async function connectRealtime(): Promise<void> {
  const { data } = await getChatToken(api)
  await realtime.signIn(data.payload)
  $auth.setKey('isFireStoreSignedIn', true)
}

/** Signs out of the realtime store and clears the stored session. */
export async function signOutHere(): Promise<void> {
  await realtime.signOut()
  clearSession()
}

/** An API client of another device, signed in with `token`: the other party of a conversation, say. */
export function clientFor(token: string): ApiClient {
  return createApiClient({ baseURL: API_BASE, apiKey: API_KEY, getToken: () => token })
}

/**
 * A seeded expert (a fresh token, for their side's calls) and a business owner of the test's own, who is
 * signed in on this page: a pair no other test's sessions or messages touch.
 */
export async function expertAndNewOwner(
  expert: Subject,
  ownerName: string,
): Promise<{ expert: SignedIn; owner: SignedIn }> {
  const signedIn = await command<SignedIn>('mashura-sign-in', { subject: expert })
  return { expert: signedIn, owner: await signInNewBusinessOwner(ownerName) }
}

/** Sends a text chat message from an expert to a business owner or back, from the sender's own device. */
export async function sendText(from: SignedIn, to: SignedIn, message: string): Promise<void> {
  const recipient =
    from.contributorId === null
      ? { id: to.contributorId!, notifiable_user: 'contributor' as const }
      : { id: to.personId, notifiable_user: 'sme' as const }
  await sendChatNotification(clientFor(from.token), { ...recipient, type: 'text', message })
}

/** Books a session of `expert` with `owner` that ended `daysAgo` days ago: chat is open to them from then on. */
export function pastSession(expert: Subject, owner: SignedIn, daysAgo = 1): Promise<{ id: number }> {
  return command('host-session', {
    expert,
    smeId: owner.personId,
    startsIn: -daysAgo * 24 * 60,
    state: 'ended',
  })
}
