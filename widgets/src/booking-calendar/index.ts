/** The `booking-calendar` entry: registers `<booking-calendar>` and nothing else, for the lightest embed. */
import { defineBookingCalendar } from './booking-calendar.element.ts'

export { configureWidgets } from '../shared/config.ts'
export { BookingCalendarElement } from './booking-calendar.element.ts'

defineBookingCalendar()
