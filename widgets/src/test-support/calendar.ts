/** What the booking calendar's tests read in its shadow root, written once for both of its test files. */
import type { BookingCalendarElement } from '../booking-calendar/booking-calendar.element.ts'
import { waitFor } from './wait-for.ts'

/** The first element of a widget's shadow root with the part `name`. */
export function part(element: Element, name: string): HTMLElement | null {
  return element.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)
}

/** The radio button of a slot, by its id. */
export function slotRadio(element: Element, slotId: number): HTMLInputElement | null {
  return element.shadowRoot!.querySelector<HTMLInputElement>(`[data-slot-id="${slotId}"] input[type="radio"]`)
}

/** Waits until the calendar has drawn a week (its days, or the empty state) and is no longer busy. */
export async function loaded(element: BookingCalendarElement): Promise<BookingCalendarElement> {
  await waitFor(
    () =>
      part(element, 'base')?.getAttribute('aria-busy') === 'false' &&
      (part(element, 'days') || part(element, 'empty')),
    8000,
    'the week',
  )
  return element
}

/**
 * Presses next week until the slot shows. The calendar opens on the current week, or on the week of the next
 * free slot when the current one has none left (late on a Saturday), so the slot's week may be this one or later.
 */
export async function showWeekOf(element: BookingCalendarElement, slotId: number): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await loaded(element)
    if (slotRadio(element, slotId)) return
    const before = part(element, 'week-title')!.textContent
    part(element, 'next-week')!.click()
    await waitFor(() => part(element, 'week-title')!.textContent !== before, 5000, 'the next week')
  }
  await waitFor(() => slotRadio(element, slotId), 5000, `slot ${slotId}`)
}
