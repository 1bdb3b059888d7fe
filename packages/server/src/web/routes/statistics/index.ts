/**
 * A contributor's statistics (spec section 7: two calls), computed from the sessions and recommendations
 * with SQL that runs on SQLite and PostgreSQL alike (conditional sums, a window function).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type CompanyPhase, riyadhMonth, type SessionStatistics, type SmeStatistics } from '@mashura/core'
import { calls, STATISTICS_MONTHS } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import {
  latestPhaseCounts,
  meetingsOf,
  metSmeTotals,
  sessionCountsOf,
  sessionTimesOf,
} from '../../../db/queries/statistics.ts'
import type { Database } from '../../../db/tables.ts'
import { requireContributor } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const COMPANY_PHASES = [
  'idea_owner',
  'launched_project',
  'facing_challenge',
  'growing',
] as const satisfies readonly CompanyPhase[]

/** How many Riyadh calendar months the chart series cover, the current one included: the contract's. */
export { STATISTICS_MONTHS }

/** The last `n` Riyadh calendar months (`YYYY-MM`), oldest first, ending with the month of `now`. */
export function lastRiyadhMonths(now: Date, n = STATISTICS_MONTHS): string[] {
  const [year, month] = riyadhMonth(now).split('-').map(Number) as [number, number]
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, month - 1 - i, 1))
    out.push(d.toISOString().slice(0, 7))
  }
  return out
}

/** A contributor's session counts: all sessions (not requests), by state and communication way. */
export async function sessionStatistics(
  db: Kysely<Database>,
  contributorId: number,
  now: Date = new Date(),
): Promise<SessionStatistics> {
  const row = await sessionCountsOf(db, contributorId)
  // Durations and months: the two databases share no date arithmetic, so they are worked out here.
  const times = await sessionTimesOf(db, contributorId)
  const ended = times.filter((t) => t.state === 'ended')
  let ms = 0
  for (const s of ended) {
    const span = Date.parse(s.ended_at ?? s.end_at) - Date.parse(s.started_at ?? s.start_at)
    if (Number.isFinite(span) && span > 0) ms += span
  }
  return {
    total: Number(row.total),
    booked: Number(row.booked),
    ended: Number(row.ended),
    cancelled: Number(row.cancelled),
    sme_absent: Number(row.sme_absent),
    online: Number(row.online),
    office: Number(row.office),
    hours: Math.round((ms / 3_600_000) * 10) / 10,
    by_month: sessionsByMonth(times),
    ongoing: Number(row.ongoing),
    last_months: sessionStatesByMonth(times, lastRiyadhMonths(now)),
  }
}

type MonthStates = SessionStatistics['last_months'][number]

/** Sessions per state in each of some Riyadh months (`YYYY-MM`), in the months' order, zeros included. */
export function sessionStatesByMonth(
  rows: readonly { state: string; start_at: string }[],
  months: readonly string[],
): MonthStates[] {
  const out = new Map<string, MonthStates>(
    months.map((month) => [
      month,
      { month, total: 0, booked: 0, ongoing: 0, ended: 0, cancelled: 0, sme_absent: 0 },
    ]),
  )
  for (const r of rows) {
    const m = out.get(riyadhMonth(r.start_at))
    if (!m) continue
    m.total++
    if (r.state === 'booked' || r.state === 'ongoing' || r.state === 'ended') m[r.state]++
    else if (r.state === 'cancelled' || r.state === 'sme_absent') m[r.state]++
  }
  return [...out.values()]
}

/**
 * Business owners met in each of some Riyadh months, in the months' order: met that month, of whom new
 * (their first meeting with this contributor ever is in that month) and returning (met before).
 */
export function smesByMonth(
  rows: readonly { sme_id: number; start_at: string }[],
  months: readonly string[],
): SmeStatistics['by_month'] {
  const first = new Map<number, string>()
  const met = new Map<string, Set<number>>(months.map((m) => [m, new Set()]))
  for (const r of rows) {
    const month = riyadhMonth(r.start_at)
    const earliest = first.get(r.sme_id)
    if (earliest === undefined || month < earliest) first.set(r.sme_id, month)
    met.get(month)?.add(r.sme_id)
  }
  return months.map((month) => {
    const people = [...met.get(month)!]
    const fresh = people.filter((id) => first.get(id) === month).length
    return { month, met: people.length, new: fresh, returning: people.length - fresh }
  })
}

/** Sessions per Riyadh calendar month (`YYYY-MM`, oldest first), with how many of them ended. */
export function sessionsByMonth(
  rows: readonly { state: string; start_at: string }[],
): { month: string; total: number; ended: number }[] {
  const months = new Map<string, { total: number; ended: number }>()
  for (const r of rows) {
    const month = riyadhMonth(r.start_at)
    const m = months.get(month) ?? { total: 0, ended: 0 }
    m.total++
    if (r.state === 'ended') m.ended++
    months.set(month, m)
  }
  return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m }))
}

/**
 * A contributor's business-owner counts: distinct owners met (a session ongoing or ended), those met
 * once and more than once, and owners per company phase of the latest recommendation that gives one.
 */
export async function smeStatistics(
  db: Kysely<Database>,
  contributorId: number,
  now: Date = new Date(),
): Promise<SmeStatistics> {
  const totals = await metSmeTotals(db, contributorId)
  const phases = await latestPhaseCounts(db, contributorId)
  const byPhase = Object.fromEntries(COMPANY_PHASES.map((p) => [p, 0])) as Record<CompanyPhase, number>
  for (const r of phases) if (r.company_phase in byPhase) byPhase[r.company_phase] = Number(r.n)
  const meetings = await meetingsOf(db, contributorId)
  return {
    total: Number(totals.total),
    new: Number(totals.once),
    returning: Number(totals.more),
    by_company_phase: byPhase,
    by_month: smesByMonth(meetings, lastRiyadhMonths(now)),
  }
}

const route = callRoutes({ tags: ['statistics'], access: 'contributor' })

export async function statisticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...route(calls.getSessionStatistics, {
      summary:
        "The signed-in contributor's session counts by state, communication way and Riyadh month, and hours held.",
      description:
        'Sessions only (not pending, rejected or expired requests). online/office count communication way ' +
        '0/1; hours sums the ended sessions (actual start and end when recorded), to one decimal. by_month ' +
        `leaves out months without sessions; last_months (for charts) has each of the last ${STATISTICS_MONTHS} ` +
        'Riyadh months with its sessions by state.',
    }),
    handler: async (request) => ({
      data: await sessionStatistics(db, requireContributor(request).contributorId),
    }),
  })

  app.route({
    ...route(calls.getSmeStatistics, {
      summary: "The signed-in contributor's business owners: distinct, new, returning, by company phase.",
      description:
        'A business owner counts once they have had an ongoing or ended session; new means one such ' +
        'session, returning more than one. by_company_phase counts owners by the phase of the latest ' +
        'recommendation (by session start) that gives one. by_month (for charts) has each of the last ' +
        `${STATISTICS_MONTHS} Riyadh months: owners met, new and returning.`,
    }),
    handler: async (request) => ({
      data: await smeStatistics(db, requireContributor(request).contributorId),
    }),
  })
}
