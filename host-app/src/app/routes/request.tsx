import { RequestPage } from '../../features/requests/components/request-page.tsx'

/** `/request/{id}`: a request's details, answered here by the advisor. */
export default RequestPage
