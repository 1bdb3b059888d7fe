import {
  formatDateWithHijri,
  formatTime,
  requestStateIcon,
  requestStateLabelKey,
  type SessionRequest,
  timeZoneLabel,
  type UserRole,
} from '@mashura/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { StateIcon } from './state-icon.tsx'

/**
 * One request in a list: the other person, the subject, the requested time in Riyadh (with Hijri), the state
 * with its icon, and a link to the request. Carries `data-request-id`.
 */
export function RequestRow({ request, viewer }: { request: SessionRequest; viewer: UserRole }) {
  const t = useT()
  const titleId = useId()
  const lang = t.lang
  const name = viewer === 'sme' ? request.contributor.sso_user.full_name : request.sme.full_name
  const photo = viewer === 'sme' ? request.contributor.file : request.sme.file
  return (
    <li className="request-row card" data-request-id={request.id} data-state={request.state}>
      <div className="request-row-person">
        {photo ? <img src={photo.full_path} alt="" width={48} height={48} className="avatar" /> : null}
        <div>
          <h2 className="request-row-name" id={titleId}>
            <bdi>{name}</bdi>
          </h2>
          <p className="muted request-row-subject">{request.subject?.name}</p>
        </div>
        <span className={`request-state request-state-${requestStateIcon(request.state)}`}>
          <StateIcon state={request.state} />
          {t.t(requestStateLabelKey(request.state))}
        </span>
      </div>
      <p className="request-row-time">
        <span className="muted">{t.t('requestsPage.requestedTime')}: </span>
        <time dateTime={request.slot.start}>{formatDateWithHijri(request.slot.start, lang)}</time>
        <br />
        {t.t('sessionsPage.timeRange', {
          start: formatTime(request.slot.start, lang),
          end: formatTime(request.slot.end, lang),
          zone: timeZoneLabel(lang),
        })}
      </p>
      <div className="request-row-actions">
        <Link className="button button-primary" to={paths.request.to(request.id)} aria-describedby={titleId}>
          {t.t('requests.view')}
        </Link>
      </div>
    </li>
  )
}
