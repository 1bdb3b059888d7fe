import { defineBookingCalendar } from './booking-calendar/booking-calendar.element.ts'
import { defineExpertSearch } from './expert-search/expert-search.element.ts'
import { defineRateForm } from './rate-form/rate-form.element.ts'
import { defineSessionRoom } from './session-room/session-room.element.ts'

/** The options of {@link defineWidgets}. */
export interface DefineWidgetsOptions {
  /** Registers `<prefix>-rate-form` and so on instead of the default names, for pages where a name is taken. */
  prefix?: string
}

/** Registers every widget, under the default names or under a prefix. Registering twice does nothing. */
export function defineWidgets({ prefix }: DefineWidgetsOptions = {}): void {
  const name = (tag: string) => (prefix ? `${prefix}-${tag}` : tag)
  defineExpertSearch(name('expert-search'))
  defineBookingCalendar(name('booking-calendar'))
  defineSessionRoom(name('session-room'))
  defineRateForm(name('rate-form'))
}
