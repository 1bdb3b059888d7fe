import { useParams } from 'react-router'
import { SearchPage } from '../../features/contributors/contributors-page.tsx'

/** `/contributers/search/{text}`: the search results. */
export default function SearchRoute() {
  return <SearchPage text={useParams().text ?? ''} />
}
