/**
 * The reports' date range (issue 33): Riyadh calendar days, both included, with weeks or months as periods;
 * kept in the address (`?from=&to=&period=`) so that a view can be shared and the back button works.
 */
import {
  addCalendarDays,
  calendarDaysBetween,
  isCalendarDay,
  riyadhDay,
  startOfRiyadhDay,
} from '@mashura/core'
import type { AdminMessageKey } from './i18n.ts'

/** The longest range a report covers, in days, as the contract's `REPORT_RANGE_MAX_DAYS` (two years). */
export const RANGE_MAX_DAYS = 731
/** The days the reports show when no range is chosen: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30

/** A report's range and its periods. */
export interface ReportRange {
  from: string
  to: string
  period: 'week' | 'month'
}

/** The last {@link DEFAULT_RANGE_DAYS} days to `today`, by week. */
export function defaultRange(today: string = riyadhDay(new Date())): ReportRange {
  return { from: addCalendarDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today, period: 'week' }
}

/** The range an address asks for; the default for whatever part is missing or wrong. */
export function rangeFromParams(params: URLSearchParams, today?: string): ReportRange {
  const fallback = defaultRange(today)
  const from = params.get('from')
  const to = params.get('to')
  const period = params.get('period') === 'month' ? 'month' : 'week'
  if (isCalendarDay(from) && isCalendarDay(to) && !rangeProblem({ from, to, period }))
    return { from, to, period }
  return { ...fallback, period }
}

/** Why a range cannot be shown (a date missing, the end before the start, longer than two years), or null. */
export function rangeProblem(range: ReportRange): AdminMessageKey | null {
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return 'admin.reports.rangeInvalid'
  const days = calendarDaysBetween(range.from, range.to)
  if (days < 0) return 'admin.reports.rangeEndBeforeStart'
  if (days + 1 > RANGE_MAX_DAYS) return 'admin.reports.rangeTooLong'
  return null
}

/** The address's query of a range. */
export function rangeSearch(range: ReportRange): string {
  return new URLSearchParams({ from: range.from, to: range.to, period: range.period }).toString()
}

/**
 * The audit trail's time filter from Riyadh days: from the start of `from` to the start of the day after `to`
 * (the server's `to` is excluded), as ISO times; a day left empty leaves that end open.
 */
export function auditTimeQuery(from: string, to: string): { from?: string; to?: string } {
  const query: { from?: string; to?: string } = {}
  if (isCalendarDay(from)) query.from = startOfRiyadhDay(from).toISOString()
  if (isCalendarDay(to)) query.to = startOfRiyadhDay(addCalendarDays(to, 1)).toISOString()
  return query
}
