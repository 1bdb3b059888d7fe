import r2wc from '@r2wc/react-to-web-component'
import { createElement } from 'react'
import { emit } from '../events.ts'
import { resolveConfig, type SharedAttributes, sharedProps } from '../shared/config.ts'
import { defineElement } from '../shared/define-element.ts'
import { adoptStyles } from '../shared/styles.ts'
import { type TokenAttributes, withTokenProperty } from '../shared/token-property.ts'
import { BookingCalendar } from './booking-calendar.tsx'
import { bookingCalendarSheet } from './sheet.ts'

/** The attributes of `<booking-calendar>`, as r2wc hands them over. */
interface BookingCalendarAttributes extends SharedAttributes, TokenAttributes {
  contributorId?: number
  subjectId?: number
  sessionHref?: string
  requestHref?: string
  container?: HTMLElement
}

function BookingCalendarHost({
  container,
  contributorId,
  subjectId,
  sessionHref,
  requestHref,
  token,
  onTokenChange,
  ...shared
}: BookingCalendarAttributes) {
  // r2wc renders into the shadow root and passes it as `container`.
  const host = (container as unknown as ShadowRoot | undefined)?.host
  return createElement(BookingCalendar, {
    ...resolveConfig(shared),
    contributorId,
    subjectId: subjectId !== undefined && Number.isInteger(subjectId) ? subjectId : undefined,
    sessionHref: sessionHref || undefined,
    requestHref: requestHref || undefined,
    token: token ?? null,
    onTokenChange,
    onBookingCreated: (detail) => {
      if (host) emit(host, 'booking-created', detail)
    },
    // Not prevented (or no host yet) means the widget opens the popup itself.
    onSignInRequired: (detail) => (host ? emit(host, 'sign-in-required', detail) : true),
  })
}

const Base = withTokenProperty(
  r2wc(BookingCalendarHost, {
    shadow: 'open',
    props: {
      ...sharedProps,
      contributorId: 'number',
      subjectId: 'number',
      sessionHref: 'string',
      requestHref: 'string',
    },
  }),
)

/**
 * One expert's free slots by week in Asia/Riyadh time (Gregorian, with the Hijri date in Arabic), the choice
 * of online or in-office (in the slot's office), confirmation (for an advisor, sending a request the expert
 * accepts), the booking and a success modal with the session's link and an `.ics` file to add it to a
 * calendar; the schedule then reloads. A slot that starts while the calendar is open drops out of it.
 * Signed-out visitors sign in through the platform's popup, or the host page sets `token`.
 *
 * @tag booking-calendar
 *
 * @attr contributor-id - The expert whose free slots are shown (required).
 * @attr subject-id - The subject to book; without it the expert's only subject, or a choice among several.
 * @attr session-href - The booked session's page as an address template with `{id}`, such as
 *   `https://mashura.example/session/{id}`; the success modal links to it, and the `.ics` file's link and
 *   (online) location point there. Without it no link is shown.
 * @attr request-href - The same for an advisor's request (`https://mashura.example/request/{id}`). Without
 *   it no link is shown.
 * @attr api-base - The API base (default `/api`, or the page-wide value from `configureWidgets`).
 * @attr api-key - The embedding site's API key.
 * @attr lang - `ar` (default, right to left) or `en` (left to right).
 *
 * @prop {string | null} token - The bearer token to book with, for host pages that sign people in
 *   themselves. A property only, never an attribute, so the token never sits in the DOM; it belongs to
 *   this element (set it on each calendar) and survives the element being moved. Set `null` to forget it.
 *   The widget's own popup sign-in sets it (read it back to reuse the sign-in elsewhere), and a 401 from
 *   the booking sets it to `null`.
 *
 * @event booking-created - Emitted when the server accepted a booking; `detail: BookingCreatedDetail`
 *   (`contributorId`, `slotId`, `sessionId`, `startAt`, `communicationWay`, `officeId`, `pendingApproval`).
 * @event sign-in-required - Emitted, cancelable, when a signed-out visitor books or presses sign in;
 *   `detail: { contributorId, slotId }`. Call `preventDefault()` to sign the visitor in yourself and then
 *   set `token`; otherwise the platform's sign-in opens in a popup.
 *
 * @csspart base - The wrapper; carries `dir` and `lang`.
 * @csspart title - The heading.
 * @csspart week-header - The week navigation bar.
 * @csspart previous-week - The previous-week button (disabled on the current week).
 * @csspart next-week - The next-week button.
 * @csspart week-title - The week's Gregorian range (and Hijri range in Arabic).
 * @csspart hijri - A Hijri date.
 * @csspart status - The live region announcing the week's slot count and sign-in.
 * @csspart notice - An error notice (it hides itself after 10 seconds).
 * @csspart retry - The retry button of a failed load.
 * @csspart skeleton - The loading placeholder.
 * @csspart time-zone - The note that times are Saudi Arabia time.
 * @csspart days - The grid of the week's seven days.
 * @csspart day - One day's column.
 * @csspart day-heading - A day's date.
 * @csspart slot - A free slot to choose; also `slot-selected` when chosen.
 * @csspart slot-time - A slot's start time.
 * @csspart slot-ways - How a slot may be held.
 * @csspart empty - The empty-week message and its next-week button (`show-next-week`).
 * @csspart actions - The book and sign-in area.
 * @csspart book - The book button.
 * @csspart sign-in-prompt - The signed-out note and its `sign-in` button; while the popup sign-in is under way
 *   (`data-state="waiting"`), the note to finish it there and its `cancel-sign-in` button.
 * @csspart cancel-sign-in - Stops waiting for the popup sign-in.
 * @csspart confirm-dialog - The confirmation dialog's content.
 * @csspart request-note - For an advisor, the confirmation dialog's note that a request is sent.
 * @csspart office - The office of an in-office session.
 * @csspart confirm - The confirm button.
 * @csspart cancel - The confirm dialog's button that closes it without booking.
 * @csspart success-dialog - The success dialog's content.
 * @csspart close - The success dialog's close button.
 * @csspart session-link - The success dialog's link to the session (or request) page, with `session-href`
 *   (`request-href`) set.
 * @csspart add-to-calendar - The success dialog's download link of the session as an `.ics` file.
 * @csspart slot-selected - Added to `slot` on the chosen slot.
 * @csspart show-next-week - The empty week's button that moves to the next week.
 * @csspart sign-in - The sign-in button shown to a signed-out visitor.
 *
 * @cssproperty --booking-calendar-max-inline-size - The widget's maximum width (default `60rem`).
 * @cssproperty --booking-calendar-accent - Chosen slots, focus rings, buttons (default `--mashura-color-primary`).
 * @cssproperty --booking-calendar-accent-strong - Filled buttons, the chosen slot and button text: a darker
 *   shade of the accent, for WCAG AA contrast under white text (default: the accent mixed 78% with black).
 * @cssproperty --booking-calendar-day-min-inline-size - The narrowest day column before days wrap
 *   (default `7rem`; the week shows in one row from a widget about 54rem wide).
 * @cssproperty --mashura-color-primary - The brand primary (`#3084b2`); also `--mashura-color-secondary`,
 *   `--mashura-color-text`, `--mashura-color-muted`, `--mashura-color-surface`, `--mashura-color-border`,
 *   `--mashura-font-family`.
 */
export class BookingCalendarElement extends Base {
  constructor() {
    super()
    if (this.shadowRoot) adoptStyles(this.shadowRoot, 'booking-calendar', bookingCalendarSheet)
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'booking-calendar': BookingCalendarElement
  }
}

/** Registers the calendar under `tag` (guarded); each extra tag gets its own subclass, as the registry requires. */
export function defineBookingCalendar(tag = 'booking-calendar'): void {
  defineElement(tag, 'booking-calendar', BookingCalendarElement)
}
