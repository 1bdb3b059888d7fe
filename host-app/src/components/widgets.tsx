import { $auth, $language } from '@mashura/core'
import {
  BookingCalendar,
  type BookingCalendarProps,
  bookingCalendarSheet,
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

/**
 * The booking calendar in the site. Signed out, its sign-in button starts the site's own sign-in (a full
 * redirect that comes back to this page) instead of the partner pages' popup.
 */
export function BookingCalendarWidget(props: Omit<BookingCalendarProps, SiteConfig>) {
  return (
    <ShadowHost widget="booking-calendar" css={bookingCalendarSheet}>
      <BookingCalendar
        {...useSiteConfig()}
        onSignInRequired={() => {
          void startSignIn()
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
