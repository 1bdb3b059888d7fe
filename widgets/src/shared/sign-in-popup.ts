/**
 * Sign-in from a partner page: opens the platform's `/sign-in/popup` in a popup window and waits for
 * the login result, which the popup posts back from the platform's own origin (design section 3). The
 * partner page keeps the token; nothing is stored on the platform's origin.
 */
import type { Language } from '@mashura/core'

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
}

/** The message a successful popup posts. */
export const SIGN_IN_MESSAGE = 'mashura:sign-in'
/** The message a failed popup posts. */
export const SIGN_IN_FAILED_MESSAGE = 'mashura:sign-in-failed'

/** How often the popup is checked for having been closed, in milliseconds. */
const CLOSED_POLL_MS = 250
/**
 * How long a closed popup is given for its last message to arrive: the popup posts and closes at once,
 * and the close can be seen before the message task runs.
 */
const CLOSED_GRACE_MS = 300

const POPUP_WIDTH = 480
const POPUP_HEIGHT = 640

let pending: { popup: Window; promise: Promise<PopupSignInResult> } | null = null

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

/** The popup's window features: sized for the provider's pages and centred over this window. */
function features(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2))
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`
}

/**
 * Opens the platform's sign-in in a popup and resolves with the login result. Call it synchronously
 * inside a click handler, or popup blockers refuse the window. While a popup is open, another call
 * focuses it and shares its promise.
 *
 * Rejects with an Error whose message is `popup-blocked` (the browser refused the window),
 * `popup-closed` (closed before a result), or the platform's own message (the sign-in failed).
 */
export function openSignInPopup(options: SignInPopupOptions): Promise<PopupSignInResult> {
  if (pending && !pending.popup.closed) {
    pending.popup.focus()
    return pending.promise
  }
  const platformOrigin = new URL(options.apiBase, window.location.href).origin
  const url = new URL('/sign-in/popup', platformOrigin)
  url.searchParams.set('origin', window.location.origin)
  url.searchParams.set('api_key', options.apiKey)
  url.searchParams.set('lang', options.lang)
  const popup = window.open(url.toString(), 'mashura-sign-in', features())
  if (!popup) return Promise.reject(new Error('popup-blocked'))

  const promise = new Promise<PopupSignInResult>((resolve, reject) => {
    let closedAt: ReturnType<typeof setTimeout> | undefined
    const finish = (outcome: () => void) => {
      window.removeEventListener('message', onMessage)
      window.removeEventListener('focus', checkClosed)
      clearInterval(poll)
      clearTimeout(closedAt)
      if (pending?.popup === popup) pending = null
      outcome()
    }
    function onMessage(event: MessageEvent) {
      // Only the popup itself, on the platform's origin, speaks for the platform.
      if (event.origin !== platformOrigin || event.source !== popup) return
      const data = event.data as { type?: unknown; result?: unknown; message?: unknown } | null
      if (!data || typeof data !== 'object') return
      if (data.type === SIGN_IN_MESSAGE) {
        const result = readResult(data.result)
        if (result) finish(() => resolve(result))
      } else if (data.type === SIGN_IN_FAILED_MESSAGE && typeof data.message === 'string') {
        const message = data.message
        finish(() => reject(new Error(message)))
      }
    }
    const checkClosed = () => {
      if (!popup.closed || closedAt !== undefined) return
      closedAt = setTimeout(() => finish(() => reject(new Error('popup-closed'))), CLOSED_GRACE_MS)
    }
    // Polled, since a closing window fires nothing at its opener; the opener regaining focus (the usual
    // sign of a closed popup) is checked at once too, because background pages' timers are throttled.
    const poll = setInterval(checkClosed, CLOSED_POLL_MS)
    window.addEventListener('message', onMessage)
    window.addEventListener('focus', checkClosed)
  })
  pending = { popup, promise }
  return promise
}
