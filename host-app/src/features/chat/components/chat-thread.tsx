import '../../../lib/more-messages.ts'
import {
  formatDateWithHijri,
  getChattingPossibility,
  getContributorSchedule,
  getSmeProfile,
  groupByRiyadhDay,
  timeZoneLabel,
} from '@mashura/core'
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import type { ChatSide } from '../chat-side.ts'
import { useChatEvents } from '../hooks/use-chat-events.ts'
import { useChatMessages } from '../hooks/use-chat-messages.ts'
import type { ConversationView } from '../hooks/use-conversations.ts'
import { ChatAvatar } from './chat-avatar.tsx'
import { Composer } from './composer.tsx'
import { MessageItem } from './message-item.tsx'

/** The other party's name and photo (from the list when it holds them) and whether chatting is possible. */
function usePartner(otherId: number, side: ChatSide, known: ConversationView | undefined) {
  return useApi(
    async (signal) => {
      const possibility = getChattingPossibility(api, { id: otherId, user_type: side.otherRole }, { signal })
      const who = known?.name
        ? Promise.resolve({ name: known.name, photo: known.photo })
        : side.otherRole === 'sme'
          ? getSmeProfile(api, { id: otherId }, { signal }).then(({ data }) => ({
              name: data.full_name,
              photo: data.file?.full_path ?? null,
            }))
          : getContributorSchedule(api, { id: otherId }, { signal }).then(({ data }) => ({
              name: data.contributor.sso_user.full_name,
              photo: data.contributor.file?.full_path ?? null,
            }))
      const [p, person] = await Promise.all([possibility, who])
      return { ...person, canChat: p.data.can_chat, reason: p.data.reason }
    },
    [otherId, side.otherRole, known?.name],
  )
}

/**
 * The divider above each Riyadh day's first message: its date (with the Hijri date in Arabic) and, set apart
 * by the layout rather than a dot, the time zone its days are counted in. `day` is the Riyadh day
 * (`YYYY-MM-DD`), which from 21:00 UTC is already the next UTC day.
 */
function DayDivider({ day }: { day: string }) {
  const t = useT()
  return (
    <li className="chat-day" data-role="day" data-day={day}>
      <time dateTime={day}>{formatDateWithHijri(day, t.lang)}</time>{' '}
      <span className="chat-day-zone">{timeZoneLabel(t.lang)}</span>
    </li>
  )
}

/** Keeps the newest message in view as messages arrive, and the reader's place when older ones load above. */
function useScrollKeeper(count: number, newestId: number | undefined) {
  const box = useRef<HTMLDivElement>(null)
  const before = useRef({ height: 0, top: 0, newestId: undefined as number | undefined })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is the reason to run (older messages added above)
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const grewAtBottom = newestId !== before.current.newestId
    if (grewAtBottom) el.scrollTop = el.scrollHeight
    else el.scrollTop = before.current.top + (el.scrollHeight - before.current.height)
    before.current = { height: el.scrollHeight, top: el.scrollTop, newestId }
  }, [count, newestId])
  const onScroll = () => {
    const el = box.current
    if (el) before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop }
  }
  return { box, onScroll }
}

/**
 * One conversation: the other party, the messages (older ones on request, above), live updates from the
 * realtime `chat` topic, and the composer. Messages are marked read while the page is visible.
 */
export function ChatThread({
  otherId,
  side,
  known,
}: {
  otherId: number
  side: ChatSide
  known: ConversationView | undefined
}) {
  const t = useT()
  const partner = usePartner(otherId, side, known)
  const { messages, hasOlder, loading, failed, loadOlder, refresh } = useChatMessages(otherId, side.otherRole)
  const newest = messages.at(-1)
  const days = useMemo(() => groupByRiyadhDay(messages, (m) => m.created_at), [messages])
  const { box, onScroll } = useScrollKeeper(messages.length, newest?.id)

  useChatEvents((event) => {
    const other = side.otherRole === 'sme' ? event.sme_id : event.contributor_id
    if (other === otherId) void refresh()
  })
  // An expert also hears of new messages through the live conversations list.
  const lastKey = `${known?.lastMessage?.body}|${known?.lastMessage?.status}`
  const firstKey = useRef(lastKey)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed last message is the reason to read again
  useEffect(() => {
    if (lastKey !== firstKey.current) void refresh()
  }, [lastKey])

  const name = partner.data?.name ?? known?.name ?? ''
  const canChat = partner.data?.canChat ?? false
  return (
    <section
      className="chat-thread"
      data-region="chat-thread"
      data-other-id={otherId}
      aria-labelledby="chat-with"
    >
      <header className="chat-thread-head">
        <Link className="chat-back" to={paths.chat.to()} data-action="back-to-conversations">
          {t.t('chatPage.back')}
        </Link>
        <ChatAvatar name={name} photo={partner.data?.photo ?? known?.photo ?? null} size={40} />
        <h2 id="chat-with">{name ? t.t('chatPage.with', { name }) : t.t('chatPage.thread.label')}</h2>
      </header>
      {partner.data && !canChat ? (
        <p className="chat-cannot card" data-state="cannot-chat">
          <strong>{t.t('chatPage.cannotChat')}</strong> {partner.data.reason}
        </p>
      ) : null}
      <div className="chat-thread-body">
        {hasOlder ? (
          <button
            type="button"
            className="button chat-older"
            data-action="older-messages"
            disabled={loading}
            onClick={loadOlder}
          >
            {t.t('chatPage.thread.older')}
          </button>
        ) : null}
        <div
          ref={box}
          onScroll={onScroll}
          className="chat-messages"
          role="log"
          aria-label={t.t('chatPage.thread.label')}
          data-region="messages"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolled log must be reachable by keyboard
          tabIndex={0}
          hidden={messages.length === 0}
        >
          <ol className="chat-message-list">
            {/* One flat list keyed by message, so a message keeps its element when older ones load above. */}
            {days.flatMap((group) => [
              <DayDivider key={`day-${group.items[0]?.id}`} day={group.day} />,
              ...group.items.map((m) => <MessageItem key={m.id} message={m} otherName={name} />),
            ])}
          </ol>
        </div>
        {loading && messages.length === 0 ? <PageLoading /> : null}
        {failed ? <LoadFailed onRetry={messages.length === 0 ? () => void refresh() : loadOlder} /> : null}
        {!loading && !failed && messages.length === 0 ? (
          <p className="muted chat-empty" data-state="empty">
            {t.t('chatPage.thread.empty')}
          </p>
        ) : null}
      </div>
      <Composer
        otherId={otherId}
        otherRole={side.otherRole}
        onSent={() => void refresh()}
        disabled={!canChat}
      />
    </section>
  )
}
