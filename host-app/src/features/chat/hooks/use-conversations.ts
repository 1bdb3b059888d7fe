import {
  $auth,
  type ChatConversation,
  type ChatLastMessage,
  getChatConversations,
  isUnreadMessage,
} from '@mashura/core'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { api, realtime } from '../../../lib/api.ts'
import { useApi } from '../../../lib/use-api.ts'
import type { ChatSide } from '../chat-side.ts'
import { useChatEvents } from './use-chat-events.ts'

/** One conversation as the list shows it, whichever side the person is on. */
export interface ConversationView {
  /** The other party's id (a business owner's person id, or a contributor id). */
  otherId: number
  /** The other party's name. */
  name: string
  /** The other party's photo address, or null. */
  photo: string | null
  /** The last message, or null. */
  lastMessage: ChatLastMessage | null
  /** Whether unread messages wait for the signed-in person (spec 3's rule). */
  unread: boolean
}

/** What {@link useConversations} returns. */
export interface ConversationsState {
  /** The conversations, most recent change first; null until the first answer. */
  list: ConversationView[] | null
  /** Whether the first load failed. */
  failed: boolean
  /** Loads again. */
  reload: () => void
}

type Person = { name: string; photo: string | null }

/**
 * The business owners an expert talks to, by id, from `GET /chat/conversations?as=contributor`: the live list
 * may carry only ids, so names and photos come from here, read again when the live list names someone new.
 */
function useSmeNames(enabled: boolean, ids: readonly number[]): Map<number, Person> {
  const [names, setNames] = useState(new Map<number, Person>())
  const missing = ids.some((id) => !names.has(id))
  useEffect(() => {
    if (!enabled || !missing) return
    const controller = new AbortController()
    getChatConversations(api, { as: 'contributor' }, { signal: controller.signal }).then(
      ({ data }) =>
        setNames(
          new Map(
            data.map((c) => [Number(c.id), { name: c.sme.full_name, photo: c.sme.file?.full_path ?? null }]),
          ),
        ),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('conversation names could not be read', error)
      },
    )
    return () => controller.abort()
  }, [enabled, missing])
  return names
}

/** An expert's conversations: the live store's list (spec 7), kept current by it. */
function useExpertConversations(side: ChatSide, enabled: boolean): ConversationsState {
  const live = useStore($auth).isFireStoreSignedIn
  const [conversations, setConversations] = useState<ChatConversation[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const names = useSmeNames(
    enabled,
    (conversations ?? []).filter((c) => !c.sme?.full_name).map((c) => Number(c.id)),
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt listens again after a failure
  useEffect(() => {
    const id = side.contributorId
    if (!enabled || !live || !id) return
    setFailed(false)
    return realtime.watchConversations(id, setConversations, (error) => {
      console.warn('conversations stopped', error)
      setFailed(true)
    })
  }, [enabled, live, side.contributorId, attempt])
  const id = side.contributorId ?? ''
  const list =
    conversations?.map<ConversationView>((c) => {
      const known = names.get(Number(c.id))
      return {
        otherId: Number(c.id),
        name: c.sme?.full_name || known?.name || '',
        photo: c.sme?.file?.full_path ?? known?.photo ?? null,
        lastMessage: c.lastMessage ?? null,
        unread: isUnreadMessage(c.lastMessage, id),
      }
    }) ?? null
  return { list: enabled ? list : [], failed, reload: () => setAttempt((n) => n + 1) }
}

/** A business owner's conversations with experts (`GET /chat/conversations?as=sme`), reloaded on chat events. */
function useSmeConversations(enabled: boolean): ConversationsState {
  const { data, error, reload } = useApi(
    async (signal) => {
      if (!enabled) return []
      const { data } = await getChatConversations(api, { as: 'sme' }, { signal })
      return data.map<ConversationView>((c) => ({
        otherId: c.contributor.id,
        name: c.contributor.sso_user.full_name,
        photo: c.contributor.file?.full_path ?? null,
        lastMessage: c.lastMessage,
        unread: c.unread > 0,
      }))
    },
    [enabled],
  )
  useChatEvents(() => reload())
  return { list: data ?? null, failed: error !== undefined, reload }
}

/** The signed-in person's conversations on their side; `enabled` false (chat off) lists none. */
export function useConversations(side: ChatSide, enabled: boolean): ConversationsState {
  const expert = useExpertConversations(side, enabled && side.role === 'contributor')
  const sme = useSmeConversations(enabled && side.role === 'sme')
  return side.role === 'contributor' ? expert : sme
}
