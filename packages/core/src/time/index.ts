import { createTranslator, DEFAULT_LANGUAGE, LOCALES, normalizeLanguage } from '../i18n/index.ts'

/**
 * The time zone people see times in: Riyadh, UTC+3 all year (no daylight saving). Arithmetic here still goes
 * through Intl's time-zone data rather than a fixed +3, so it stays right whatever the data says.
 */
export const RIYADH_TZ = 'Asia/Riyadh'

/** A moment as the API and callers hand it over: a Date, an ISO 8601 string, or epoch milliseconds. */
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

/** Converts a date input to a Date, throwing a RangeError for anything that is not a valid moment. */
export function toDate(input: DateInput): Date {
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input)
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`)
  return date
}

/** Converts a date input to whole Unix seconds (rounded down). */
export function toUnixSeconds(input: DateInput): number {
  return Math.floor(toDate(input).getTime() / 1000)
}

/** Converts Unix seconds to a Date. */
export function fromUnixSeconds(seconds: number): Date {
  return toDate(seconds * 1000)
}

/** Adds whole calendar days (negative to go back); Riyadh has no daylight saving, so a day is 24 hours. */
export function addDays(input: DateInput, days: number): Date {
  return new Date(toDate(input).getTime() + days * DAY_MS)
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

/** Returns the moment a Riyadh calendar day starts (00:00 Riyadh time). */
function riyadhMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day)
  return new Date(wall - riyadhOffsetMs(wall - riyadhOffsetMs(wall)))
}

/** Returns 00:00 Riyadh time of the Riyadh day a moment falls on. */
export function startOfRiyadhDay(input: DateInput): Date {
  const { year, month, day } = riyadhParts(input)
  return riyadhMidnight(year, month, day)
}

/** Tells whether two moments fall on the same calendar day in Riyadh. */
export function isSameRiyadhDay(a: DateInput, b: DateInput): boolean {
  const x = riyadhParts(a)
  const y = riyadhParts(b)
  return x.year === y.year && x.month === y.month && x.day === y.day
}

/**
 * Returns the Saudi week a moment falls in: from Sunday 00:00:00.000 to Saturday 23:59:59.999, Riyadh time.
 */
export function weekBounds(input: DateInput): DateRange {
  const { year, month, day, weekday } = riyadhParts(input)
  // Date.UTC carries day numbers below 1 or past the month's end into the neighbouring month.
  const start = riyadhMidnight(year, month, day - weekday)
  const nextStart = riyadhMidnight(year, month, day - weekday + 7)
  return { start, end: new Date(nextStart.getTime() - 1) }
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
 * between the day and the month, never between «١٤٤٨» and «هـ» or «٣:٠٠» and «م».
 */
function joinParts(parts: readonly Intl.DateTimeFormatPart[]): string {
  return parts
    .map((part, i) =>
      part.type === 'literal' &&
      (UNIT_PARTS.has(parts[i - 1]?.type ?? '') || UNIT_PARTS.has(parts[i + 1]?.type ?? ''))
        ? part.value.replace(/\s/g, NO_BREAK_SPACE)
        : part.value,
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
