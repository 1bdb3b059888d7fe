import '../../../lib/more-messages.ts'
import { getSessionRecommendations, isApiError } from '@mashura/core'
import { Navigate, useParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { idFrom } from '../../../lib/id-from.ts'
import { useApi } from '../../../lib/use-api.ts'
import { RecommendationView } from './recommendation-view.tsx'
import { RecsPage } from './recs-page.tsx'
import { SmeProfileHeader } from './sme-profile-header.tsx'

/**
 * `/sessionRecommendations/{sessionId}/{smeId}/{clickedSessionId}`: the recommendations written for a
 * session of the business owner's history (the clicked one) under the business owner's profile header,
 * with the way back to the history. The server shows a session's recommendations to its own two people
 * only; another expert's session says so.
 */
export function SessionRecommendationsPage() {
  const t = useT()
  const params = useParams()
  const sessionId = idFrom(params.sessionId)
  const smeId = idFrom(params.smeId)
  const clicked = idFrom(params.clickedSessionId)
  const { data, error, loading, reload } = useApi(
    (signal) => getSessionRecommendations(api, { id: clicked ?? 0 }, { signal }),
    [clicked, t.lang],
  )
  if (sessionId === null || smeId === null || clicked === null)
    return <Navigate to={paths.home.to()} replace />
  const hidden = isApiError(error) && (error.status === 403 || error.status === 404)
  return (
    <RecsPage
      page="session-recommendations"
      sessionId={clicked}
      back={{ to: paths.smeHistory.to(sessionId, smeId), label: t.t('recs.backToHistory') }}
      title={t.t('sessions.recommendations')}
    >
      <SmeProfileHeader smeId={smeId} />
      {loading && !data ? (
        <PageLoading />
      ) : hidden ? (
        <p className="empty-state" data-state="not-visible">
          {t.t('recs.view.notVisible')}
        </p>
      ) : error || !data ? (
        <LoadFailed onRetry={reload} />
      ) : data.data ? (
        <RecommendationView recommendation={data.data} />
      ) : (
        <p className="empty-state" data-state="empty">
          {t.t('empty.recommendations')}
        </p>
      )}
    </RecsPage>
  )
}
