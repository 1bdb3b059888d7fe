import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  addCalendarDays,
  addDays,
  calendarDaysBetween,
  currentWeekRange,
  endOfRiyadhDay,
  formatDate,
  formatDateTime,
  formatDateWithHijri,
  formatHijriDate,
  formatHijriRange,
  formatTime,
  groupByRiyadhDay,
  isCalendarDay,
  isSameRiyadhDay,
  onRiyadhToday,
  RIYADH_TZ,
  riyadhClockTime,
  riyadhDay,
  riyadhInstant,
  riyadhMonth,
  riyadhParts,
  riyadhWeekDays,
  startOfRiyadhDay,
  startOfRiyadhMonth,
  timeZoneLabel,
  toDate,
  toUnixSeconds,
  weekBounds,
  zonedParts,
} from './index.ts'

// Saturday 21 November 2026, 22:30 UTC = Sunday 22 November 2026, 01:30 in Riyadh.
const NEAR_MIDNIGHT = '2026-11-21T22:30:00Z'
// Saturday 21 November 2026, 15:00 in Riyadh.
const SATURDAY_AFTERNOON = '2026-11-21T12:00:00Z'
const latinDigit = /[0-9]/
const arabicIndicDigit = /[\u0660-\u0669]/
/** A space a line may break at (every white space but the no-break ones). */
const breakableSpace = /[^\S\u00a0\u202f]/
/** A middle dot (or a dot-like bullet) between two parts: beside Arabic-Indic digits it reads as zero. */
const dotSeparator = /\s[\u00b7\u2022\u2219\u22c5]\s/

afterEach(() => {
  vi.useRealTimers()
})

describe('conversions', () => {
  it('name the Riyadh time zone', () => {
    expect(RIYADH_TZ).toBe('Asia/Riyadh')
  })

  it('accept a Date, an ISO 8601 string or epoch milliseconds', () => {
    const ms = Date.UTC(2026, 10, 21, 22, 30)
    expect(toDate(NEAR_MIDNIGHT).getTime()).toBe(ms)
    expect(toDate('2026-11-22T01:30:00+03:00').getTime()).toBe(ms)
    expect(toDate(ms).getTime()).toBe(ms)
    const original = new Date(ms)
    const copy = toDate(original)
    expect(copy.getTime()).toBe(ms)
    expect(copy).not.toBe(original)
  })

  it('reject what is not a moment', () => {
    expect(() => toDate('not a date')).toThrow(RangeError)
    expect(() => toDate(Number.NaN)).toThrow(RangeError)
    expect(() => formatDate('2026-13-45', 'en')).toThrow(RangeError)
  })

  it('go to Unix seconds, rounding down', () => {
    expect(toUnixSeconds(NEAR_MIDNIGHT)).toBe(1795300200)
    expect(toUnixSeconds('2026-11-21T22:30:00.999Z')).toBe(1795300200)
  })

  it('add calendar days', () => {
    expect(addDays(NEAR_MIDNIGHT, 1).toISOString()).toBe('2026-11-22T22:30:00.000Z')
    expect(addDays(NEAR_MIDNIGHT, -7).toISOString()).toBe('2026-11-14T22:30:00.000Z')
    expect(addDays(NEAR_MIDNIGHT, 0).toISOString()).toBe('2026-11-21T22:30:00.000Z')
  })
})

describe('Riyadh clock', () => {
  it('reads the same fields as the time zone data, every few days across a century and at the 1947 change', () => {
    const change = Date.UTC(1947, 2, 13, 20, 53, 8)
    const moments = [
      change - 1000,
      change,
      change + 1000,
      Date.UTC(1900, 0, 1),
      Date.UTC(2099, 11, 31, 23, 59, 59),
    ]
    for (let ms = Date.UTC(1947, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 3 * 86_400_000 + 7_777_777)
      moments.push(ms)
    for (const ms of moments) expect(riyadhParts(ms), new Date(ms).toISOString()).toEqual(zonedParts(ms))
  })

  it('is already the next day shortly before UTC midnight', () => {
    expect(riyadhParts(NEAR_MIDNIGHT)).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      weekday: 0,
      hour: 1,
      minute: 30,
      second: 0,
    })
  })

  it('turns over at 21:00 UTC', () => {
    expect(riyadhParts('2026-11-21T20:59:59Z')).toMatchObject({ day: 21, weekday: 6, hour: 23, minute: 59 })
    expect(riyadhParts('2026-11-21T21:00:00Z')).toMatchObject({ day: 22, weekday: 0, hour: 0, minute: 0 })
    expect(riyadhParts('2026-12-31T21:00:00Z')).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0 })
  })

  it('starts the Riyadh day at 21:00 UTC the day before', () => {
    expect(startOfRiyadhDay(NEAR_MIDNIGHT).toISOString()).toBe('2026-11-21T21:00:00.000Z')
    expect(startOfRiyadhDay('2026-11-21T20:00:00Z').toISOString()).toBe('2026-11-20T21:00:00.000Z')
    expect(startOfRiyadhDay('2026-11-21T21:00:00Z').toISOString()).toBe('2026-11-21T21:00:00.000Z')
  })

  it('compares Riyadh days, not UTC days', () => {
    expect(isSameRiyadhDay('2026-11-21T21:00:00Z', '2026-11-22T20:59:59Z')).toBe(true)
    expect(isSameRiyadhDay('2026-11-21T20:59:59Z', '2026-11-21T21:00:00Z')).toBe(false)
    expect(isSameRiyadhDay(new Date(NEAR_MIDNIGHT), Date.parse('2026-11-22T10:00:00Z'))).toBe(true)
  })
})

describe('a start kept within the Riyadh day (onRiyadhToday)', () => {
  it('moves a start that would fall on another Riyadh day back within today, and leaves others', () => {
    // 00:02 in Riyadh: five minutes ago was yesterday; two minutes ago is midnight.
    expect(onRiyadhToday(-5, '2026-11-29T21:02:00Z')).toBe(-2)
    // 23:58: four minutes ahead is tomorrow; a minute and a half is still today.
    expect(onRiyadhToday(4, '2026-11-29T20:58:00Z')).toBe(1.5)
    // Noon: both as asked.
    expect(onRiyadhToday(-5, '2026-11-29T09:00:00Z')).toBe(-5)
    expect(onRiyadhToday(4, '2026-11-29T09:00:00Z')).toBe(4)
  })
})

describe('Riyadh calendar days', () => {
  it('names the Riyadh day of a moment, which runs ahead of UTC from 21:00', () => {
    expect(riyadhDay(NEAR_MIDNIGHT)).toBe('2026-11-22')
    expect(riyadhDay('2026-11-21T20:59:59.999Z')).toBe('2026-11-21')
    expect(riyadhDay(Date.parse('2026-12-31T21:00:00Z'))).toBe('2027-01-01')
    expect(riyadhDay(new Date('2026-03-05T23:30:00Z'))).toBe('2026-03-06')
    expect(riyadhMonth('2026-11-30T21:00:00Z')).toBe('2026-12')
    expect(riyadhMonth('2026-11-30T20:59:00Z')).toBe('2026-11')
  })

  it('reads the time on a 24-hour Riyadh clock', () => {
    expect(riyadhClockTime(NEAR_MIDNIGHT)).toBe('01:30')
    expect(riyadhClockTime(SATURDAY_AFTERNOON)).toBe('15:00')
    expect(riyadhClockTime('2026-11-21T20:59:59Z')).toBe('23:59')
  })

  it('takes a calendar day without a time as that day in Riyadh, not UTC midnight', () => {
    expect(toDate('2026-11-22').toISOString()).toBe('2026-11-21T21:00:00.000Z')
    expect(startOfRiyadhDay('2026-11-22').toISOString()).toBe('2026-11-21T21:00:00.000Z')
    expect(endOfRiyadhDay('2026-11-22').toISOString()).toBe('2026-11-22T20:59:59.999Z')
    expect(riyadhDay('2026-11-22')).toBe('2026-11-22')
    expect(formatDate('2026-11-22', 'en')).toMatch(/^Sunday,? 22 November 2026$/)
    expect(weekBounds('2026-11-28').start.toISOString()).toBe('2026-11-21T21:00:00.000Z')
    expect(() => toDate('2026-02-29')).toThrow(RangeError)
    expect(() => startOfRiyadhDay('2026-04-31')).toThrow(RangeError)
  })

  it('ends the Riyadh day at 20:59:59.999 UTC, just before the next one starts', () => {
    expect(endOfRiyadhDay(NEAR_MIDNIGHT).toISOString()).toBe('2026-11-22T20:59:59.999Z')
    expect(endOfRiyadhDay('2026-11-21T20:59:59Z').toISOString()).toBe('2026-11-21T20:59:59.999Z')
    expect(endOfRiyadhDay('2026-12-31T12:00:00Z').getTime() + 1).toBe(
      startOfRiyadhDay('2027-01-01').getTime(),
    )
    expect(startOfRiyadhMonth('2026-11-30T21:00:00Z').toISOString()).toBe('2026-11-30T21:00:00.000Z')
    expect(startOfRiyadhMonth('2026-01-15T12:00:00Z').toISOString()).toBe('2025-12-31T21:00:00.000Z')
  })

  it('gives the moment of a Riyadh wall-clock time on a Riyadh day', () => {
    expect(riyadhInstant('2026-11-22', '01:30').toISOString()).toBe(NEAR_MIDNIGHT.replace('Z', '.000Z'))
    expect(riyadhInstant('2026-11-22').toISOString()).toBe('2026-11-21T21:00:00.000Z')
    expect(riyadhInstant('2027-01-01', '02:59:30').toISOString()).toBe('2026-12-31T23:59:30.000Z')
    expect(riyadhInstant('2026-11-21', '15:00').getTime()).toBe(Date.parse('2026-11-21T15:00:00+03:00'))
    for (const [day, time] of [
      ['2026-11-22', '24:00'],
      ['2026-11-22', '9:00'],
      ['2026-11-22', '09:60'],
      ['2026-02-30', '09:00'],
      ['22/11/2026', '09:00'],
    ])
      expect(() => riyadhInstant(day ?? '', time), `${day} ${time}`).toThrow(RangeError)
    // Day, clock time and moment go round.
    const at = riyadhInstant(riyadhDay(NEAR_MIDNIGHT), riyadhClockTime(NEAR_MIDNIGHT))
    expect(at.toISOString()).toBe('2026-11-21T22:30:00.000Z')
  })

  it('adds days to a calendar day across months, years and a leap day', () => {
    expect(addCalendarDays('2026-11-22', 1)).toBe('2026-11-23')
    expect(addCalendarDays('2026-11-30', 1)).toBe('2026-12-01')
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31')
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addCalendarDays('2026-11-22', 0)).toBe('2026-11-22')
    expect(addCalendarDays('2026-11-22', 28)).toBe('2026-12-20')
    expect(() => addCalendarDays('2026-11-31', 1)).toThrow(RangeError)
  })

  it('counts the days from one calendar day to another', () => {
    expect(calendarDaysBetween('2026-11-22', '2026-11-22')).toBe(0)
    expect(calendarDaysBetween('2026-11-22', '2026-12-20')).toBe(28)
    expect(calendarDaysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(calendarDaysBetween('2028-03-01', '2028-02-28')).toBe(-2)
  })

  it('tells calendar days that exist', () => {
    for (const day of ['2026-11-22', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true)
    for (const value of ['2026-02-29', '2026-13-01', '2026-11-22T00:00:00Z', '2026-1-2', '', null, 20261122])
      expect(isCalendarDay(value), String(value)).toBe(false)
  })

  it('groups items in time order by the Riyadh day they fall on, not the UTC day', () => {
    const messages = [
      { id: 1, created_at: '2026-11-21T10:00:00.000Z' },
      { id: 2, created_at: '2026-11-21T20:59:59.000Z' },
      // 23:30 UTC on the 21st is 02:30 on the 22nd in Riyadh: the next day's divider, not the 21st's.
      { id: 3, created_at: '2026-11-21T23:30:00.000Z' },
      { id: 4, created_at: '2026-11-22T09:00:00.000Z' },
      { id: 5, created_at: '2026-11-24T21:00:00.000Z' },
    ]
    const groups = groupByRiyadhDay(messages, (m) => m.created_at)
    expect(groups.map((g) => [g.day, g.items.map((m) => m.id)])).toEqual([
      ['2026-11-21', [1, 2]],
      ['2026-11-22', [3, 4]],
      ['2026-11-25', [5]],
    ])
    expect(groupByRiyadhDay([], (m: { at: number }) => m.at)).toEqual([])
  })
})

describe('Saudi week', () => {
  it('lists its seven days from Sunday, across a month and a year', () => {
    expect(riyadhWeekDays(NEAR_MIDNIGHT)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ])
    // Saturday 21 November at 23:59 Riyadh time is still the week before.
    expect(riyadhWeekDays('2026-11-21T20:59:00Z')[0]).toBe('2026-11-15')
    expect(riyadhWeekDays('2027-01-01')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ])
  })

  it('ends on Saturday 23:59:59 Riyadh time', () => {
    const { start, end } = weekBounds('2026-11-21T20:59:59.999Z')
    expect(start.toISOString()).toBe('2026-11-14T21:00:00.000Z')
    expect(end.toISOString()).toBe('2026-11-21T20:59:59.999Z')
    expect(riyadhParts(start)).toMatchObject({ weekday: 0, day: 15, hour: 0, minute: 0, second: 0 })
    expect(riyadhParts(end)).toMatchObject({ weekday: 6, day: 21, hour: 23, minute: 59, second: 59 })
  })

  it('starts on Sunday 00:00 Riyadh time, while UTC still says Saturday', () => {
    const { start, end } = weekBounds('2026-11-21T21:00:00Z')
    expect(start.toISOString()).toBe('2026-11-21T21:00:00.000Z')
    expect(end.toISOString()).toBe('2026-11-28T20:59:59.999Z')
    expect(weekBounds(NEAR_MIDNIGHT).start.toISOString()).toBe('2026-11-21T21:00:00.000Z')
  })

  it('spans a month and year boundary', () => {
    const { start, end } = weekBounds('2026-01-01T12:00:00Z')
    expect(start.toISOString()).toBe('2025-12-27T21:00:00.000Z')
    expect(end.toISOString()).toBe('2026-01-03T20:59:59.999Z')
  })

  it('gives the current week in Unix seconds for the pinned clock', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date(NEAR_MIDNIGHT))
    const range = currentWeekRange()
    expect(range).toEqual({
      start_date: Date.UTC(2026, 10, 21, 21) / 1000,
      end_date: Date.UTC(2026, 10, 28, 20, 59, 59) / 1000,
    })
    expect(range).toEqual({ start_date: 1795294800, end_date: 1795899599 })
    expect(range.end_date - range.start_date).toBe(7 * 86400 - 1)
  })

  it('gives the week of an explicit moment', () => {
    expect(currentWeekRange(SATURDAY_AFTERNOON)).toEqual({
      start_date: Date.UTC(2026, 10, 14, 21) / 1000,
      end_date: Date.UTC(2026, 10, 21, 20, 59, 59) / 1000,
    })
  })
})

describe('formatting', () => {
  it('writes the Gregorian date in Riyadh, Arabic with Arabic-Indic digits', () => {
    const text = formatDate(NEAR_MIDNIGHT, 'ar')
    for (const piece of ['الأحد', '٢٢', 'نوفمبر', '٢٠٢٦']) expect(text).toContain(piece)
    expect(text.indexOf('٢٢')).toBeLessThan(text.indexOf('نوفمبر'))
    expect(text).not.toMatch(latinDigit)
    expect(text).not.toContain('هـ')
    expect(formatDate(NEAR_MIDNIGHT)).toBe(text)
  })

  it('writes the Gregorian date in English, day before month', () => {
    const text = formatDate(NEAR_MIDNIGHT, 'en')
    expect(text).toMatch(/^Sunday,? 22 November 2026$/)
    expect(formatDate(NEAR_MIDNIGHT, 'en-US')).toBe(text)
  })

  it('writes the time in Riyadh on a 12-hour clock', () => {
    expect(formatTime(NEAR_MIDNIGHT, 'ar')).toMatch(/^١:٣٠\s?ص$/)
    expect(formatTime('2026-11-21T12:00:00Z', 'ar')).toMatch(/^٣:٠٠\s?م$/)
    expect(formatTime(NEAR_MIDNIGHT, 'en')).toMatch(/^1:30\sam$/i)
    expect(formatTime(NEAR_MIDNIGHT)).toBe(formatTime(NEAR_MIDNIGHT, 'ar'))
  })

  it('keeps the time and its day period on one line', () => {
    expect(formatTime(SATURDAY_AFTERNOON, 'ar')).toBe('٣:٠٠\u00a0م')
    expect(formatTime(NEAR_MIDNIGHT, 'ar')).toBe('١:٣٠\u00a0ص')
    expect(formatTime(SATURDAY_AFTERNOON, 'en')).toBe('3:00\u00a0pm')
    for (const lang of ['ar', 'en'])
      for (const at of [NEAR_MIDNIGHT, SATURDAY_AFTERNOON])
        expect(formatTime(at, lang), `${lang} ${at}`).not.toMatch(breakableSpace)
  })

  it('labels Saudi Arabia time separately', () => {
    expect(timeZoneLabel('ar')).toBe('بتوقيت السعودية')
    expect(timeZoneLabel('en')).toBe('Saudi Arabia time')
    expect(timeZoneLabel()).toBe('بتوقيت السعودية')
  })

  it('writes date and time together', () => {
    const arabic = formatDateTime(NEAR_MIDNIGHT, 'ar')
    for (const piece of ['الأحد', '٢٢ نوفمبر ٢٠٢٦', '١:٣٠']) expect(arabic).toContain(piece)
    expect(arabic).not.toMatch(latinDigit)
    const english = formatDateTime(NEAR_MIDNIGHT, 'en')
    for (const piece of ['Sunday', '22 November 2026', '1:30']) expect(english).toContain(piece)
    expect(english).toMatch(/am$/i)
    expect(english).not.toMatch(arabicIndicDigit)
    expect(formatDateTime(NEAR_MIDNIGHT)).toBe(arabic)
  })

  it('writes the Umm al-Qura Hijri date of a known day', () => {
    // Saturday 21 November 2026 is 11 Jumada al-Akhirah 1448 AH in the Umm al-Qura calendar.
    expect(formatHijriDate(SATURDAY_AFTERNOON)).toMatch(/^١١ جمادى الآخرة\s١٤٤٨\s?هـ$/)
    expect(formatHijriDate(SATURDAY_AFTERNOON, 'en')).toMatch(/^11 Jumada II\s1448\sAH$/)
    const umalqura = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura', {
      timeZone: 'Asia/Riyadh',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
    // Intl's own text, but for the spaces before the year and the era, which may not break.
    expect(formatHijriDate(SATURDAY_AFTERNOON)).toBe(
      umalqura
        .format(new Date(SATURDAY_AFTERNOON))
        .replace(/\s+(?=هـ$)/, '\u00a0')
        .replace(/\s+(?=\S+\u00a0هـ$)/, '\u00a0'),
    )
  })

  it('keeps the Hijri month, year and era on one line: «١٤٤٨ هـ» never starts a line alone (issue 31)', () => {
    expect(formatHijriDate(SATURDAY_AFTERNOON, 'ar')).toMatch(/ الآخرة\u00a0١٤٤٨\u00a0هـ$/)
    expect(formatHijriDate(SATURDAY_AFTERNOON, 'en')).toMatch(/ II\u00a01448\u00a0AH$/)
    expect(formatDateWithHijri(SATURDAY_AFTERNOON, 'ar')).toContain('١٤٤٨\u00a0هـ')
    expect(formatDateWithHijri(SATURDAY_AFTERNOON, 'ar')).not.toMatch(/١٤٤٨[^\S\u00a0]هـ/)
  })

  it('writes a week as one Umm al-Qura range, its era on the year’s line', () => {
    const { start, end } = weekBounds(NEAR_MIDNIGHT)
    // Sunday 22 to Saturday 28 November 2026: 12 to 18 Jumada al-Akhirah 1448.
    expect(formatHijriRange(start, end)).toBe('١٢–١٨ جمادى الآخرة\u00a0١٤٤٨\u00a0هـ')
    expect(formatHijriRange(start, end, 'en')).toBe('12–18 Jumada II\u00a01448\u00a0AH')
  })

  it('takes the Hijri date of the Riyadh day', () => {
    expect(formatHijriDate(NEAR_MIDNIGHT)).toMatch(/^١٢ جمادى الآخرة\s١٤٤٨/)
  })

  it('puts the Hijri date beside the Gregorian date in Arabic, and shows English the Gregorian date', () => {
    expect(formatDateWithHijri(NEAR_MIDNIGHT, 'ar')).toBe(
      `${formatDate(NEAR_MIDNIGHT, 'ar')} الموافق ${formatHijriDate(NEAR_MIDNIGHT, 'ar')}`,
    )
    expect(formatDateWithHijri(NEAR_MIDNIGHT)).toMatch(/^الأحد، ٢٢ نوفمبر ٢٠٢٦ الموافق ١٢ جمادى الآخرة\s١٤٤٨/)
    expect(formatDateWithHijri(NEAR_MIDNIGHT, 'en')).toBe(formatDate(NEAR_MIDNIGHT, 'en'))
  })

  it('joins date and time with a comma, never a middle dot that reads as zero', () => {
    const arabic = formatDateTime(SATURDAY_AFTERNOON, 'ar')
    expect(arabic).toBe(`${formatDateWithHijri(SATURDAY_AFTERNOON, 'ar')}، الساعة ٣:٠٠\u00a0م`)
    expect(arabic).toMatch(/١٤٤٨\u00a0هـ، الساعة ٣:٠٠\u00a0م$/)
    expect(formatDateTime(SATURDAY_AFTERNOON, 'en')).toBe('Saturday, 21 November 2026, 3:00\u00a0pm')
    const end = '2026-11-21T13:00:00Z'
    expect(formatDateTime(SATURDAY_AFTERNOON, 'ar', { end })).toMatch(
      /١٤٤٨\u00a0هـ، من ٣:٠٠\u00a0م إلى ٤:٠٠\u00a0م$/,
    )
    expect(formatDateTime(SATURDAY_AFTERNOON, 'en', { end })).toBe(
      'Saturday, 21 November 2026, 3:00\u00a0pm – 4:00\u00a0pm',
    )
    for (const lang of ['ar', 'en'])
      for (const text of [
        formatDateTime(NEAR_MIDNIGHT, lang),
        formatDateTime(NEAR_MIDNIGHT, lang, { end }),
      ]) {
        expect(text).not.toMatch(dotSeparator)
        expect(text).not.toMatch(/[\d\u0660-\u0669][\s\u00a0]*[\u00b7\u2022][\s\u00a0]*[\d\u0660-\u0669]/)
      }
  })

  it('gives the same text for the same moment in any input form', () => {
    const ms = Date.parse(NEAR_MIDNIGHT)
    for (const input of [ms, new Date(ms), '2026-11-22T01:30:00+03:00']) {
      expect(formatDateTime(input, 'en')).toBe(formatDateTime(NEAR_MIDNIGHT, 'en'))
      expect(formatDateWithHijri(input, 'ar')).toBe(formatDateWithHijri(NEAR_MIDNIGHT, 'ar'))
    }
  })
})
