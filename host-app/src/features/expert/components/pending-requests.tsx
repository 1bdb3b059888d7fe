import '../../../lib/more-messages.ts'
import { $expert, formatDateTime, getAdvisorRequests, timeZoneLabel } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'

/** How many waiting requests the dashboard names; the requests page has them all. */
const FIRST = 3

/**
 * The requests waiting for the advisor's answer: how many, the first few (business owner and requested
 * time, each linking to the request), and the way to all of them. Only advisors answer requests (spec 6);
 * the card shows for them, or for anyone with waiting requests should the live record lag.
 */
export function PendingRequests() {
  const t = useT()
  const expert = useStore($expert)
  const { data, error, reload } = useApi(
    (signal) => getAdvisorRequests(api, { state: 'waiting', per_page: FIRST }, { signal }),
    [t.lang],
  )
  const count = data?.meta.total ?? 0
  if (expert?.role !== 'advisor' && count === 0) return null
  return (
    <section
      className="card dashboard-pending"
      aria-labelledby="dashboard-pending"
      data-region="pending-requests"
    >
      <h2 id="dashboard-pending">{t.t('requests.title')}</h2>
      {error ? (
        <LoadFailed onRetry={reload} />
      ) : (
        <p role="status" data-count={data ? count : undefined}>
          {data
            ? count === 0
              ? t.t('workspace.requests.none')
              : t.t('dashboardPage.pending', { count })
            : t.t('common.loading')}
        </p>
      )}
      {data && data.data.length > 0 ? (
        <ul className="today-list">
          {data.data.map((request) => (
            <li key={request.id} data-request-id={request.id}>
              <Link to={paths.request.to(request.id)}>
                <bdi>{request.sme.full_name}</bdi>
              </Link>
              <span className="muted">
                {formatDateTime(request.slot.start, t.lang)} {timeZoneLabel(t.lang)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {count > 0 ? (
        <Link className="button button-primary" to={paths.requests.to()}>
          {t.t('dashboardPage.viewRequests')}
        </Link>
      ) : null}
    </section>
  )
}
