import {
  type CatalogExtension,
  formatDate,
  formatDateWithHijri,
  formatTime,
  type Session,
  type sessionRoomMessages,
  sessionStateLabelKey,
  type Translator,
  timeZoneLabel,
} from '@mashura/core'
import type { ReactNode } from 'react'

/** The keys of the room's own messages. */
export type SessionRoomKey = typeof sessionRoomMessages extends CatalogExtension<infer K> ? K : never

/** The translator the room and its parts share: the shared catalogs plus the room's own messages. */
export type RoomTranslator = Translator<SessionRoomKey>

/** The props of {@link SessionDetails}. */
export interface SessionDetailsProps {
  /** The session to describe. */
  session: Session
  /** The translator. */
  t: RoomTranslator
  /** The id the heading takes, so the region around it can name itself after it. */
  titleId: string
}

/**
 * One fact. `written` marks what a person wrote (a note, a reason): its direction follows its own text, so
 * an Arabic note in the English page keeps its full stop where Arabic puts it.
 */
function Row({ label, children, written }: { label: string; children: ReactNode; written?: boolean }) {
  return (
    <div className="row">
      <dt className="term">{label}</dt>
      <dd className="value" dir={written ? 'auto' : undefined}>
        {children}
      </dd>
    </div>
  )
}

/**
 * A session's details: subject, people, date and time in Riyadh (with the Hijri date in Arabic), how it
 * is held, its state, and what was said about it (description, cancel and end reasons, recommendations).
 */
export function SessionDetails({ session, t, titleId }: SessionDetailsProps) {
  const lang = t.lang
  const online = session.communication_way === 0
  // Saudi official dates carry the Hijri date beside the Gregorian; English readers get the Gregorian only.
  const date = lang === 'ar' ? formatDateWithHijri(session.start, lang) : formatDate(session.start, lang)
  const time = t.t('sessionRoom.timeRange', {
    start: formatTime(session.start, lang),
    end: formatTime(session.end, lang),
    zone: timeZoneLabel(lang),
  })
  const recommendations = session.recommendations
  return (
    <>
      <h2 className="title" part="title" id={titleId}>
        {session.subject?.name ?? t.t('sessionRoom.noSubject')}
      </h2>
      <p className="state" part="state" data-state={session.state}>
        <span className="visually-hidden">{t.t('sessionRoom.state')}: </span>
        {t.t(sessionStateLabelKey(session.state))}
      </p>
      {session.is_instant && (
        <p className="instant" part="instant">
          {t.t('sessionRoom.instant')}
        </p>
      )}
      <dl className="details" part="details">
        <Row label={t.t('sessions.expert')}>
          <bdi>{session.contributor.sso_user.full_name}</bdi>
        </Row>
        <Row label={t.t('sessions.businessOwner')}>
          <bdi>{session.sme.full_name}</bdi>
        </Row>
        <Row label={t.t('sessions.date')}>{date}</Row>
        <Row label={t.t('sessions.time')}>{time}</Row>
        <Row label={t.t('sessions.communicationWay')}>
          {t.t(online ? 'communication.online' : 'communication.office')}
        </Row>
        {!online && session.office && (
          <Row label={t.t('sessions.office')}>
            <span>{session.office.name}</span>
            {session.office.address && (
              <span className="address">
                <span className="visually-hidden">{t.t('sessionRoom.address')}: </span>
                {session.office.address}
              </span>
            )}
            {session.office.map_url && (
              <a className="link" href={session.office.map_url} target="_blank" rel="noopener noreferrer">
                {t.t('sessionRoom.map')}
              </a>
            )}
          </Row>
        )}
        {session.description && (
          <Row label={t.t('sessionRoom.description')} written>
            {session.description}
          </Row>
        )}
        {session.state === 'cancelled' && session.cancel_reason && (
          <Row label={t.t('meeting.cancelReason')} written>
            {session.cancel_reason}
          </Row>
        )}
        {session.end_reason && (
          <Row label={t.t('meeting.endReason')} written>
            {session.end_reason}
          </Row>
        )}
      </dl>
      {recommendations && (
        <section className="recommendations" part="recommendations" aria-labelledby={`${titleId}-rec`}>
          <h3 className="subtitle" id={`${titleId}-rec`}>
            {t.t('sessions.recommendations')}
          </h3>
          <dl className="details">
            <Row label={t.t('recommendations.challenges')} written>
              {recommendations.challenges}
            </Row>
            <Row label={t.t('recommendations.recommendations')} written>
              {recommendations.recommendations}
            </Row>
          </dl>
          {recommendations.need_another_session && <p>{t.t('sessionRoom.recommendationsNeeded')}</p>}
        </section>
      )}
    </>
  )
}
