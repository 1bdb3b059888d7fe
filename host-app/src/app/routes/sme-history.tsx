import { ContributorOnly } from '../../features/expert/components/contributor-only.tsx'
import { SmeHistoryPage } from '../../features/recommendations/components/sme-history-page.tsx'

/** `/smeHistory/{sessionId}/{smeId}`: a business owner's past sessions, for experts only. */
export default function SmeHistoryRoute() {
  return (
    <ContributorOnly>
      <SmeHistoryPage />
    </ContributorOnly>
  )
}
