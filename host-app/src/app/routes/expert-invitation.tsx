import { ExpertInvitationPage } from '../../features/invitation/expert-invitation-page.tsx'

/** `/expert-invitation?token=…`: where the back office's invitation mail leads (issue 33). */
export default function ExpertInvitationRoute() {
  return <ExpertInvitationPage />
}
