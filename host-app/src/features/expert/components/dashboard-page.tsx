import { useT } from '../../../lib/i18n.ts'
import { UpcomingSessions } from '../dashboard/upcoming-sessions.tsx'
import { PendingRequests } from './pending-requests.tsx'
import { SessionStatisticsCard, SmeStatisticsCard } from './statistics.tsx'
import { TodaySessions } from './today-sessions.tsx'
import '../expert.css'
import '../dashboard/dashboard.css'

/**
 * `/dashboard`: the expert's day at a glance (today's and coming sessions, requests waiting for an advisor)
 * and their statistics as charts with the same figures as tables. Each block loads on its own, so one
 * failure leaves the rest; empty blocks say what to do next.
 */
export function DashboardPage() {
  const t = useT()
  return (
    <section className="expert-page" data-page="dashboard">
      <h1>{t.t('dashboard.title')}</h1>
      <div className="dashboard-top">
        <div className="dashboard-sessions">
          <TodaySessions />
          <UpcomingSessions />
        </div>
        <PendingRequests />
      </div>
      <div className="dashboard-stats">
        <SessionStatisticsCard />
        <SmeStatisticsCard />
      </div>
    </section>
  )
}
