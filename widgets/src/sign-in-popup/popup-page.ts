/**
 * The script of the platform's `/sign-in/popup` page (built as `/widgets/sign-in-popup.js`). It runs in
 * the popup a partner page opened with `openSignInPopup`, on the platform's own origin:
 *
 * - first visit: the server approved the opener's origin for its API key; keep origin, key and language
 *   in this tab's sessionStorage and go to the sign-in provider (PKCE and state through core), with this
 *   page as the redirect URI;
 * - return visit: complete the sign-in through core (`POST /api/authentication/auth/login`), naming the
 *   widget's hand-off handle so the server keeps the result for the widget to redeem (design section 10);
 *   post the result to the stored origin too when the opener is still there (the fast path), and close.
 *   A failure is handed over the same two ways and shown here.
 *
 * A partner page that sends `Cross-Origin-Opener-Policy: same-origin` severs `window.opener`: the hand-off
 * is then the only way back, and this page tells the visitor to return to the page they came from.
 * The token goes to the partner page alone: it is kept in memory here, never in this origin's storage.
 */
import {
  ApiError,
  AuthError,
  completeSignIn,
  createApiClient,
  createSignInUrl,
  direction,
  getSessionStorage,
  type Language,
  memoryStorage,
  normalizeLanguage,
  reportHandoffFailure,
} from '@mashura/core'
import { POPUP_DATA_ID, type PopupMessageKey, type PopupPageData } from '@mashura/core/contract/sign-in-popup'
import {
  type PopupSignInResult,
  SIGN_IN_FAILED_MESSAGE,
  SIGN_IN_MESSAGE,
  SIGN_IN_OPEN_MESSAGE,
} from '../shared/sign-in-popup.ts'

/** This tab's record of the approved opener, set on the first visit and read once on return. */
const POPUP_KEYS = {
  origin: 'mashura.popup.origin',
  apiKey: 'mashura.popup.apiKey',
  handle: 'mashura.popup.handle',
  lang: 'mashura.popup.lang',
} as const

/** This page, without a query: the redirect URI both legs of the sign-in use. */
const redirectUri = `${window.location.origin}/sign-in/popup`

function element(id: string): HTMLElement | null {
  return document.getElementById(id)
}

function readData(): PopupPageData | null {
  const text = element(POPUP_DATA_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as PopupPageData
  } catch {
    return null
  }
}

/** Puts the page in the visitor's language (the return visit is served before the language is known). */
function applyLanguage(data: PopupPageData, lang: Language): Record<PopupMessageKey, string> {
  const messages = data.messages[lang]
  document.documentElement.lang = lang
  document.documentElement.dir = direction(lang)
  document.title = messages['signIn.popupTitle']
  const heading = element('heading')
  if (heading) heading.textContent = messages['signIn.signingIn']
  return messages
}

/** Shows the outcome: a status line on success, an alert with a heading on failure; the bar stops. */
function show(messages: Record<PopupMessageKey, string>, outcome: { done: string } | { problem: string }) {
  element('progress')?.setAttribute('hidden', '')
  if ('done' in outcome) {
    const status = element('status')
    if (status) status.textContent = outcome.done
    return
  }
  const heading = element('heading')
  if (heading) heading.textContent = messages['signIn.failed']
  const problem = element('problem')
  if (problem) problem.textContent = outcome.problem
}

/** The visitor-facing reason a return visit failed, in their language. */
function describe(
  error: unknown,
  params: URLSearchParams,
  messages: Record<PopupMessageKey, string>,
): string {
  if (params.get('error') === 'access_denied') return messages['signIn.cancelled']
  if (error instanceof AuthError) {
    return error.code === 'state_mismatch' || error.code === 'no_pending_sign_in'
      ? messages['errors.signInStateMismatch']
      : messages['errors.loginFailed']
  }
  // The API answers in the visitor's language; with no answer at all it is the network.
  if (error instanceof ApiError) return error.status === 0 ? messages['errors.network'] : error.message
  return messages['errors.loginFailed']
}

/** The first visit: remember the approved opener and go to the provider. */
async function start(data: PopupPageData): Promise<void> {
  const session = getSessionStorage()
  const messages = applyLanguage(data, data.lang)
  if (!data.origin || !data.apiKey) {
    show(messages, { problem: messages['signIn.incompleteLink'] })
    return
  }
  session.setItem(POPUP_KEYS.origin, data.origin)
  session.setItem(POPUP_KEYS.apiKey, data.apiKey)
  session.setItem(POPUP_KEYS.lang, data.lang)
  if (data.handle) session.setItem(POPUP_KEYS.handle, data.handle)
  else session.removeItem(POPUP_KEYS.handle)
  const opener = window.opener as Window | null
  if (opener && !opener.closed) opener.postMessage({ type: SIGN_IN_OPEN_MESSAGE }, data.origin)
  const authorize = new URL(data.authorizeUrl, window.location.href)
  authorize.searchParams.set('ui_locales', data.lang)
  const url = await createSignInUrl(
    { authorizeUrl: authorize.toString(), clientId: data.clientId, redirectUri },
    session,
  )
  // Replace, so Back in the popup does not return to a spent first visit.
  window.location.replace(url)
}

/** The return visit: complete the sign-in and hand the result to the opener at the stored origin. */
async function finish(data: PopupPageData): Promise<void> {
  const session = getSessionStorage()
  const address = window.location.href
  const params = new URLSearchParams(window.location.search)
  const origin = session.getItem(POPUP_KEYS.origin)
  const apiKey = session.getItem(POPUP_KEYS.apiKey)
  const handle = session.getItem(POPUP_KEYS.handle)
  const lang = normalizeLanguage(session.getItem(POPUP_KEYS.lang) ?? data.lang)
  for (const key of Object.values(POPUP_KEYS)) session.removeItem(key)
  // The code is single-use and spent below; keep it out of history and the address bar.
  window.history.replaceState(null, '', window.location.pathname)
  const messages = applyLanguage(data, lang)
  if (!origin || !apiKey) {
    show(messages, { problem: messages['errors.signInStateMismatch'] })
    return
  }
  const live = () => {
    const opener = window.opener as Window | null
    return opener && !opener.closed ? opener : null
  }
  // Without a handle (an older widget) the opener is the only way back.
  if (!handle && !live()) {
    show(messages, { problem: messages['signIn.noOpener'] })
    return
  }
  const client = createApiClient({ baseURL: data.apiBase, apiKey, language: lang })
  const handoff = handle ? { handle, origin } : undefined
  try {
    // Memory storage: the login result must not land in the platform origin's localStorage.
    const { result } = await completeSignIn({
      client,
      address,
      redirectUri,
      storage: memoryStorage(),
      session,
      ...(handoff ? { handoff } : {}),
    })
    const signedIn: PopupSignInResult = {
      token: result.access_token,
      contributorId: result.contributor_id ?? null,
      roles: [...(result.roles ?? [])],
      name: result.user?.full_name ?? null,
    }
    const opener = live()
    opener?.postMessage({ type: SIGN_IN_MESSAGE, result: signedIn }, origin)
    show(messages, { done: messages[opener ? 'signIn.done' : 'signIn.doneReturn'] })
    // Allowed for a window a script opened, even one cut off from its opener; harmless where refused.
    window.close()
  } catch (error) {
    const message = describe(error, params, messages)
    // Turning the sign-in down is the visitor's choice, not a failure: the widget just stops waiting.
    const cancelled = params.get('error') === 'access_denied'
    live()?.postMessage({ type: SIGN_IN_FAILED_MESSAGE, message, cancelled }, origin)
    // The widget may be waiting on the hand-off alone; the first outcome under a handle is the one kept.
    if (handoff) {
      const outcome = cancelled ? 'cancelled' : 'failed'
      await reportHandoffFailure(client, { ...handoff, outcome }).catch(() => undefined)
    }
    show(messages, { problem: message })
  }
}

const data = readData()
if (data) {
  const params = new URLSearchParams(window.location.search)
  void (params.has('state') || params.has('error') ? finish(data) : start(data))
}
