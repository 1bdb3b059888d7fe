import '../../lib/more-messages.ts'
import { $auth, $expert } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useParams } from 'react-router'
import { LoadFailed } from '../../components/ui/load-failed.tsx'
import { PageLoading } from '../../components/ui/page-loading.tsx'
import { useT } from '../../lib/i18n.ts'
import { chatSide } from './chat-side.ts'
import { ChatThread } from './components/chat-thread.tsx'
import { ConversationList } from './components/conversation-list.tsx'
import { useConversations } from './hooks/use-conversations.ts'
import './chat.css'

/** Whether chat is on: always for a business owner; for an expert, the live record's chat_status (spec 5). */
function useChatEnabled(role: string): 'on' | 'off' | 'unknown' {
  const expert = useStore($expert)
  const live = useStore($auth).isFireStoreSignedIn
  if (role !== 'contributor') return 'on'
  if (expert) return expert.chat_status ? 'on' : 'off'
  return live ? 'off' : 'unknown'
}

/**
 * `/Chat` and `/Chat/{id}`: conversations and one conversation. An expert (acting as contributor, chat on)
 * talks to business owners from the live conversations list; a business owner talks to experts. Two panes
 * from 992 px, one pane below (the list at `/Chat`, the conversation at `/Chat/{id}`).
 */
export function ChatPage() {
  const t = useT()
  const auth = useStore($auth)
  const side = chatSide(auth.userRole, auth.id)
  const enabled = useChatEnabled(side.role)
  const { list, failed, reload } = useConversations(side, enabled === 'on')
  const param = Number(useParams().smeId)
  const otherId = Number.isInteger(param) && param > 0 ? param : null
  const known = list?.find((c) => c.otherId === otherId)

  return (
    <section
      className={`chat-page${otherId ? ' chat-page-open' : ''}`}
      data-page="chat"
      data-state={enabled === 'on' ? 'on' : enabled === 'off' ? 'off' : 'loading'}
    >
      <h1 className={otherId ? 'chat-title chat-title-open' : 'chat-title'}>{t.t('chat.title')}</h1>
      {enabled === 'unknown' ? <PageLoading /> : null}
      {enabled === 'off' ? (
        <div className="empty-state card" data-state="chat-off">
          <p className="empty-title">{t.t('chatPage.off')}</p>
          <p>{t.t('chatPage.offHint')}</p>
        </div>
      ) : null}
      {enabled === 'on' ? (
        <div className="chat-panes">
          <nav className="chat-list-pane card" aria-label={t.t('chatPage.list.label')}>
            {list ? <ConversationList list={list} side={side} /> : failed ? null : <PageLoading />}
            {failed ? <LoadFailed onRetry={reload} /> : null}
          </nav>
          <div className="chat-thread-pane card">
            {otherId ? (
              <ChatThread key={otherId} otherId={otherId} side={side} known={known} />
            ) : (
              <p className="muted chat-pick">{t.t('chatPage.pickConversation')}</p>
            )}
          </div>
        </div>
      ) : null}
    </section>
  )
}
