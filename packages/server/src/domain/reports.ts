/**
 * The agency's reports (issue 33): sessions by state, expert kind, center, subject and week or month; requests
 * and how fast they are answered; ratings per expert and center; no-shows; the busiest hours. Each report
 * covers a range of Riyadh calendar days and is counted here, in TypeScript, from the rows the queries read
 * (`db/queries/reports.ts`): Riyadh times (UTC+3 all year, no daylight saving) are grouped the same way
 * whichever database holds the rows.
 */
import type { calls } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import type { Static } from 'typebox'
import {
  reportRatingRows,
  reportRequestRows,
  reportSessionRows,
  type TimeRange,
} from '../db/queries/reports.ts'
import type { Database } from '../db/tables.ts'
import { invalid } from './errors.ts'

/** The sessions report, as the contract answers it. */
export type SessionsReport = Static<typeof calls.adminSessionsReport.response>['data']
/** The requests report, as the contract answers it. */
export type RequestsReport = Static<typeof calls.adminRequestsReport.response>['data']
/** The ratings report, as the contract answers it. */
export type RatingsReport = Static<typeof calls.adminRatingsReport.response>['data']
/** Counts of sessions by state. */
export type StateCounts = SessionsReport['totals']
/** A report's period. */
export type ReportPeriod = 'week' | 'month'
/** A session row as the reports read it. */
export type ReportSessionRow = Awaited<ReturnType<typeof reportSessionRows>>[number]

/** The longest range a report covers, in days (two years; the contract's `REPORT_RANGE_MAX_DAYS`). */
export const REPORT_RANGE_MAX_DAYS = 731
/** The days a report covers when no `from` is given: 30 days up to `to`. */
const DEFAULT_RANGE_DAYS = 30

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Riyadh's offset from UTC (Arabia Standard Time, no daylight saving). */
const RIYADH_OFFSET_MS = 3 * HOUR_MS

/** The session states the reports count (a pending request is not a session). */
const COUNTED_STATES = ['booked', 'ongoing', 'ended', 'cancelled', 'sme_absent'] as const
/** The expert kinds in the order the reports list them. */
const KINDS = ['bsa', 'advisor', 'consultant', 'partner'] as const

/** A report's range: the Riyadh days asked for, and the UTC times they span. */
export interface ReportRange {
  /** The first day, `YYYY-MM-DD`. */
  from: string
  /** The last day (included), `YYYY-MM-DD`. */
  to: string
  /** From the first day's Riyadh midnight (included) to the midnight after the last day (excluded). */
  utc: TimeRange
}

/** The Riyadh calendar parts of a time. */
export function riyadhParts(time: string | Date): {
  date: string
  year: number
  month: number
  day: number
  weekday: number
  hour: number
} {
  const shifted = new Date((typeof time === 'string' ? Date.parse(time) : time.getTime()) + RIYADH_OFFSET_MS)
  const year = shifted.getUTCFullYear()
  const month = shifted.getUTCMonth() + 1
  const day = shifted.getUTCDate()
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** A date's midnight in Riyadh as a UTC time in milliseconds; NaN for a date that does not exist. */
function riyadhMidnight(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return Number.NaN
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = Date.UTC(y, m - 1, d)
  const back = new Date(utc)
  // 2026-02-30 would roll over into March: such a date does not exist.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return Number.NaN
  return utc - RIYADH_OFFSET_MS
}

/**
 * The range a report's query asks for: `to` (today in Riyadh without) and `from` (29 days before `to`
 * without), both included. Refused (400) when a date does not exist, `from` is after `to`, or the range is
 * longer than two years.
 */
export function reportRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): ReportRange {
  const to = query.to ?? riyadhParts(now).date
  const toStart = riyadhMidnight(to)
  if (Number.isNaN(toStart))
    throw invalid('invalid_range', 'errors.validationFailed', { to: 'errors.invalidDate' })
  const from = query.from ?? riyadhParts(new Date(toStart - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)).date
  const fromStart = riyadhMidnight(from)
  if (Number.isNaN(fromStart))
    throw invalid('invalid_range', 'errors.validationFailed', { from: 'errors.invalidDate' })
  if (fromStart > toStart)
    throw invalid('invalid_range', 'errors.reportRangeInvalid', { from: 'errors.reportRangeInvalid' })
  const days = Math.round((toStart - fromStart) / DAY_MS) + 1
  if (days > REPORT_RANGE_MAX_DAYS)
    throw invalid('range_too_long', 'errors.reportRangeTooLong', { to: 'errors.reportRangeTooLong' })
  return {
    from,
    to,
    utc: { from: new Date(fromStart).toISOString(), to: new Date(toStart + DAY_MS).toISOString() },
  }
}

/** The first day (`YYYY-MM-DD`) of the Riyadh week (Sunday to Saturday) or month a time falls in. */
export function periodStart(time: string, period: ReportPeriod): string {
  const parts = riyadhParts(time)
  if (period === 'month') return `${parts.year}-${pad(parts.month)}-01`
  const sunday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day - parts.weekday))
  return sunday.toISOString().slice(0, 10)
}

function emptyCounts(): StateCounts {
  return { total: 0, booked: 0, ongoing: 0, ended: 0, cancelled: 0, sme_absent: 0 }
}

function count(counts: StateCounts, state: string): void {
  if (!(COUNTED_STATES as readonly string[]).includes(state)) return
  counts.total++
  counts[state as (typeof COUNTED_STATES)[number]]++
}

/** Adds one to a group's counts, making the group on first sight. */
function tally<K, G extends StateCounts>(groups: Map<K, G>, key: K, make: () => G, state: string): G {
  let group = groups.get(key)
  if (!group) {
    group = make()
    groups.set(key, group)
  }
  count(group, state)
  return group
}

/** Groups by total, the largest first; the unknown (null) group last; then by id. */
function byTotal<G extends { total: number }>(groups: Iterable<G>, id: (g: G) => number | null): G[] {
  return [...groups].sort((a, b) => {
    const ia = id(a)
    const ib = id(b)
    if ((ia === null) !== (ib === null)) return ia === null ? 1 : -1
    return b.total - a.total || (ia ?? 0) - (ib ?? 0)
  })
}

/** Counts the sessions report from its rows (exported for the tests that count the same rows by hand). */
export function countSessions(
  rows: readonly ReportSessionRow[],
  range: Pick<ReportRange, 'from' | 'to'>,
  period: ReportPeriod,
): SessionsReport {
  const totals = emptyCounts()
  const kinds = new Map<string, StateCounts & { kind: (typeof KINDS)[number] }>()
  const centers = new Map<number | null, SessionsReport['by_center'][number]>()
  const subjects = new Map<number | null, SessionsReport['by_subject'][number]>()
  const periods = new Map<string, SessionsReport['by_period'][number]>()
  const experts = new Map<
    number,
    { contributor_id: number; full_name: string; sessions: number; sme_absent: number }
  >()
  const hours = new Map<string, { weekday: number; hour: number; sessions: number }>()
  for (const row of rows) {
    count(totals, row.state)
    tally(kinds, row.kind, () => ({ kind: row.kind, ...emptyCounts() }), row.state)
    tally(
      centers,
      row.center_id,
      () => ({ center_id: row.center_id, name_ar: row.center_ar, name_en: row.center_en, ...emptyCounts() }),
      row.state,
    )
    tally(
      subjects,
      row.subject_id,
      () => ({
        subject_id: row.subject_id,
        name_ar: row.subject_ar,
        name_en: row.subject_en,
        ...emptyCounts(),
      }),
      row.state,
    )
    const start = periodStart(row.start_at, period)
    tally(periods, start, () => ({ period_start: start, ...emptyCounts() }), row.state)
    let expert = experts.get(row.contributor_id)
    if (!expert) {
      expert = { contributor_id: row.contributor_id, full_name: row.expert_name, sessions: 0, sme_absent: 0 }
      experts.set(row.contributor_id, expert)
    }
    expert.sessions++
    if (row.state === 'sme_absent') expert.sme_absent++
    if (row.state !== 'cancelled') {
      const { weekday, hour } = riyadhParts(row.start_at)
      const key = `${weekday}:${hour}`
      const cell = hours.get(key) ?? { weekday, hour, sessions: 0 }
      cell.sessions++
      hours.set(key, cell)
    }
  }
  const due = totals.ended + totals.sme_absent
  return {
    from: range.from,
    to: range.to,
    period,
    totals,
    by_kind: KINDS.flatMap((kind) => {
      const group = kinds.get(kind)
      return group ? [group] : []
    }),
    by_center: byTotal(centers.values(), (g) => g.center_id),
    by_subject: byTotal(subjects.values(), (g) => g.subject_id),
    by_period: [...periods.values()].sort((a, b) => a.period_start.localeCompare(b.period_start)),
    no_shows: {
      total: totals.sme_absent,
      rate: due === 0 ? null : Math.round((totals.sme_absent / due) * 10_000) / 10_000,
      by_expert: [...experts.values()]
        .filter((e) => e.sme_absent > 0)
        .sort((a, b) => b.sme_absent - a.sme_absent || a.contributor_id - b.contributor_id),
    },
    busiest_hours: [...hours.values()].sort(
      (a, b) => b.sessions - a.sessions || a.weekday - b.weekday || a.hour - b.hour,
    ),
  }
}

/** The sessions report over `range`, grouped by `period`. */
export async function sessionsReport(
  db: Kysely<Database>,
  range: ReportRange,
  period: ReportPeriod,
): Promise<SessionsReport> {
  return countSessions(await reportSessionRows(db, range.utc), range, period)
}

/** The sessions of the session list: the rows of {@link sessionsReport}, in start order. */
export function sessionList(db: Kysely<Database>, range: ReportRange): Promise<ReportSessionRow[]> {
  return reportSessionRows(db, range.utc)
}

/** The median of some numbers; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The requests report over `range`: requests made in it, by state and `period`, and the median answer time. */
export async function requestsReport(
  db: Kysely<Database>,
  range: ReportRange,
  period: ReportPeriod,
): Promise<RequestsReport> {
  const rows = await reportRequestRows(db, range.utc)
  const empty = () => ({ total: 0, waiting: 0, accepted: 0, rejected: 0, expired: 0, withdrawn: 0 })
  const totals = empty()
  const periods = new Map<string, RequestsReport['by_period'][number]>()
  const answerMinutes: number[] = []
  for (const row of rows) {
    const state = row.request_state
    if (state === null) continue
    const start = periodStart(row.created_at, period)
    let group = periods.get(start)
    if (!group) {
      group = { period_start: start, ...empty() }
      periods.set(start, group)
    }
    for (const c of [totals, group]) {
      c.total++
      c[state]++
    }
    if ((state === 'accepted' || state === 'rejected') && row.answered_at)
      answerMinutes.push((Date.parse(row.answered_at) - Date.parse(row.created_at)) / 60_000)
  }
  const mid = median(answerMinutes)
  return {
    from: range.from,
    to: range.to,
    period,
    ...totals,
    median_answer_minutes: mid === null ? null : Math.max(0, Math.round(mid * 10) / 10),
    by_period: [...periods.values()].sort((a, b) => a.period_start.localeCompare(b.period_start)),
  }
}

type RatingStats = RatingsReport['overall']

function emptyStats(): RatingStats {
  return { count: 0, average: null, distribution: [0, 0, 0, 0, 0] }
}

/** Adds one rating's stars (1–5) to some statistics, keeping the sum aside for the average. */
function addStars(stats: RatingStats & { sum?: number }, stars: number): void {
  stats.count++
  stats.distribution[stars - 1]!++
  stats.sum = (stats.sum ?? 0) + stars
}

/** Turns the kept sum into the average (two decimals) and drops it. */
function settle<S extends RatingStats & { sum?: number }>(stats: S): Omit<S, 'sum'> {
  const { sum, ...rest } = stats
  return { ...rest, average: rest.count ? Math.round(((sum ?? 0) / rest.count) * 100) / 100 : null }
}

/** The ratings report over `range`: ratings with stars of sessions starting in it, overall, per expert and center. */
export async function ratingsReport(db: Kysely<Database>, range: ReportRange): Promise<RatingsReport> {
  const rows = await reportRatingRows(db, range.utc)
  const overall: RatingStats & { sum?: number } = emptyStats()
  const experts = new Map<number, RatingsReport['by_expert'][number] & { sum?: number }>()
  const centers = new Map<number | null, RatingsReport['by_center'][number] & { sum?: number }>()
  for (const row of rows) {
    const stars = row.stars
    if (stars === null || !Number.isInteger(stars) || stars < 1 || stars > 5) continue
    addStars(overall, stars)
    let expert = experts.get(row.contributor_id)
    if (!expert) {
      expert = { contributor_id: row.contributor_id, full_name: row.expert_name, ...emptyStats() }
      experts.set(row.contributor_id, expert)
    }
    addStars(expert, stars)
    let center = centers.get(row.center_id)
    if (!center) {
      center = { center_id: row.center_id, name_ar: row.center_ar, name_en: row.center_en, ...emptyStats() }
      centers.set(row.center_id, center)
    }
    addStars(center, stars)
  }
  const byCount = <G extends { count: number }>(groups: Iterable<G>, id: (g: G) => number | null) =>
    [...groups].sort((a, b) => {
      const ia = id(a)
      const ib = id(b)
      if ((ia === null) !== (ib === null)) return ia === null ? 1 : -1
      return b.count - a.count || (ia ?? 0) - (ib ?? 0)
    })
  return {
    from: range.from,
    to: range.to,
    overall: settle(overall),
    by_expert: byCount([...experts.values()].map(settle), (g) => g.contributor_id),
    by_center: byCount([...centers.values()].map(settle), (g) => g.center_id),
  }
}
