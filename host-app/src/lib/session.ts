import {
  $auth,
  type AppLinkQuestion,
  completeAppLink,
  completeSignIn,
  createSignInUrl,
  EXTRA_STORAGE_KEYS,
  getChatToken,
  getSessionStorage,
  getStorage,
  hydrateStores,
  initAuth,
  type LoginResult,
  logout,
  type PostLoginDestination,
  roleFromContributorId,
  STORAGE_KEYS,
  type Unsubscribe,
} from '@mashura/core'
import { SIGN_IN } from '../config/env.ts'
import { paths } from '../config/paths.ts'
import { identify } from './analytics.ts'
import { api, realtime } from './api.ts'
import { bindRealtime } from './live.ts'

/** Where the browser was when sign-in started, to come back to it (per tab, used once). */
const RETURN_KEY = 'mashura.signin.return'

let unbindRealtime: Unsubscribe | null = null

/** Listens to the expert's live record, notification count and conversations once the realtime store is signed in. */
function bindLive(): void {
  unbindRealtime?.()
  unbindRealtime = null
  const contributorId = getStorage().getItem(STORAGE_KEYS.contributorID)
  if (roleFromContributorId(contributorId) === 'contributor' && contributorId && realtime.isSignedIn())
    unbindRealtime = bindRealtime(realtime, contributorId)
}

/**
 * Tells the server whether someone is signed in here (`mashura_signed_in`, no token, nothing secret): it
 * draws public pages only for visitors who are not (`site-render.ts`), since a signed-in person's header and
 * own profile differ from what it draws, and the page would otherwise flash the signed-out version.
 */
function shareSignedInWithServer(): void {
  $auth.subscribe(({ token }) => {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain flag cookie; Cookie Store is not in every browser
    document.cookie = token
      ? 'mashura_signed_in=1; path=/; samesite=lax'
      : 'mashura_signed_in=; path=/; max-age=0; samesite=lax'
  })
}

/** Identifies the signed-in person to analytics (spec section 7), from what the login stored. */
function identifyStored(): void {
  const storage = getStorage()
  let email: string | null = storage.getItem(STORAGE_KEYS.smeEmail)
  try {
    const login = JSON.parse(storage.getItem(EXTRA_STORAGE_KEYS.loginData) ?? 'null') as LoginResult | null
    email = login?.user.email ?? email
  } catch {
    // A damaged login record only costs the email.
  }
  identify({ contributorId: storage.getItem(STORAGE_KEYS.contributorID), name: $auth.get().userName, email })
}

/** Signs the realtime store in with a fresh custom token; live features wait for the next load if it fails. */
async function connectRealtime(): Promise<void> {
  try {
    const { data } = await getChatToken(api)
    await realtime.signIn(data.payload)
    $auth.setKey('isFireStoreSignedIn', true)
    bindLive()
  } catch (error) {
    console.warn('realtime sign-in failed', error)
  }
}

/** Restores the session at start-up: stores from storage, the role written back (spec 4), live listeners. */
export function bootSession(): void {
  hydrateStores()
  initAuth()
  shareSignedInWithServer()
  if ($auth.get().token) {
    identifyStored()
    void connectRealtime()
  }
}

/** Sends the browser to the sign-in provider, remembering the page to come back to. */
export async function startSignIn(
  returnTo = window.location.pathname + window.location.search,
): Promise<void> {
  getSessionStorage().setItem(RETURN_KEY, returnTo)
  window.location.assign(await createSignInUrl(SIGN_IN))
}

/** The page sign-in started from, if it was not home or the return page itself; read once. */
function takeReturnPath(): string | null {
  const session = getSessionStorage()
  const path = session.getItem(RETURN_KEY)
  session.removeItem(RETURN_KEY)
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith(paths.redirectAuth.to())) return null
  return path === paths.home.to() ? null : path
}

/**
 * The page to go back to when the visitor turned the sign-in down at the provider (`error=access_denied`):
 * where they started, or home. Not a failure: nothing to report.
 */
export function cancelledSignInPath(address: string): string | null {
  if (new URL(address).searchParams.get('error') !== 'access_denied') return null
  return takeReturnPath() ?? '/'
}

/** What `/redirectauth` does with a completed sign-in. */
export interface FinishedSignIn {
  /** Spec section 4's destination: the dashboard or home (the terms popup asks over it when the server says so). */
  destination: PostLoginDestination
  /** Where to go: the dashboard, the page sign-in started from, or home. */
  path: string
}

/**
 * Completes sign-in at `/redirectauth` (design section 3): checks state, exchanges the code, stores the
 * login, signs into realtime, identifies the person. An expert goes to the dashboard; a business owner goes
 * back to the page they signed in from (an expert's profile, mid-booking), or home. The terms popup shows
 * over wherever they land when the server says the published terms are not accepted yet.
 */
export async function finishSignIn(address: string): Promise<FinishedSignIn> {
  const outcome = await completeSignIn({ client: api, address, redirectUri: SIGN_IN.redirectUri, realtime })
  bindLive()
  identifyStored()
  const back = takeReturnPath()
  const path = outcome.role === 'contributor' ? '/dashboard' : (back ?? '/')
  return { destination: outcome.destination, path }
}

/** A handle of the mobile app's link: 32 random bytes, base64url (what `POST /authentication/app-link` makes). */
const APP_LINK_HANDLE = /^[A-Za-z0-9_-]{43}$/

/** Whether `/redirection/{token}`'s token has the shape of the mobile app's link. */
export function isAppLinkHandle(token: string): boolean {
  return APP_LINK_HANDLE.test(token)
}

/** Where the mobile app's link leads: signed in (whom, and where to go), or a question to ask first. */
export type FinishedAppLink = { status: 'signed_in'; to: string; name: string } | AppLinkQuestion

/**
 * Signs in from the mobile app's link (`/redirection/{handle}`, spec sections 3 and 6): the link's session
 * becomes the mobile-app token, which every request of this browser carries; live features and analytics
 * start as after a sign-in. Resolves with the path the app asked for (home when it is not a path on this
 * site) and the name of the person now signed in. When this browser is signed in as someone else, nothing
 * changes and it resolves with the question to ask (issue 30); `confirm` then follows the link once the person
 * chose to. Rejects with the API's error for a link unknown, expired or used.
 */
export async function finishAppLink(
  handle: string,
  options: { confirm?: boolean; signal?: AbortSignal } = {},
): Promise<FinishedAppLink> {
  const outcome = await completeAppLink({
    client: api,
    handle,
    realtime,
    ...(options.confirm ? { confirm: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })
  if (outcome.status !== 'signed_in') return outcome
  bindLive()
  identifyStored()
  const { to } = outcome
  return {
    status: 'signed_in',
    to: to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/',
    name: outcome.result.user.full_name,
  }
}

/** Logs out (spec section 4) and goes to the provider's logout, which returns to home. */
export async function signOut(): Promise<void> {
  unbindRealtime?.()
  unbindRealtime = null
  const url = await logout({ config: SIGN_IN, client: api, realtime })
  window.location.assign(url)
}

/** Rebinds the live listeners after the profile switch changed the acting role. */
export function afterProfileSwitch(): void {
  bindLive()
}
