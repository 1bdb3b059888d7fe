/**
 * The script of the platform's `/sign-in/popup` page (built as `/widgets/sign-in-popup.js`). It runs in
 * the popup a partner page opened with `openSignInPopup`, on the platform's own origin (design section 10,
 * issue 30):
 *
 * - first visit: the server approved the opener's origin for its API key. The page names that site. With an
 *   opener it goes straight on; without one (a partner page with `Cross-Origin-Opener-Policy: same-origin`, or
 *   an address opened some other way) it goes on only when the key registered a return page there, and only
 *   after the visitor confirms the site. It keeps origin, key, challenge and return page in this tab's
 *   sessionStorage and goes to the sign-in provider (PKCE and state through core), with this page as the
 *   redirect URI;
 * - return visit: completes the sign-in through the server for the widget's challenge
 *   (`POST /api/authentication/handoff/login`), which answers a one-time code, never the token; hands the code
 *   to the opener at the stored origin, or, without an opener, goes to the return page with the code in the
 *   address's fragment. A failure travels the same way and is shown here.
 *
 * The code is worth nothing without the verifier that only the opening widget holds, and it only ever goes to
 * the approved origin in this browser: an address someone else made and sent the visitor signs nobody in for
 * them.
 */
import {
  ApiError,
  AuthError,
  completeHandoffSignIn,
  createApiClient,
  createSignInUrl,
  direction,
  getSessionStorage,
  type Language,
  normalizeLanguage,
} from '@mashura/core'
import {
  POPUP_DATA_ID,
  type PopupMessageKey,
  type PopupPageData,
  SIGN_IN_PROTOCOL,
} from '@mashura/core/contract/sign-in-popup'

/** This tab's record of the approved opener, set on the first visit and read once on return. */
const POPUP_KEYS = {
  origin: 'mashura.popup.origin',
  apiKey: 'mashura.popup.apiKey',
  challenge: 'mashura.popup.challenge',
  returnPage: 'mashura.popup.returnPage',
  lang: 'mashura.popup.lang',
} as const

/** This page, without a query: the redirect URI both legs of the sign-in use. */
const redirectUri = `${window.location.origin}/sign-in/popup`

type Messages = Record<PopupMessageKey, string>

/** Where the popup's outcome goes: the opener at `origin`, or the return page. */
interface Recipient {
  origin: string
  challenge: string
  returnPage: string | null
  lang: Language
}

/** What the popup hands over: a one-time code, or why there is none. */
type Outcome = { code: string } | { error: 'cancelled' | 'failed'; message: string }

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

/** The opener, while it is there and not closed. */
function liveOpener(): Window | null {
  const opener = window.opener as Window | null
  return opener && !opener.closed ? opener : null
}

/** The site an origin names, as people read it: its host (with the port, when it has one). */
function siteOf(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}

/** Writes a message with `{site}` into an element: the site as isolated text, so its direction holds. */
function writeWithSite(target: HTMLElement | null, message: string, site: string): void {
  if (!target) return
  target.replaceChildren()
  message.split('{site}').forEach((part, index) => {
    if (index > 0) {
      const name = document.createElement('bdi')
      name.textContent = site
      target.append(name)
    }
    target.append(part)
  })
}

/** Puts the page in the visitor's language (the return visit is served before the language is known). */
function applyLanguage(data: PopupPageData, lang: Language, origin: string | null): Messages {
  const messages = data.messages[lang]
  document.documentElement.lang = lang
  document.documentElement.dir = direction(lang)
  document.title = messages['signIn.popupTitle']
  const heading = element('heading')
  if (heading) heading.textContent = messages['signIn.signingIn']
  // The page always says which site the sign-in is for.
  if (origin) writeWithSite(element('site'), messages['signIn.forSite'], siteOf(origin))
  return messages
}

/** Shows the outcome: a status line on success, an alert with a heading on failure; the bar stops. */
function show(messages: Messages, outcome: { done: string } | { problem: string }) {
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
function describe(error: unknown, params: URLSearchParams, messages: Messages): string {
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

/**
 * Hands the outcome to the page that opened the popup: by `postMessage` to the opener at the approved origin,
 * or by going to the key's return page on that origin with it in the fragment. Answers whether it left this
 * page (the return page), so nothing more is shown here.
 */
function handOver(to: Recipient, outcome: Outcome): boolean {
  const opener = liveOpener()
  const message =
    'code' in outcome
      ? { type: SIGN_IN_PROTOCOL.signedIn, state: to.challenge, code: outcome.code }
      : {
          type: SIGN_IN_PROTOCOL.failed,
          state: to.challenge,
          message: outcome.message,
          cancelled: outcome.error === 'cancelled',
        }
  if (opener) {
    // Only a page at the approved origin receives it; any other opener gets nothing.
    opener.postMessage(message, to.origin)
    return false
  }
  if (!to.returnPage) return false
  const { fragment } = SIGN_IN_PROTOCOL
  const params = new URLSearchParams({ [fragment.state]: to.challenge, [fragment.lang]: to.lang })
  if ('code' in outcome) params.set(fragment.code, outcome.code)
  else params.set(fragment.error, outcome.error)
  const target = new URL(to.returnPage)
  target.hash = params.toString()
  window.location.replace(target.toString())
  return true
}

/** Goes to the provider, keeping what the return visit needs in this tab. */
async function goToProvider(data: PopupPageData, to: Recipient, apiKey: string): Promise<void> {
  const session = getSessionStorage()
  session.setItem(POPUP_KEYS.origin, to.origin)
  session.setItem(POPUP_KEYS.apiKey, apiKey)
  session.setItem(POPUP_KEYS.challenge, to.challenge)
  session.setItem(POPUP_KEYS.lang, to.lang)
  if (to.returnPage) session.setItem(POPUP_KEYS.returnPage, to.returnPage)
  else session.removeItem(POPUP_KEYS.returnPage)
  const authorize = new URL(data.authorizeUrl, window.location.href)
  authorize.searchParams.set('ui_locales', to.lang)
  const url = await createSignInUrl(
    { authorizeUrl: authorize.toString(), clientId: data.clientId, redirectUri },
    session,
  )
  // Replace, so Back in the popup does not return to a spent first visit.
  window.location.replace(url)
}

/** The first visit: name the site, confirm it when there is no opener, and go to the provider. */
function start(data: PopupPageData): void {
  const messages = applyLanguage(data, data.lang, data.origin)
  if (!data.origin || !data.apiKey || !data.challenge) {
    show(messages, { problem: messages['signIn.incompleteLink'] })
    return
  }
  const to: Recipient = {
    origin: data.origin,
    challenge: data.challenge,
    returnPage: data.returnPage,
    lang: data.lang,
  }
  const apiKey = data.apiKey
  const opener = liveOpener()
  if (opener) {
    opener.postMessage({ type: SIGN_IN_PROTOCOL.open }, to.origin)
    void goToProvider(data, to, apiKey)
    return
  }
  // No opener and nowhere else to go back to: the result could reach nobody.
  if (!to.returnPage) {
    show(messages, { problem: messages['signIn.noOpener'] })
    return
  }
  // No opener: this address may have come from anywhere, so the visitor says the site is the one they use.
  element('progress')?.setAttribute('hidden', '')
  const heading = element('heading')
  if (heading) heading.textContent = messages['signIn.popupTitle']
  const site = siteOf(to.origin)
  writeWithSite(element('site'), messages['signIn.confirmSite'], site)
  const confirm = element('confirm')
  const proceed = element('continue')
  const cancel = element('cancel')
  if (!confirm || !proceed || !cancel) return
  proceed.textContent = messages['signIn.continue']
  cancel.textContent = messages['signIn.cancel']
  confirm.removeAttribute('hidden')
  proceed.focus()
  proceed.addEventListener(
    'click',
    () => {
      confirm.setAttribute('hidden', '')
      if (heading) heading.textContent = messages['signIn.signingIn']
      element('progress')?.removeAttribute('hidden')
      void goToProvider(data, to, apiKey)
    },
    { once: true },
  )
  cancel.addEventListener(
    'click',
    () => {
      confirm.setAttribute('hidden', '')
      writeWithSite(element('status'), messages['signIn.returning'], site)
      handOver(to, { error: 'cancelled', message: messages['signIn.cancelled'] })
    },
    { once: true },
  )
}

/** The return visit: complete the sign-in for the widget's challenge and hand the code over. */
async function finish(data: PopupPageData): Promise<void> {
  const session = getSessionStorage()
  const address = window.location.href
  const params = new URLSearchParams(window.location.search)
  const origin = session.getItem(POPUP_KEYS.origin)
  const apiKey = session.getItem(POPUP_KEYS.apiKey)
  const challenge = session.getItem(POPUP_KEYS.challenge)
  const returnPage = session.getItem(POPUP_KEYS.returnPage)
  const lang = normalizeLanguage(session.getItem(POPUP_KEYS.lang) ?? data.lang)
  for (const key of Object.values(POPUP_KEYS)) session.removeItem(key)
  // The code is single-use and spent below; keep it out of history and the address bar.
  window.history.replaceState(null, '', window.location.pathname)
  const messages = applyLanguage(data, lang, origin)
  if (!origin || !apiKey || !challenge) {
    show(messages, { problem: messages['errors.signInStateMismatch'] })
    return
  }
  const to: Recipient = { origin, challenge, returnPage, lang }
  if (!liveOpener() && !returnPage) {
    show(messages, { problem: messages['signIn.noOpener'] })
    return
  }
  const client = createApiClient({ baseURL: data.apiBase, apiKey, language: lang })
  try {
    const { code } = await completeHandoffSignIn({ client, address, redirectUri, session, challenge, origin })
    const site = siteOf(origin)
    writeWithSite(element('status'), messages['signIn.returning'], site)
    if (handOver(to, { code })) return
    show(messages, { done: messages['signIn.done'] })
    // Allowed for a window a script opened; harmless where refused.
    window.close()
  } catch (error) {
    const message = describe(error, params, messages)
    // Turning the sign-in down is the visitor's choice, not a failure: the widget just stops waiting.
    const cancelled = params.get('error') === 'access_denied'
    show(messages, { problem: message })
    handOver(to, { error: cancelled ? 'cancelled' : 'failed', message })
  }
}

const data = readData()
if (data) {
  const params = new URLSearchParams(window.location.search)
  if (params.has('state') || params.has('error')) void finish(data)
  else start(data)
}
