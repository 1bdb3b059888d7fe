import { $auth, addDays, getBookedSessions, getContributorSchedule, startOfRiyadhDay } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { NextStep } from './next-step.tsx'
import { SessionLines } from './session-lines.tsx'
import { SessionsCard } from './sessions-card.tsx'

/** How many coming sessions the dashboard lists; the sessions page has them all. */
const COMING = 5

/**
 * The next booked sessions after today (Riyadh). With none, it says why and what to do: no slots published
 * means nobody can book (add slots from the profile); free slots published means bookings are still to come.
 */
export function UpcomingSessions() {
  const t = useT()
  const contributorId = Number(useStore($auth).id)
  const sessions = useApi(
    (signal) =>
      getBookedSessions(
        api,
        { from: addDays(startOfRiyadhDay(new Date()), 1).toISOString(), state: 'booked', per_page: COMING },
        { signal },
      ),
    [t.lang],
  )
  const empty = sessions.data?.data.length === 0
  // Only asked when there is nothing coming: how many free slots could still be booked.
  const slots = useApi(
    (signal) =>
      empty && contributorId > 0
        ? getContributorSchedule(api, { id: contributorId, per_page: 1 }, { signal }).then(
            (r) => r.meta?.total ?? r.data.slots.length,
          )
        : Promise.resolve(null),
    [empty, contributorId],
  )
  const freeSlots = slots.data
  return (
    <SessionsCard
      id="dashboard-upcoming"
      title={t.t('workspace.upcoming.title')}
      tab="upcoming"
      region="upcoming-sessions"
    >
      <Loaded state={sessions}>
        {(data) =>
          !empty ? (
            <SessionLines sessions={data.data} withDate />
          ) : freeSlots === null || freeSlots === undefined ? (
            <p className="muted">{t.t('workspace.upcoming.none')}</p>
          ) : freeSlots === 0 ? (
            <NextStep>{t.t('workspace.upcoming.noSlots')}</NextStep>
          ) : (
            <NextStep>{t.t('workspace.upcoming.waiting', { count: freeSlots })}</NextStep>
          )
        }
      </Loaded>
    </SessionsCard>
  )
}
