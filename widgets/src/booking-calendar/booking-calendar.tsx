import { bookingCalendarMessages, type FetchLike, type Language, type Slot, weekBounds } from '@mashura/core'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { BookingCreatedDetail, SignInRequiredDetail } from '../events.ts'
import { ErrorNotice, Skeleton } from '../shared/notice.tsx'
import type { WidgetSeed } from '../shared/seed.ts'
import { useTranslator } from '../shared/use-translator.ts'
import { useWidgetContext } from '../shared/widget-context.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { dayLabel, slotSpanWithZone } from './format.ts'
import { SuccessDialog } from './success-dialog.tsx'
import { useBooking } from './use-booking.ts'
import { clashes, useBusy } from './use-busy.ts'
import { useSchedule, useUpcoming } from './use-schedule.ts'
import { SlotGrid, WeekHeader } from './week-view.tsx'

/** The props of {@link BookingCalendar}: strings and numbers in, callbacks out. */
export interface BookingCalendarProps {
  /** The expert whose free slots are shown. */
  contributorId?: number | undefined
  /** The subject booked; the expert's only (or first) subject when absent, with a choice when several. */
  subjectId?: number | undefined
  /** The API base. */
  apiBase: string
  /** The embedding site's API key. */
  apiKey: string
  /** The language; `ar` by default. */
  lang?: Language | undefined
  /** The `fetch` the API client uses. */
  fetch?: FetchLike | undefined
  /**
   * The bearer token to book with, for hosts that sign people in themselves (the site's own sign-in), or
   * null when signed out. The widget's own popup sign-in replaces it and a 401 forgets it: both are told
   * through {@link BookingCalendarProps.onTokenChange}.
   */
  token?: string | null | undefined
  /** Called with the token the widget's own sign-in got, or null when the server refused the token (401). */
  onTokenChange?: ((token: string | null) => void) | undefined
  /** Called once the server accepted a booking. */
  onBookingCreated?: ((detail: BookingCreatedDetail) => void) | undefined
  /** The week's slots the host already has (a page its server drew); React hosts only. */
  seed?: WidgetSeed | undefined
  /**
   * Called before the sign-in popup opens; returning false (the host page called `preventDefault()`)
   * leaves signing in to the host.
   */
  onSignInRequired?: ((detail: SignInRequiredDetail, where: CalendarPlace) => boolean) | undefined
  /**
   * The slot to show chosen at first, in the week it is in (a host that signed the visitor in by a full
   * redirect brings them back to it). Ignored when that week no longer offers it.
   */
  initialSlot?: CalendarPlace | undefined
  /**
   * The new session's page, as an address template with `{id}` (the agency's site: `/session/{id}`), linked
   * from the success modal. No link without it.
   */
  sessionHref?: string | undefined
  /** The new request's page (advisors), as an address template with `{id}`. No link without it. */
  requestHref?: string | undefined
}

/** No slots, one array for every render (the upcoming filter remembers its input). */
const NO_SLOTS: Slot[] = []

/** How many weeks `week` starts after the current week. */
function weeksFromNow(week: { start: Date }): number {
  return Math.max(
    0,
    Math.round((week.start.getTime() - weekBounds(new Date()).start.getTime()) / (7 * 86_400_000)),
  )
}

/** A chosen slot and the week it is in, counted from the current week (0). */
export interface CalendarPlace {
  slotId: number | null
  week: number
}

/**
 * One expert's free slots by week in Riyadh time, with the way to hold the session, confirmation, the
 * booking call and the success modal (spec section 4). Knows nothing of custom elements;
 * `booking-calendar.element.ts` wraps it. The bearer token is the element's `token` property (its store,
 * through the element's context), or for a React host the `token` prop; a token the widget's own sign-in
 * gets goes out through `onTokenChange` too.
 */
export function BookingCalendar(props: BookingCalendarProps) {
  const { apiBase, apiKey, lang, fetch, subjectId } = props
  const contributorId =
    props.contributorId !== undefined && Number.isInteger(props.contributorId) && props.contributorId > 0
      ? props.contributorId
      : undefined
  const t = useTranslator(lang, bookingCalendarMessages)
  // The calendar's one context: configuration, the token (the element's, or the `token` prop) and the client.
  const context = useWidgetContext({ apiBase, apiKey, lang: t.lang, fetch }, props.token, props.onTokenChange)
  const { client, token } = context
  const initial = props.initialSlot
  // Null: the current week, or the week of the next free slot when the current one has none (issue 31).
  const [offset, setOffset] = useState<number | null>(() =>
    initial && Number.isInteger(initial.week) && initial.week >= 0 ? initial.week : null,
  )
  // The schedule is public: read without the token, so that a stale token cannot hide the slots.
  const schedule = useSchedule(context.tokenless, contributorId, offset, props.seed)
  const shownOffset = offset ?? weeksFromNow(schedule.week)
  // The person's own sessions and requests, read again after each booking try: their slots clash.
  const [busyVersion, setBusyVersion] = useState(0)
  const busy = useBusy(client, contributorId === undefined ? null : token, busyVersion)
  const clash = useCallback((slot: Slot) => clashes(slot, busy), [busy])
  const reload = schedule.reload
  const reloadAll = useCallback(() => {
    reload()
    setBusyVersion((n) => n + 1)
  }, [reload])
  const [selected, setSelected] = useState<number | null>(null)
  // Another expert (a followed search chose one) starts afresh: their first free week, nothing chosen.
  const [shownExpert, setShownExpert] = useState(contributorId)
  if (shownExpert !== contributorId) {
    setShownExpert(contributorId)
    setOffset(null)
    setSelected(null)
  }
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()

  const focusHeading = useCallback(() => {
    // After the element that had focus goes away (a dialog, a vanished button), keep keyboard users here.
    requestAnimationFrame(() => headingRef.current?.focus())
  }, [])

  const booking = useBooking(context, t, {
    contributorId,
    subjectId,
    contributor: schedule.data?.contributor ?? null,
    links: props,
    reload: reloadAll,
    onBooked: () => setSelected(null),
    onBookingCreated: props.onBookingCreated,
    onSignInRequired: props.onSignInRequired
      ? (detail) => props.onSignInRequired?.(detail, { slotId: detail.slotId, week: shownOffset }) ?? true
      : undefined,
  })

  // A slot that has started is no longer free to book: it drops out when its time comes.
  const slots = useUpcoming(schedule.data?.slots ?? NO_SLOTS)
  const chosen: Slot | null = slots.find((s) => s.id === selected && !clash(s)) ?? null
  // The initial slot when it clashes with one of the person's own bookings, which shows only once they are
  // signed in: said beside the book button, not dropped without a word.
  const restoredClash =
    initial?.slotId && selected === initial.slotId
      ? (slots.find((s) => s.id === selected && clash(s)) ?? null)
      : null

  // The initial slot, once, when its week has loaded: chosen again, one press of "Book" from its
  // confirmation (not opened by itself: the site's terms popup may be showing first).
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current || !initial?.slotId || !schedule.data) return
    restored.current = true
    if (slots.some((s) => s.id === initial.slotId)) setSelected(initial.slotId)
  }, [initial, schedule.data, slots])

  function move(delta: -1 | 1, refocus = false) {
    const next = Math.max(0, shownOffset + delta)
    setOffset(next)
    setSelected(null)
    // The previous-week button is disabled on the current week; focus must not stay on a disabled button.
    if (refocus || next === 0) focusHeading()
  }

  const status =
    booking.status ?? (schedule.data ? t.t('bookingCalendar.slotsFound', { count: slots.length }) : '')

  if (contributorId === undefined)
    // No expert yet (a page that sets one when a search chooses it): a calm invitation, not an error.
    return (
      <div part="base" className="base" dir={t.dir} lang={t.lang} aria-busy="false">
        <h2 part="title" className="title" tabIndex={-1}>
          {t.t('bookingCalendar.title')}
        </h2>
        <p part="no-expert" className="no-expert">
          {t.t('bookingCalendar.noExpert')}
        </p>
        <p part="status" className="status" role="status" />
      </div>
    )

  return (
    <div part="base" className="base" dir={t.dir} lang={t.lang} aria-busy={schedule.loading}>
      <h2 part="title" className="title" tabIndex={-1}>
        {t.t('bookingCalendar.title')}
      </h2>
      <WeekHeader
        t={t}
        week={schedule.week}
        isFirst={shownOffset === 0}
        onMove={(delta) => move(delta)}
        headingRef={headingRef}
        headingId={headingId}
      />
      <p part="status" className="status" role="status">
        {status}
      </p>
      <ErrorNotice
        message={schedule.error === null ? null : schedule.error || t.t('common.error')}
        retryLabel={t.t('common.retry')}
        onRetry={schedule.reload}
      />
      {schedule.data === null && schedule.loading && <Skeleton lines={5} label={t.t('common.loading')} />}
      {schedule.data !== null && slots.length === 0 && (
        // The status line above already says the week is empty: said once (issue 31).
        <div part="empty" className="empty">
          <button type="button" part="show-next-week" className="m-button" onClick={() => move(1, true)}>
            {t.t('bookingCalendar.showNextWeek')}
          </button>
        </div>
      )}
      {schedule.data !== null && slots.length > 0 && (
        <SlotGrid
          t={t}
          week={schedule.week}
          slots={slots}
          selected={chosen?.id ?? null}
          onSelect={setSelected}
          labelledBy={headingId}
          clashes={clash}
        />
      )}
      {/* Beside the book button, where the person is looking; on a phone the bar stays at the screen's foot. */}
      <div part="actions" className="actions" data-chosen={chosen !== null}>
        <ErrorNotice key={booking.noticeKey} message={booking.notice} />
        {restoredClash && (
          <p part="chosen-clash" className="chosen-slot" role="status">
            {t.t('bookingCalendar.chosenClashes', {
              date: dayLabel(t, restoredClash.start),
              time: slotSpanWithZone(t, restoredClash),
            })}
          </p>
        )}
        {chosen && (
          <p part="chosen-slot" className="chosen-slot">
            {t.t('bookingCalendar.chosenSlot', {
              date: dayLabel(t, chosen.start),
              time: slotSpanWithZone(t, chosen),
            })}
          </p>
        )}
        {slots.length > 0 && (
          <button
            type="button"
            part="book"
            className="m-button"
            disabled={chosen === null}
            onClick={() => chosen && booking.start(chosen)}
          >
            {t.t('booking.book')}
          </button>
        )}
        {!token && !booking.signingIn && (
          <div part="sign-in-prompt" className="sign-in-prompt">
            <span>{t.t('bookingCalendar.signedOut')}</span>
            <button
              type="button"
              part="sign-in"
              className="m-button m-button-quiet"
              onClick={() => booking.signIn(chosen?.id ?? null)}
            >
              {t.t('nav.signIn')}
            </button>
          </div>
        )}
        {!token && booking.signingIn && (
          <div part="sign-in-prompt" className="sign-in-prompt" data-state="waiting">
            <span>{t.t('bookingCalendar.waitingForSignIn')}</span>
            <button
              type="button"
              part="cancel-sign-in"
              className="m-button m-button-quiet"
              onClick={booking.cancelSignIn}
            >
              {t.t('bookingCalendar.cancelSignIn')}
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog
        t={t}
        slot={booking.confirming}
        expertName={schedule.data?.contributor.sso_user.full_name ?? ''}
        request={booking.request}
        ways={booking.ways}
        way={booking.way}
        onWayChange={booking.setWay}
        subjects={booking.subjectChoices}
        subjectId={booking.subject}
        onSubjectChange={booking.setSubject}
        busy={booking.busy}
        refusal={booking.refusal}
        onConfirm={booking.confirm}
        onCancel={() => {
          // After a refusal the slot is gone or now clashes, and the book button with it: back to the week.
          const refused = booking.refusal !== null
          booking.cancel()
          if (refused) focusHeading()
        }}
      />
      <SuccessDialog
        t={t}
        outcome={booking.outcome}
        onClose={() => {
          booking.closeOutcome()
          focusHeading()
        }}
      />
    </div>
  )
}
