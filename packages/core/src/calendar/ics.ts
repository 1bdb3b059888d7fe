import { type DateInput, RIYADH_TZ, toDate } from '../time/index.ts'

/** One event of an iCalendar file: a booked session, or a request that waits for the expert's answer. */
export interface CalendarEvent {
  /** A globally unique id that stays the same for the same booking, so a second download updates the event. */
  uid: string
  /** When the file is made (`DTSTAMP`); a parameter, so that the same input always gives the same file. */
  stamp: DateInput
  /** When the event starts. */
  start: DateInput
  /** When the event ends. */
  end: DateInput
  /** The event's title (`SUMMARY`). */
  summary: string
  /** Where it takes place (`LOCATION`): the office's name and address, or the online link. */
  location?: string | null | undefined
  /** Free text (`DESCRIPTION`); line breaks are kept. */
  description?: string | null | undefined
  /** The page of the session or request (`URL`). */
  url?: string | null | undefined
  /** True for a request not yet accepted (`STATUS:TENTATIVE`); confirmed otherwise. */
  tentative?: boolean | undefined
  /**
   * What the file asks of a calendar that has the event (RFC 5546): `PUBLISH` (the default) offers it; `REQUEST`
   * with the same UID and a higher {@link CalendarEvent.sequence} updates it (a move); `CANCEL` removes it
   * (`STATUS:CANCELLED`).
   */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL' | undefined
  /** The revision (`SEQUENCE`): 0 as first sent, higher with each update or cancellation of the same UID. */
  sequence?: number | undefined
  /** Who organises the event (`ORGANIZER`), which `REQUEST` and `CANCEL` name for the calendars that check it. */
  organizer?: { name: string; email: string } | undefined
  /** Who takes part (`ATTENDEE`), as a `REQUEST` or `CANCEL` addresses them. */
  attendees?: readonly { name: string; email: string }[] | undefined
}

const CRLF = '\r\n'
/** The longest line in octets, line break excluded (RFC 5545 section 3.1). */
const LINE_OCTETS = 75
/**
 * Riyadh's offset, written once in the file's VTIMEZONE and used for its local times: a file that declares
 * +0300 must also compute with it, whatever the host's time-zone data says.
 */
const RIYADH_OFFSET_MS = 3 * 3_600_000

/** Escapes a TEXT value (RFC 5545 section 3.3.11): backslash, semicolon, comma and line breaks. */
function escapeIcsText(value: string): string {
  return value.replace(/[\\;,]/g, '\\$&').replace(/\r\n|[\r\n]/g, '\\n')
}

/** The octets a code point takes in UTF-8. */
function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4
}

/**
 * Folds a content line at 75 octets (RFC 5545 section 3.1): each continuation starts with one space, which
 * counts toward its 75; a line is only cut between characters, never inside a UTF-8 sequence.
 */
function foldIcsLine(line: string): string {
  let out = ''
  let size = 0
  for (const char of line) {
    const octets = utf8Octets(char.codePointAt(0) ?? 0)
    if (size + octets > LINE_OCTETS) {
      out += `${CRLF} `
      size = 1
    }
    out += char
    size += octets
  }
  return out
}

/** `YYYYMMDDTHHMMSS` of a moment shifted by `offset` milliseconds. */
function stampOf(input: DateInput, offset: number): string {
  return new Date(Math.floor(toDate(input).getTime() / 1000) * 1000 + offset)
    .toISOString()
    .slice(0, 19)
    .replace(/[-:]/g, '')
}

/** A property's value with control characters taken out (a URI or id must not break the line). */
function plain(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: taking control characters out is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, '')
}

/** A parameter value (RFC 5545 section 3.2): quoted, without the quotes and control characters it cannot hold. */
function quotedParam(value: string): string {
  return `"${plain(value).replace(/"/g, "'")}"`
}

/** The calendar's opening lines: VCALENDAR under `method`, and the VTIMEZONE for Riyadh. */
function calendarHead(method: string, extra: readonly string[] = []): string[] {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mashura//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...extra,
    'BEGIN:VTIMEZONE',
    `TZID:${RIYADH_TZ}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0300',
    'TZOFFSETTO:+0300',
    'TZNAME:+03',
    'END:STANDARD',
    'END:VTIMEZONE',
  ]
}

/** One VEVENT's lines, unfolded; its STATUS is `CANCELLED` for a `CANCEL`, else tentative or confirmed. */
function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(plain(event.uid))}`,
    `DTSTAMP:${stampOf(event.stamp, 0)}Z`,
    `DTSTART;TZID=${RIYADH_TZ}:${stampOf(event.start, RIYADH_OFFSET_MS)}`,
    `DTEND;TZID=${RIYADH_TZ}:${stampOf(event.end, RIYADH_OFFSET_MS)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ]
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`)
  if (event.organizer)
    lines.push(`ORGANIZER;CN=${quotedParam(event.organizer.name)}:mailto:${plain(event.organizer.email)}`)
  for (const attendee of event.attendees ?? [])
    lines.push(
      `ATTENDEE;CN=${quotedParam(attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${plain(attendee.email)}`,
    )
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`)
  if (event.url) lines.push(`URL:${plain(event.url)}`)
  const status = event.method === 'CANCEL' ? 'CANCELLED' : event.tentative ? 'TENTATIVE' : 'CONFIRMED'
  lines.push(`STATUS:${status}`, 'END:VEVENT')
  return lines
}

/** Lines folded at 75 octets, each ended by CRLF. */
function contentOf(lines: readonly string[]): string {
  return lines.map((line) => foldIcsLine(line) + CRLF).join('')
}

/**
 * Makes an iCalendar file (RFC 5545) with one event in Asia/Riyadh time: VCALENDAR with a VTIMEZONE for
 * Riyadh (+0300, no daylight saving) and a VEVENT (`UID`, `DTSTAMP`, `DTSTART`/`DTEND` with
 * `TZID=Asia/Riyadh`, `SUMMARY`, and `LOCATION`, `DESCRIPTION`, `URL`, `SEQUENCE`, `ORGANIZER`, `ATTENDEE`
 * when given), under the `METHOD` asked (`PUBLISH` by default), text escaped, lines folded at 75 octets and
 * ended by CRLF. Pure: the same event always gives the same file.
 */
export function createIcs(event: CalendarEvent): string {
  return contentOf([...calendarHead(event.method ?? 'PUBLISH'), ...eventLines(event), 'END:VCALENDAR'])
}

/**
 * Makes a subscription calendar (issue 36): one `METHOD:PUBLISH` file with many events, each written as
 * {@link createIcs} writes its one (an event whose `method` is `CANCEL` is `STATUS:CANCELLED`), and the
 * calendar's name (`X-WR-CALNAME`) and time zone. Pure: the same events always give the same file.
 */
export function createIcsFeed(feed: { name: string; events: readonly CalendarEvent[] }): string {
  return contentOf([
    ...calendarHead('PUBLISH', [`X-WR-CALNAME:${escapeIcsText(feed.name)}`, `X-WR-TIMEZONE:${RIYADH_TZ}`]),
    ...feed.events.flatMap(eventLines),
    'END:VCALENDAR',
  ])
}
