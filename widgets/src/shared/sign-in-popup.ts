/**
 * Sign-in from a partner page: opens the platform's `/sign-in/popup` in a popup window and waits for the
 * login result (design sections 3 and 10, issue 30).
 *
 * This page makes a random verifier and keeps it in memory; the popup is opened with its hash alone (the
 * challenge, as PKCE does). The popup's sign-in gives it a one-time code, never the token, which it hands to
 * this page only, whichever way still reaches it:
 *
 * - `postMessage` from the platform's origin to `window.opener`, at this page's origin;
 * - for pages that send `Cross-Origin-Opener-Policy: same-origin` (which cuts the popup off from its opener
 *   and makes it look closed from here at once): the popup goes to the return page the API key registered on
 *   this origin, which passes the code on over a `BroadcastChannel` (`sign-in-return.js`).
 *
 * This page then redeems the code with its verifier (`POST /authentication/handoff/redeem`). Whoever made or
 * saw a popup address has no code; whoever sees a code has no verifier. The partner page keeps the token;
 * nothing is stored on the platform's origin.
 */
import {
  type ApiClient,
  createApiClient,
  type Language,
  type LoginResult,
  randomUrlSafe,
  redeemHandoff,
  s256Challenge,
} from '@mashura/core'
import { SIGN_IN_PROTOCOL } from '@mashura/core/contract/sign-in-popup'

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
export const SIGN_IN_MESSAGE = SIGN_IN_PROTOCOL.signedIn
/** The message a failed popup posts. */
export const SIGN_IN_FAILED_MESSAGE = SIGN_IN_PROTOCOL.failed
/** The message the popup posts on its first visit while its opener link holds. */
export const SIGN_IN_OPEN_MESSAGE = SIGN_IN_PROTOCOL.open

/** How often the popup is checked for having been closed, in milliseconds. */
const CLOSED_POLL_MS = 250
/**
 * How long a popup seen closed is given for its result to arrive, in milliseconds: the popup posts and
 * closes at once, and the close can be seen before the message task runs.
 */
const CLOSED_GRACE_MS = 300
/** How long a sign-in is waited for at most, in milliseconds. */
const GIVE_UP_MS = 10 * 60_000

const POPUP_WIDTH = 480
const POPUP_HEIGHT = 640

let pending: { popup: Window; promise: Promise<PopupSignInResult>; abandon: () => void } | null = null

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

/** A message from the popup or the return page: a code or a failure, for one challenge. */
type Delivery = { code: string } | { failed: 'cancelled' | 'failed'; message: string | null }

/** Reads a hand-off message for `challenge`; null when it is not one, or is another widget's. */
function readDelivery(value: unknown, challenge: string): Delivery | null {
  if (!value || typeof value !== 'object') return null
  const data = value as {
    type?: unknown
    state?: unknown
    code?: unknown
    message?: unknown
    cancelled?: unknown
  }
  if (data.state !== challenge) return null
  if (data.type === SIGN_IN_MESSAGE && typeof data.code === 'string' && data.code) return { code: data.code }
  if (data.type === SIGN_IN_FAILED_MESSAGE) {
    return {
      failed: data.cancelled === true ? 'cancelled' : 'failed',
      message: typeof data.message === 'string' && data.message ? data.message : null,
    }
  }
  return null
}

/** Redeems a code with this page's verifier for the login result. */
async function redeem(client: ApiClient, code: string, verifier: string): Promise<PopupSignInResult> {
  const { data } = await redeemHandoff(client, { code, verifier }, { loader: false })
  return fromLogin(data)
}

/**
 * Opens the platform's sign-in in a popup and resolves with the login result. Call it synchronously
 * inside a click handler, or popup blockers refuse the window. While a popup is open, another call
 * focuses it and shares its promise; once the popup looks closed, another call starts afresh.
 *
 * Rejects with an Error whose message is `popup-blocked` (the browser refused the window),
 * `popup-closed` (closed, or turned down at the provider, before a result; or `signal` aborted), `sign-in-failed` (the
 * sign-in or its redeem failed), or the platform's own message (the popup posted why the sign-in failed).
 */
export function openSignInPopup(options: SignInPopupOptions): Promise<PopupSignInResult> {
  if (options.signal?.aborted) return Promise.reject(new Error('popup-closed'))
  if (pending && !pending.popup.closed) {
    pending.popup.focus()
    return pending.promise
  }
  pending?.abandon()
  const platformOrigin = new URL(options.apiBase, window.location.href).origin
  // The verifier stays in this closure; only its hash travels, in the popup's address.
  const verifier = randomUrlSafe(32)
  const challenge = s256Challenge(verifier)
  const url = new URL('/sign-in/popup', platformOrigin)
  url.searchParams.set('origin', window.location.origin)
  url.searchParams.set('api_key', options.apiKey)
  url.searchParams.set('lang', options.lang)
  url.searchParams.set('challenge', challenge)
  const popup = window.open(url.toString(), 'mashura-sign-in', features())
  if (!popup) return Promise.reject(new Error('popup-blocked'))

  const client = createApiClient({
    baseURL: new URL(options.apiBase, window.location.href).toString(),
    apiKey: options.apiKey,
    language: options.lang,
  })
  let abandon = () => {}
  const promise = new Promise<PopupSignInResult>((resolve, reject) => {
    // Whether the popup said hello through `window.opener`: then its looking closed means it is.
    let linked = false
    let closedAt: ReturnType<typeof setTimeout> | undefined
    let done = false
    let channel: BroadcastChannel | null = null
    const finish = (outcome: () => void) => {
      if (done) return
      done = true
      window.removeEventListener('message', onMessage)
      window.removeEventListener('focus', checkClosed)
      options.signal?.removeEventListener('abort', onAbort)
      channel?.close()
      clearInterval(poll)
      clearTimeout(closedAt)
      clearTimeout(giveUp)
      if (pending?.popup === popup) pending = null
      outcome()
    }
    abandon = () => finish(() => reject(new Error('popup-closed')))
    let redeeming = false
    const deliver = (delivery: Delivery) => {
      if (done || redeeming) return
      if ('code' in delivery) {
        redeeming = true
        clearTimeout(closedAt)
        redeem(client, delivery.code, verifier).then(
          (result) => finish(() => resolve(result)),
          () => finish(() => reject(new Error('sign-in-failed'))),
        )
        return
      }
      // A cancel says the same whichever way it comes.
      const message =
        delivery.failed === 'cancelled' ? 'popup-closed' : (delivery.message ?? 'sign-in-failed')
      finish(() => reject(new Error(message)))
    }
    function onMessage(event: MessageEvent) {
      // Only the popup itself, on the platform's origin, speaks for the platform.
      if (event.origin !== platformOrigin || event.source !== popup) return
      const data = event.data as { type?: unknown } | null
      if (data?.type === SIGN_IN_OPEN_MESSAGE) {
        linked = true
        return
      }
      const delivery = readDelivery(data, challenge)
      if (delivery) deliver(delivery)
    }
    const checkClosed = () => {
      // A popup cut off by the page's COOP looks closed from the start: only the return page can tell then.
      if (!linked || !popup.closed || closedAt !== undefined || redeeming) return
      closedAt = setTimeout(abandon, CLOSED_GRACE_MS)
    }
    const onAbort = () => {
      if (!popup.closed) popup.close()
      abandon()
    }
    // Polled, since a closing window fires nothing at its opener; the opener regaining focus (the usual
    // sign of a closed popup) is checked at once too, because background pages' timers are throttled.
    const poll = setInterval(checkClosed, CLOSED_POLL_MS)
    const giveUp = setTimeout(abandon, GIVE_UP_MS)
    window.addEventListener('message', onMessage)
    window.addEventListener('focus', checkClosed)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    // The return page of this origin speaks here when the popup has no opener left.
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(SIGN_IN_PROTOCOL.channel)
      channel.onmessage = (event) => {
        const delivery = readDelivery(event.data, challenge)
        if (!delivery) return
        // The return page waits to hear that its page took the sign-in before it closes.
        channel?.postMessage({ type: SIGN_IN_PROTOCOL.taken, state: challenge })
        deliver(delivery)
      }
    }
  })
  pending = { popup, promise, abandon: () => abandon() }
  return promise
}
