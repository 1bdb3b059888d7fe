import { RequestsPage } from '../../features/requests/components/requests-page.tsx'

/** `/requests`: the business owner's or the advisor's requests. */
export default RequestsPage
