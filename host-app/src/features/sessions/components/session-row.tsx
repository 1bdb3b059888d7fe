import '../../../lib/more-messages.ts'
import { formatDateWithHijri, type Session, sessionStateLabelKey, type UserRole } from '@mashura/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { otherPerson, RowPerson } from '../../../components/ui/row-person.tsx'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { communicationText, timeRangeText } from '../../../lib/session-text.ts'

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
  const { name } = otherPerson(session, viewer)
  const kind =
    viewer === 'sme'
      ? t.t(`contributors.kind.${session.contributor.role}`, { gender: session.contributor.gender ?? null })
      : t.t('sessions.businessOwner')
  return (
    <li className="session-row card" data-session-id={session.id} data-state={session.state}>
      <RowPerson of={session} viewer={viewer} titleId={titleId} line={kind} lineClassName="session-row-kind">
        <span className={`pill state-badge state-${session.state}`}>
          {t.t(sessionStateLabelKey(session.state))}
        </span>
      </RowPerson>
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
          <dd>{timeRangeText(t, session.start, session.end)}</dd>
        </div>
        <div>
          <dt>{t.t('sessions.communicationWay')}</dt>
          <dd>
            {communicationText(t, {
              online: session.communication_way === 0,
              office: session.office?.name,
              instant: session.is_instant,
            })}
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
