import { SessionsPage } from '../../features/sessions/components/sessions-page.tsx'

/** `/sessions/{type}`: the signed-in person's sessions. */
export default SessionsPage
