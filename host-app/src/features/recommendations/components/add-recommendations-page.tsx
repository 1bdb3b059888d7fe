import { formatDateWithHijri, getSessionDetails, isApiError } from '@mashura/core'
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { RecommendationsForm } from './recommendations-form.tsx'
import '../recommendations.css'

/**
 * `/add-recommendations/{sessionId}`: the expert's recommendations for a session, then back to the session
 * (spec 4). With `?endSession=true` (after a failed meeting start) the form ends the session before it
 * sends. A session that is not theirs (403/404) sends them home; one already recommended says so and links
 * to what was written.
 */
export function AddRecommendationsPage() {
  const t = useT()
  const navigate = useNavigate()
  const { sessionId } = useParams()
  const [query] = useSearchParams()
  const id = Number(sessionId)
  const valid = Number.isInteger(id) && id > 0
  const endFirst = query.get('endSession') === 'true'
  const { data, error, loading, reload } = useApi(
    (signal) => getSessionDetails(api, { id }, { signal }),
    [id, t.lang],
  )
  if (!valid || (isApiError(error) && (error.status === 403 || error.status === 404)))
    return <Navigate to={paths.home.to()} replace />
  const session = data?.data
  return (
    <section className="recs-page" data-page="add-recommendations" data-session-id={id}>
      <Link className="back-link" to={paths.session.to(id)}>
        {t.t('recs.backToSession')}
      </Link>
      <h1>{t.t('recommendations.add')}</h1>
      {endFirst ? (
        <p className="card recs-notice" role="status" data-region="end-session-notice">
          {t.t('recs.endSessionNotice')}
        </p>
      ) : null}
      {loading && !session ? (
        <PageLoading />
      ) : error || !session ? (
        <LoadFailed onRetry={reload} />
      ) : (
        <>
          <p className="recs-session">
            {t.t('sessions.with', { name: session.sme.full_name })}
            <br />
            <time dateTime={session.start} className="muted">
              {formatDateWithHijri(session.start, t.lang)}
            </time>
          </p>
          {session.recommendations ? (
            <p className="card" data-state="already-recommended">
              {t.t('recs.already')}{' '}
              <Link to={paths.sessionRecommendations.to(id, session.sme.id, id)}>
                {t.t('recs.viewWritten')}
              </Link>
            </p>
          ) : (
            <RecommendationsForm
              sessionId={id}
              endFirst={endFirst}
              onSaved={() => void navigate(paths.session.to(id))}
            />
          )}
        </>
      )}
    </section>
  )
}
