import { bookingCalendarMessages, type FetchLike, type Language, type Slot } from '@mashura/core'
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { BookingCreatedDetail, SignInRequiredDetail } from '../events.ts'
import { createWidgetClient } from '../shared/api.ts'
import { ErrorNotice, Skeleton } from '../shared/notice.tsx'
import type { WidgetSeed } from '../shared/seed.ts'
import { useTranslator } from '../shared/use-translator.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { SuccessDialog } from './success-dialog.tsx'
import { useBooking } from './use-booking.ts'
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

/** A chosen slot and the week it is in, counted from the current week (0). */
export interface CalendarPlace {
  slotId: number | null
  week: number
}

/**
 * One expert's free slots by week in Riyadh time, with the way to hold the session, confirmation, the
 * booking call and the success modal (spec section 4). Knows nothing of custom elements;
 * `booking-calendar.element.ts` wraps it. The bearer token comes in as the `token` prop (the element's
 * `token` property); a token the widget's own sign-in gets goes out through `onTokenChange`.
 */
export function BookingCalendar(props: BookingCalendarProps) {
  const { apiBase, apiKey, lang, fetch, subjectId } = props
  const contributorId =
    props.contributorId !== undefined && Number.isInteger(props.contributorId) && props.contributorId > 0
      ? props.contributorId
      : undefined
  const t = useTranslator(lang, bookingCalendarMessages)
  const [token, setToken] = useTokenProp(props.token, props.onTokenChange)
  const tokenRef = useRef(token)
  tokenRef.current = token
  const client = useMemo(
    () => createWidgetClient({ apiBase, apiKey, lang: t.lang, fetch }, () => tokenRef.current),
    [apiBase, apiKey, t, fetch],
  )
  // The schedule is public: read it without the token, so that a stale token cannot hide the slots.
  const publicClient = useMemo(
    () => createWidgetClient({ apiBase, apiKey, lang: t.lang, fetch }),
    [apiBase, apiKey, t, fetch],
  )
  const initial = props.initialSlot
  const [offset, setOffset] = useState(() =>
    initial && Number.isInteger(initial.week) && initial.week > 0 ? initial.week : 0,
  )
  const schedule = useSchedule(publicClient, contributorId, offset, props.seed)
  const [selected, setSelected] = useState<number | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()

  const focusHeading = useCallback(() => {
    // After the element that had focus goes away (a dialog, a vanished button), keep keyboard users here.
    requestAnimationFrame(() => headingRef.current?.focus())
  }, [])

  const booking = useBooking({
    t,
    client,
    apiBase,
    apiKey,
    contributorId,
    subjectId,
    sessionHref: props.sessionHref,
    requestHref: props.requestHref,
    contributor: schedule.data?.contributor ?? null,
    token,
    setToken: (next) => {
      // The booking that follows a sign-in runs before the next render: the client reads the ref.
      tokenRef.current = next
      setToken(next)
    },
    reload: schedule.reload,
    onBooked: () => setSelected(null),
    onBookingCreated: props.onBookingCreated,
    onSignInRequired: props.onSignInRequired
      ? (detail) => props.onSignInRequired?.(detail, { slotId: detail.slotId, week: offset }) ?? true
      : undefined,
  })

  // A slot that has started is no longer free to book: it drops out when its time comes.
  const slots = useUpcoming(schedule.data?.slots ?? NO_SLOTS)
  const chosen: Slot | null = slots.find((s) => s.id === selected) ?? null

  // The initial slot, once, when its week has loaded: chosen again, one press of "Book" from its
  // confirmation (not opened by itself: the site's terms popup may be showing first).
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current || !initial?.slotId || !schedule.data) return
    restored.current = true
    if (slots.some((s) => s.id === initial.slotId)) setSelected(initial.slotId)
  }, [initial, schedule.data, slots])

  function move(delta: -1 | 1, refocus = false) {
    const next = Math.max(0, offset + delta)
    setOffset(next)
    setSelected(null)
    // The previous-week button is disabled on the current week; focus must not stay on a disabled button.
    if (refocus || next === 0) focusHeading()
  }

  const status =
    booking.status ?? (schedule.data ? t.t('bookingCalendar.slotsFound', { count: slots.length }) : '')

  return (
    <div part="base" className="base" dir={t.dir} lang={t.lang} aria-busy={schedule.loading}>
      <h2 part="title" className="title">
        {t.t('bookingCalendar.title')}
      </h2>
      <WeekHeader
        t={t}
        week={schedule.week}
        isFirst={offset === 0}
        onMove={(delta) => move(delta)}
        headingRef={headingRef}
        headingId={headingId}
      />
      <p part="status" className="status" role="status">
        {status}
      </p>
      <ErrorNotice
        message={
          contributorId === undefined
            ? t.t('common.error')
            : schedule.error === null
              ? null
              : schedule.error || t.t('common.error')
        }
        retryLabel={t.t('common.retry')}
        onRetry={contributorId === undefined ? undefined : schedule.reload}
      />
      <ErrorNotice key={booking.noticeKey} message={booking.notice} />
      {schedule.data === null && schedule.loading && <Skeleton lines={5} label={t.t('common.loading')} />}
      {schedule.data !== null && slots.length === 0 && (
        <div part="empty" className="empty">
          <p>{t.t('bookingCalendar.emptyWeek')}</p>
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
        />
      )}
      <div part="actions" className="actions">
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
        onConfirm={booking.confirm}
        onCancel={booking.cancel}
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

/**
 * The calendar's token: the host's `token` prop, until the widget's own sign-in replaces it or a 401 forgets
 * it (the host hears of both through `onTokenChange`); a new value from the host wins again.
 */
function useTokenProp(
  given: string | null | undefined,
  onChange: ((token: string | null) => void) | undefined,
): [string | null, (token: string | null) => void] {
  const [token, setToken] = useState(given ?? null)
  const [seen, setSeen] = useState(given)
  if (seen !== given) {
    setSeen(given)
    setToken(given ?? null)
  }
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const change = useCallback((next: string | null) => {
    setToken(next)
    onChangeRef.current?.(next)
  }, [])
  return [token, change]
}
