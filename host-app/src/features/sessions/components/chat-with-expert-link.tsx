import '../../../lib/more-messages.ts'
import { getChattingPossibility } from '@mashura/core'
import { Link } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'

/**
 * A business owner's link to chat with an expert (`/Chat/{contributorId}`), shown only when chatting is
 * possible (they share a session and the expert's chat is on). For the session page.
 */
export function ChatWithExpertLink({
  contributorId,
  className,
}: {
  contributorId: number
  className?: string
}) {
  const t = useT()
  const { data } = useApi(
    async (signal) =>
      (await getChattingPossibility(api, { id: contributorId, user_type: 'contributor' }, { signal })).data,
    [contributorId],
  )
  if (!data?.can_chat) return null
  return (
    <Link
      className={className ?? 'button'}
      to={paths.chatWith.to(contributorId)}
      data-action="chat-with-expert"
      data-contributor-id={contributorId}
    >
      {t.t('chatPage.withExpert')}
    </Link>
  )
}
