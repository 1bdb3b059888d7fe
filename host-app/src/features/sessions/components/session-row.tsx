import {
  formatDateWithHijri,
  formatTime,
  type Session,
  sessionStateLabelKey,
  timeZoneLabel,
  type UserRole,
} from '@mashura/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'

/** The props of {@link SessionRow}. */
export interface SessionRowProps {
  /** The session shown. */
  session: Session
  /** Who looks: a business owner sees the expert, an expert sees the business owner. */
  viewer: UserRole
  /** Where the row's link goes; the session's details by default. */
  href?: string
  /** The link's text; "view details" by default. */
  linkLabel?: string
  /** Whether an expert's row also links to the business owner's history. */
  withHistoryLink?: boolean
}

/**
 * One session in a list: the other person, subject, Riyadh date (with Hijri) and time with the zone label,
 * online or office, the state, and a link to its details. Carries `data-session-id`.
 */
export function SessionRow({ session, viewer, href, linkLabel, withHistoryLink }: SessionRowProps) {
  const t = useT()
  const titleId = useId()
  const lang = t.lang
  const name = viewer === 'sme' ? session.contributor.sso_user.full_name : session.sme.full_name
  const photo = viewer === 'sme' ? session.contributor.file : session.sme.file
  const kind =
    viewer === 'sme'
      ? t.t(`contributors.kind.${session.contributor.role}`, { gender: session.contributor.gender ?? null })
      : t.t('sessions.businessOwner')
  const online = session.communication_way === 0
  return (
    <li className="session-row card" data-session-id={session.id} data-state={session.state}>
      <div className="session-row-person">
        {photo ? <img src={photo.full_path} alt="" width={48} height={48} className="avatar" /> : null}
        <div>
          <h2 className="session-row-name" id={titleId}>
            <bdi>{name}</bdi>
          </h2>
          <p className="muted session-row-kind">{kind}</p>
        </div>
        <span className={`state-badge state-${session.state}`}>
          {t.t(sessionStateLabelKey(session.state))}
        </span>
      </div>
      <dl className="session-row-facts">
        {session.subject ? (
          <div>
            <dt>{t.t('sessionsPage.subject')}</dt>
            <dd>{session.subject.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.t('sessions.date')}</dt>
          <dd>
            <time dateTime={session.start}>{formatDateWithHijri(session.start, lang)}</time>
          </dd>
        </div>
        <div>
          <dt>{t.t('sessions.time')}</dt>
          <dd>
            {t.t('sessionsPage.timeRange', {
              start: formatTime(session.start, lang),
              end: formatTime(session.end, lang),
              zone: timeZoneLabel(lang),
            })}
          </dd>
        </div>
        <div>
          <dt>{t.t('sessions.communicationWay')}</dt>
          <dd>
            {t.intl.formatList(
              [
                t.t(online ? 'communication.online' : 'communication.office'),
                !online && session.office ? session.office.name : '',
                session.is_instant ? t.t('sessionsPage.instant') : '',
              ].filter(Boolean),
              { type: 'unit', style: 'short' },
            )}
          </dd>
        </div>
      </dl>
      <div className="session-row-actions">
        <Link
          className="button button-primary"
          to={href ?? paths.session.to(session.id)}
          aria-describedby={titleId}
        >
          {linkLabel ?? t.t('sessions.viewDetails')}
        </Link>
        {/* A cancelled session gives no access to the business owner's history (server: domain/access.ts). */}
        {withHistoryLink && session.state !== 'cancelled' ? (
          <Link className="button" to={paths.smeHistory.to(session.id, session.sme.id)}>
            {t.t('sessionsPage.historyOf', { name })}
          </Link>
        ) : null}
      </div>
    </li>
  )
}
