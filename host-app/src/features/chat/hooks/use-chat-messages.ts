import {
  type ChatMessage,
  getChatMessages,
  MESSAGE_STATUS_READ,
  markChatRead,
  type UserRole,
} from '@mashura/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { api } from '../../../lib/api.ts'

/** Messages read per page ("older messages" reads the next). */
export const CHAT_PAGE_SIZE = 20

/** What {@link useChatMessages} returns. */
export interface ChatMessagesState {
  /** The messages loaded so far, oldest first. */
  messages: ChatMessage[]
  /** Whether older messages remain on the server. */
  hasOlder: boolean
  /** Whether a page is loading. */
  loading: boolean
  /** Whether the last load failed. */
  failed: boolean
  /** Loads the next older page. */
  loadOlder: () => void
  /** Reads the newest page again (after sending, or when the conversation changed). */
  refresh: () => Promise<void>
}

/** Adds messages to a list, each once, oldest first. */
function merge(before: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(before.map((m) => [m.id, m]))
  for (const m of more) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/**
 * The messages between the signed-in person and `otherId`, paged upward: the newest page first, older
 * pages on request. Pages shift as messages arrive, so pages overlap rather than leave gaps; each message
 * is kept once. While the page is visible, the other party's messages are marked read as they show.
 */
export function useChatMessages(otherId: number, otherRole: UserRole): ChatMessagesState {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [lastPage, setLastPage] = useState(1)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(true)
  const [failed, setFailed] = useState(false)
  const current = useRef({ otherId, otherRole })
  current.current = { otherId, otherRole }
  const shown = useRef(messages)
  shown.current = messages

  const markRead = useCallback(async (list: ChatMessage[]) => {
    if (document.visibilityState !== 'visible') return
    if (!list.some((m) => !m.mine && m.status !== MESSAGE_STATUS_READ)) return
    const { otherId: id, otherRole: user_type } = current.current
    try {
      await markChatRead(api, { id, user_type })
      setMessages((before) => before.map((m) => (m.mine ? m : { ...m, status: MESSAGE_STATUS_READ })))
    } catch (error) {
      console.warn('marking the conversation read failed', error)
    }
  }, [])

  const load = useCallback(
    async (pageToLoad: number, signal?: AbortSignal) => {
      const { otherId: id, otherRole: user_type } = current.current
      setLoading(true)
      setFailed(false)
      try {
        const result = await getChatMessages(
          api,
          { id, user_type, page: pageToLoad, per_page: CHAT_PAGE_SIZE },
          { signal },
        )
        if (signal?.aborted || current.current.otherId !== id) return
        setMessages((before) => merge(before, result.data))
        if (pageToLoad === 1 || result.meta.last_page > 0) setLastPage(result.meta.last_page)
        setLoading(false)
        void markRead(result.data)
      } catch (error) {
        if (signal?.aborted) return
        console.error(error)
        setFailed(true)
        setLoading(false)
      }
    },
    [markRead],
  )

  // A new conversation starts from its newest page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the other party is the reason to start over
  useEffect(() => {
    setMessages([])
    setPage(1)
    setLastPage(1)
    const controller = new AbortController()
    void load(1, controller.signal)
    return () => controller.abort()
  }, [otherId, otherRole, load])

  // Coming back to the tab reads what arrived meanwhile.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void markRead(shown.current)
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [markRead])

  const loadOlder = useCallback(() => {
    const next = failed ? page : page + 1
    setPage(next)
    void load(next)
  }, [failed, page, load])

  const refresh = useCallback(() => load(1), [load])

  return { messages, hasOlder: page < lastPage, loading, failed, loadOlder, refresh }
}
