import '../../../lib/more-messages.ts'
import { getBookedSessions } from '@mashura/core'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { SessionLines } from '../dashboard/session-lines.tsx'
import { SessionsCard } from '../dashboard/sessions-card.tsx'

/** The expert's sessions of today (Riyadh): time, business owner, state, each linking to the session. */
export function TodaySessions() {
  const t = useT()
  const sessions = useApi(
    (signal) => getBookedSessions(api, { date_scope: 'today', per_page: 50 }, { signal }),
    [t.lang],
  )
  return (
    <SessionsCard
      id="dashboard-today"
      title={t.t('dashboardPage.today')}
      tab="today"
      region="today-sessions"
      className="dashboard-today"
    >
      <Loaded state={sessions}>
        {(data) =>
          data.data.length === 0 ? (
            <p className="muted" data-state="empty">
              {t.t('workspace.today.none')}
            </p>
          ) : (
            <SessionLines sessions={data.data} withDate={false} />
          )
        }
      </Loaded>
    </SessionsCard>
  )
}
