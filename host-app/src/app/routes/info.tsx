import { useParams } from 'react-router'
import { INFO_NAMES, type InfoName, InfoPage } from '../../features/info/info-page.tsx'
import NotFound from './not-found.tsx'

/** Whether a path segment names an info page. */
function isInfoName(value: string | undefined): value is InfoName {
  return (INFO_NAMES as readonly string[]).includes(value ?? '')
}

/** `/mosnhaatInfo/{infoName}`: an info page; an unknown name shows the not-found page. */
export default function InfoRoute() {
  const { infoName } = useParams()
  return isInfoName(infoName) ? <InfoPage name={infoName} /> : <NotFound />
}
