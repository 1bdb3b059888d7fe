import '../../../lib/more-messages.ts'
import { $auth, type Session } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useCallback, useState } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { SessionRoomWidget } from '../../../components/widgets/session-room-widget.tsx'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { idFrom } from '../../../lib/id-from.ts'
import { recommendable } from '../../../lib/session-lifecycle.ts'
import { useSessionRevision } from '../hooks/use-session-revision.ts'
import { ChatWithExpertLink } from './chat-with-expert-link.tsx'
import '../sessions.css'
import './session-page.css'

/**
 * What the expert reaches from a session: the business owner's history (not from a cancelled session,
 * which gives no access to it: the server's domain/access.ts), and once core's session rules allow
 * recommendations (the meeting has begun) the written ones (or the form, while none are written).
 */
function ExpertLinks({ session }: { session: Session }) {
  const t = useT()
  const mayRecommend = recommendable(session)
  return (
    <nav className="session-links" data-region="session-links" aria-label={t.t('expertSessions.links')}>
      {session.state !== 'cancelled' ? (
        <Link
          className="button"
          data-action="owner-history"
          to={paths.smeHistory.to(session.id, session.sme.id)}
        >
          {t.t('expertSessions.ownerHistory')}
        </Link>
      ) : null}
      {mayRecommend && session.recommendations ? (
        <Link
          className="button"
          data-action="view-recommendations"
          to={paths.sessionRecommendations.to(session.id, session.sme.id, session.id)}
        >
          {t.t('expertSessions.viewRecommendations')}
        </Link>
      ) : null}
      {mayRecommend && !session.recommendations ? (
        <Link
          className="button"
          data-action="write-recommendations"
          to={paths.addRecommendations.to(session.id)}
        >
          {t.t('expertSessions.writeRecommendations')}
        </Link>
      ) : null}
    </nav>
  )
}

/**
 * `/session/{id}` and `/session-details/{type}/{id}`: the session room widget for the acting role, and a way
 * back to the list. An id that is not a number, or a session that is not the person's or does not exist
 * (403/404) sends them home (spec 8); when recommendations are due the app routes to the form itself (spec 4),
 * with the endSession flag after a failed meeting start. Under the room: for the expert, links to the
 * business owner's history and the recommendations; for the business owner, a chat link when chat is possible.
 */
export function SessionPage() {
  const t = useT()
  const navigate = useNavigate()
  const { id, type } = useParams()
  const role = useStore($auth).userRole
  const sessionId = idFrom(id)
  const [session, setSession] = useState<Session | null>(null)
  const revision = useSessionRevision(sessionId)
  // The business owner cancelled or moved it here (issue 34): the room reads it again from the server, so
  // the page shows what the server now holds, and the links under it follow through `onSession`.
  const [changed, setChanged] = useState(0)
  const refresh = useCallback(() => setChanged((n) => n + 1), [])
  const goHome = useCallback(() => {
    void navigate(paths.home.to(), { replace: true })
  }, [navigate])
  const toRecommendations = useCallback(
    (detail: { sessionId: number; endSession?: boolean }) => {
      void navigate(paths.addRecommendations.to(detail.sessionId, detail.endSession === true))
    },
    [navigate],
  )
  // The typed address names the list it came from; an unknown one lands on upcoming anyway.
  const back = paths.sessions.to(type ?? 'upcoming')
  const shown = session?.id === sessionId ? session : null
  return (
    <section className="sme-page" data-page="session" data-session-id={sessionId ?? undefined}>
      <Link className="back-link" to={back}>
        {t.t('sessionsPage.backToList')}
      </Link>
      <h1>{t.t('sessionPage.title')}</h1>
      {sessionId === null ? (
        <Navigate to={paths.home.to()} replace />
      ) : (
        <SessionRoomWidget
          key={sessionId}
          sessionId={sessionId}
          revision={revision + changed}
          role={role}
          onNotFound={goHome}
          onRecommendationsRequired={toRecommendations}
          onSession={setSession}
          onCancelled={refresh}
          onRescheduled={refresh}
        />
      )}
      {shown && role === 'contributor' ? <ExpertLinks session={shown} /> : null}
      {shown && role === 'sme' ? (
        <div className="session-links">
          <ChatWithExpertLink contributorId={shown.contributor.id} />
        </div>
      ) : null}
    </section>
  )
}
