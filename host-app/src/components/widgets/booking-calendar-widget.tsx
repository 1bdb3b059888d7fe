import { $auth } from '@mashura/core'
import {
  BookingCalendar,
  type BookingCalendarProps,
  bookingCalendarSheet,
  type CalendarPlace,
  ShadowHost,
} from '@mashura/widgets/react'
import { useStore } from '@nanostores/react'
import { paths } from '../../config/paths.ts'
import { type SiteConfig, useSiteConfig, useWidgetSeed } from './site-config.ts'

/** The address query that brings a visitor back to the slot they chose before signing in. */
export const SLOT_QUERY = { slot: 'slot', week: 'week' } as const

/** The slot named in this page's address (after a sign-in that started from a calendar), if any. */
export function slotFromAddress(search: string): CalendarPlace | undefined {
  const params = new URLSearchParams(search)
  const slotId = Number(params.get(SLOT_QUERY.slot))
  const week = Number(params.get(SLOT_QUERY.week) ?? 0)
  if (!Number.isInteger(slotId) || slotId <= 0) return undefined
  return { slotId, week: Number.isInteger(week) && week >= 0 && week < 52 ? week : 0 }
}

/**
 * The calendar's sign-in: the site's own (a full redirect that comes back to this page), with the chosen slot
 * and its week in the return address. Returns false: the widget's own popup sign-in is not wanted.
 */
export function signInFromCalendar(_detail: unknown, where: CalendarPlace): false {
  const back = new URLSearchParams(window.location.search)
  back.delete(SLOT_QUERY.slot)
  back.delete(SLOT_QUERY.week)
  if (where.slotId !== null) {
    back.set(SLOT_QUERY.slot, String(where.slotId))
    back.set(SLOT_QUERY.week, String(where.week))
  }
  const query = back.toString()
  const returnTo = `${window.location.pathname}${query ? `?${query}` : ''}`
  // Loaded when needed: the profile's script without the app (islands/booking-calendar.tsx) shares this.
  void import('../../lib/session.ts').then((session) => session.startSignIn(returnTo))
  return false
}

/** What the site's calendar gets besides the page's props: its own pages to link to and its sign-in. */
export const SITE_CALENDAR = {
  sessionHref: paths.session.to('{id}'),
  requestHref: paths.request.to('{id}'),
  onSignInRequired: signInFromCalendar,
} as const

/**
 * The booking calendar in the site. Signed out, its sign-in button starts the site's own sign-in (a full
 * redirect that comes back to this page) instead of the partner pages' popup; the chosen slot and its week
 * ride in the return address, so the visitor comes back to it chosen, and signed in, to its confirmation.
 * The success modal links to the site's own session (or request) page. It books with the site's token,
 * handed over as a prop.
 */
export function BookingCalendarWidget(props: Omit<BookingCalendarProps, SiteConfig>) {
  const { token } = useStore($auth)
  return (
    <ShadowHost
      widget="booking-calendar"
      css={bookingCalendarSheet}
      drawOnServer
      // What the profile's script without the app needs to hydrate it (islands/booking-calendar.tsx).
      drawnProps={{
        contributorId: props.contributorId,
        subjectId: props.subjectId,
        initialSlot: props.initialSlot,
      }}
    >
      <BookingCalendar
        {...useSiteConfig()}
        seed={useWidgetSeed()}
        token={token}
        {...SITE_CALENDAR}
        {...props}
      />
    </ShadowHost>
  )
}
