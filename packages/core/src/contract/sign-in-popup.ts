/**
 * The sign-in popup's page (design section 10): the server writes a JSON data block into it and the
 * popup's script (widgets' `sign-in-popup/popup-page.ts`) reads it. Plain types and constants, no TypeBox.
 */
import type { Language } from '../i18n/index.ts'
import type { ApiMessageKey } from '../i18n/server.ts'

/** The id of the JSON data block the popup script reads. */
export const POPUP_DATA_ID = 'mashura-sign-in-popup'

/** The strings the popup script may show, in both languages (the language is known only to the first visit). */
export const POPUP_MESSAGE_KEYS = [
  'signIn.popupTitle',
  'signIn.signingIn',
  'signIn.done',
  'signIn.failed',
  'signIn.cancelled',
  'signIn.noOpener',
  'signIn.incompleteLink',
  'errors.signInStateMismatch',
  'errors.loginFailed',
  'errors.network',
  'signIn.forSite',
  'signIn.confirmSite',
  'signIn.continue',
  'signIn.cancel',
  'signIn.returning',
] as const satisfies readonly ApiMessageKey[]

/** A message key the popup script knows. */
export type PopupMessageKey = (typeof POPUP_MESSAGE_KEYS)[number]

/**
 * The hand-off between the popup and the page that opened it (design section 10, issue 30). With an opener,
 * the popup posts `{ type, state, code }` (or a failure) to it at the approved origin; without one, it goes to
 * the key's return page with the same fields in the address's fragment (never sent to a server), and that
 * page passes them on over a `BroadcastChannel` of its origin. `state` is the widget's challenge: each widget
 * takes only its own.
 */
export const SIGN_IN_PROTOCOL = {
  /** The message with a one-time code. */
  signedIn: 'mashura:sign-in',
  /** The message of a sign-in that failed or was cancelled. */
  failed: 'mashura:sign-in-failed',
  /** The message the popup posts on its first visit while its opener link holds. */
  open: 'mashura:sign-in-open',
  /** The widget's answer on the return page's channel: the outcome for its challenge was taken. */
  taken: 'mashura:sign-in-taken',
  /** The `BroadcastChannel` the return page speaks on. */
  channel: 'mashura-sign-in',
  /** The return page's fragment parameters. */
  fragment: { state: 'mashura_state', code: 'mashura_code', error: 'mashura_error', lang: 'mashura_lang' },
} as const

/** What the popup script reads from the page. */
export interface PopupPageData {
  /** The partner origin the server approved for `apiKey`; null on the return visit from the provider. */
  origin: string | null
  /** The partner's API key; null on the return visit. */
  apiKey: string | null
  /**
   * The S256 challenge of the verifier the opening widget keeps (null on the return visit): the popup's
   * sign-in is kept for the holder of that verifier alone.
   */
  challenge: string | null
  /**
   * The page of `origin` that the API key registered for sign-ins returning without an opener (a partner page
   * with `Cross-Origin-Opener-Policy: same-origin`), or null: then the popup goes on only with an opener.
   */
  returnPage: string | null
  /** The language the page was asked in. */
  lang: Language
  /** The API base on this origin. */
  apiBase: string
  /** The sign-in provider's authorization endpoint. */
  authorizeUrl: string
  /** The platform's client id at the provider. */
  clientId: string
  /** The strings of both languages. */
  messages: Record<Language, Record<PopupMessageKey, string>>
}
