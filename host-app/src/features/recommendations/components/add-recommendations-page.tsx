import '../../../lib/more-messages.ts'
import { formatDateWithHijri, getSessionDetails, isApiError } from '@mashura/core'
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { idFrom } from '../../../lib/id-from.ts'
import { useApi } from '../../../lib/use-api.ts'
import { RecommendationsForm } from './recommendations-form.tsx'
import { RecsPage } from './recs-page.tsx'

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
  const id = idFrom(sessionId) ?? 0
  const endFirst = query.get('endSession') === 'true'
  const { data, error, loading, reload } = useApi(
    (signal) => getSessionDetails(api, { id }, { signal }),
    [id, t.lang],
  )
  if (id === 0 || (isApiError(error) && (error.status === 403 || error.status === 404)))
    return <Navigate to={paths.home.to()} replace />
  const session = data?.data
  return (
    <RecsPage page="add-recommendations" sessionId={id} title={t.t('recommendations.add')}>
      {endFirst ? (
        <p className="card recs-notice" role="status" data-region="end-session-notice">
          {t.t('recs.endSessionNotice')}
        </p>
      ) : null}
      <Loaded state={{ data: session, error, loading, reload }}>
        {(session) => (
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
      </Loaded>
    </RecsPage>
  )
}
