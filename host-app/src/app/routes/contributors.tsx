import { CONTRIBUTOR_KINDS, type ContributorKind } from '@mashura/core'
import { useParams } from 'react-router'
import { ContributorsPage } from '../../features/contributors/contributors-page.tsx'
import NotFound from './not-found.tsx'

/** Whether a path segment names a contributor kind. */
function isKind(value: string | undefined): value is ContributorKind {
  return (CONTRIBUTOR_KINDS as readonly string[]).includes(value ?? '')
}

/**
 * `/contributers/{role}` and `/contributers/{role}/{subject}`: an expert list. An unknown kind or a subject
 * that is not a positive id shows the not-found page.
 */
export default function ContributorsRoute() {
  const { role, subject } = useParams()
  const subjectId = subject === undefined ? undefined : Number(subject)
  if (!isKind(role) || (subjectId !== undefined && !(Number.isInteger(subjectId) && subjectId > 0)))
    return <NotFound />
  return <ContributorsPage kind={role} subject={subjectId} />
}
