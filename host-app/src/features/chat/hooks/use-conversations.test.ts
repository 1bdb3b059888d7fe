import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  actAs,
  connectRealtime,
  expertAndNewOwner,
  pastSession,
  type SignedIn,
  sendText,
  signOutHere,
} from '../../../test-support/platform.ts'
import { renderHook } from '../../../test-support/render-hook.tsx'
import { chatSide } from '../chat-side.ts'
import { useConversations } from './use-conversations.ts'

/** The consultant (chat on) and a business owner of this file's own who had a session with him. */
let consultant: SignedIn
let owner: SignedIn

beforeAll(async () => {
  ;({ expert: consultant, owner } = await expertAndNewOwner('dev-consultant', 'صاحبة منشأة للقائمة'))
  await pastSession('dev-consultant', owner, 2)
})

afterEach(signOutHere)

describe('useConversations', () => {
  it("lists a business owner's conversations with experts, unread first-hand, and follows new messages live", async () => {
    await sendText(consultant, owner, 'مرحبًا، هل اطلعتِ على التوصيات؟')
    actAs(owner)
    await connectRealtime()
    const hook = await renderHook(
      (enabled: boolean) => useConversations(chatSide('sme', null), enabled),
      true,
    )
    await vi.waitFor(() => expect(hook.current.list).not.toBeNull(), { timeout: 10_000 })
    expect(hook.current.list).toEqual([
      expect.objectContaining({
        otherId: consultant.contributorId,
        name: consultant.name,
        unread: true,
        lastMessage: expect.objectContaining({ body: 'مرحبًا، هل اطلعتِ على التوصيات؟' }),
      }),
    ])
    expect(hook.current.failed).toBe(false)

    // The realtime chat topic says the conversation changed: the list is read again.
    await sendText(consultant, owner, 'سأكون متاحًا غدًا')
    await vi.waitFor(() => expect(hook.current.list?.[0]?.lastMessage?.body).toBe('سأكون متاحًا غدًا'), {
      timeout: 10_000,
    })

    // Chat switched off lists none.
    await hook.rerender(false)
    await vi.waitFor(() => expect(hook.current.list).toEqual([]))
    await hook.unmount()
  })

  it("lists an expert's conversations from the live store, names included, and marks one unread when she writes", async () => {
    actAs(consultant)
    await connectRealtime()
    const side = chatSide('contributor', String(consultant.contributorId))
    const hook = await renderHook((enabled: boolean) => useConversations(side, enabled), true)
    const hers = () => hook.current.list?.find((c) => c.otherId === owner.personId)
    await vi.waitFor(() => expect(hers()).toBeDefined(), { timeout: 10_000 })
    await vi.waitFor(() => expect(hers()?.name).toBe(owner.name), { timeout: 10_000 })

    await sendText(owner, consultant, 'نعم، شكرًا جزيلًا')
    await vi.waitFor(
      () =>
        expect(hers()).toMatchObject({
          unread: true,
          lastMessage: expect.objectContaining({ body: 'نعم، شكرًا جزيلًا' }),
        }),
      { timeout: 10_000 },
    )
    await hook.rerender(false)
    expect(hook.current.list).toEqual([])
    await hook.unmount()
  })
})
