import { describe, expect, it } from 'vitest'
import { createMemoryPush, createMemoryRealtime, type ExpertRecord, RealtimeError } from './index.ts'
import { sessionChange } from './test-support/session-change.ts'

const record: ExpertRecord = {
  role: 'advisor',
  chat_status: true,
  join_now_enabled: false,
  available_for_instant: false,
}

describe('memory realtime', () => {
  it('refuses to listen while signed out, like the real stores', () => {
    const rt = createMemoryRealtime()
    const errors: RealtimeError[] = []
    rt.watchExpert(
      '1',
      () => {},
      (e) => errors.push(e),
    )
    expect(errors[0]?.code).toBe('unauthenticated')
    expect(rt.isSignedIn()).toBe(false)
  })

  it('signs in with an accepted custom token only', async () => {
    const rt = createMemoryRealtime({ acceptToken: (t) => t === 'good' })
    await expect(rt.signIn('bad')).rejects.toBeInstanceOf(RealtimeError)
    await rt.signIn('good')
    expect(rt.isSignedIn()).toBe(true)
  })

  it('delivers the current value then every change, until unsubscribed or signed out', async () => {
    const rt = createMemoryRealtime()
    await rt.signIn('t')
    const seen: (ExpertRecord | null)[] = []
    const counts: number[] = []
    const stop = rt.watchExpert('7', (r) => seen.push(r))
    rt.watchNotificationCount('7', (n) => counts.push(n))
    rt.setExpert('7', record)
    rt.setExpert('8', { ...record, role: 'bsa' })
    rt.setNotificationCount('7', 3)
    stop()
    rt.setExpert('7', null)
    expect(seen).toEqual([null, record])
    expect(counts).toEqual([0, 3])
    await rt.signOut()
    rt.setNotificationCount('7', 4)
    expect(counts).toEqual([0, 3])
  })

  it('keeps conversations per expert, updating and deleting them', async () => {
    const rt = createMemoryRealtime()
    await rt.signIn('t')
    const lists: string[][] = []
    rt.watchConversations('7', (cs) => lists.push(cs.map((c) => c.id)))
    rt.setConversation('7', { id: 'a', lastMessage: { user: { id: 1 }, body: 'x', status: 1 } })
    rt.setConversation('7', { id: 'b' })
    rt.setConversation('7', null, 'a')
    expect(lists).toEqual([[], ['a'], ['a', 'b'], ['b']])
  })
})

describe('memory push', () => {
  it('hands out a token only after permission, and delivers messages', async () => {
    const push = createMemoryPush()
    expect(await push.isSupported()).toBe(true)
    await expect(push.getToken('key')).rejects.toThrow(/permission/)
    expect(await push.requestPermission()).toBe('granted')
    expect(push.permission()).toBe('granted')
    await expect(push.getToken('')).rejects.toThrow(/public key/)
    expect(await push.getToken('BPublicKey123')).toBe('memory-push-BPublicK')
    const got: unknown[] = []
    const stop = push.onMessage((m) => got.push(m.data))
    push.deliver({ data: { session_id: 3 } })
    stop()
    push.deliver({ data: { session_id: 4 } })
    expect(got).toEqual([{ session_id: 3 }])
  })

  it('can be unsupported, denied, tokenless or failing to listen', async () => {
    expect(await createMemoryPush({ supported: false }).isSupported()).toBe(false)
    expect(await createMemoryPush({ answer: 'denied' }).requestPermission()).toBe('denied')
    const none = createMemoryPush({ token: null })
    await none.requestPermission()
    expect(await none.getToken('k')).toBeNull()
    expect(() => createMemoryPush({ failListening: true }).onMessage(() => {})).toThrow()
  })

  it('tells chat listeners of later changes only, and refuses them while signed out', async () => {
    const rt = createMemoryRealtime()
    const errors: RealtimeError[] = []
    rt.watchChat(
      () => {},
      (e) => errors.push(e),
    )
    expect(errors[0]?.code).toBe('unauthenticated')
    await rt.signIn('t')
    rt.changeChat({ contributor_id: 7, sme_id: 3 })
    const seen: unknown[] = []
    const stop = rt.watchChat((c) => seen.push(c))
    expect(seen).toEqual([])
    rt.changeChat({ contributor_id: 7, sme_id: 4 })
    stop()
    rt.changeChat({ contributor_id: 7, sme_id: 5 })
    expect(seen).toEqual([{ contributor_id: 7, sme_id: 4 }])
  })

  it('tells session listeners of later changes only', async () => {
    const rt = createMemoryRealtime()
    await rt.signIn('t')
    const change = sessionChange({ state: 'ended' })
    const seen: unknown[] = []
    const stop = rt.watchSessions((c) => seen.push(c))
    rt.changeSession(change)
    stop()
    rt.changeSession({ ...change, state: 'cancelled' })
    expect(seen).toEqual([change])
  })
})
