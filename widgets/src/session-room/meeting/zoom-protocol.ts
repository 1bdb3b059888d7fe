/**
 * The postMessage protocol between `zoom-frame.tsx` (in the widget) and the Zoom page (`zoom-page/`,
 * served at `<platform>/widgets/zoom/`). Plain types and checks, no dependencies: both sides import it.
 */

/** The path of the Zoom page under the platform's origin. */
export const ZOOM_PAGE_PATH = '/widgets/zoom/'

/** The page is loaded and listening for the join. */
export interface ZoomReadyMessage {
  type: 'mashura:zoom-ready'
}

/** Everything the page needs to join; it has no credentials of its own. */
export interface ZoomJoinMessage {
  type: 'mashura:zoom-join'
  /** The meeting signature (a JWT signed by the platform's server). */
  signature: string
  /** The Meeting SDK key the signature was made for. */
  sdkKey: string
  /** The meeting number. */
  meetingNumber: string
  /** The meeting password ('' when none). */
  password: string
  /** The name shown to the others. */
  userName: string
  /** The person's e-mail, when the meeting asks for one. */
  userEmail?: string | undefined
  /** `ar` or `en`. */
  lang: string
  /** The host's ZAK token, so the expert joins as host. */
  zak?: string | undefined
}

/** The person joined the meeting. */
export interface ZoomJoinedMessage {
  type: 'mashura:zoom-joined'
}

/** The person left or the meeting ended. */
export interface ZoomLeftMessage {
  type: 'mashura:zoom-left'
}

/** Joining failed or the meeting broke off; `reason` is the SDK's text, for logs, not for people. */
export interface ZoomErrorMessage {
  type: 'mashura:zoom-error'
  reason?: string | undefined
}

/** What the page sends its parent. */
export type ZoomPageMessage = ZoomReadyMessage | ZoomJoinedMessage | ZoomLeftMessage | ZoomErrorMessage

const PAGE_TYPES: ReadonlySet<string> = new Set([
  'mashura:zoom-ready',
  'mashura:zoom-joined',
  'mashura:zoom-left',
  'mashura:zoom-error',
])

/** The parts of a `MessageEvent` the checks look at. */
export interface ReceivedMessage {
  origin: string
  source: unknown
  data: unknown
}

/**
 * The page's message when `event` really comes from the Zoom frame: sent by the iframe's own window
 * (`source`), from the platform's origin (`origin`; a page the iframe navigated to elsewhere fails this),
 * and shaped as the protocol says. Anything else (other frames, extensions, the host page) gets null.
 */
export function zoomPageMessage(
  event: ReceivedMessage,
  expected: { origin: string; source: unknown },
): ZoomPageMessage | null {
  if (expected.source == null || event.source !== expected.source || event.origin !== expected.origin)
    return null
  const data = event.data as { type?: unknown } | null
  if (
    typeof data !== 'object' ||
    data === null ||
    typeof data.type !== 'string' ||
    !PAGE_TYPES.has(data.type)
  )
    return null
  return data as ZoomPageMessage
}

/** A join message as the page checks it: the fields it passes to the SDK are all strings. */
export function isZoomJoinMessage(data: unknown): data is ZoomJoinMessage {
  if (typeof data !== 'object' || data === null) return false
  const m = data as Record<string, unknown>
  return (
    m.type === 'mashura:zoom-join' &&
    ['signature', 'sdkKey', 'meetingNumber', 'password', 'userName', 'lang'].every(
      (key) => typeof m[key] === 'string',
    ) &&
    (m.zak === undefined || typeof m.zak === 'string') &&
    (m.userEmail === undefined || typeof m.userEmail === 'string')
  )
}

/** The platform's origin: the API base's, resolved against the embedding page (it may be relative). */
export function platformOrigin(apiBase: string, page = globalThis.location?.href): string {
  return new URL(apiBase, page).origin
}
