/**
 * Core's WebSocket realtime client against the real hub: the same client browsers use,
 * here over Node's global WebSocket.
 */
import {
  createWebSocketRealtime,
  type ExpertRecord,
  type RealtimeError,
  type RealtimeSocketConstructor,
} from '@mashura/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEV_API_KEY } from '../../config.ts'
import {
  eachDatabase,
  jsonOf,
  type TestPerson,
  usePeople,
  useTestContext,
} from '../../test-support/context.ts'
import { addNotification, addSession } from '../../test-support/fixtures.ts'
import { issueRealtimeToken, REALTIME_TOKEN_TTL_SECONDS } from '../auth/realtime-token.ts'

/** Waits until `check` holds (the socket delivers asynchronously). */
async function until(check: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

eachDatabase('core realtime client', (dialect) => {
  const ctx = useTestContext(dialect)
  let url: string
  const { expert } = usePeople(ctx, { expert: { contributor: { kind: 'advisor', join_now_enabled: true } } })
  const clients: ReturnType<typeof createWebSocketRealtime>[] = []
  const client = () => {
    const made = createWebSocketRealtime({ url, apiKey: DEV_API_KEY })
    clients.push(made)
    return made
  }
  const realtimeToken = async (person: TestPerson): Promise<string> => {
    const response = await jsonOf(ctx.get('/api/firebase/auth', person.token))
    return response.data.payload
  }

  beforeAll(async () => {
    url = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/api/realtime`
  })
  afterAll(async () => {
    for (const c of clients) await c.signOut()
  })

  it('signs in and follows the notification count and the expert record', async () => {
    const rt = client()
    await rt.signIn(await realtimeToken(expert))
    expect(rt.isSignedIn()).toBe(true)
    const contributorId = String(expert.contributorId)

    const counts: number[] = []
    const records: (ExpertRecord | null)[] = []
    const errors: RealtimeError[] = []
    rt.watchNotificationCount(
      contributorId,
      (n) => counts.push(n),
      (e) => errors.push(e),
    )
    rt.watchExpert(
      contributorId,
      (r) => records.push(r),
      (e) => errors.push(e),
    )
    await until(() => counts.length === 1 && records.length === 1, 'the current state')
    expect(counts).toEqual([0])
    expect(records[0]).toEqual({
      role: 'advisor',
      chat_status: expect.any(Boolean),
      join_now_enabled: true,
      available_for_instant: false,
    })

    // As the app notifies: a notifications row, then `notifications.changed` on the bus.
    await addNotification(ctx, expert.personId)
    await until(() => counts.length === 2, 'the new count')
    expect(counts).toEqual([0, 1])

    const response = await ctx.put('/api/profile/contributor/available-for-instant', expert.token, {
      available_for_instant: true,
    })
    expect(response.statusCode).toBe(200)
    await until(() => records.length === 2, 'the changed expert record')
    expect(records[1]?.available_for_instant).toBe(true)
    expect(errors).toEqual([])

    await rt.signOut()
    expect(rt.isSignedIn()).toBe(false)
  })

  it('after a drop longer than its token lives, signs in again with a fresh token and hears events again', async () => {
    // A token issued 10 minutes less 2 seconds ago: it lapses while the socket is up.
    const issuedAt = new Date(Date.now() - (REALTIME_TOKEN_TTL_SECONDS * 1000 - 2000))
    const identity = {
      personId: expert.personId,
      contributorId: expert.contributorId,
      sessionId: expert.sessionId,
    }
    const lapsing = await issueRealtimeToken(ctx.config, identity, issuedAt)
    let fresh = 0
    // Every socket the clients open, so that the test can drop them as a network would.
    const opened: WebSocket[] = []
    const Recording = class extends WebSocket {
      constructor(address: string) {
        super(address)
        opened.push(this)
      }
    }
    const withFresh = createWebSocketRealtime({
      url,
      apiKey: DEV_API_KEY,
      WebSocket: Recording as unknown as RealtimeSocketConstructor,
      freshToken: async () => {
        fresh += 1
        return realtimeToken(expert)
      },
    })
    // As before the fix: the same token again.
    const withoutFresh = createWebSocketRealtime({
      url,
      apiKey: DEV_API_KEY,
      WebSocket: Recording as unknown as RealtimeSocketConstructor,
    })
    clients.push(withFresh, withoutFresh)
    await withFresh.signIn(lapsing)
    await withoutFresh.signIn(lapsing)
    const counts: number[] = []
    const refused: string[] = []
    withFresh.watchNotificationCount(String(expert.contributorId), (n) => counts.push(n))
    withoutFresh.watchNotificationCount(
      String(expert.contributorId),
      () => {},
      (e) => refused.push(e.code),
    )
    await until(() => counts.length === 1, 'the current count')
    await until(
      () => Date.now() > issuedAt.getTime() + REALTIME_TOKEN_TTL_SECONDS * 1000 + 200,
      'the token to lapse',
      5000,
    )
    // The network drops: every socket goes, without the clients having asked.
    for (const socket of opened) socket.close(4000, 'network drop')
    await until(() => fresh > 0 && withFresh.isSignedIn(), 'a sign-in with a fresh token', 10_000)
    const before = counts.length
    await addNotification(ctx, expert.personId)
    await until(() => counts.length > before, 'the count after the drop', 10_000)
    // The client that sent the lapsed token again was refused.
    await until(() => refused.length > 0, 'the lapsed token refused', 10_000)
    expect(refused[0]).toBe('invalid_token')
  })

  it('is closed at once when its person logs out, not at the next session check', async () => {
    const person = await ctx.person({ contributor: { kind: 'consultant' } })
    const rt = client()
    await rt.signIn(await realtimeToken(person))
    const errors: string[] = []
    const counts: number[] = []
    rt.watchNotificationCount(
      String(person.contributorId),
      (n) => counts.push(n),
      (e) => errors.push(e.code),
    )
    await until(() => counts.length === 1, 'the current count')
    const logout = await ctx.post('/api/authentication/logout', person.token, {})
    expect(logout.statusCode).toBe(200)
    // The hub's own check runs once a minute; this is well within it.
    await until(() => errors.length > 0, 'the socket closed by the logout', 5000)
    expect(errors[0]).toBe('unauthenticated')
    expect(rt.isSignedIn()).toBe(false)
  })

  it('tells a business owner live that a chat message came (watchChat)', async () => {
    const chatty = await ctx.person({ contributor: { chat_status: true } })
    const owner = await ctx.person({ name: 'سارة الشمري' })
    await addSession(ctx.store.db, {
      contributorId: chatty.contributorId!,
      smeId: owner.personId,
      start: new Date(Date.now() - 86_400_000),
      state: 'ended',
    })
    const rt = client()
    await rt.signIn(await realtimeToken(owner))
    const changes: unknown[] = []
    const errors: RealtimeError[] = []
    rt.watchChat(
      (c) => changes.push(c),
      (e) => errors.push(e),
    )
    // The subscription is in once the socket answers a later message; a round trip through the API is enough.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const sent = await ctx.post(
      `/api/schedule/notifiable-id/${owner.personId}/chat-notification`,
      chatty.token,
      { notifiable_user: 'sme', type: 'text', message: 'مرحبًا' },
    )
    expect(sent.statusCode).toBe(201)
    await until(() => changes.length === 1, 'the chat change')
    expect(changes).toEqual([{ contributor_id: chatty.contributorId, sme_id: owner.personId }])
    expect(errors).toEqual([])
  })

  it('refuses a bad token', async () => {
    const rt = client()
    await expect(rt.signIn(expert.token)).rejects.toMatchObject({
      name: 'RealtimeError',
      code: 'invalid_token',
    })
    expect(rt.isSignedIn()).toBe(false)
    const errors: RealtimeError[] = []
    rt.watchNotificationCount(
      String(expert.contributorId),
      () => undefined,
      (e) => errors.push(e),
    )
    expect(errors.map((e) => e.code)).toEqual(['unauthenticated'])
  })
})
