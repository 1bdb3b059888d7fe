/**
 * Every public event of Mashura's widgets, in one typed map, and the one helper that fires them.
 * A changed payload gets a new event name; the old one is deprecated here, never changed silently.
 */

/** An expert's kind, as the `role` attribute and the spec's routes name it. */
export type ExpertRole = 'bsa' | 'advisor' | 'consultant' | 'partner'

/** The detail of `expert-selected` (expert-search). */
export interface ExpertSelectedDetail {
  /** The chosen expert. */
  contributorId: number
  /** The expert's kind. */
  role: ExpertRole
  /** The subject the visitor searched or filtered by, if any. */
  subjectId: number | null
}

/** The detail of `booking-created` (booking-calendar). */
export interface BookingCreatedDetail {
  /** The expert booked. */
  contributorId: number
  /** The slot booked. */
  slotId: number
  /** The session (or request) the booking made, when the server returned its id. */
  sessionId: number | null
  /** When it starts, ISO 8601 with offset. */
  startAt: string
  /** Online, or in the office. */
  communicationWay: 'online' | 'office'
  /** The office, for an in-office session. */
  officeId: number | null
  /** True for an advisor: the booking is a request awaiting the expert's answer. */
  pendingApproval: boolean
}

/**
 * The detail of `sign-in-required` (booking-calendar). The event is cancelable: a host page that signs
 * people in itself calls `preventDefault()` and later sets the widget's `token` property; otherwise the
 * widget opens the platform's sign-in in a popup.
 */
export interface SignInRequiredDetail {
  /** The expert whose calendar asked. */
  contributorId: number
  /** The slot the visitor was booking, if one was chosen. */
  slotId: number | null
}

/** The detail of the session-room's session events. */
export interface SessionEventDetail {
  /** The session. */
  sessionId: number
}

/** The detail of `session-ended`. */
export interface SessionEndedDetail extends SessionEventDetail {
  /** The reason the expert gave, when the session was ended early. */
  reason: string | null
}

/** The detail of `session-cancelled`. */
export interface SessionCancelledDetail extends SessionEventDetail {
  /** The chosen cancel reason's id. */
  reasonId: number | null
}

/** The detail of `session-rescheduled`: the business owner moved her session to another slot (issue 34). */
export interface SessionRescheduledDetail extends SessionEventDetail {
  /** The start it had before the move (ISO 8601). */
  previousStart: string
  /** Its new start (ISO 8601). */
  start: string
  /** The slot it now takes. */
  scheduleId: number
}

/**
 * The detail of `recommendations-required`: the expert should now write recommendations for the session.
 * `endSession` is true when the session still has to be ended with them (spec §4: a failed meeting
 * signature fetch).
 */
export interface RecommendationsRequiredDetail extends SessionEventDetail {
  endSession: boolean
}

/** The detail of `rating-submitted`. */
export interface RatingSubmittedDetail {
  /** The session that was rated. */
  sessionId: number
}

/** The public events by name, each with its detail type. */
export interface MashuraEventMap {
  /** expert-search: a result was chosen. */
  'expert-selected': ExpertSelectedDetail
  /** booking-calendar: the server accepted a booking. */
  'booking-created': BookingCreatedDetail
  /** booking-calendar: the visitor must sign in before booking (cancelable). */
  'sign-in-required': SignInRequiredDetail
  /** session-room: the expert started (or continued) the meeting. */
  'session-started': SessionEventDetail
  /** session-room: the session was ended. */
  'session-ended': SessionEndedDetail
  /** session-room: the session was cancelled (by the expert, or by the business owner herself). */
  'session-cancelled': SessionCancelledDetail
  /** session-room: the business owner moved her session to another slot. */
  'session-rescheduled': SessionRescheduledDetail
  /** session-room: the expert marked the business owner absent. */
  'sme-marked-absent': SessionEventDetail
  /** session-room: recommendations are due for the session (cancelable). */
  'recommendations-required': RecommendationsRequiredDetail
  /** rate-form: the business owner's rating of a session was accepted by the server. */
  'rating-submitted': RatingSubmittedDetail
}

/** The name of a public widget event. */
export type MashuraEventName = keyof MashuraEventMap

/** The events a listener may cancel with `preventDefault()`, because the widget then leaves the next step to it. */
export type CancelableEventName = 'sign-in-required' | 'recommendations-required'

/** The cancelable events at run time: every other event fires with `cancelable: false`. */
const CANCELABLE: ReadonlySet<MashuraEventName> = new Set<CancelableEventName>([
  'sign-in-required',
  'recommendations-required',
])

/** The public events as DOM events: derived from {@link MashuraEventMap}, so the map is written once. */
export type MashuraElementEventMap = {
  [K in MashuraEventName]: CustomEvent<MashuraEventMap[K]>
}

declare global {
  // An interface may extend a mapped type alias whose keys are known: `addEventListener` gets typed details.
  interface HTMLElementEventMap extends MashuraElementEventMap {}
}

/**
 * Fires a public event on a widget's host element: a `CustomEvent` that bubbles and crosses the shadow
 * boundary, with an object `detail`. Only the {@link CancelableEventName} events are cancelable; returns
 * `false` when a listener called `preventDefault()` on one of them.
 */
export function emit<K extends MashuraEventName>(
  host: Element,
  name: K,
  detail: MashuraEventMap[K],
): boolean {
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: CANCELABLE.has(name) }),
  )
}
