import '../../../lib/more-messages.ts'
import { formatDateWithHijri, type SessionRequest, type UserRole } from '@mashura/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { RowPerson } from '../../../components/ui/row-person.tsx'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { timeRangeText } from '../../../lib/session-text.ts'
import { requestStateIcon, requestStateLabelKey } from '../request-state.ts'
import { StateIcon } from './state-icon.tsx'

/**
 * One request in a list: the other person, the subject, the requested time in Riyadh (with Hijri), the state
 * with its icon, and a link to the request. Carries `data-request-id`.
 */
export function RequestRow({ request, viewer }: { request: SessionRequest; viewer: UserRole }) {
  const t = useT()
  const titleId = useId()
  const lang = t.lang
  return (
    <li className="request-row card" data-request-id={request.id} data-state={request.state}>
      <RowPerson
        of={request}
        viewer={viewer}
        titleId={titleId}
        line={request.subject?.name}
        lineClassName="request-row-subject"
      >
        <span className={`pill request-state request-state-${requestStateIcon(request.state)}`}>
          <StateIcon state={request.state} />
          {t.t(requestStateLabelKey(request.state))}
        </span>
      </RowPerson>
      <p className="request-row-time">
        <span className="muted">{t.t('requestsPage.requestedTime')}: </span>
        <time dateTime={request.slot.start}>{formatDateWithHijri(request.slot.start, lang)}</time>
        <br />
        {timeRangeText(t, request.slot.start, request.slot.end)}
      </p>
      <div className="request-row-actions">
        <Link className="button button-primary" to={paths.request.to(request.id)} aria-describedby={titleId}>
          {t.t('requests.view')}
        </Link>
      </div>
    </li>
  )
}
