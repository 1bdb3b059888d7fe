/**
 * The business owner's own changes to her bookings (issue 34): she may cancel or move an upcoming session, and
 * withdraw or move a waiting request, until a cut-off before its start. The server enforces it
 * (packages/server/src/domain/owner-changes.ts, with `OWNER_CHANGE_CUTOFF_HOURS`) and sends the moment it closes
 * as `changeable_until`; the screens read the same rule, so a control is disabled, with its reason, exactly when
 * the server would refuse.
 */
import { COMMUNICATION_WAYS } from '../contract/enums.ts'
import type { Slot } from '../contract/schedule.ts'

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

/** What a move needs to know of the booking it moves: its slot now and how it is held. */
export interface MovingBooking {
  /** The slot it holds now (never offered as its own destination). */
  slotId: number | null
  /** How it is held: 1 in an office, else online (`COMMUNICATION_WAYS`). */
  communicationWay: number
}

/**
 * Whether a free slot of the same expert can take a moved session or request: another slot, not booked, held
 * the same way (online, or in an office that the slot names), and still before its own cut-off. The screens
 * offer only such slots; the server checks the same and stays the judge.
 */
export function slotCanTakeMove(slot: Slot, booking: MovingBooking, cutoffHours: number, now: Date): boolean {
  if (slot.id === booking.slotId || slot.is_booked) return false
  if (!ownerChangeWindow(slot.start, cutoffHours, now).open) return false
  const way = booking.communicationWay === COMMUNICATION_WAYS.office.id ? 'office' : 'online'
  if (!(slot.availability & COMMUNICATION_WAYS[way].availability)) return false
  return way === 'online' || slot.office !== null
}
