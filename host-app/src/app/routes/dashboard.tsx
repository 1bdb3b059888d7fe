import { ContributorOnly } from '../../features/expert/components/contributor-only.tsx'
import { DashboardPage } from '../../features/expert/components/dashboard-page.tsx'

/** `/dashboard`: the expert's dashboard, for experts only. */
export default function DashboardRoute() {
  return (
    <ContributorOnly>
      <DashboardPage />
    </ContributorOnly>
  )
}
