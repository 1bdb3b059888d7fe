import { $auth, $language } from '@mashura/core'
import {
  BookingCalendar,
  type BookingCalendarProps,
  bookingCalendarSheet,
  type CalendarPlace,
  ExpertSearch,
  type ExpertSearchProps,
  expertSearchSheet,
  RateForm,
  type RateFormProps,
  rateFormSheet,
  SessionRoom,
  type SessionRoomProps,
  ShadowHost,
  sessionRoomSheet,
} from '@mashura/widgets/src/react.ts'
import { useStore } from '@nanostores/react'
import { API_BASE, API_KEY, RATING_PASSPHRASE } from '../config/env.ts'
import { paths } from '../config/paths.ts'
import { startSignIn } from '../lib/session.ts'

/** What every widget gets from the site: the API, its key and the language. */
type SiteConfig = 'apiBase' | 'apiKey' | 'lang'

/** The widgets' configuration from the site and the language store. */
function useSiteConfig() {
  const lang = useStore($language)
  return { apiBase: API_BASE, apiKey: API_KEY, lang }
}

/** The expert-search widget in the site. */
export function ExpertSearchWidget(props: Omit<ExpertSearchProps, SiteConfig>) {
  return (
    <ShadowHost widget="expert-search" css={expertSearchSheet}>
      <ExpertSearch {...useSiteConfig()} {...props} />
    </ShadowHost>
  )
}

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
 * The booking calendar in the site. Signed out, its sign-in button starts the site's own sign-in (a full
 * redirect that comes back to this page) instead of the partner pages' popup; the chosen slot and its week
 * ride in the return address, so the visitor comes back to it chosen, and signed in, to its confirmation.
 * The success modal links to the site's own session (or request) page.
 */
export function BookingCalendarWidget(props: Omit<BookingCalendarProps, SiteConfig>) {
  return (
    <ShadowHost widget="booking-calendar" css={bookingCalendarSheet}>
      <BookingCalendar
        {...useSiteConfig()}
        sessionHref={paths.session.to('{id}')}
        requestHref={paths.request.to('{id}')}
        onSignInRequired={(_detail, where) => {
          const back = new URLSearchParams(window.location.search)
          back.delete(SLOT_QUERY.slot)
          back.delete(SLOT_QUERY.week)
          if (where.slotId !== null) {
            back.set(SLOT_QUERY.slot, String(where.slotId))
            back.set(SLOT_QUERY.week, String(where.week))
          }
          const query = back.toString()
          void startSignIn(`${window.location.pathname}${query ? `?${query}` : ''}`)
          return false
        }}
        {...props}
      />
    </ShadowHost>
  )
}

/** The session room in the site, with the signed-in person's token and acting role. */
export function SessionRoomWidget(props: Omit<SessionRoomProps, SiteConfig | 'token'>) {
  const token = useStore($auth).token ?? undefined
  return (
    <ShadowHost widget="session-room" css={sessionRoomSheet}>
      <SessionRoom {...useSiteConfig()} token={token} {...props} />
    </ShadowHost>
  )
}

/** The rating form in the site, with the site's rating passphrase. */
export function RateFormWidget(props: Omit<RateFormProps, SiteConfig | 'ratingKey'>) {
  return (
    <ShadowHost widget="rate-form" css={rateFormSheet}>
      <RateForm {...useSiteConfig()} ratingKey={RATING_PASSPHRASE} {...props} />
    </ShadowHost>
  )
}
