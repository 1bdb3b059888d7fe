import { createTranslator, DEFAULT_LANGUAGE, LOCALES, normalizeLanguage, plainSpaces } from '../i18n/index.ts'

/*
 * The one date API of Mashura: Riyadh time (the kingdom's clock, which people see) for every day, week and
 * month, and the formats dates are shown in. Calendar days are `YYYY-MM-DD` strings; moments are Dates, ISO
 * strings or epoch milliseconds. Nothing outside this unit should add three hours or write `+03:00`.
 * - a moment's day, clock time and month: `riyadhDay`, `riyadhClockTime`, `riyadhMonth`, `riyadhParts`;
 * - a day's moments: `riyadhInstant` (a day and a clock time), `startOfRiyadhDay`, `endOfRiyadhDay`,
 *   `startOfRiyadhMonth`; days themselves: `addCalendarDays`, `calendarDaysBetween`, `isCalendarDay`;
 * - the Saudi week, Sunday to Saturday: `weekBounds`, `riyadhWeekDays`, `currentWeekRange`;
 * - grouping by day (`groupByRiyadhDay`) and formatting (`formatDate`, `formatTime`, `formatDateTime`,
 *   `formatDateWithHijri`, `formatHijriDate`, `formatHijriRange`, `timeZoneLabel`).
 */

/**
 * The time zone people see times in: Riyadh, UTC+3 all year (no daylight saving). Arithmetic here still goes
 * through Intl's time-zone data rather than a fixed +3, so it stays right whatever the data says.
 */
export const RIYADH_TZ = 'Asia/Riyadh'

/**
 * A moment as the API and callers hand it over: a Date, an ISO 8601 string, or epoch milliseconds. A calendar
 * day alone (`YYYY-MM-DD`) means 00:00 of that day in Riyadh, so day strings go straight into the day, week
 * and formatting functions below.
 */
export type DateInput = Date | string | number

/** The calendar fields of a moment as seen on a clock in Riyadh (Gregorian calendar). */
export interface RiyadhParts {
  /** The full year, e.g. 2026. */
  year: number
  /** The month, 1 (January) to 12. */
  month: number
  /** The day of the month, 1 to 31. */
  day: number
  /** The day of the week, 0 (Sunday, the first day of the Saudi week) to 6 (Saturday). */
  weekday: number
  /** The hour, 0 to 23. */
  hour: number
  /** The minute, 0 to 59. */
  minute: number
  /** The second, 0 to 59. */
  second: number
}

/** A span of time, both ends included. */
export interface DateRange {
  /** The first instant of the span. */
  start: Date
  /** The last instant of the span (to the millisecond). */
  end: Date
}

/** A week range in Unix seconds, as `GET /schedule/v2/contributor` takes it. */
export interface UnixWeekRange {
  /** Sunday 00:00:00 Riyadh time, in Unix seconds. */
  start_date: number
  /** Saturday 23:59:59 Riyadh time, in Unix seconds. */
  end_date: number
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/**
 * Converts a date input to a Date, throwing a RangeError for anything that is not a valid moment. A calendar
 * day without a time (`YYYY-MM-DD`) means that day in Riyadh, as everywhere in the API, so it gives 00:00
 * Riyadh time (21:00 UTC the day before), not UTC midnight as `new Date('YYYY-MM-DD')` would.
 */
export function toDate(input: DateInput): Date {
  if (typeof input === 'string' && CALENDAR_DAY.test(input)) {
    const { year, month, day } = calendarDayFields(input)
    return riyadhWallTime(year, month, day)
  }
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`)
  return date
}

/** Converts a date input to whole Unix seconds (rounded down). */
export function toUnixSeconds(input: DateInput): number {
  return Math.floor(toDate(input).getTime() / 1000)
}

/**
 * Adds whole days to a moment (negative to go back); Riyadh has no daylight saving, so a day is 24 hours. For
 * a calendar day (`YYYY-MM-DD`) that should stay one, use {@link addCalendarDays}.
 */
export function addDays(input: DateInput, days: number): Date {
  return new Date(toDate(input).getTime() + days * DAY_MS)
}

// ------------------------------------------------------------------------------------------- calendar days

/** A calendar day as the API writes it: `YYYY-MM-DD`. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Writes a number with at least two digits. */
const two = (n: number) => String(n).padStart(2, '0')

/** Writes calendar fields as `YYYY-MM-DD`. */
function writeDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`
}

/** The fields of a calendar day `YYYY-MM-DD`, throwing a RangeError for text that is no day (`2026-02-30`). */
function calendarDayFields(text: string): { year: number; month: number; day: number } {
  const m = CALENDAR_DAY.exec(text)
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (!m || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    throw new RangeError(`Invalid calendar day: ${text}`)
  return { year, month, day }
}

/** Tells whether a value is a calendar day that exists, written `YYYY-MM-DD` (`2026-02-29` is not one). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    calendarDayFields(value)
    return true
  } catch {
    return false
  }
}

/**
 * Adds whole days to a calendar day (`YYYY-MM-DD`, negative to go back), across months and years:
 * `addCalendarDays('2026-12-31', 1)` is `'2027-01-01'`. A calendar day has no time zone, so this never
 * skips or repeats one.
 */
export function addCalendarDays(day: string, days: number): string {
  const { year, month, day: date } = calendarDayFields(day)
  const d = new Date(Date.UTC(year, month - 1, date + days))
  return writeDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())
}

/** The number of days from one calendar day to another (`YYYY-MM-DD`): 1 from a day to the next, negative backwards. */
export function calendarDaysBetween(from: string, to: string): number {
  const a = calendarDayFields(from)
  const b = calendarDayFields(to)
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS)
}

// Parts are read in en-US with Latin digits and the Gregorian calendar, whatever the page's locale. Made on
// first use: a formatter with a time zone loads the engine's zone data, which costs a phone tens of
// milliseconds that a page which shows no time should not spend while it starts (issue 15).
let partsFormat: Intl.DateTimeFormat | undefined
const makePartsFormat = () =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: RIYADH_TZ,
    calendar: 'gregory',
    numberingSystem: 'latn',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })

/**
 * Since 14 March 1947 Riyadh's clock has been UTC+3 all year (the time zone database's Asia/Riyadh; the
 * kingdom keeps no daylight saving). From then on the fields are read off the moment moved by three hours,
 * which costs nothing; the engine's time zone data (the first zoned formatter takes tens of milliseconds on
 * a phone) is used for earlier moments only. The tests compare both ways across the years.
 */
const FIXED_OFFSET_SINCE = Date.UTC(1947, 2, 13, 20, 53, 8)
const RIYADH_OFFSET_MS = 3 * 3_600_000

/** Returns the Gregorian calendar fields of a moment on a Riyadh clock. */
export function riyadhParts(input: DateInput): RiyadhParts {
  const ms = toDate(input).getTime()
  if (ms >= FIXED_OFFSET_SINCE) {
    const d = new Date(ms + RIYADH_OFFSET_MS)
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      weekday: d.getUTCDay(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    }
  }
  return zonedParts(ms)
}

/**
 * Minutes from `now` to a start `minutes` away (negative: begun), kept within `now`'s Riyadh day: for tests
 * whose session an expert must start, which happens only on the session's own Riyadh day (at 00:02 in Riyadh
 * one that began five minutes ago could not be started, nor at 23:58 one four minutes ahead).
 */
export function onRiyadhToday(minutes: number, now: DateInput = new Date()): number {
  const { hour, minute, second } = riyadhParts(now)
  const since = hour * 60 + minute + second / 60
  // Half a minute short of midnight: the session is written a moment after this is worked out.
  return Math.min(Math.max(minutes, -since), 24 * 60 - 0.5 - since)
}

/** The fields of a moment on a Riyadh clock, as the engine's time zone data gives them. */
export function zonedParts(input: DateInput): RiyadhParts {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  partsFormat ??= makePartsFormat()
  for (const part of partsFormat.formatToParts(toDate(input))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour,
    minute,
    second,
  }
}

/** The offset of Riyadh from UTC at a moment, in milliseconds (three hours). */
function riyadhOffsetMs(ms: number): number {
  const { year, month, day, hour, minute, second } = riyadhParts(ms)
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / MINUTE_MS) * MINUTE_MS
}

/**
 * Returns the moment a Riyadh wall-clock time shows (00:00 by default). Fields past their range carry over as
 * `Date.UTC` carries them (day 0 is the last of the month before).
 */
function riyadhWallTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  return new Date(wall - riyadhOffsetMs(wall - riyadhOffsetMs(wall)))
}

/** Returns the moment a Riyadh calendar day starts (00:00 Riyadh time). */
function riyadhMidnight(year: number, month: number, day: number): Date {
  return riyadhWallTime(year, month, day)
}

/**
 * Returns the Riyadh calendar day a moment falls on, as `YYYY-MM-DD`: `'2026-11-22'` for 22:30 UTC on the
 * 21st, already 01:30 on the 22nd in Riyadh. The day a message, session or slot belongs to.
 */
export function riyadhDay(input: DateInput): string {
  const { year, month, day } = riyadhParts(input)
  return writeDay(year, month, day)
}

/** Returns the time a moment shows on a 24-hour Riyadh clock, as `HH:mm` (what `<input type="time">` holds). */
export function riyadhClockTime(input: DateInput): string {
  const { hour, minute } = riyadhParts(input)
  return `${two(hour)}:${two(minute)}`
}

/** A 24-hour clock time as `<input type="time">` gives it: `HH:mm`, or `HH:mm:ss`. */
const CLOCK_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * Returns the moment of a Riyadh wall-clock time (`HH:mm` or `HH:mm:ss`, 24-hour, 00:00 by default) on a
 * Riyadh calendar day (`YYYY-MM-DD`): `riyadhInstant('2026-11-22', '01:30')` is 22:30 UTC on the 21st. Throws
 * a RangeError for a day or time that does not exist.
 */
export function riyadhInstant(day: string, time = '00:00'): Date {
  const { year, month, day: date } = calendarDayFields(day)
  const m = CLOCK_TIME.exec(time)
  const [hour, minute, second] = m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : [-1, 0, 0]
  if (hour < 0 || hour > 23 || minute > 59 || second > 59) throw new RangeError(`Invalid time: ${time}`)
  return riyadhWallTime(year, month, date, hour, minute, second)
}

/**
 * Returns 00:00 Riyadh time of the Riyadh day a moment falls on; given a calendar day (`YYYY-MM-DD`), the
 * moment that day starts.
 */
export function startOfRiyadhDay(input: DateInput): Date {
  const { year, month, day } = riyadhParts(input)
  return riyadhMidnight(year, month, day)
}

/**
 * Returns the last instant (23:59:59.999 Riyadh time) of the Riyadh day a moment falls on, or of a calendar
 * day (`YYYY-MM-DD`). For a half-open span `[start, end)`, take {@link startOfRiyadhDay} of the next day.
 */
export function endOfRiyadhDay(input: DateInput): Date {
  const { year, month, day } = riyadhParts(input)
  return new Date(riyadhMidnight(year, month, day + 1).getTime() - 1)
}

/** Returns the first instant of the Riyadh calendar month a moment falls in. */
export function startOfRiyadhMonth(input: DateInput): Date {
  const { year, month } = riyadhParts(input)
  return riyadhMidnight(year, month, 1)
}

/** Returns the Riyadh calendar month a moment falls in, as `YYYY-MM`. */
export function riyadhMonth(input: DateInput): string {
  return riyadhDay(input).slice(0, 7)
}

/** Tells whether two moments fall on the same calendar day in Riyadh. */
export function isSameRiyadhDay(a: DateInput, b: DateInput): boolean {
  const x = riyadhParts(a)
  const y = riyadhParts(b)
  return x.year === y.year && x.month === y.month && x.day === y.day
}

/**
 * Returns the Saudi week a moment (or calendar day) falls in: from Sunday 00:00:00.000 to Saturday
 * 23:59:59.999, Riyadh time. The week starts on Sunday, as the kingdom's working week does.
 */
export function weekBounds(input: DateInput): DateRange {
  const { year, month, day, weekday } = riyadhParts(input)
  // Date.UTC carries day numbers below 1 or past the month's end into the neighbouring month.
  const start = riyadhMidnight(year, month, day - weekday)
  const nextStart = riyadhMidnight(year, month, day - weekday + 7)
  return { start, end: new Date(nextStart.getTime() - 1) }
}

/** Returns the seven Riyadh calendar days (`YYYY-MM-DD`) of the Saudi week a moment or day falls in, Sunday first. */
export function riyadhWeekDays(input: DateInput): string[] {
  const sunday = riyadhDay(weekBounds(input).start)
  return Array.from({ length: 7 }, (_, i) => addCalendarDays(sunday, i))
}

/** A run of items that fall on one Riyadh day, as {@link groupByRiyadhDay} gives it. */
export interface RiyadhDayGroup<T> {
  /** The Riyadh calendar day, `YYYY-MM-DD`. */
  day: string
  /** The items of the run, in their order. */
  items: T[]
}

/**
 * Splits items in time order into runs of the same Riyadh day (a chat's messages under their day's
 * divider): a new run starts wherever the Riyadh day changes. A message sent at 23:30 UTC falls on the
 * next Riyadh day, 02:30 in Riyadh.
 */
export function groupByRiyadhDay<T>(items: readonly T[], at: (item: T) => DateInput): RiyadhDayGroup<T>[] {
  const groups: RiyadhDayGroup<T>[] = []
  for (const item of items) {
    const day = riyadhDay(at(item))
    const last = groups.at(-1)
    if (last?.day === day) last.items.push(item)
    else groups.push({ day, items: [item] })
  }
  return groups
}

/** Returns the current Saudi week in Unix seconds, Sunday 00:00:00 to Saturday 23:59:59 Riyadh time. */
export function currentWeekRange(now: DateInput = new Date()): UnixWeekRange {
  const { start, end } = weekBounds(now)
  return { start_date: toUnixSeconds(start), end_date: toUnixSeconds(end) }
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** Returns a cached Intl formatter in Riyadh time. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: RIYADH_TZ })
    formats.set(key, format)
  }
  return format
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  calendar: 'gregory',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
}
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true }
const HIJRI_OPTIONS: Intl.DateTimeFormatOptions = {
  calendar: 'islamic-umalqura',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
}

/** The no-break space that keeps a number beside its unit («١٤٤٨ هـ», «٣:٠٠ م») at the end of a line. */
const NO_BREAK_SPACE = '\u00a0'

/** The parts that are a unit written after (or before) a number: the era (هـ, AH) and am/pm (ص, م). */
const UNIT_PARTS: ReadonlySet<string> = new Set(['era', 'dayPeriod'])

/**
 * Joins Intl's parts, turning the spaces of a literal next to a unit into no-break spaces: a line may break
 * between the day and the month, never between «١٤٤٨» and «هـ» or «٣:٠٠» and «م». A year with an era keeps
 * its month on its line too, so «١٤٤٨ هـ» never starts a line alone in a narrow card (issue 31).
 */
function joinParts(parts: readonly Intl.DateTimeFormatPart[]): string {
  const keptTogether = (i: number) =>
    UNIT_PARTS.has(parts[i - 1]?.type ?? '') ||
    UNIT_PARTS.has(parts[i + 1]?.type ?? '') ||
    (parts[i - 1]?.type === 'month' && parts[i + 1]?.type === 'year' && parts[i + 3]?.type === 'era')
  return parts
    .map((part, i) =>
      part.type === 'literal' && keptTogether(i)
        ? part.value.replace(/\s/g, NO_BREAK_SPACE)
        : plainSpaces(part.value),
    )
    .join('')
}

/** Formats a moment with the options in a language's locale, Riyadh time, units kept with their numbers. */
function format(input: DateInput, lang: string, options: Intl.DateTimeFormatOptions): string {
  return joinParts(formatter(LOCALES[normalizeLanguage(lang)], options).formatToParts(toDate(input)))
}

/**
 * Formats the Gregorian date of a moment in Riyadh, with the weekday: «الأحد، ٢٢ نوفمبر ٢٠٢٦» or
 * «Sunday, 22 November 2026». Arabic uses Arabic-Indic digits (`ar-SA`), English Latin digits.
 */
export function formatDate(input: DateInput, lang: string = DEFAULT_LANGUAGE): string {
  return format(input, lang, DATE_OPTIONS)
}

/**
 * Formats the time of a moment in Riyadh on a 12-hour clock: «١:٣٠ ص» or «1:30 am», with a no-break space
 * before the day period. The time-zone label is not included; add `timeZoneLabel(lang)` beside it where the
 * page shows times.
 */
export function formatTime(input: DateInput, lang: string = DEFAULT_LANGUAGE): string {
  return format(input, lang, TIME_OPTIONS)
}

/**
 * Formats when something happens: the date as {@link formatDateWithHijri} writes it, then the time, or the
 * span from `input` to `options.end`, joined as each language joins them (never with a middle dot, which
 * beside Arabic-Indic digits reads as the digit zero): «الأحد، ٢٢ نوفمبر ٢٠٢٦ الموافق ١٢ جمادى الآخرة
 * ١٤٤٨ هـ، الساعة ١:٣٠ ص» or «Sunday, 22 November 2026, 1:30 am»; with an end, «…، من ١:٣٠ ص إلى ٢:٣٠ ص»
 * or «…, 1:30 am – 2:30 am». The time-zone label is not included.
 */
export function formatDateTime(
  input: DateInput,
  lang: string = DEFAULT_LANGUAGE,
  options: { end?: DateInput } = {},
): string {
  const language = normalizeLanguage(lang)
  const date = formatDateWithHijri(input, language)
  const translator = createTranslator(language)
  if (options.end === undefined)
    return translator.t('time.dateAndTime', { date, time: formatTime(input, language) })
  return translator.t('time.dateAndTimeRange', {
    date,
    start: formatTime(input, language),
    end: formatTime(options.end, language),
  })
}

/** Returns the label that says times are Saudi Arabia (Riyadh) time: «بتوقيت السعودية» or «Saudi Arabia time». */
export function timeZoneLabel(lang: string = DEFAULT_LANGUAGE): string {
  return createTranslator(lang).t('time.riyadhTime')
}

/**
 * Formats the Umm al-Qura Hijri date of the Riyadh day a moment falls on, in Arabic by default
 * («١٢ جمادى الآخرة ١٤٤٨ هـ»); in English it reads «12 Jumada II 1448 AH». The era stays on the year's line.
 */
export function formatHijriDate(input: DateInput, lang: string = DEFAULT_LANGUAGE): string {
  return format(input, lang, HIJRI_OPTIONS)
}

/**
 * Formats the Umm al-Qura Hijri dates of the Riyadh days from `start` to `end` as one range, sharing what the
 * two have in common: «١٢–١٨ جمادى الآخرة ١٤٤٨ هـ» or «12–18 Jumada II 1448 AH».
 */
export function formatHijriRange(start: DateInput, end: DateInput, lang: string = DEFAULT_LANGUAGE): string {
  return joinParts(
    formatter(LOCALES[normalizeLanguage(lang)], HIJRI_OPTIONS).formatRangeToParts(toDate(start), toDate(end)),
  )
}

/**
 * Formats a date as the site shows it (design §7): the Gregorian date first and, in Arabic, the Umm al-Qura
 * Hijri date beside it, «الأحد، ٢٢ نوفمبر ٢٠٢٦ الموافق ١٢ جمادى الآخرة ١٤٤٨ هـ»; English shows the Gregorian
 * date alone, «Sunday, 22 November 2026».
 */
export function formatDateWithHijri(input: DateInput, lang: string = DEFAULT_LANGUAGE): string {
  const language = normalizeLanguage(lang)
  const date = toDate(input)
  if (language !== 'ar') return formatDate(date, language)
  return createTranslator(language).t('time.dateWithHijri', {
    gregorian: formatDate(date, language),
    hijri: formatHijriDate(date, language),
  })
}
