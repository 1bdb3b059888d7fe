/**
 * Sign-in and the session on the client: the authorization-code redirect with PKCE
 * (design section 3), completing it at `/redirectauth`, the role and request-token
 * rules (spec 4, 6), the profile switch, logout and the 401 clean-up. Consent to the terms is kept on the server
 * (issue 34, `getMyConsents`/`acceptTerms`), never in the browser.
 * Core never navigates: functions return where to go and the host goes there.
 */
import {
  type ApiClient,
  type ApiClientOptions,
  type AppLinkOtherPerson,
  type AppLinkRedeemResult,
  createApiClient,
  getChatToken,
  type HandoffCode,
  handoffLogin,
  isApiError,
  type LoginResult,
  login,
  logoutSession,
  redeemAppLink,
} from '../api/index.ts'
import { CodedError } from '../coded-error.ts'
import type { RealtimeClient } from '../realtime/index.ts'
import {
  type PostLoginDestination,
  postLoginDestination,
  roleFromContributorId,
  type UserRole,
} from '../rules/index.ts'
import {
  EXTRA_STORAGE_KEYS,
  getSessionStorage,
  getStorage,
  type KeyValueStorage,
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
} from '../storage/index.ts'
import {
  $auth,
  $language,
  loadAuthState,
  resetSessionStores,
  type SessionAuthState,
} from '../stores/index.ts'
import { sha256 } from './sha256.ts'

/** The sign-in provider as the browser sees it. */
export interface SignInConfig {
  /** The provider's authorization endpoint. */
  authorizeUrl: string
  /** This site's client id at the provider. */
  clientId: string
  /** The return address: this site's `/redirectauth`. */
  redirectUri: string
  /** The scopes; `openid profile email` when unset. */
  scope?: string
  /** The provider's logout (end-session) endpoint. */
  logoutUrl?: string
  /** Where the provider sends the browser after logout; this site's home when unset. */
  postLogoutRedirectUri?: string
}

/** Why sign-in could not be completed. */
export class AuthError extends CodedError<
  'no_pending_sign_in' | 'state_mismatch' | 'missing_code' | 'provider_error'
> {
  override readonly name = 'AuthError'
}

/** sessionStorage keys of a sign-in in progress; per tab, removed once used. */
export const SIGN_IN_KEYS = { state: 'mashura.signin.state', verifier: 'mashura.signin.verifier' } as const

function base64Url(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A random URL-safe string from `bytes` random bytes (32 bytes give a 43-character PKCE verifier). */
export function randomUrlSafe(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/**
 * The S256 challenge of a verifier, base64url(SHA-256(verifier)), at once: what a page that must open a window
 * in the click's own task (the widgets' sign-in popup) puts in its address.
 */
export function s256Challenge(verifier: string): string {
  return base64Url(sha256(new TextEncoder().encode(verifier)))
}

/** The PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64Url(new Uint8Array(digest))
}

/**
 * Builds the address that sends the browser to the sign-in provider, and keeps
 * state and verifier in sessionStorage to check on return.
 */
export async function createSignInUrl(config: SignInConfig, session = getSessionStorage()): Promise<string> {
  const state = randomUrlSafe(16)
  const verifier = randomUrlSafe(32)
  session.setItem(SIGN_IN_KEYS.state, state)
  session.setItem(SIGN_IN_KEYS.verifier, verifier)
  const url = new URL(config.authorizeUrl)
  url.searchParams.set('client_id', config.clientId)
  url.searchParams.set('redirect_uri', config.redirectUri)
  url.searchParams.set('scope', config.scope ?? 'openid profile email')
  url.searchParams.set('state', state)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('code_challenge', await pkceChallenge(verifier))
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

/**
 * Reads the provider's answer from the return address and checks its state against
 * the stored one. The stored state and verifier are removed whatever the outcome, so
 * an address cannot be replayed.
 */
export function readSignInReturn(
  address: string | URL,
  session = getSessionStorage(),
): { code: string; verifier: string } {
  const params = new URL(address, 'http://localhost').searchParams
  const expected = session.getItem(SIGN_IN_KEYS.state)
  const verifier = session.getItem(SIGN_IN_KEYS.verifier)
  session.removeItem(SIGN_IN_KEYS.state)
  session.removeItem(SIGN_IN_KEYS.verifier)
  const providerError = params.get('error')
  if (providerError) {
    throw new AuthError('provider_error', params.get('error_description') || providerError)
  }
  if (!expected || !verifier) throw new AuthError('no_pending_sign_in', 'No sign-in was started in this tab')
  if (params.get('state') !== expected)
    throw new AuthError('state_mismatch', 'The sign-in state does not match')
  const code = params.get('code')
  if (!code) throw new AuthError('missing_code', 'The provider returned no authorization code')
  return { code, verifier }
}

/** The role a login result grants: contributor when its roles list holds it and it carries a contributor id. */
export function roleFromLogin(result: LoginResult): UserRole {
  return result.roles?.includes('contributor') && result.contributor_id != null ? 'contributor' : 'sme'
}

/** Stores a login result under the keys of spec section 3 and returns the role it grants. */
export function saveLoginResult(result: LoginResult, storage = getStorage()): UserRole {
  const set = (key: string, value: string | null | undefined) =>
    value === null || value === undefined || value === ''
      ? storage.removeItem(key)
      : storage.setItem(key, value)
  const role = roleFromLogin(result)
  const user = result.user
  set(EXTRA_STORAGE_KEYS.smeToken, result.access_token)
  set(STORAGE_KEYS.contributorID, result.contributor_id == null ? null : String(result.contributor_id))
  set(STORAGE_KEYS.contributorToken, result.contributor_id == null ? null : result.access_token)
  set(STORAGE_KEYS.smeFullName, user?.full_name)
  set(EXTRA_STORAGE_KEYS.contributorFullName, result.contributor_id == null ? null : user?.full_name)
  set(STORAGE_KEYS.smeEmail, user?.email)
  set(STORAGE_KEYS.smeProfilePic, user?.sme?.file?.full_path)
  set(STORAGE_KEYS.contributorProfilePic, user?.contributor?.file?.full_path)
  set(EXTRA_STORAGE_KEYS.loginData, JSON.stringify(result))
  storage.setItem(STORAGE_KEYS.userRole, role)
  return role
}

/** What {@link completeSignIn} needs. */
export interface CompleteSignInOptions {
  /** An API client whose token comes from storage (see {@link createSessionClient}). */
  client: ApiClient
  /** The return address (`location.href` at `/redirectauth`). */
  address: string | URL
  /** The redirect URI that started the sign-in; the server needs it for the exchange. */
  redirectUri: string
  /** The realtime store to sign into with the server's custom token. */
  realtime?: RealtimeClient
  /** Persistent storage. */
  storage?: KeyValueStorage
  /** Per-tab storage holding state and verifier. */
  session?: KeyValueStorage
}

/** The outcome of a completed sign-in. */
export interface SignInOutcome {
  /** The login result from the server. */
  result: LoginResult
  /** The role it grants. */
  role: UserRole
  /** Where to go: the dashboard or home (spec 4); the site asks for the terms when the server says so. */
  destination: PostLoginDestination
  /** Whether the realtime store accepted the custom token. */
  realtimeSignedIn: boolean
}

/**
 * Completes sign-in at `/redirectauth`: checks state, exchanges code and verifier at
 * the server, stores the result, signs into the realtime store with the custom
 * token, and says where to go. A realtime failure does not undo the sign-in.
 */
export async function completeSignIn(options: CompleteSignInOptions): Promise<SignInOutcome> {
  const storage = options.storage ?? getStorage()
  const { code, verifier } = readSignInReturn(options.address, options.session ?? getSessionStorage())
  const { data: result } = await login(options.client, {
    code,
    code_verifier: verifier,
    redirect_uri: options.redirectUri,
  })
  const role = saveLoginResult(result, storage)
  loadAuthState(storage)
  const realtimeSignedIn = await signInRealtime(options.client, options.realtime)
  return {
    result,
    role,
    destination: postLoginDestination(role),
    realtimeSignedIn,
  }
}

/** Signs into the realtime store with the server's custom token; answers whether it took (a failure is not the session's). */
async function signInRealtime(client: ApiClient, realtime: RealtimeClient | undefined): Promise<boolean> {
  let signedIn = false
  if (realtime) {
    try {
      const { data } = await getChatToken(client)
      await realtime.signIn(data.payload)
      signedIn = true
    } catch {
      // Live features wait for the next sign-in; the session itself is good.
    }
  }
  $auth.setKey('isFireStoreSignedIn', signedIn)
  return signedIn
}

/** What {@link completeHandoffSignIn} needs. */
export interface CompleteHandoffSignInOptions {
  /** An API client with the partner's API key. */
  client: ApiClient
  /** The return address (the popup's `location.href` on the provider's return visit). */
  address: string | URL
  /** The redirect URI that started the sign-in. */
  redirectUri: string
  /** Per-tab storage holding state and verifier. */
  session?: KeyValueStorage
  /** The S256 challenge of the verifier the opening page keeps. */
  challenge: string
  /** The opening page's origin, one the API key allows. */
  origin: string
}

/**
 * Completes the platform's sign-in popup for the widget that opened it (design section 10): checks state,
 * exchanges code and verifier at the server, and answers the one-time code the opening page redeems with its
 * own verifier. The token never reaches the popup, and nothing is stored.
 */
export async function completeHandoffSignIn(options: CompleteHandoffSignInOptions): Promise<HandoffCode> {
  const { code, verifier } = readSignInReturn(options.address, options.session ?? getSessionStorage())
  const { data } = await handoffLogin(options.client, {
    code,
    code_verifier: verifier,
    redirect_uri: options.redirectUri,
    challenge: options.challenge,
    origin: options.origin,
  })
  return data
}

/** What {@link completeAppLink} needs. */
export interface CompleteAppLinkOptions {
  /** An API client whose token comes from storage (see {@link createSessionClient}). */
  client: ApiClient
  /** The link's handle: the `{token}` of `/redirection/{token}`. */
  handle: string
  /**
   * Set only once the person chose to continue as the link's person after an {@link AppLinkQuestion}: the
   * browser's session is then replaced by the link's.
   */
  confirm?: boolean
  /** The realtime store to sign into with the server's custom token. */
  realtime?: RealtimeClient
  /** Persistent storage. */
  storage?: KeyValueStorage
  /** Aborts the redeem. */
  signal?: AbortSignal
}

/** The outcome of a redeemed app link. */
export interface AppLinkOutcome {
  status: 'signed_in'
  /** The login result of the web view's new session. */
  result: LoginResult
  /** The role it grants. */
  role: UserRole
  /** The path on the site the app asked for. */
  to: string
  /** Whether the realtime store accepted the custom token. */
  realtimeSignedIn: boolean
}

/**
 * A link this browser may not follow without asking: it is signed in as someone else than the link's person.
 * Nothing was redeemed or stored, and the link still works for the rest of its minute.
 */
export interface AppLinkQuestion {
  status: 'other_person'
  /** The display name of the person this browser is signed in as. */
  signedInAs: string
  /** The display name of the person the link would sign in. */
  linkFor: string
}

/** The names of a `409 app_link_other_person`, or null for any other failure. */
function appLinkQuestion(error: unknown): AppLinkQuestion | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'app_link_other_person') return null
  const body = (error.body as Partial<AppLinkOtherPerson> | undefined)?.error
  if (typeof body?.signed_in_as !== 'string' || typeof body.link_for !== 'string') return null
  return { status: 'other_person', signedInAs: body.signed_in_as, linkFor: body.link_for }
}

/**
 * Signs the site in from the mobile app's link (`/redirection/{handle}`): redeems it once, stores the login
 * result, and keeps its token as the mobile-app token, which then overrides both others (spec 6). The redeem
 * carries this browser's current token, if any: when that is another person's, the server redeems nothing
 * and this answers an {@link AppLinkQuestion} (issue 30: a link must never silently replace someone's
 * session); the host asks, and calls again with `confirm` only if the person chose to continue. Throws the
 * API's error (404 `app_link_unknown`) for a link unknown, expired or used, storing nothing.
 */
export async function completeAppLink(
  options: CompleteAppLinkOptions,
): Promise<AppLinkOutcome | AppLinkQuestion> {
  const storage = options.storage ?? getStorage()
  let data: AppLinkRedeemResult
  try {
    ;({ data } = await redeemAppLink(
      options.client,
      { handle: options.handle, ...(options.confirm ? { confirm: true } : {}) },
      options.signal ? { signal: options.signal } : {},
    ))
  } catch (error) {
    const question = appLinkQuestion(error)
    if (question) return question
    throw error
  }
  const role = saveLoginResult(data.result, storage)
  storage.setItem(EXTRA_STORAGE_KEYS.mobileAppToken, data.result.access_token)
  loadAuthState(storage)
  const realtimeSignedIn = await signInRealtime(options.client, options.realtime)
  return { status: 'signed_in', result: data.result, role, to: data.to, realtimeSignedIn }
}

/** Restores the session at start-up and writes the role to storage (spec 4). */
export function initAuth(storage = getStorage()): SessionAuthState {
  const state = loadAuthState(storage)
  storage.setItem(STORAGE_KEYS.userRole, state.userRole)
  return state
}

/** The token requests carry: a mobile-app token, else the contributor or SME token by stored role (spec 6). */
export function requestToken(storage = getStorage()): string | null {
  const mobile = storage.getItem(EXTRA_STORAGE_KEYS.mobileAppToken)
  if (mobile) return mobile
  const contributorId = storage.getItem(STORAGE_KEYS.contributorID)
  const role =
    storage.getItem(STORAGE_KEYS.userRole) === 'contributor' ? roleFromContributorId(contributorId) : 'sme'
  return (
    (role === 'contributor'
      ? storage.getItem(STORAGE_KEYS.contributorToken)
      : storage.getItem(EXTRA_STORAGE_KEYS.smeToken)) || null
  )
}

/**
 * The business-owner/expert switch: toggles the role and stores it; the host then
 * goes to `/`. Returns null, changing nothing, when there is no contributor id.
 */
export function switchProfile(storage = getStorage()): UserRole | null {
  if (roleFromContributorId(storage.getItem(STORAGE_KEYS.contributorID)) !== 'contributor') return null
  const next: UserRole = storage.getItem(STORAGE_KEYS.userRole) === 'contributor' ? 'sme' : 'contributor'
  storage.setItem(STORAGE_KEYS.userRole, next)
  loadAuthState(storage)
  return next
}

/** Clears the session after a 401 or at logout: every stored token and profile value goes, the role becomes sme (spec 8). */
export function clearSession(storage = getStorage()): void {
  for (const key of SESSION_STORAGE_KEYS) storage.removeItem(key)
  storage.setItem(STORAGE_KEYS.userRole, 'sme')
  resetSessionStores()
}

/** What {@link logout} needs. */
export interface LogoutOptions {
  /** The sign-in provider (for its logout address). */
  config: SignInConfig
  /** The API client, to revoke the session on the server. */
  client?: ApiClient
  /** The realtime store to sign out of. */
  realtime?: RealtimeClient
  /** Persistent storage. */
  storage?: KeyValueStorage
}

/**
 * Logs out: revokes the session on the server (with the push token), signs out of
 * the realtime store, clears every stored key, and returns the provider's logout
 * address with the return destination. Server or realtime failures don't stop it.
 */
export async function logout(options: LogoutOptions): Promise<string> {
  const storage = options.storage ?? getStorage()
  const fcm = storage.getItem(STORAGE_KEYS.fcmToken)
  if (options.client && requestToken(storage)) {
    await logoutSession(options.client, fcm ? { fcm_token: fcm } : {}).catch(() => undefined)
  }
  await options.realtime?.signOut().catch(() => undefined)
  clearSession(storage)
  const back = options.config.postLogoutRedirectUri ?? new URL('/', options.config.redirectUri).toString()
  if (!options.config.logoutUrl) return back
  const url = new URL(options.config.logoutUrl)
  url.searchParams.set('client_id', options.config.clientId)
  url.searchParams.set('post_logout_redirect_uri', back)
  return url.toString()
}

/**
 * An API client bound to the session: the request token from storage, the current
 * language, and the 401 rule (clear the session; the host's `onUnauthorized` then goes to `/`).
 */
export function createSessionClient(
  options: Omit<ApiClientOptions, 'getToken' | 'language'> & { storage?: KeyValueStorage },
): ApiClient {
  const storage = options.storage ?? getStorage()
  return createApiClient({
    ...options,
    getToken: () => requestToken(storage),
    language: () => $language.get(),
    onUnauthorized: (error) => {
      clearSession(storage)
      options.onUnauthorized?.(error)
    },
  })
}
