import type { CallData } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { api } from '../../../lib/api.ts'
import { showApiError } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import type { Series } from '../charts/bar-config.ts'
import { ReportChart, TableScroll } from '../charts/report-chart.tsx'
import { csvFileName, downloadCsv } from '../csv.ts'
import { type AdminTranslator, useAdminT } from '../i18n.ts'
import { SESSION_STATES, STATE_LABELS } from '../labels.ts'
import { type ReportRange, rangeFromParams } from '../report-range.ts'
import { AdminLoaded } from './admin-loaded.tsx'
import { ReportRangeForm } from './report-range-form.tsx'

type SessionsReport = CallData<'adminSessionsReport'>
type RequestsReport = CallData<'adminRequestsReport'>
type RatingsReport = CallData<'adminRatingsReport'>

const STATES = SESSION_STATES

/** A period's label: the week's first day, or the month. */
function periodLabel(t: AdminTranslator, start: string, period: 'week' | 'month'): string {
  return period === 'month'
    ? t.intl.formatDate(`${start}T00:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : t.intl.formatDate(`${start}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** A center's or subject's name in the page's language; "none" for the row of those without one. */
function rowName(t: AdminTranslator, row: { name_ar: string | null; name_en: string | null }, none: string) {
  return (t.lang === 'ar' ? row.name_ar : row.name_en) ?? row.name_ar ?? row.name_en ?? none
}

/** Series of the session states over rows of counts. */
function stateSeries(t: AdminTranslator, rows: readonly Record<(typeof STATES)[number], number>[]): Series[] {
  return STATES.map((state) => ({ label: t.t(STATE_LABELS[state]), values: rows.map((row) => row[state]) }))
}

/**
 * The reports (issue 33): for a range of days, sessions by state, kind, center, subject and week or month,
 * no-shows, the busiest hours, requests and ratings; each chart with its table beside it, and CSV downloads
 * of the sessions report and of the sessions themselves.
 */
export function ReportsSection() {
  const t = useAdminT()
  const [params] = useSearchParams()
  const search = params.toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's range, compared by its text
  const range = useMemo(() => rangeFromParams(params), [search])
  const query = { from: range.from, to: range.to, period: range.period }
  const deps = [range, t.lang]
  const sessions = useApi((signal) => callAdminApi(api, 'adminSessionsReport', { query }, { signal }), deps)
  const requests = useApi((signal) => callAdminApi(api, 'adminRequestsReport', { query }, { signal }), deps)
  const ratings = useApi((signal) => callAdminApi(api, 'adminRatingsReport', { query }, { signal }), deps)

  return (
    <section aria-labelledby="admin-reports-title" data-section="reports">
      <div className="admin-section-head">
        <h2 id="admin-reports-title">{t.t('admin.section.reports')}</h2>
        <CsvButtons range={range} />
      </div>
      <ReportRangeForm range={range} />
      <p className="muted">
        {t.t('admin.reports.rangeShown', {
          from: t.intl.formatDate(`${range.from}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
          to: t.intl.formatDate(`${range.to}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
        })}
      </p>
      <section aria-labelledby="admin-report-sessions" className="admin-report">
        <h3 id="admin-report-sessions">{t.t('admin.reports.sessions')}</h3>
        <AdminLoaded state={sessions}>{(data) => <SessionsReportView report={data.data} />}</AdminLoaded>
      </section>
      <section aria-labelledby="admin-report-requests" className="admin-report">
        <h3 id="admin-report-requests">{t.t('admin.reports.requests')}</h3>
        <AdminLoaded state={requests}>{(data) => <RequestsReportView report={data.data} />}</AdminLoaded>
      </section>
      <section aria-labelledby="admin-report-ratings" className="admin-report">
        <h3 id="admin-report-ratings">{t.t('admin.reports.ratings')}</h3>
        <AdminLoaded state={ratings}>{(data) => <RatingsReportView report={data.data} />}</AdminLoaded>
      </section>
    </section>
  )
}

/** The two CSV downloads of the range: the sessions report and the list of its sessions. */
function CsvButtons({ range }: { range: ReportRange }) {
  const t = useAdminT()
  const [busy, setBusy] = useState<'report' | 'list' | null>(null)
  const query = { from: range.from, to: range.to, period: range.period }
  async function download(which: 'report' | 'list') {
    setBusy(which)
    try {
      const csv =
        which === 'report'
          ? await callAdminApi(api, 'adminSessionsReportCsv', { query })
          : await callAdminApi(api, 'adminSessionListCsv', { query })
      downloadCsv(String(csv), csvFileName(which === 'report' ? 'sessions-report' : 'sessions', range))
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="admin-csv">
      <ActionButton
        action="csv-sessions-report"
        busy={busy === 'report'}
        onClick={() => void download('report')}
      >
        {t.t('admin.reports.csvReport')}
      </ActionButton>
      <ActionButton action="csv-session-list" busy={busy === 'list'} onClick={() => void download('list')}>
        {t.t('admin.reports.csvList')}
      </ActionButton>
    </div>
  )
}

/** Figures side by side: a label and a number each. */
function Tiles({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="admin-tiles">
      {items.map((item) => (
        <div key={item.label} className="admin-tile">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

function SessionsReportView({ report }: { report: SessionsReport }) {
  const t = useAdminT()
  const n = (value: number) => t.intl.formatNumber(value)
  const none = t.t('admin.reports.noCenter')
  const noSubject = t.t('admin.reports.noSubject')
  const busiest = report.busiest_hours.slice(0, 10)
  return (
    <>
      <Tiles
        items={[
          { label: t.t('admin.state.total'), value: n(report.totals.total) },
          ...STATES.map((state) => ({ label: t.t(STATE_LABELS[state]), value: n(report.totals[state]) })),
          {
            label: t.t('admin.reports.noShowRate'),
            value:
              report.no_shows.rate === null
                ? '-'
                : t.intl.formatNumber(report.no_shows.rate, { style: 'percent', maximumFractionDigits: 1 }),
          },
        ]}
      />
      <ReportChart
        name="sessions-by-period"
        title={t.t(
          report.period === 'month' ? 'admin.reports.sessionsByMonth' : 'admin.reports.sessionsByWeek',
        )}
        categoryHeader={t.t(report.period === 'month' ? 'admin.reports.month' : 'admin.reports.weekOf')}
        labels={report.by_period.map((row) => periodLabel(t, row.period_start, report.period))}
        series={stateSeries(t, report.by_period)}
      />
      <ReportChart
        name="sessions-by-kind"
        title={t.t('admin.reports.sessionsByKind')}
        categoryHeader={t.t('admin.experts.kind')}
        labels={report.by_kind.map((row) => t.t(`contributors.kind.${row.kind}`, { gender: 'male' }))}
        series={stateSeries(t, report.by_kind)}
      />
      <ReportChart
        name="sessions-by-center"
        title={t.t('admin.reports.sessionsByCenter')}
        categoryHeader={t.t('admin.experts.center')}
        labels={report.by_center.map((row) => rowName(t, row, none))}
        series={stateSeries(t, report.by_center)}
        horizontal
      />
      <ReportChart
        name="sessions-by-subject"
        title={t.t('admin.reports.sessionsBySubject')}
        categoryHeader={t.t('admin.experts.subject')}
        labels={report.by_subject.map((row) => rowName(t, row, noSubject))}
        series={stateSeries(t, report.by_subject)}
        horizontal
      />
      <ReportChart
        name="busiest-hours"
        title={t.t('admin.reports.busiestHours')}
        categoryHeader={t.t('admin.reports.dayAndHour')}
        labels={busiest.map((row) =>
          t.t('admin.reports.dayHour', {
            day: t.intl.formatDate(Date.UTC(2023, 0, 1 + row.weekday), { weekday: 'long', timeZone: 'UTC' }),
            hour: t.intl.formatDate(Date.UTC(2023, 0, 1, row.hour), {
              hour: 'numeric',
              minute: '2-digit',
              timeZone: 'UTC',
            }),
          }),
        )}
        series={[{ label: t.t('admin.reports.sessionCount'), values: busiest.map((row) => row.sessions) }]}
        horizontal
      />
      <h4>{t.t('admin.reports.noShowsByExpert')}</h4>
      {report.no_shows.by_expert.length === 0 ? (
        <p className="muted">{t.t('admin.reports.noNoShows')}</p>
      ) : (
        <TableScroll label={t.t('admin.reports.noShowsByExpert')}>
          <table className="admin-table" data-table="no-shows">
            <caption className="visually-hidden">{t.t('admin.reports.noShowsByExpert')}</caption>
            <thead>
              <tr>
                <th scope="col">{t.t('admin.reports.expert')}</th>
                <th scope="col">{t.t('admin.reports.sessionCount')}</th>
                <th scope="col">{t.t(STATE_LABELS.sme_absent)}</th>
              </tr>
            </thead>
            <tbody>
              {report.no_shows.by_expert.map((row) => (
                <tr key={row.contributor_id}>
                  <th scope="row">
                    <bdi>{row.full_name}</bdi>
                  </th>
                  <td>{n(row.sessions)}</td>
                  <td>{n(row.sme_absent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  )
}

/** The request states the requests report counts, in order. */
const REQUEST_STATES = ['waiting', 'accepted', 'rejected', 'expired', 'withdrawn'] as const

function RequestsReportView({ report }: { report: RequestsReport }) {
  const t = useAdminT()
  const n = (value: number) => t.intl.formatNumber(value)
  return (
    <>
      <Tiles
        items={[
          { label: t.t('admin.state.total'), value: n(report.total) },
          ...REQUEST_STATES.map((state) => ({
            label: t.t(`admin.request.${state}`),
            value: n(report[state]),
          })),
          {
            label: t.t('admin.reports.medianAnswer'),
            value:
              report.median_answer_minutes === null
                ? '-'
                : t.t('admin.reports.minutes', { minutes: Math.round(report.median_answer_minutes) }),
          },
        ]}
      />
      <ReportChart
        name="requests-by-period"
        title={t.t(
          report.period === 'month' ? 'admin.reports.requestsByMonth' : 'admin.reports.requestsByWeek',
        )}
        categoryHeader={t.t(report.period === 'month' ? 'admin.reports.month' : 'admin.reports.weekOf')}
        labels={report.by_period.map((row) => periodLabel(t, row.period_start, report.period))}
        series={REQUEST_STATES.map((state) => ({
          label: t.t(`admin.request.${state}`),
          values: report.by_period.map((row) => row[state]),
        }))}
      />
    </>
  )
}

function RatingsReportView({ report }: { report: RatingsReport }) {
  const t = useAdminT()
  const n = (value: number) => t.intl.formatNumber(value)
  const average = (value: number | null) =>
    value === null ? '-' : t.intl.formatNumber(value, { maximumFractionDigits: 2, minimumFractionDigits: 1 })
  const none = t.t('admin.reports.noCenter')
  return (
    <>
      <Tiles
        items={[
          { label: t.t('admin.reports.ratingCount'), value: n(report.overall.count) },
          { label: t.t('admin.reports.ratingAverage'), value: average(report.overall.average) },
        ]}
      />
      <ReportChart
        name="ratings-distribution"
        title={t.t('admin.reports.ratingDistribution')}
        categoryHeader={t.t('admin.reports.stars')}
        labels={
          report.overall.count > 0
            ? [1, 2, 3, 4, 5].map((stars) => t.t('admin.reports.starCount', { stars }))
            : []
        }
        series={[{ label: t.t('admin.reports.ratingCount'), values: report.overall.distribution }]}
      />
      <RatingsTable
        name="ratings-by-center"
        title={t.t('admin.reports.ratingsByCenter')}
        header={t.t('admin.experts.center')}
        rows={report.by_center.map((row) => ({
          key: String(row.center_id),
          name: rowName(t, row, none),
          count: n(row.count),
          average: average(row.average),
        }))}
      />
      <RatingsTable
        name="ratings-by-expert"
        title={t.t('admin.reports.ratingsByExpert')}
        header={t.t('admin.reports.expert')}
        rows={report.by_expert.map((row) => ({
          key: String(row.contributor_id),
          name: row.full_name,
          count: n(row.count),
          average: average(row.average),
        }))}
      />
    </>
  )
}

/** A table of ratings: a name, how many, their average. */
function RatingsTable({
  name,
  title,
  header,
  rows,
}: {
  name: string
  title: string
  header: string
  rows: { key: string; name: string; count: string; average: string }[]
}) {
  const t = useAdminT()
  return (
    <>
      <h4>{title}</h4>
      {rows.length === 0 ? (
        <p className="muted">{t.t('admin.reports.noData')}</p>
      ) : (
        <TableScroll label={title}>
          <table className="admin-table" data-table={name}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{header}</th>
                <th scope="col">{t.t('admin.reports.ratingCount')}</th>
                <th scope="col">{t.t('admin.reports.ratingAverage')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    <bdi>{row.name}</bdi>
                  </th>
                  <td>{row.count}</td>
                  <td>{row.average}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  )
}
