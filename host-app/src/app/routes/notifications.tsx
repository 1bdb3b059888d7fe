import { ContributorOnly } from '../../features/expert/components/contributor-only.tsx'
import { NotificationsPage } from '../../features/notifications/notifications-page.tsx'

/** `/notifications`: the expert's notifications, for experts only. */
export default function NotificationsRoute() {
  return (
    <ContributorOnly>
      <NotificationsPage />
    </ContributorOnly>
  )
}
