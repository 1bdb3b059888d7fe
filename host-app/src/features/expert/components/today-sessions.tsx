import { getBookedSessions } from '@mashura/core'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { SessionLines } from '../dashboard/session-lines.tsx'

/** The expert's sessions of today (Riyadh): time, business owner, state, each linking to the session. */
export function TodaySessions() {
  const t = useT()
  const { data, error, loading, reload } = useApi(
    (signal) => getBookedSessions(api, { date_scope: 'today', per_page: 50 }, { signal }),
    [t.lang],
  )
  return (
    <section className="card dashboard-today" aria-labelledby="dashboard-today" data-region="today-sessions">
      <div className="section-head">
        <h2 id="dashboard-today">{t.t('dashboardPage.today')}</h2>
        <Link to={paths.sessions.to('today')}>{t.t('dashboardPage.allSessions')}</Link>
      </div>
      {loading && !data ? (
        <PageLoading />
      ) : error || !data ? (
        <LoadFailed onRetry={reload} />
      ) : data.data.length === 0 ? (
        <p className="muted" data-state="empty">
          {t.t('workspace.today.none')}
        </p>
      ) : (
        <SessionLines sessions={data.data} withDate={false} />
      )}
    </section>
  )
}
