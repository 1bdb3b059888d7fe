/**
 * The widgets for React hosts (the agency's host app): each widget's React component with its stylesheet,
 * {@link ShadowHost} to render one in a shadow root as its custom element would, and {@link ModalDialog}, the
 * one modal dialog of the widgets and the host app. Registers no tags.
 */

export {
  BookingCalendar,
  type BookingCalendarProps,
  type CalendarPlace,
} from './booking-calendar/booking-calendar.tsx'
export { bookingCalendarSheet } from './booking-calendar/sheet.ts'
export type {
  BookingCreatedDetail,
  ExpertSelectedDetail,
  RatingSubmittedDetail,
  RecommendationsRequiredDetail,
  SessionCancelledDetail,
  SessionEndedDetail,
  SessionEventDetail,
  SessionRescheduledDetail,
  SignInRequiredDetail,
} from './events.ts'
export { ExpertSearch, type ExpertSearchProps } from './expert-search/expert-search.tsx'
export { expertSearchSheet } from './expert-search/sheet.ts'
export { RateForm, type RateFormProps } from './rate-form/rate-form.tsx'
export { rateFormSheet } from './rate-form/sheet.ts'
export { SessionRoom, type SessionRoomProps } from './session-room/session-room.tsx'
export { sessionRoomSheet } from './session-room/sheet.ts'
export { ModalDialog, type ModalDialogProps } from './shared/modal-dialog.tsx'
export type { WidgetSeed } from './shared/seed.ts'
export {
  createShadowSlots,
  fillShadowSlots,
  hydrateDrawnWidget,
  ShadowHost,
  type ShadowHostProps,
  ShadowSlotsContext,
} from './shared/shadow-host.tsx'
