import '../../../lib/more-messages.ts'
import { NavLink } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { useT } from '../../../lib/i18n.ts'
import { type ChatSide, isFileAddress, sentByMe } from '../chat-side.ts'
import type { ConversationView } from '../hooks/use-conversations.ts'
import { ChatAvatar } from './chat-avatar.tsx'

/** The last message as one line: its text (as text, never HTML), or what kind of file it is. */
function usePreview(side: ChatSide): (c: ConversationView) => string {
  const t = useT()
  return ({ lastMessage }) => {
    if (!lastMessage?.body) return t.t('chatPage.list.noMessages')
    const body = isFileAddress(lastMessage.body) ? t.t('chatPage.list.file') : lastMessage.body
    return sentByMe(lastMessage, side) ? t.t('chatPage.list.you', { body }) : body
  }
}

/** One conversation: photo, name, last message and the unread marker; the current one is marked. */
function ConversationRow({ item, side }: { item: ConversationView; side: ChatSide }) {
  const t = useT()
  const preview = usePreview(side)
  return (
    <li data-conversation-id={item.otherId} data-state={item.unread ? 'unread' : 'read'}>
      <NavLink className="chat-conversation" to={paths.chatWith.to(item.otherId)}>
        <ChatAvatar name={item.name} photo={item.photo} />
        <span className="chat-conversation-text">
          {/* The name and the preview keep their own direction (bdi) but line up with the page's, so an Arabic
              name on an English page starts beside the avatar, not at the far edge (issue 31). */}
          <span className="chat-conversation-name">
            <bdi>{item.name}</bdi>
          </span>
          <span className="chat-conversation-preview">
            <bdi>{preview(item)}</bdi>
          </span>
        </span>
        {item.unread ? (
          <span className="chat-unread-dot" data-unread="true">
            <span className="visually-hidden">{t.t('chatPage.list.unread')}</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  )
}

/** The list of conversations, or what to do when there are none. */
export function ConversationList({ list, side }: { list: ConversationView[]; side: ChatSide }) {
  const t = useT()
  if (list.length === 0)
    return (
      <div className="empty-state" data-state="empty">
        <p className="empty-title">{t.t('chatPage.list.empty')}</p>
        <p>
          {t.t(side.role === 'contributor' ? 'chatPage.list.emptyHintExpert' : 'chatPage.list.emptyHintSme')}
        </p>
      </div>
    )
  return (
    <ul className="chat-conversations" data-region="conversation-list">
      {list.map((item) => (
        <ConversationRow key={item.otherId} item={item} side={side} />
      ))}
    </ul>
  )
}
