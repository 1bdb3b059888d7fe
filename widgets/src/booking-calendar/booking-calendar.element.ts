import r2wc from '@r2wc/react-to-web-component'
import { createElement } from 'react'
import { type ExpertSelectedDetail, emit } from '../events.ts'
import { resolveConfig, type SharedAttributes, sharedProps } from '../shared/config.ts'
import { defineElement } from '../shared/define-element.ts'
import { adoptStyles } from '../shared/styles.ts'
import { withElementToken, withTokenProperty } from '../shared/token-property.ts'
import { BookingCalendar } from './booking-calendar.tsx'
import { bookingCalendarSheet } from './sheet.ts'

/** The attributes of `<booking-calendar>`, as r2wc hands them over. */
interface BookingCalendarAttributes extends SharedAttributes {
  contributorId?: number
  subjectId?: number
  sessionHref?: string
  requestHref?: string
  /** The followed search's id; the element itself follows it (see {@link BookingCalendarElement}). */
  for?: string
  container?: HTMLElement
}

function BookingCalendarHost({
  container,
  contributorId,
  subjectId,
  sessionHref,
  requestHref,
  for: _followed,
  ...shared
}: BookingCalendarAttributes) {
  // r2wc renders into the shadow root and passes it as `container`.
  const host = (container as unknown as ShadowRoot | undefined)?.host
  // The calendar's client reads (and its sign-in writes) the element's own token store.
  return withElementToken(
    container,
    createElement(BookingCalendar, {
      ...resolveConfig(shared),
      contributorId,
      subjectId: subjectId !== undefined && Number.isInteger(subjectId) ? subjectId : undefined,
      sessionHref: sessionHref || undefined,
      requestHref: requestHref || undefined,
      onBookingCreated: (detail) => {
        if (host) emit(host, 'booking-created', detail)
      },
      // Not prevented (or no host yet) means the widget opens the popup itself.
      onSignInRequired: (detail) => (host ? emit(host, 'sign-in-required', detail) : true),
    }),
  )
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
      for: 'string',
    },
  }),
)

/**
 * One expert's free slots by week in Asia/Riyadh time (Gregorian, with the Hijri date in Arabic), the choice
 * of online or in-office (in the slot's office), confirmation (for an advisor, sending a request the expert
 * accepts), the booking and a success modal with the session's link and an `.ics` file to add it to a
 * calendar; the schedule then reloads. A slot that starts while the calendar is open drops out of it.
 * Signed-out visitors sign in through the platform's popup, or the host page sets `token`. It opens on the
 * current week, or on the week of the next free slot when the current week has none. Signed in, slots that
 * overlap the person's own sessions or waiting requests are marked and cannot be chosen; a booking the
 * server refuses says why in the confirmation dialog, which stays open. Without `contributor-id` it invites
 * the visitor to choose an expert; `for` links it to an `<expert-search>` so that no script is needed:
 *
 * ```html
 * <expert-search id="experts"></expert-search>
 * <booking-calendar for="experts"></booking-calendar>
 * ```
 *
 * A page may instead set `contributor-id` itself from the search's `expert-selected` event
 * (`calendar.setAttribute('contributor-id', event.detail.contributorId)`).
 *
 * @tag booking-calendar
 *
 * @attr contributor-id - The expert whose free slots are shown. Without it (and before a followed search
 *   chooses one) the calendar invites the visitor to choose an expert.
 * @attr for - The `id` of an `<expert-search>` in the same document (or shadow root) to follow: choosing an
 *   expert there sets `contributor-id` (and `subject-id` when the search has a subject), scrolls the
 *   calendar into view and moves focus to its title.
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
 * @csspart notice - An error notice beside the book button (it hides itself after 10 seconds): a blocked or
 *   failed sign-in popup, a slot that started.
 * @csspart no-expert - The invitation to choose an expert, shown without `contributor-id`.
 * @csspart retry - The retry button of a failed load.
 * @csspart skeleton - The loading placeholder.
 * @csspart time-zone - The note that times are Saudi Arabia time.
 * @csspart days - The grid of the week's seven days.
 * @csspart day - One day's column.
 * @csspart day-heading - A day's date.
 * @csspart slot - A free slot to choose; also `slot-selected` when chosen.
 * @csspart slot-time - A slot's start time.
 * @csspart slot-duration - A slot's length («٦٠ دقيقة», «60 minutes»).
 * @csspart slot-clash - Added to `slot` on a slot that overlaps the signed-in person's own session or waiting
 *   request: it cannot be chosen.
 * @csspart slot-clash-label - The words on such a slot that say it clashes.
 * @csspart clash-note - The note above the days that explains the marked slots.
 * @csspart slot-ways - How a slot may be held.
 * @csspart empty - An empty week's next-week button (`show-next-week`); the status line says the week is empty.
 * @csspart actions - The book and sign-in area, with the chosen slot; on a screen narrower than 48rem it stays
 *   at the foot of the screen once a slot is chosen (`data-chosen="true"`), so the book button is in reach.
 * @csspart chosen-slot - The chosen slot's day, start, end and length, beside the book button.
 * @csspart chosen-clash - Beside the book button: the slot a site brought back (`initialSlot`) clashes with
 *   one of the person's own bookings, so it is not chosen.
 * @csspart book - The book button.
 * @csspart sign-in-prompt - The signed-out note and its `sign-in` button; while the popup sign-in is under way
 *   (`data-state="waiting"`), the note to finish it there and its `cancel-sign-in` button.
 * @csspart cancel-sign-in - Stops waiting for the popup sign-in.
 * @csspart confirm-dialog - The confirmation dialog's content (the slot's date, start, end and length).
 * @csspart refusal - The reason the server refused the booking, in the confirmation dialog (focused and
 *   announced); it stays until the dialog closes or the booking is tried again.
 * @csspart request-note - For an advisor, the confirmation dialog's note that a request is sent.
 * @csspart office - The office of an in-office session.
 * @csspart confirm - The confirm button.
 * @csspart cancel - The confirm dialog's button that closes it without booking ("Choose another time" after
 *   a refusal that trying again cannot change).
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
  /** Where this element listens for the followed search's choices, while it follows one. */
  #following: { root: Document | ShadowRoot; listener: (event: Event) => void } | null = null
  /** Whether `subject-id` was set from the followed search (and so is the search's to clear). */
  #subjectFromSearch = false

  constructor() {
    super()
    if (this.shadowRoot) adoptStyles(this.shadowRoot, 'booking-calendar', bookingCalendarSheet)
  }

  connectedCallback(): void {
    ;(Base.prototype as unknown as LifeCycle).connectedCallback?.call(this)
    this.#follow()
  }

  disconnectedCallback(): void {
    ;(Base.prototype as unknown as LifeCycle).disconnectedCallback?.call(this)
    this.#unfollow()
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    ;(Base.prototype as unknown as LifeCycle).attributeChangedCallback?.call(this, name, previous, value)
    if (name === 'for' && this.isConnected) this.#follow()
  }

  /**
   * Follows the `<expert-search>` named by `for`: its `expert-selected` events (which bubble to the root this
   * element is in) set `contributor-id` (and `subject-id` when the search has one), then the calendar comes
   * into view with the focus on its title, as the visitor's next step.
   */
  #follow(): void {
    this.#unfollow()
    const id = this.getAttribute('for')
    if (!id) return
    const root = this.getRootNode() as Document | ShadowRoot
    const listener = (event: Event) => {
      const source = event.target as Element | null
      if (source?.id !== id || !(event instanceof CustomEvent)) return
      const detail = event.detail as ExpertSelectedDetail
      this.setAttribute('contributor-id', String(detail.contributorId))
      if (detail.subjectId !== null) {
        this.setAttribute('subject-id', String(detail.subjectId))
        this.#subjectFromSearch = true
      } else if (this.#subjectFromSearch) {
        this.removeAttribute('subject-id')
        // r2wc ignores a removed attribute: its prop is cleared here.
        const element = this as unknown as Record<symbol, unknown>
        ;(element[Symbol.for('r2wc.props')] as { subjectId?: number }).subjectId = undefined
        ;(element[Symbol.for('r2wc.render')] as () => void).call(this)
        this.#subjectFromSearch = false
      }
      const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches
      this.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' })
      this.shadowRoot?.querySelector<HTMLElement>('[part~="title"]')?.focus({ preventScroll: true })
    }
    root.addEventListener('expert-selected', listener)
    this.#following = { root, listener }
  }

  #unfollow(): void {
    this.#following?.root.removeEventListener('expert-selected', this.#following.listener)
    this.#following = null
  }
}

/** r2wc's element callbacks, which its constructor type does not declare. */
interface LifeCycle {
  connectedCallback?(): void
  disconnectedCallback?(): void
  attributeChangedCallback?(name: string, previous: string | null, value: string | null): void
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
