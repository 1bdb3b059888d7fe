import { isSubjectType } from '@mashura/core'
import { useParams } from 'react-router'
import { SubjectsPage } from '../../features/subjects/subjects-page.tsx'
import NotFound from './not-found.tsx'

/** `/subjects/{type}`: a subject type's page; a type other than 1, 2 or 4 shows the not-found page. */
export default function SubjectsRoute() {
  const type = Number(useParams().type)
  return isSubjectType(type) ? <SubjectsPage type={type} /> : <NotFound />
}
