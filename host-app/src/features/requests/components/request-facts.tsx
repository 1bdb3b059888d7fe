import '../../../lib/more-messages.ts'
import { formatDateTime, formatDateWithHijri, type SessionRequest, timeZoneLabel } from '@mashura/core'
import { useT } from '../../../lib/i18n.ts'
import { communicationText, timeRangeText } from '../../../lib/session-text.ts'

/** A request's facts as a description list: who, subject, time, way, note, and the dates that matter. */
export function RequestFacts({ request }: { request: SessionRequest }) {
  const t = useT()
  const lang = t.lang
  return (
    <dl className="facts">
      <div>
        <dt>{t.t('sessions.expert')}</dt>
        <dd>
          <bdi>{request.contributor.sso_user.full_name}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t.t('sessions.businessOwner')}</dt>
        <dd>
          <bdi>{request.sme.full_name}</bdi>
        </dd>
      </div>
      {request.subject ? (
        <div>
          <dt>{t.t('sessionsPage.subject')}</dt>
          <dd>{request.subject.name}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t.t('requestsPage.requestedTime')}</dt>
        <dd>
          <time dateTime={request.slot.start}>{formatDateWithHijri(request.slot.start, lang)}</time>
          <br />
          {timeRangeText(t, request.slot.start, request.slot.end)}
        </dd>
      </div>
      <div>
        <dt>{t.t('sessions.communicationWay')}</dt>
        <dd>
          {communicationText(t, {
            online: request.communication_way !== 1,
            office: request.slot.office?.name,
          })}
        </dd>
      </div>
      {request.description ? (
        <div className="facts-wide">
          <dt>{t.t('requestPage.note')}</dt>
          <dd className="prewrap" dir="auto" data-field="note">
            {request.description}
          </dd>
        </div>
      ) : null}
      {request.state === 'rejected' && request.reason ? (
        <div className="facts-wide">
          <dt>{t.t('requests.rejectReason')}</dt>
          <dd className="prewrap" dir="auto" data-field="reject-reason">
            {request.reason}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t.t('requestPage.sentAt')}</dt>
        <dd>
          {formatDateTime(request.created_at, lang)} ({timeZoneLabel(lang)})
        </dd>
      </div>
      {request.state === 'waiting' && request.expires_at ? (
        <div>
          <dt>{t.t('requestPage.expiresAt')}</dt>
          <dd>
            {formatDateTime(request.expires_at, lang)} ({timeZoneLabel(lang)})
          </dd>
        </div>
      ) : null}
    </dl>
  )
}
