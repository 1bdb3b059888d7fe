import {
  type DateInput,
  type DateRange,
  formatDateWithHijri,
  formatHijriRange,
  formatTime,
  type Slot,
  type Translator,
  timeZoneLabel,
} from '@mashura/core'

/** The calendar's way of writing dates: core's Riyadh formatting, with the few shapes core has no helper for. */

const GREGORIAN_RANGE: Intl.DateTimeFormatOptions = {
  calendar: 'gregory',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
}
const HIJRI: Intl.DateTimeFormatOptions = { calendar: 'islamic-umalqura', day: 'numeric', month: 'long' }

/** The week's Gregorian range: «٢٢ – ٢٨ نوفمبر ٢٠٢٦» or «22–28 November 2026» (Riyadh time). */
export function weekRangeLabel(t: Translator<string>, week: DateRange): string {
  return t.intl.formatDateTimeRange(week.start, week.end, GREGORIAN_RANGE)
}

/** The week's Umm al-Qura range, shown beside the Gregorian one in Arabic only (design §7). */
export function hijriRangeLabel(t: Translator<string>, week: DateRange): string | null {
  return t.lang === 'ar' ? formatHijriRange(week.start, week.end, t.lang) : null
}

/** A day column's heading: weekday, day and month («الأحد ٢٢ نوفمبر»). */
export function dayLabel(t: Translator<string>, day: DateInput): string {
  return t.intl.formatDate(day, { calendar: 'gregory', weekday: 'long', day: 'numeric', month: 'long' })
}

/** A day's Hijri day and month, in Arabic only. */
export function hijriDayLabel(t: Translator<string>, day: DateInput): string | null {
  return t.lang === 'ar' ? t.intl.formatDate(day, HIJRI) : null
}

/** A slot's full date: Gregorian with the Hijri date beside it in Arabic, Gregorian alone in English. */
export function slotDate(t: Translator<string>, slot: Slot): string {
  return formatDateWithHijri(slot.start, t.lang)
}

/** A slot's start time on a Riyadh clock. */
export function slotTime(t: Translator<string>, slot: Slot): string {
  return formatTime(slot.start, t.lang)
}

/** A slot's start time labelled as Saudi Arabia time. */
export function slotTimeWithZone(t: Translator<string>, slot: Slot): string {
  return t.t('bookingCalendar.timeWithZone', { time: slotTime(t, slot), zone: timeZoneLabel(t.lang) })
}

/** A slot's length in whole minutes. */
export function slotMinutes(slot: Slot): number {
  return Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000)
}

/** A slot's length: «٦٠ دقيقة» or «60 minutes». */
export function slotDuration(t: Translator<string>, slot: Slot): string {
  return t.t('bookingCalendar.duration', { minutes: slotMinutes(slot) })
}

/** A slot's start and end on a Riyadh clock, labelled as Saudi Arabia time, with its length. */
export function slotSpanWithZone(t: Translator<string>, slot: Slot): string {
  return t.t('bookingCalendar.timeSpan', {
    start: slotTime(t, slot),
    end: formatTime(slot.end, t.lang),
    zone: timeZoneLabel(t.lang),
    duration: slotDuration(t, slot),
  })
}
