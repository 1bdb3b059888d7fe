import '../../../lib/more-messages.ts'
import {
  getSessionStatistics,
  getSmeStatistics,
  type SessionStatistics,
  type SmeStatistics,
  startOfRiyadhDay,
} from '@mashura/core'
import { useMemo } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { api } from '../../../lib/api.ts'
import { COMPANY_PHASES, PHASE_KEYS } from '../../../lib/company-phases.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { NextStep } from '../dashboard/next-step.tsx'
import { StatChart } from '../dashboard/stat-chart.tsx'

/** A key of the site's catalogs. */
type Key = Parameters<ReturnType<typeof useT>['t']>[0]

/** One number with its label. */
function Stat({ label, value, name }: { label: Key; value: number; name: string }) {
  const t = useT()
  return (
    <div className="stat" data-stat={name}>
      <dt>{t.t(label)}</dt>
      <dd>{t.intl.formatNumber(value)}</dd>
    </div>
  )
}

/** The month `YYYY-MM` (Riyadh) as "November 2026", in the page's language. */
function useMonthLabel() {
  const t = useT()
  // The translator's formatters read dates on a Riyadh clock, where the 1st starts the month.
  return (month: string) =>
    t.intl.formatDate(startOfRiyadhDay(`${month}-01`), { month: 'long', year: 'numeric' })
}

/** Sessions per month as a chart and table: all sessions, and the ended ones. */
function SessionsByMonth({ stats }: { stats: SessionStatistics }) {
  const t = useT()
  const monthLabel = useMonthLabel()
  const lang = t.lang
  // biome-ignore lint/correctness/useExhaustiveDependencies: month names follow the language
  const chart = useMemo(
    () => ({
      labels: stats.by_month.map((row) => monthLabel(row.month)),
      series: [
        { label: t.t('dashboardPage.total'), values: stats.by_month.map((row) => row.total) },
        { label: t.t('dashboardPage.ended'), values: stats.by_month.map((row) => row.ended) },
      ],
    }),
    [stats, lang],
  )
  return (
    <StatChart
      name="sessions"
      title={t.t('dashboardPage.byMonth')}
      categoryHeader={t.t('dashboardPage.month')}
      labels={chart.labels}
      series={chart.series}
    />
  )
}

/** The expert's session statistics: counts, then sessions per month as a chart with its table. */
export function SessionStatisticsCard() {
  const t = useT()
  const { data, error, loading, reload } = useApi((signal) => getSessionStatistics(api, { signal }), [])
  const stats = data?.data
  return (
    <section className="card" aria-labelledby="stats-sessions" data-region="session-statistics">
      <h2 id="stats-sessions">{t.t('dashboard.sessionsStatistics')}</h2>
      {loading && !stats ? (
        <PageLoading />
      ) : error || !stats ? (
        <LoadFailed onRetry={reload} />
      ) : stats.total === 0 ? (
        <NextStep>{t.t('workspace.stats.noSessions')}</NextStep>
      ) : (
        <>
          <dl className="stats">
            <Stat name="total" label="dashboard.totalSessions" value={stats.total} />
            <Stat name="booked" label="dashboardPage.booked" value={stats.booked} />
            <Stat name="ended" label="dashboard.completedSessions" value={stats.ended} />
            <Stat name="cancelled" label="dashboard.cancelledSessions" value={stats.cancelled} />
            <Stat name="sme_absent" label="dashboard.absentSessions" value={stats.sme_absent} />
            <Stat name="online" label="dashboardPage.online" value={stats.online} />
            <Stat name="office" label="dashboardPage.office" value={stats.office} />
            <Stat name="hours" label="dashboardPage.hours" value={stats.hours} />
          </dl>
          <SessionsByMonth stats={stats} />
        </>
      )}
    </section>
  )
}

/** Business owners by the phase of their company, as a chart with its table. */
function SmesByPhase({ stats }: { stats: SmeStatistics }) {
  const t = useT()
  const lang = t.lang
  // biome-ignore lint/correctness/useExhaustiveDependencies: phase names follow the language
  const chart = useMemo(
    () => ({
      labels: COMPANY_PHASES.map((phase) => t.t(PHASE_KEYS[phase])),
      series: [
        {
          label: t.t('workspace.stats.owners'),
          values: COMPANY_PHASES.map((phase) => stats.by_company_phase[phase]),
        },
      ],
    }),
    [stats, lang],
  )
  const none = COMPANY_PHASES.every((phase) => stats.by_company_phase[phase] === 0)
  return (
    <>
      {none ? <p className="muted">{t.t('workspace.stats.noPhases')}</p> : null}
      <StatChart
        name="smes"
        title={t.t('dashboardPage.byPhase')}
        categoryHeader={t.t('workspace.stats.phase')}
        labels={chart.labels}
        series={chart.series}
        horizontal
      />
    </>
  )
}

/** The expert's business-owner statistics: met, new, returning, and by company phase as a chart. */
export function SmeStatisticsCard() {
  const t = useT()
  const { data, error, loading, reload } = useApi((signal) => getSmeStatistics(api, { signal }), [])
  const stats = data?.data
  return (
    <section className="card" aria-labelledby="stats-smes" data-region="sme-statistics">
      <h2 id="stats-smes">{t.t('dashboard.smeStatistics')}</h2>
      {loading && !stats ? (
        <PageLoading />
      ) : error || !stats ? (
        <LoadFailed onRetry={reload} />
      ) : stats.total === 0 ? (
        <NextStep withSlotsLink={false}>{t.t('workspace.stats.noOwners')}</NextStep>
      ) : (
        <>
          <dl className="stats">
            <Stat name="sme_total" label="dashboardPage.smeTotal" value={stats.total} />
            <Stat name="sme_new" label="dashboardPage.smeNew" value={stats.new} />
            <Stat name="sme_returning" label="dashboardPage.smeReturning" value={stats.returning} />
          </dl>
          <SmesByPhase stats={stats} />
        </>
      )}
    </section>
  )
}
