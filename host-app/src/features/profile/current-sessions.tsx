import {
  type DateScope,
  formatDateTime,
  getBookedSessions,
  sessionStateLabelKey,
  timeZoneLabel,
} from '@mashura/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'

/** The periods the compact list offers. */
const SCOPES: { scope: DateScope; key: 'today' | 'week' | 'upcoming' }[] = [
  { scope: 'today', key: 'today' },
  { scope: 'week', key: 'week' },
  { scope: 'upcoming', key: 'upcoming' },
]

/**
 * The contributor's booked sessions for today, this week or everything upcoming, each linking to the
 * session's page; times in Riyadh with the zone. A failed load says so and offers a retry.
 */
export function CurrentSessions() {
  const t = useT()
  const [scope, setScope] = useState<DateScope>('today')
  const sessions = useApi(
    (signal) => getBookedSessions(api, { date_scope: scope, per_page: 50 }, { signal }),
    [scope, t.lang],
  )
  const list = sessions.data?.data ?? []
  return (
    <section className="own-block" aria-labelledby="own-sessions" data-region="current-sessions">
      <h2 id="own-sessions">{t.t('profile.currentSessions')}</h2>
      <fieldset className="scope-switch">
        <legend className="visually-hidden">{t.t('profilePage.scopeLabel')}</legend>
        {SCOPES.map((option) => (
          <button
            key={option.scope}
            type="button"
            className="button"
            aria-pressed={scope === option.scope}
            onClick={() => setScope(option.scope)}
          >
            {t.t(`profilePage.scope.${option.key}`)}
          </button>
        ))}
      </fieldset>
      <p className="own-range-link">
        <Link to={paths.sessions.to('range')} data-action="open-range">
          {t.t('workspace.range.link')}
        </Link>
      </p>
      <div aria-live="polite" aria-busy={sessions.loading}>
        {sessions.error ? (
          <div className="empty-state">
            <p>{t.t('profilePage.sessionsFailed')}</p>
            <button type="button" className="button" onClick={sessions.reload}>
              {t.t('common.retry')}
            </button>
          </div>
        ) : sessions.loading && !sessions.data ? (
          <p className="muted">{t.t('common.loading')}</p>
        ) : list.length === 0 ? (
          <p className="empty-state">{t.t('profilePage.noSessions')}</p>
        ) : (
          <ul className="own-list">
            {list.map((session) => (
              <li key={session.id} data-session-id={session.id}>
                <Link to={paths.session.to(session.id)} className="own-row">
                  <strong>
                    <bdi>{session.sme.full_name}</bdi>
                  </strong>
                  <span>
                    {formatDateTime(session.start, t.lang)} {timeZoneLabel(t.lang)}
                  </span>
                  <span className="muted">
                    {t.intl.formatList(
                      [
                        t.t(
                          session.communication_way === 0 ? 'communication.online' : 'communication.office',
                        ),
                        session.subject?.name ?? '',
                      ].filter(Boolean),
                      { type: 'unit', style: 'short' },
                    )}
                  </span>
                  <span className="own-state" data-state={session.state}>
                    {t.t(sessionStateLabelKey(session.state))}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
