import { modalDialogCss } from '../shared/modal-dialog.tsx'
import { sharedCss } from '../shared/notice.tsx'
import css from './booking-calendar.css?inline'

/**
 * The styles of `<booking-calendar>`'s shadow root (the shared notice and dialog styles, then its own); React
 * hosts adopt them too.
 */
export const bookingCalendarSheet = `${sharedCss}\n${modalDialogCss}\n${css}`
