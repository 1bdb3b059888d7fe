/**
 * Every public event of Mashura's widgets, in one typed map, and the one helper that fires them.
 * A changed payload gets a new event name; the old one is deprecated here, never changed silently.
 */

/** The detail of `rating-submitted`. */
export interface RatingSubmittedDetail {
  /** The session that was rated. */
  sessionId: number
}

/** The public events by name, each with its detail type. */
export interface MashuraEventMap {
  /** Emitted when the business owner's rating of a session was accepted by the server. */
  'rating-submitted': RatingSubmittedDetail
}

/** The name of a public widget event. */
export type MashuraEventName = keyof MashuraEventMap

declare global {
  interface HTMLElementEventMap {
    'rating-submitted': CustomEvent<RatingSubmittedDetail>
  }
}

/**
 * Fires a public event on a widget's host element: a `CustomEvent` that bubbles and crosses the shadow
 * boundary, with an object `detail`. Returns `false` when a listener called `preventDefault()`.
 */
export function emit<K extends MashuraEventName>(
  host: Element,
  name: K,
  detail: MashuraEventMap[K],
): boolean {
  return host.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }),
  )
}
