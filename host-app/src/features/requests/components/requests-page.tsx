import '../../../lib/more-messages.ts'
import { $auth, getAdvisorRequests, getSmeSessionRequests } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { Link } from 'react-router'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { usePageParam } from '../../../lib/use-page-param.ts'
import { RequestRow } from './request-row.tsx'
import '../requests.css'

/**
 * `/requests`: a business owner's requests to advisors, or the requests addressed to the signed-in advisor,
 * paged, each with its state and a link to it.
 */
export function RequestsPage() {
  const t = useT()
  const role = useStore($auth).userRole
  const page = usePageParam()
  const requests = useApi(
    (signal) =>
      role === 'contributor'
        ? getAdvisorRequests(api, { page }, { signal })
        : getSmeSessionRequests(api, { page }, { signal }),
    [role, page, t.lang],
  )
  return (
    <section className="sme-page" data-page="requests">
      <h1>{t.t(role === 'contributor' ? 'requestsPage.title' : 'nav.myRequests')}</h1>
      <Loaded state={requests}>
        {(data) => (
          <>
            <p className="list-count muted" role="status">
              {t.t('requestsPage.count', { count: data.meta.total })}
            </p>
            {data.data.length === 0 ? (
              <div className="empty-state">
                <p className="empty-title">{t.t('empty.requests')}</p>
                {role === 'contributor' ? (
                  <p>{t.t('requestsPage.emptyAdvisorHint')}</p>
                ) : (
                  <>
                    <p>{t.t('requestsPage.emptySmeHint')}</p>
                    <Link className="button button-primary" to={paths.contributors.to('advisor')}>
                      {t.t('contributors.list.advisors')}
                    </Link>
                  </>
                )}
              </div>
            ) : (
              <ul className="row-list" aria-busy={requests.loading}>
                {data.data.map((request) => (
                  <RequestRow key={request.id} request={request} viewer={role} />
                ))}
              </ul>
            )}
            <Pager meta={data.meta} />
          </>
        )}
      </Loaded>
    </section>
  )
}
