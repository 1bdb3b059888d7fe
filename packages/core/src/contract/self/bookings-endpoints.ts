/**
 * The method and path of a business owner's own changes to her bookings (issue 34), by name: cancel or move an
 * upcoming session, withdraw or move a waiting request. TypeBox-free, like `../endpoints.ts`; the schemas are in
 * `./bookings.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const selfBookingEndpoints = {
  cancelMySession: 'POST /schedule/sme/sessions/:id/cancel',
  rescheduleMySession: 'POST /schedule/sme/sessions/:id/reschedule',
  withdrawMyRequest: 'POST /schedule/requests/sme-session/:id/withdraw',
  moveMyRequest: 'POST /schedule/requests/sme-session/:id/move',
} as const satisfies Record<string, `${CallMethod} /${string}`>
