/** Calendar files: an iCalendar (.ics) event for a booked session, in Riyadh time. */
export { type CalendarEvent, createIcs, createIcsFeed } from './ics.ts'
