/**
 * Sign-in from a partner page: opens the platform's `/sign-in/popup` in a popup window and waits for the
 * login result (design sections 3 and 10). It comes back two ways, whichever is first:
 *
 * - the fast path: the popup posts it from the platform's own origin to `window.opener`;
 * - the hand-off: the popup is opened with a one-time random handle, the platform keeps the result under it
 *   for a minute, and this page redeems it once through the API (`POST /authentication/handoff/redeem`,
 *   long-polled). This is what works when the partner page sends `Cross-Origin-Opener-Policy: same-origin`,
 *   which cuts the popup off from its opener (and makes the popup look closed from here at once).
 *
 * The partner page keeps the token; nothing is stored on the platform's origin.
 */
import {
  type ApiClient,
  createApiClient,
  type Language,
  type LoginResult,
  randomUrlSafe,
  redeemHandoff,
} from '@mashura/core'

/** The login result a popup sign-in hands to the page that asked for it. */
export interface PopupSignInResult {
  /** The API token (`Authorization: Bearer …`). */
  token: string
  /** The person's expert id, or null for a business owner without one. */
  contributorId: number | null
  /** The person's roles: `sme` always, `contributor` for experts, `admin` for the agency. */
  roles: string[]
  /** The person's full name, when the platform knows it. */
  name: string | null
}

/** What {@link openSignInPopup} needs: the widget's own settings. */
export interface SignInPopupOptions {
  /** The API base (`https://platform.example/api`); the popup opens on its origin. */
  apiBase: string
  /** The partner's API key; the platform checks this page's origin against it. */
  apiKey: string
  /** The popup's language. */
  lang: Language
  /** Stops waiting (a "cancel" button): the promise rejects with `popup-closed` and the popup is closed. */
  signal?: AbortSignal
}

/** The message a successful popup posts. */
export const SIGN_IN_MESSAGE = 'mashura:sign-in'
/** The message a failed popup posts. */
export const SIGN_IN_FAILED_MESSAGE = 'mashura:sign-in-failed'
/** The message the popup posts on its first visit while its opener link holds. */
export const SIGN_IN_OPEN_MESSAGE = 'mashura:sign-in-open'

/** How often the popup is checked for having been closed, in milliseconds. */
const CLOSED_POLL_MS = 250
/**
 * How long a popup seen closed is given for its result to arrive, in milliseconds: the popup posts and
 * closes at once, and the close can be seen before the message task runs.
 */
const CLOSED_GRACE_MS = 300
/** How long one redeem call waits on the server for the popup, in seconds. */
const REDEEM_WAIT_S = 20
/** After a failed redeem call (network), the pause before the next, in milliseconds. */
const REDEEM_RETRY_MS = 2000
/** How long a sign-in is waited for at most, in milliseconds. */
const GIVE_UP_MS = 10 * 60_000

const POPUP_WIDTH = 480
const POPUP_HEIGHT = 640

let pending: { popup: Window; promise: Promise<PopupSignInResult>; abandon: () => void } | null = null

/** The result inside a `mashura:sign-in` message, checked field by field; null when malformed. */
function readResult(value: unknown): PopupSignInResult | null {
  if (!value || typeof value !== 'object') return null
  const r = value as Record<string, unknown>
  if (typeof r.token !== 'string' || !r.token) return null
  if (r.contributorId !== null && typeof r.contributorId !== 'number') return null
  if (!Array.isArray(r.roles) || r.roles.some((role) => typeof role !== 'string')) return null
  if (r.name !== null && typeof r.name !== 'string') return null
  return { token: r.token, contributorId: r.contributorId, roles: [...r.roles], name: r.name }
}

/** The popup result of a login result the hand-off returned. */
function fromLogin(result: LoginResult): PopupSignInResult {
  return {
    token: result.access_token,
    contributorId: result.contributor_id ?? null,
    roles: [...(result.roles ?? [])],
    name: result.user?.full_name ?? null,
  }
}

/** The popup's window features: sized for the provider's pages and centred over this window. */
function features(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2))
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

/**
 * Redeems the hand-off until it ends or `signal` aborts: resolves with the outcome, or null when aborted
 * or given up on.
 */
async function redeemUntilDone(
  client: ApiClient,
  handle: string,
  signal: AbortSignal,
): Promise<{ result: PopupSignInResult } | { failed: 'cancelled' | 'failed' } | null> {
  const deadline = Date.now() + GIVE_UP_MS
  while (!signal.aborted && Date.now() < deadline) {
    try {
      const { data } = await redeemHandoff(client, { handle, wait: REDEEM_WAIT_S }, { signal, loader: false })
      if (data.status === 'signed_in' && data.result) return { result: fromLogin(data.result) }
      if (data.status === 'cancelled' || data.status === 'failed') return { failed: data.status }
    } catch {
      // Offline for a moment, or the platform restarting: the hand-off waits a minute, so try again.
      await sleep(REDEEM_RETRY_MS, signal)
    }
  }
  return null
}

/**
 * Opens the platform's sign-in in a popup and resolves with the login result. Call it synchronously
 * inside a click handler, or popup blockers refuse the window. While a popup is open, another call
 * focuses it and shares its promise; once the popup looks closed, another call starts afresh.
 *
 * Rejects with an Error whose message is `popup-blocked` (the browser refused the window),
 * `popup-closed` (closed, or turned down at the provider, before a result; or `signal` aborted), `sign-in-failed` (the
 * hand-off reports a failure), or the platform's own message (the popup posted why the sign-in failed).
 */
export function openSignInPopup(options: SignInPopupOptions): Promise<PopupSignInResult> {
  if (options.signal?.aborted) return Promise.reject(new Error('popup-closed'))
  if (pending && !pending.popup.closed) {
    pending.popup.focus()
    return pending.promise
  }
  pending?.abandon()
  const platformOrigin = new URL(options.apiBase, window.location.href).origin
  const handle = randomUrlSafe(32)
  const url = new URL('/sign-in/popup', platformOrigin)
  url.searchParams.set('origin', window.location.origin)
  url.searchParams.set('api_key', options.apiKey)
  url.searchParams.set('lang', options.lang)
  url.searchParams.set('handle', handle)
  const popup = window.open(url.toString(), 'mashura-sign-in', features())
  if (!popup) return Promise.reject(new Error('popup-blocked'))

  const client = createApiClient({
    baseURL: new URL(options.apiBase, window.location.href).toString(),
    apiKey: options.apiKey,
    language: options.lang,
  })
  const redeeming = new AbortController()
  let abandon = () => {}
  const promise = new Promise<PopupSignInResult>((resolve, reject) => {
    // Whether the popup said hello through `window.opener`: then its looking closed means it is.
    let linked = false
    let closedAt: ReturnType<typeof setTimeout> | undefined
    let done = false
    const finish = (outcome: () => void) => {
      if (done) return
      done = true
      window.removeEventListener('message', onMessage)
      window.removeEventListener('focus', checkClosed)
      options.signal?.removeEventListener('abort', onAbort)
      clearInterval(poll)
      clearTimeout(closedAt)
      redeeming.abort()
      if (pending?.popup === popup) pending = null
      outcome()
    }
    abandon = () => finish(() => reject(new Error('popup-closed')))
    function onMessage(event: MessageEvent) {
      // Only the popup itself, on the platform's origin, speaks for the platform.
      if (event.origin !== platformOrigin || event.source !== popup) return
      const data = event.data as { type?: unknown; result?: unknown; message?: unknown } | null
      if (!data || typeof data !== 'object') return
      if (data.type === SIGN_IN_OPEN_MESSAGE) {
        linked = true
      } else if (data.type === SIGN_IN_MESSAGE) {
        const result = readResult(data.result)
        if (!result) return
        finish(() => resolve(result))
        // The result came the fast way: spend the hand-off the popup also left, so it cannot linger.
        void redeemHandoff(client, { handle }, { loader: false }).catch(() => undefined)
      } else if (data.type === SIGN_IN_FAILED_MESSAGE && typeof data.message === 'string') {
        // A cancel says the same whichever way it comes (here or through the hand-off).
        const message = (data as { cancelled?: unknown }).cancelled === true ? 'popup-closed' : data.message
        finish(() => reject(new Error(message)))
      }
    }
    const checkClosed = () => {
      // A popup cut off by the page's COOP looks closed from the start: only the hand-off can tell then.
      if (!linked || !popup.closed || closedAt !== undefined) return
      closedAt = setTimeout(abandon, CLOSED_GRACE_MS)
    }
    const onAbort = () => {
      if (!popup.closed) popup.close()
      abandon()
    }
    // Polled, since a closing window fires nothing at its opener; the opener regaining focus (the usual
    // sign of a closed popup) is checked at once too, because background pages' timers are throttled.
    const poll = setInterval(checkClosed, CLOSED_POLL_MS)
    window.addEventListener('message', onMessage)
    window.addEventListener('focus', checkClosed)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    void redeemUntilDone(client, handle, redeeming.signal).then((outcome) => {
      if (!outcome) {
        if (!redeeming.signal.aborted) abandon()
      } else if ('result' in outcome) {
        const { result } = outcome
        finish(() => resolve(result))
      } else {
        const message = outcome.failed === 'cancelled' ? 'popup-closed' : 'sign-in-failed'
        finish(() => reject(new Error(message)))
      }
    })
  })
  pending = { popup, promise, abandon: () => abandon() }
  return promise
}
