import { SessionPage } from '../../features/sessions/components/session-page.tsx'

/** `/session/{id}` and `/session-details/{type}/{id}`: a session's details and actions. */
export default SessionPage
