import { COMMUNICATION_WAYS, type CommunicationWayId, type Slot } from '@mashura/core'

/** A way of holding a session, as the widget's events name it. */
export type Way = 'online' | 'office'

/**
 * The ways a slot may be booked: its availability bits (2 online, 1 in office, 3 both). The office way also
 * needs the slot's office, because the server seats an in-office session in the slot's own office.
 */
export function waysOf(slot: Slot): Way[] {
  const ways: Way[] = []
  if (slot.availability & COMMUNICATION_WAYS.online.availability) ways.push('online')
  if (slot.availability & COMMUNICATION_WAYS.office.availability && slot.office) ways.push('office')
  return ways
}

/** The wire id of a way: 0 online, 1 office. */
export function wayId(way: Way): CommunicationWayId {
  return COMMUNICATION_WAYS[way].id
}
