/**
 * The sign-in popup's page (design section 10): the server writes a JSON data block into it and the
 * popup's script (widgets' `sign-in-popup/popup-page.ts`) reads it. Plain types and constants, no TypeBox.
 */
import type { Language, MessageKey } from '../i18n/index.ts'

/** The id of the JSON data block the popup script reads. */
export const POPUP_DATA_ID = 'mashura-sign-in-popup'

/** The strings the popup script may show, in both languages (the language is known only to the first visit). */
export const POPUP_MESSAGE_KEYS = [
  'signIn.popupTitle',
  'signIn.signingIn',
  'signIn.done',
  'signIn.doneReturn',
  'signIn.failed',
  'signIn.cancelled',
  'signIn.noOpener',
  'signIn.incompleteLink',
  'errors.signInStateMismatch',
  'errors.loginFailed',
  'errors.network',
] as const satisfies readonly MessageKey[]

/** A message key the popup script knows. */
export type PopupMessageKey = (typeof POPUP_MESSAGE_KEYS)[number]

/** What the popup script reads from the page. */
export interface PopupPageData {
  /** The partner origin the server approved for `apiKey`; null on the return visit from the provider. */
  origin: string | null
  /** The partner's API key; null on the return visit. */
  apiKey: string | null
  /** The widget's one-time hand-off handle (null on the return visit, and from widgets without one). */
  handle: string | null
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
