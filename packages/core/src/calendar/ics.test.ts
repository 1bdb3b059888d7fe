import { createIcs } from './index.ts'

/** One content line read back: name, parameters and the raw (still escaped) value. */
interface Property {
  name: string
  params: Record<string, string>
  value: string
}

/** Undoes TEXT escaping (RFC 5545 section 3.3.11). */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))
}

/** Parses an iCalendar file the way a reader must: CRLF lines, unfolded, then `NAME;PARAM=V:value`. */
function parse(ics: string): { physical: string[]; properties: Property[] } {
  expect(ics.endsWith('\r\n')).toBe(true)
  // No bare CR or LF anywhere: every line break is CRLF.
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  const physical = ics.slice(0, -2).split('\r\n')
  const unfolded = ics
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
  const properties = unfolded.map((line) => {
    const match = /^([A-Z-]+)((?:;[A-Z-]+=[^:;]*)*):(.*)$/.exec(line)
    if (!match) throw new Error(`Not a content line: ${line}`)
    const params = Object.fromEntries(
      (match[2] ?? '')
        .split(';')
        .filter(Boolean)
        .map((p) => p.split('=') as [string, string]),
    )
    return { name: match[1]!, params, value: match[3]! }
  })
  return { physical, properties }
}

/** The properties between `BEGIN:<component>` and its `END`, the first such component. */
function component(properties: Property[], name: string): Property[] {
  const from = properties.findIndex((p) => p.name === 'BEGIN' && p.value === name)
  const to = properties.findIndex((p, i) => i > from && p.name === 'END' && p.value === name)
  expect(from).toBeGreaterThanOrEqual(0)
  expect(to).toBeGreaterThan(from)
  return properties.slice(from + 1, to)
}

function one(properties: Property[], name: string): Property {
  const found = properties.filter((p) => p.name === name)
  expect(found, name).toHaveLength(1)
  return found[0]!
}

const octets = (text: string) => new TextEncoder().encode(text).length
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

const session = {
  uid: 'session-42@mashura.example',
  stamp: '2026-11-20T08:15:30.500Z',
  // 09:00 to 10:00 in Riyadh.
  start: '2026-11-22T06:00:00Z',
  end: '2026-11-22T07:00:00Z',
  summary: 'جلسة مشورة مع د. سارة العتيبي',
  location: 'https://agency.example/session/42',
  url: 'https://agency.example/session/42',
  description: 'تم حجز جلستك مع د. سارة، يوم الأحد; الساعة ٩:٠٠ ص, عن بُعد\nالرابط: C:\\جلسات',
}

describe('createIcs', () => {
  it('writes a VCALENDAR with a Riyadh VTIMEZONE and one VEVENT, every line ended by CRLF', () => {
    const { properties } = parse(createIcs(session))
    expect(properties[0]).toEqual({ name: 'BEGIN', params: {}, value: 'VCALENDAR' })
    expect(properties.at(-1)).toEqual({ name: 'END', params: {}, value: 'VCALENDAR' })
    const calendar = component(properties, 'VCALENDAR')
    expect(one(calendar, 'VERSION').value).toBe('2.0')
    expect(one(calendar, 'PRODID').value).not.toBe('')

    const zone = component(properties, 'VTIMEZONE')
    expect(one(zone, 'TZID').value).toBe('Asia/Riyadh')
    const standard = component(zone, 'STANDARD')
    expect(one(standard, 'TZOFFSETFROM').value).toBe('+0300')
    expect(one(standard, 'TZOFFSETTO').value).toBe('+0300')
    expect(one(standard, 'DTSTART').value).toMatch(/^\d{8}T\d{6}$/)
    // No daylight saving: no DAYLIGHT component, no recurrence rule.
    expect(zone.some((p) => p.value === 'DAYLIGHT' || p.name === 'RRULE')).toBe(false)
    expect(properties.filter((p) => p.name === 'BEGIN' && p.value === 'VEVENT')).toHaveLength(1)
  })

  it('gives the event its UID, DTSTAMP in UTC, and Riyadh wall-clock start and end with TZID', () => {
    const event = component(parse(createIcs(session)).properties, 'VEVENT')
    expect(unescapeText(one(event, 'UID').value)).toBe('session-42@mashura.example')
    expect(one(event, 'DTSTAMP')).toEqual({ name: 'DTSTAMP', params: {}, value: '20261120T081530Z' })
    expect(one(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Asia/Riyadh' },
      value: '20261122T090000',
    })
    expect(one(event, 'DTEND')).toEqual({
      name: 'DTEND',
      params: { TZID: 'Asia/Riyadh' },
      value: '20261122T100000',
    })
    expect(one(event, 'STATUS').value).toBe('CONFIRMED')
  })

  it('moves to the next Riyadh day after 21:00 UTC, whatever the input form', () => {
    const late = {
      ...session,
      start: Date.parse('2026-12-31T22:30:00Z'),
      end: new Date('2026-12-31T23:15:00Z'),
    }
    const event = component(parse(createIcs(late)).properties, 'VEVENT')
    expect(one(event, 'DTSTART').value).toBe('20270101T013000')
    expect(one(event, 'DTEND').value).toBe('20270101T021500')
  })

  it('escapes text (backslash, semicolon, comma, line breaks) and reads back the same', () => {
    const event = component(parse(createIcs(session)).properties, 'VEVENT')
    const description = one(event, 'DESCRIPTION').value
    // The Arabic comma is no separator in iCalendar: left as it is.
    expect(description).toContain('د. سارة، يوم')
    expect(description).toContain('ص\\, عن')
    expect(description).not.toMatch(/[^\\][,;]/)
    expect(description).toContain('\\;')
    expect(description).toContain('\\n')
    expect(description).toContain('C:\\\\جلسات')
    expect(unescapeText(description)).toBe(session.description)
    expect(unescapeText(one(event, 'SUMMARY').value)).toBe(session.summary)
    expect(unescapeText(one(event, 'LOCATION').value)).toBe(session.location)
    expect(one(event, 'URL').value).toBe(session.url)

    const office = 'مكتب الرياض, حي العليا; طريق الملك فهد\r\nالدور ٣'
    const inOffice = component(parse(createIcs({ ...session, location: office })).properties, 'VEVENT')
    expect(one(inOffice, 'LOCATION').value).toBe('مكتب الرياض\\, حي العليا\\; طريق الملك فهد\\nالدور ٣')
    expect(unescapeText(one(inOffice, 'LOCATION').value)).toBe(office.replace('\r\n', '\n'))
  })

  it('folds lines at 75 octets without cutting a UTF-8 sequence, and unfolding restores them', () => {
    const summary = `جلسة مع ${'عبدالرحمن '.repeat(12)}🤝 and some English, too`
    const { physical, properties } = parse(createIcs({ ...session, summary }))
    for (const line of physical) {
      expect(octets(line), line).toBeLessThanOrEqual(75)
      // A lone surrogate would mean a character was cut in two.
      expect(line, line).not.toMatch(LONE_SURROGATE)
    }
    const folded = physical.filter((line) => line.startsWith(' '))
    expect(folded.length).toBeGreaterThan(2)
    // Lines are filled: a fold happens only when the next character would not fit.
    const summaryLines = physical.slice(physical.findIndex((l) => l.startsWith('SUMMARY:')))
    expect(octets(summaryLines[0]!)).toBeGreaterThan(72)
    expect(unescapeText(one(component(properties, 'VEVENT'), 'SUMMARY').value)).toBe(summary)
  })

  it('marks a request tentative and leaves out what was not given', () => {
    const { properties } = parse(
      createIcs({ uid: 'request-7@x', stamp: 0, start: 0, end: 3_600_000, summary: 'طلب', tentative: true }),
    )
    const event = component(properties, 'VEVENT')
    expect(one(event, 'STATUS').value).toBe('TENTATIVE')
    expect(event.map((p) => p.name)).not.toContain('LOCATION')
    expect(event.map((p) => p.name)).not.toContain('DESCRIPTION')
    expect(event.map((p) => p.name)).not.toContain('URL')
    expect(one(event, 'DTSTART').value).toBe('19700101T030000')
  })

  it('cancels the same event with a higher SEQUENCE, naming its organizer and attendee (issue 34)', () => {
    const people = {
      organizer: { name: 'مشورة Mashura', email: 'no-reply@mashura.example' },
      attendees: [{ name: 'سارة "س"', email: 'sara@example.sa' }],
    }
    const first = component(parse(createIcs(session)).properties, 'VEVENT')
    expect(first.map((p) => p.name)).not.toContain('SEQUENCE')
    const { properties } = parse(createIcs({ ...session, ...people, method: 'CANCEL', sequence: 2 }))
    expect(one(component(properties, 'VCALENDAR'), 'METHOD').value).toBe('CANCEL')
    const event = component(properties, 'VEVENT')
    expect(one(event, 'UID').value).toBe(session.uid)
    expect(one(event, 'SEQUENCE').value).toBe('2')
    expect(one(event, 'STATUS').value).toBe('CANCELLED')
    expect(one(event, 'ORGANIZER')).toMatchObject({
      params: { CN: '"مشورة Mashura"' },
      value: 'mailto:no-reply@mashura.example',
    })
    expect(one(event, 'ATTENDEE')).toMatchObject({
      params: { CN: `"سارة 'س'"`, ROLE: 'REQ-PARTICIPANT' },
      value: 'mailto:sara@example.sa',
    })
  })

  it('updates a moved event with METHOD:REQUEST, confirmed, or tentative for a request', () => {
    const moved = parse(createIcs({ ...session, method: 'REQUEST', sequence: 1 })).properties
    expect(one(component(moved, 'VCALENDAR'), 'METHOD').value).toBe('REQUEST')
    expect(one(component(moved, 'VEVENT'), 'STATUS').value).toBe('CONFIRMED')
    const request = parse(
      createIcs({ ...session, method: 'REQUEST', sequence: 3, tentative: true }),
    ).properties
    expect(one(component(request, 'VEVENT'), 'STATUS').value).toBe('TENTATIVE')
    expect(one(component(request, 'VEVENT'), 'SEQUENCE').value).toBe('3')
  })

  it('keeps a link or id from starting a property of its own', () => {
    const ics = createIcs({
      ...session,
      uid: 'a\r\nATTENDEE:mailto:x@y',
      url: 'https://agency.example/session/42\r\nATTENDEE:mailto:evil@example.com',
    })
    const event = component(parse(ics).properties, 'VEVENT')
    expect(event.map((p) => p.name)).not.toContain('ATTENDEE')
    expect(one(event, 'URL').value).toBe('https://agency.example/session/42ATTENDEE:mailto:evil@example.com')
  })

  it('is pure: the same event gives the same file', () => {
    expect(createIcs(session)).toBe(createIcs({ ...session }))
  })
})
