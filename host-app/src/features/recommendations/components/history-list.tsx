import '../../../lib/more-messages.ts'
import { formatDateWithHijri, type PagedResponse, type Session, sessionStateLabelKey } from '@mashura/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { Pager } from '../../../components/ui/pager.tsx'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { timeRangeText } from '../../../lib/session-text.ts'
import type { ApiState } from '../../../lib/use-api.ts'

/** One past session of the business owner: when, with whom, about what, its state, and its recommendations. */
function HistoryRow({ session, from, smeId }: { session: Session; from: number; smeId: number }) {
  const t = useT()
  const titleId = useId()
  const current = session.id === from
  return (
    <li className="card recs-history-row" data-session-id={session.id} data-state={session.state}>
      <div className="recs-history-head">
        <h2 id={titleId} className="recs-history-title">
          <time dateTime={session.start}>{formatDateWithHijri(session.start, t.lang)}</time>
        </h2>
        <span className={`recs-state recs-state-${session.state}`}>
          {t.t(sessionStateLabelKey(session.state))}
        </span>
        {current ? <span className="recs-current">{t.t('recs.history.current')}</span> : null}
      </div>
      <p className="muted recs-history-meta recs-parts">
        {[
          timeRangeText(t, session.start, session.end),
          t.t('recs.history.with', { name: session.contributor.sso_user.full_name }),
          session.subject?.name ?? '',
        ]
          .filter(Boolean)
          .map((part, index) => (
            // Names and subjects may be in either script: each part keeps its own direction. The space
            // keeps the parts apart in the text that is read out and copied; the layout draws the rule.
            <bdi key={part}>
              {index > 0 ? ' ' : null}
              {part}
            </bdi>
          ))}
      </p>
      {session.state !== 'cancelled' ? (
        <Link
          className="button"
          to={paths.sessionRecommendations.to(from, smeId, session.id)}
          aria-describedby={titleId}
          data-action="view-recommendations"
        >
          {t.t('smeHistory.viewRecommendations')}
        </Link>
      ) : null}
    </li>
  )
}

/** The business owner's past sessions, paged (`?page=`), with the count said in a live region. */
export function HistoryList({
  state,
  from,
  smeId,
}: {
  state: ApiState<PagedResponse<Session>>
  from: number
  smeId: number
}) {
  const t = useT()
  return (
    <Loaded state={state}>
      {(data) => (
        <>
          <p className="muted" role="status">
            {t.t('sessionsPage.count', { count: data.meta.total })}
          </p>
          {data.data.length === 0 ? (
            <p className="empty-state">{t.t('smeHistory.emptyHint')}</p>
          ) : (
            <ul className="recs-history" aria-busy={state.loading} data-region="sme-history">
              {data.data.map((session) => (
                <HistoryRow key={session.id} session={session} from={from} smeId={smeId} />
              ))}
            </ul>
          )}
          <Pager meta={data.meta} />
        </>
      )}
    </Loaded>
  )
}
