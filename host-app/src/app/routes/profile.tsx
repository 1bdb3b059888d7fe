import { useParams } from 'react-router'
import { ProfilePage } from '../../features/profile/profile-page.tsx'
import NotFound from './not-found.tsx'

/** A positive integer id from a path segment, or null. */
function idFrom(value: string | undefined): number | null {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * `/profile/{userRole}/{subjectId}/{contributorId}`: a contributor's profile. A subject id of 0 (the list
 * had no subject filter) lets the booking calendar offer the expert's own subjects; a contributor id that
 * is not a positive integer shows the not-found page.
 */
export default function ProfileRoute() {
  const { subjectId, contributorId } = useParams()
  const id = idFrom(contributorId)
  if (id === null) return <NotFound />
  return <ProfilePage contributorId={id} subjectId={idFrom(subjectId) ?? undefined} />
}
