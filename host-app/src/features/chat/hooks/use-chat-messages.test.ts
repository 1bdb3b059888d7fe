import { getChatMessages, MESSAGE_STATUS_READ } from '@mashura/core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  actAs,
  clientFor,
  command,
  expertAndNewOwner,
  pastSession,
  type SignedIn,
  sendText,
} from '../../../test-support/platform.ts'
import { renderHook } from '../../../test-support/render-hook.tsx'
import { CHAT_PAGE_SIZE, useChatMessages } from './use-chat-messages.ts'

/** The consultant (chat on) and a business owner of this file's own who had a session with him. */
let consultant: SignedIn
let owner: SignedIn

beforeAll(async () => {
  ;({ expert: consultant, owner } = await expertAndNewOwner('dev-consultant', 'صاحبة منشأة للمحادثة'))
  await pastSession('dev-consultant', owner)
})

afterEach(() => vi.restoreAllMocks())

/** The business owner's words to the consultant, in the order sent. */
async function ownerSends(texts: string[]): Promise<void> {
  for (const message of texts) await sendText(owner, consultant, message)
}

/** The consultant's answer to the business owner. */
const consultantSends = (message: string) => sendText(consultant, owner, message)

describe('useChatMessages', () => {
  it('reads the newest page first, older pages on request, each message once, and marks the other side read', async () => {
    const total = CHAT_PAGE_SIZE + 5
    await ownerSends(Array.from({ length: total - 2 }, (_, n) => `رسالة ${n + 1}`))
    await consultantSends('أهلًا بك')
    await consultantSends('كيف أساعدك؟')
    // The business owner's view of the conversation.
    actAs(owner)

    const hook = await renderHook(({ id }: { id: number }) => useChatMessages(id, 'contributor'), {
      id: consultant.contributorId!,
    })
    expect(hook.current.loading).toBe(true)
    await vi.waitFor(() => expect(hook.current.loading).toBe(false), { timeout: 10_000 })
    const first = hook.current.messages
    expect(first).toHaveLength(CHAT_PAGE_SIZE)
    expect(first.map((m) => m.id)).toEqual([...first.map((m) => m.id)].sort((a, b) => a - b))
    expect(first.at(-1)).toMatchObject({ body: 'كيف أساعدك؟', mine: false })
    expect(hook.current.hasOlder).toBe(true)
    // The page is visible: the consultant's messages are read, here and on the server.
    await vi.waitFor(() =>
      expect(hook.current.messages.filter((m) => !m.mine).map((m) => m.status)).toEqual([
        MESSAGE_STATUS_READ,
        MESSAGE_STATUS_READ,
      ]),
    )
    const seenByHim = await getChatMessages(clientFor(consultant.token), {
      id: owner.personId,
      user_type: 'sme',
      page: 1,
      per_page: CHAT_PAGE_SIZE,
    })
    expect(seenByHim.data.filter((m) => m.mine).map((m) => m.status)).toEqual([
      MESSAGE_STATUS_READ,
      MESSAGE_STATUS_READ,
    ])

    // A message arrives meanwhile: the pages shift by one, and the older page overlaps the first.
    await consultantSends('هل ما زلت هنا؟')
    hook.current.loadOlder()
    await vi.waitFor(() => expect(hook.current.loading).toBe(false))
    await vi.waitFor(() => expect(hook.current.messages).toHaveLength(total))
    const all = hook.current.messages
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length)
    expect(all[0]).toMatchObject({ body: 'رسالة 1', mine: true })
    expect(hook.current.hasOlder).toBe(false)

    await hook.current.refresh()
    await vi.waitFor(() => expect(hook.current.messages.at(-1)?.body).toBe('هل ما زلت هنا؟'))
    expect(hook.current.messages).toHaveLength(total + 1)
    await hook.unmount()
  })

  it('starts over for another conversation, and a refused read fails until tried again', async () => {
    actAs(owner)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const hook = await renderHook(({ id }: { id: number }) => useChatMessages(id, 'contributor'), {
      id: consultant.contributorId!,
    })
    await vi.waitFor(() => expect(hook.current.messages.length).toBeGreaterThan(0), { timeout: 10_000 })

    // The advisor never met her: the server refuses the conversation.
    const advisor = await command<SignedIn>('mashura-sign-in', { subject: 'dev-advisor' })
    await hook.rerender({ id: advisor.contributorId! })
    await vi.waitFor(() => expect(hook.current).toMatchObject({ failed: true, loading: false }), {
      timeout: 10_000,
    })
    expect(hook.current.messages).toEqual([])
    expect(logged).toHaveBeenCalled()
    // "Older messages" after a failure reads the failed page again, not the next one.
    hook.current.loadOlder()
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2))
    expect(hook.current).toMatchObject({ failed: true, hasOlder: false })
    await hook.unmount()
  })
})
