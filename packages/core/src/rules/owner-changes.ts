/**
 * The business owner's own changes to her bookings (issue 34): she may cancel or move an upcoming session, and
 * withdraw or move a waiting request, until a cut-off before its start. The server enforces it
 * (packages/server/src/domain/owner-changes.ts, with `OWNER_CHANGE_CUTOFF_HOURS`) and sends the moment it closes
 * as `changeable_until`; the screens read the same rule, so a control is disabled, with its reason, exactly when
 * the server would refuse.
 */

/** The cut-off when nothing else is set: 24 hours before the start. */
export const OWNER_CHANGE_CUTOFF_HOURS_DEFAULT = 24

/** Whether the owner may still change a booking, and when that closes (or closed). */
export interface OwnerChangeWindow {
  /** Whether the change is allowed now. */
  open: boolean
  /** The start less the cut-off, as an ISO instant. */
  closesAt: string
}

/**
 * The owner's change window of a booking that starts at `start` (an ISO instant or a Date): open while `now` is
 * before the start less `cutoffHours`. The moment itself is closed, so that "until 10:00" means before 10:00.
 */
export function ownerChangeWindow(start: string | Date, cutoffHours: number, now: Date): OwnerChangeWindow {
  const startMs = typeof start === 'string' ? Date.parse(start) : start.getTime()
  const closes = startMs - cutoffHours * 3_600_000
  return { open: now.getTime() < closes, closesAt: new Date(closes).toISOString() }
}

/**
 * The owner's change window of a booking as the API sends it: open while `now` is before its `changeable_until`.
 * A booking without one (not hers, no longer upcoming or waiting) is closed.
 */
export function canOwnerChange(booking: { changeable_until?: string | undefined }, now: Date): boolean {
  return booking.changeable_until !== undefined && now.getTime() < Date.parse(booking.changeable_until)
}
