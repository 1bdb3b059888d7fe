import { useParams } from 'react-router'
import { JoinNow } from '../../features/instant/join-now.tsx'
import { ProfilePage } from '../../features/profile/profile-page.tsx'
import { idFrom } from '../../lib/id-from.ts'
import NotFound from './not-found.tsx'

/**
 * `/profile/{userRole}/{subjectId}/{contributorId}`: a contributor's profile. A subject id of 0 (the list
 * had no subject filter) lets the booking calendar offer the expert's own subjects; a contributor id that
 * is not a positive integer shows the not-found page. The route composes the instant feature's "join now"
 * card into the profile (features do not import each other).
 */
export default function ProfileRoute() {
  const { subjectId, contributorId } = useParams()
  const id = idFrom(contributorId)
  if (id === null) return <NotFound />
  return (
    <ProfilePage
      contributorId={id}
      subjectId={idFrom(subjectId) ?? undefined}
      joinNow={(expertId) => <JoinNow contributorId={expertId} />}
    />
  )
}
