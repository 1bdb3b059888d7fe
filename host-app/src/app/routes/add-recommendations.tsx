import { ContributorOnly } from '../../features/expert/components/contributor-only.tsx'
import { AddRecommendationsPage } from '../../features/recommendations/components/add-recommendations-page.tsx'

/** `/add-recommendations/{sessionId}`: the recommendations form, for experts only. */
export default function AddRecommendationsRoute() {
  return (
    <ContributorOnly>
      <AddRecommendationsPage />
    </ContributorOnly>
  )
}
