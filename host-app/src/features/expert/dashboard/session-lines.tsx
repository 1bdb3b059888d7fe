import { formatDateTime, formatTime, type Session, sessionStateLabelKey, timeZoneLabel } from '@mashura/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'

/**
 * A compact list of sessions for the dashboard: Riyadh time (and date when `withDate`), the business owner
 * linking to the session, online or office, and the state. Each line carries `data-session-id`.
 */
export function SessionLines({ sessions, withDate }: { sessions: Session[]; withDate: boolean }) {
  const t = useT()
  return (
    <ul className="today-list">
      {sessions.map((session) => (
        <li key={session.id} data-session-id={session.id} data-state={session.state}>
          <span className="today-time">
            {withDate ? formatDateTime(session.start, t.lang) : formatTime(session.start, t.lang)}{' '}
            <span className="muted">({timeZoneLabel(t.lang)})</span>
          </span>
          <Link to={paths.session.to(session.id)}>
            <bdi>{session.sme.full_name}</bdi>
          </Link>
          <span className="muted">
            {t.t(session.communication_way === 0 ? 'communication.online' : 'communication.office')}
          </span>
          <span className={`state-pill state-pill-${session.state}`}>
            {t.t(sessionStateLabelKey(session.state))}
          </span>
        </li>
      ))}
    </ul>
  )
}
