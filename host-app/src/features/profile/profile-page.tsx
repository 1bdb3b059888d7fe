import { $auth, getContributorSchedule, isApiError } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { type ReactNode, useMemo } from 'react'
import { Link, useLocation } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { BookingCalendarWidget, slotFromAddress } from '../../components/widgets/booking-calendar-widget.tsx'
import { paths } from '../../config/paths.ts'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import { OwnSchedule } from './own-schedule.tsx'
import { ProfileHeader } from './profile-header.tsx'
import './profile.css'

/** How many of the own free slots the compact list shows (the full schedule is the expert's own page). */
const OWN_SLOTS = 100

/** The booking calendar's section, which the header's phone link jumps to. */
const SLOTS_ANCHOR = 'free-times'

/**
 * A contributor's public profile (`/profile/{userRole}/{subjectId}/{contributorId}`): their card and the
 * booking calendar; on the signed-in contributor's own profile, their add-slots form, current sessions
 * and free slots instead. A missing expert or a failed load says so (with a retry for the latter).
 */
export function ProfilePage({
  contributorId,
  subjectId,
  joinNow,
}: {
  contributorId: number
  subjectId: number | undefined
  /** The "join now" card for an expert available now (composed by the route, see ProfileHeader). */
  joinNow?: ((contributorId: number) => ReactNode) | undefined
}) {
  const t = useT()
  const auth = useStore($auth)
  const own = auth.token !== null && auth.userRole === 'contributor' && auth.id === String(contributorId)
  // The slot a visitor chose before signing in comes back in the address (components/widgets/booking-calendar-widget.tsx).
  const { search } = useLocation()
  const initialSlot = useMemo(() => slotFromAddress(search), [search])
  const schedule = useApi(
    (signal) => getContributorSchedule(api, { id: contributorId, per_page: own ? OWN_SLOTS : 1 }, { signal }),
    [contributorId, own, t.lang],
  )
  const data = schedule.data?.data
  if (!data) {
    const missing = isApiError(schedule.error) && schedule.error.status === 404
    return (
      <div data-page="profile" className="profile-page">
        {schedule.loading || !schedule.error ? (
          <>
            <h1 className="visually-hidden">{t.t('profilePage.title')}</h1>
            <PageLoading />
          </>
        ) : (
          <div className="empty-state">
            <h1>{t.t(missing ? 'profilePage.notFound' : 'profilePage.loadFailed')}</h1>
            {missing ? (
              <Link className="button" to={paths.home.to()}>
                {t.t('notFound.backHome')}
              </Link>
            ) : (
              <button type="button" className="button" onClick={schedule.reload}>
                {t.t('common.retry')}
              </button>
            )}
          </div>
        )}
      </div>
    )
  }
  return (
    <div data-page="profile" className="profile-page" data-own={own ? 'true' : undefined}>
      <ProfileHeader
        contributor={data.contributor}
        slotsAnchor={own ? undefined : SLOTS_ANCHOR}
        joinNow={joinNow}
      />
      {own ? (
        <OwnSchedule contributor={data.contributor} slots={data.slots} onChanged={schedule.reload} />
      ) : (
        <section id={SLOTS_ANCHOR} className="profile-booking" tabIndex={-1}>
          <BookingCalendarWidget
            contributorId={contributorId}
            subjectId={subjectId}
            initialSlot={initialSlot}
          />
        </section>
      )}
    </div>
  )
}
