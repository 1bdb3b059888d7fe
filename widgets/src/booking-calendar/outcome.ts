import { type BookingResult, createIcs, type Slot, type Translator } from '@mashura/core'
import { slotDate, slotTimeWithZone } from './format.ts'
import type { BookingOutcome } from './success-dialog.tsx'
import type { Way } from './ways.ts'

/** What {@link bookingOutcome} reads: the booking's answer and what the visitor chose. */
export interface OutcomeInput {
  result: BookingResult
  slot: Slot
  way: Way
  /** The expert's name. */
  name: string
  /** The session page's address template (`{id}`), if the host gave one. */
  sessionHref: string | undefined
  /** The request page's address template (`{id}`), if the host gave one. */
  requestHref: string | undefined
  /** The API base, whose host makes the calendar event's id unique. */
  apiBase: string
}

/** An address from a template such as `/session/{id}`, or null without a template. */
export function fillHref(template: string | undefined, id: number): string | null {
  return template ? template.replaceAll('{id}', encodeURIComponent(String(id))) : null
}

/**
 * The success modal's content: the message, the link to the new session (or request) and its calendar file,
 * whose location is the office (name and address) for an in-office session, else the session's link.
 */
export function bookingOutcome(t: Translator<string>, input: OutcomeInput): BookingOutcome {
  const { result, slot, way, name } = input
  const pending = result.kind === 'request'
  const kind = pending ? 'request' : 'session'
  const { id, start, end } = pending
    ? { id: result.request.id, start: result.request.slot.start, end: result.request.slot.end }
    : result.session
  const office = pending ? slot.office : result.session.office
  const href = fillHref(pending ? input.requestHref : input.sessionHref, id)
  // A calendar file lives outside the page: its links must be absolute.
  const link = href === null ? null : new URL(href, document.baseURI).href
  const values = { name, date: slotDate(t, slot), time: slotTimeWithZone(t, slot) }
  const text = t.t(pending ? 'bookingCalendar.requestAwaits' : 'booking.successBody', values)
  const location =
    way === 'office' && office
      ? office.address
        ? t.t('bookingCalendar.officeLocation', { office: office.name, address: office.address })
        : office.name
      : (link ?? t.t('booking.online'))
  return {
    pending,
    ...values,
    href,
    calendar: {
      fileName: `mashura-${kind}-${id}.ics`,
      content: createIcs({
        uid: `${kind}-${id}@${new URL(input.apiBase, document.baseURI).host}`,
        stamp: new Date(),
        start,
        end,
        summary: t.t(pending ? 'bookingCalendar.calendarRequest' : 'bookingCalendar.calendarSession', {
          name,
        }),
        location,
        description: link ? `${text}\n${link}` : text,
        url: link,
        tentative: pending,
      }),
    },
  }
}
