import { $language } from '@mashura/core'
import {
  BookingCalendar,
  bookingCalendarSheet,
  type CalendarPlace,
  hydrateDrawnWidget,
} from '@mashura/widgets/react'
import { SITE_CALENDAR } from '../components/widgets/booking-calendar-widget.tsx'
import { siteConfig } from '../components/widgets/site-config.ts'
import { drawnSeed, type HydrateWidget } from './drawn-widget.ts'

/** The props a profile drew its calendar with (`components/widgets/booking-calendar-widget.tsx`). */
interface CalendarProps {
  contributorId: number
  subjectId?: number | undefined
  initialSlot?: CalendarPlace | undefined
}

/**
 * A profile's booking calendar for a visitor, as the app's `BookingCalendarWidget` gives it: nobody signed in,
 * so choosing to book starts the site's sign-in, which comes back to the chosen slot (with the app then).
 */
function Calendar(props: CalendarProps) {
  return (
    <BookingCalendar
      {...siteConfig($language.get())}
      seed={drawnSeed()}
      token={null}
      {...SITE_CALENDAR}
      {...props}
    />
  )
}

/** Hydrates a profile's drawn booking calendar without the app (issue 37). */
export const hydrate: HydrateWidget<CalendarProps> = (host, props) =>
  hydrateDrawnWidget(host, 'booking-calendar', bookingCalendarSheet, <Calendar {...props} />)
