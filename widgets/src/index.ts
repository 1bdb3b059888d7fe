/**
 * @mashura/widgets: registers every widget under its default name. For a prefix, import `define.ts`'s
 * `defineWidgets({ prefix })` instead of this module.
 */
import { defineWidgets } from './define.ts'

export { BookingCalendarElement } from './booking-calendar/booking-calendar.element.ts'
export { type DefineWidgetsOptions, defineWidgets } from './define.ts'
export {
  type BookingCreatedDetail,
  type ExpertRole,
  type ExpertSelectedDetail,
  emit,
  type MashuraEventMap,
  type MashuraEventName,
  type RatingSubmittedDetail,
  type RecommendationsRequiredDetail,
  type SessionCancelledDetail,
  type SessionEndedDetail,
  type SessionEventDetail,
  type SessionRescheduledDetail,
  type SignInRequiredDetail,
} from './events.ts'
export { ExpertSearchElement } from './expert-search/expert-search.element.ts'
export { RateFormElement } from './rate-form/rate-form.element.ts'
export { SessionRoomElement } from './session-room/session-room.element.ts'
export { configureWidgets, type WidgetConfig } from './shared/config.ts'
export { openSignInPopup, type PopupSignInResult, type SignInPopupOptions } from './shared/sign-in-popup.ts'

defineWidgets()
