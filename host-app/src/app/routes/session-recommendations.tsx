import { ContributorOnly } from '../../features/expert/components/contributor-only.tsx'
import { SessionRecommendationsPage } from '../../features/recommendations/components/session-recommendations-page.tsx'

/** `/sessionRecommendations/{sessionId}/{smeId}/{clickedSessionId}`: a session's recommendations, for experts only. */
export default function SessionRecommendationsRoute() {
  return (
    <ContributorOnly>
      <SessionRecommendationsPage />
    </ContributorOnly>
  )
}
