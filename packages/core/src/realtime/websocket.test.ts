import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ExpertRecord, RealtimeError } from './index.ts'
import { sessionChange } from './test-support/session-change.ts'
import { createWebSocketRealtime, type MeetingSignal, type RealtimeSocket } from './websocket.ts'

/** A fake WebSocket: records what the client sends; the test plays the server. */
class FakeSocket implements RealtimeSocket {
  static all: FakeSocket[] = []
  readyState = 0
  sent: { type: string; data: Record<string, unknown> }[] = []
  closedWith: number | null = null
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null

  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close(code = 1000) {
    this.closedWith = code
    this.readyState = 3
  }
  // ---- the server's side
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  receive(type: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type, data }) })
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3
    this.onclose?.({ code, reason })
  }
  /** Opens and accepts the token. */
  accept(contributorId: number | null = 7) {
    this.open()
    this.receive('ready', { person_id: 3, contributor_id: contributorId })
  }
  types() {
    return this.sent.map((m) => m.type)
  }
}

const last = () => FakeSocket.all.at(-1)!
const record: ExpertRecord = {
  role: 'advisor',
  chat_status: true,
  join_now_enabled: true,
  available_for_instant: false,
}

function client() {
  return createWebSocketRealtime({
    url: 'ws://api.example/api/realtime',
    apiKey: 'key 1',
    WebSocket: FakeSocket,
  })
}

/** A client signed in as an expert (contributor 7), or as a business owner with `contributorId` null. */
async function signedIn(contributorId?: number | null) {
  const rt = client()
  const signing = rt.signIn('tok')
  last().accept(contributorId)
  await signing
  return rt
}

beforeEach(() => {
  FakeSocket.all = []
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createWebSocketRealtime', () => {
  it('opens the socket with the API key in the query and sends the token first', async () => {
    const rt = client()
    const signing = rt.signIn('tok')
    const socket = last()
    expect(new URL(socket.url).searchParams.get('api_key')).toBe('key 1')
    expect(socket.url.startsWith('ws://api.example/api/realtime?')).toBe(true)
    expect(rt.isSignedIn()).toBe(false)
    socket.open()
    expect(socket.sent).toEqual([{ type: 'auth', data: { token: 'tok' } }])
    socket.receive('ready', { person_id: 3, contributor_id: 7 })
    await signing
    expect(rt.isSignedIn()).toBe(true)
  })

  it('turns an http address into a ws one', () => {
    const rt = createWebSocketRealtime({
      url: 'https://api.example/api/realtime',
      apiKey: 'k',
      WebSocket: FakeSocket,
    })
    void rt.signIn('tok').catch(() => undefined)
    expect(last().url).toBe('wss://api.example/api/realtime?api_key=k')
  })

  it('rejects a refused token with invalid_token and does not reconnect', async () => {
    vi.useFakeTimers()
    const rt = client()
    const signing = rt.signIn('bad')
    last().open()
    last().receive('error', { code: 'invalid_token', message: 'the realtime token was refused' })
    last().drop(4001, 'invalid_token')
    await expect(signing).rejects.toMatchObject({ name: 'RealtimeError', code: 'invalid_token' })
    expect(rt.isSignedIn()).toBe(false)
    vi.advanceTimersByTime(120_000)
    expect(FakeSocket.all).toHaveLength(1)
  })

  it('rejects with unavailable when the socket closes before the server answers', async () => {
    const rt = client()
    const signing = rt.signIn('tok')
    last().drop(1006)
    await expect(signing).rejects.toMatchObject({ code: 'unavailable' })
    expect(rt.isSignedIn()).toBe(false)
    await expect(rt.signIn('')).rejects.toMatchObject({ code: 'invalid_token' })
  })

  it('refuses to listen while signed out, like the memory store', () => {
    const rt = client()
    const errors: RealtimeError[] = []
    const stop = rt.watchExpert(
      '7',
      () => undefined,
      (e) => errors.push(e),
    )
    rt.watchNotificationCount(
      '7',
      () => undefined,
      (e) => errors.push(e),
    )
    rt.watchConversations(
      '7',
      () => undefined,
      (e) => errors.push(e),
    )
    stop()
    expect(errors.map((e) => e.code)).toEqual(['unauthenticated', 'unauthenticated', 'unauthenticated'])
    expect(FakeSocket.all).toHaveLength(0)
    expect(() => rt.sendSignal(1, {})).toThrow(RealtimeError)
  })

  it('subscribes once per topic, delivers the current state then each change, and unsubscribes', async () => {
    const rt = await signedIn()
    const socket = last()
    const experts: (ExpertRecord | null)[] = []
    const counts: number[] = []
    const laterCounts: number[] = []
    const lists: unknown[] = []
    const stopExpert = rt.watchExpert('7', (r) => experts.push(r))
    const stopCount = rt.watchNotificationCount('7', (n) => counts.push(n))
    rt.watchConversations('7', (l) => lists.push(l))
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', data: { topic: 'expert', contributor_id: '7' } },
      { type: 'subscribe', data: { topic: 'notification_count', contributor_id: '7' } },
      { type: 'subscribe', data: { topic: 'conversations', contributor_id: '7' } },
    ])

    socket.receive('expert', { contributor_id: 7, record })
    socket.receive('notification_count', { count: 0 })
    socket.receive('conversations', { contributor_id: 7, conversations: [] })
    socket.receive('notification_count', { count: 2 })
    socket.receive('expert', { contributor_id: 7, record: null })
    expect(experts).toEqual([record, null])
    expect(counts).toEqual([0, 2])
    expect(lists).toEqual([[]])

    // A second listener of a subscribed topic gets the latest state at once, with no new subscribe.
    const stopLater = rt.watchNotificationCount('7', (n) => laterCounts.push(n))
    expect(laterCounts).toEqual([2])
    expect(socket.sent.filter((m) => m.type === 'subscribe')).toHaveLength(3)

    stopCount()
    expect(socket.types()).not.toContain('unsubscribe')
    stopLater()
    stopExpert()
    expect(socket.sent.slice(-2)).toEqual([
      { type: 'unsubscribe', data: { topic: 'notification_count' } },
      { type: 'unsubscribe', data: { topic: 'expert' } },
    ])
    socket.receive('notification_count', { count: 5 })
    expect(counts).toEqual([0, 2])
    expect(laterCounts).toEqual([2])
  })

  it("refuses another contributor's data, and stops listeners the server refuses", async () => {
    const rt = await signedIn()
    const errors: RealtimeError[] = []
    rt.watchExpert(
      '8',
      () => undefined,
      (e) => errors.push(e),
    )
    expect(errors.map((e) => e.code)).toEqual(['forbidden'])
    expect(last().types()).toEqual(['auth'])

    const heard: number[] = []
    rt.watchNotificationCount(
      '7',
      (n) => heard.push(n),
      (e) => errors.push(e),
    )
    last().receive('error', {
      code: 'forbidden',
      message: 'only your own expert data',
      topic: 'notification_count',
    })
    last().receive('notification_count', { count: 1 })
    expect(errors.map((e) => e.code)).toEqual(['forbidden', 'forbidden'])
    expect(heard).toEqual([])
  })

  it('signs out: closes the socket, stops every listener and does not reconnect', async () => {
    vi.useFakeTimers()
    const rt = await signedIn()
    const socket = last()
    const counts: number[] = []
    const signals: MeetingSignal[] = []
    rt.watchNotificationCount('7', (n) => counts.push(n))
    rt.onSignal((s) => signals.push(s))
    await rt.signOut()
    expect(rt.isSignedIn()).toBe(false)
    expect(socket.closedWith).toBe(1000)
    socket.receive('notification_count', { count: 4 })
    socket.receive('signal', { session_id: 1, from_person_id: 2, payload: {} })
    vi.advanceTimersByTime(120_000)
    expect(FakeSocket.all).toHaveLength(1)
    expect(counts).toEqual([])
    expect(signals).toEqual([])
  })

  it('reconnects with backoff after an unexpected close, signs in again and re-subscribes', async () => {
    vi.useFakeTimers()
    const rt = await signedIn()
    const counts: number[] = []
    rt.watchNotificationCount('7', (n) => counts.push(n))
    last().receive('notification_count', { count: 1 })

    last().drop(1006)
    expect(rt.isSignedIn()).toBe(true)
    const delays: number[] = []
    // Each new socket fails at once: 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s at most.
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.all.length
      let waited = 0
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(500)
        waited += 500
      }
      delays.push(waited)
      if (i < 6) last().drop(1006)
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])

    const socket = last()
    socket.open()
    expect(socket.sent).toEqual([{ type: 'auth', data: { token: 'tok' } }])
    socket.receive('ready', { person_id: 3, contributor_id: 7 })
    expect(socket.sent.at(-1)).toEqual({
      type: 'subscribe',
      data: { topic: 'notification_count', contributor_id: '7' },
    })
    socket.receive('notification_count', { count: 3 })
    expect(counts).toEqual([1, 3])

    // A success resets the backoff.
    socket.drop(1011)
    vi.advanceTimersByTime(1000)
    expect(last()).not.toBe(socket)
  })

  it('gives up a socket the server never answers, and tries again', async () => {
    vi.useFakeTimers()
    const rt = await signedIn()
    last().drop(1006)
    vi.advanceTimersByTime(1000)
    const silent = last()
    silent.open()
    vi.advanceTimersByTime(15_000)
    expect(silent.closedWith).toBe(1000)
    vi.advanceTimersByTime(2000)
    expect(FakeSocket.all).toHaveLength(3)
    expect(rt.isSignedIn()).toBe(true)
  })

  it('stops reconnecting once the token is refused, and tells the listeners', async () => {
    vi.useFakeTimers()
    const rt = await signedIn()
    const errors: RealtimeError[] = []
    rt.watchExpert(
      '7',
      () => undefined,
      (e) => errors.push(e),
    )
    last().drop(1006)
    vi.advanceTimersByTime(1000)
    last().open()
    last().receive('error', { code: 'invalid_token', message: 'the realtime token was refused' })
    last().drop(4001, 'invalid_token')
    expect(rt.isSignedIn()).toBe(false)
    expect(errors.map((e) => e.code)).toEqual(['invalid_token'])
    vi.advanceTimersByTime(120_000)
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('ends the sign-in when the API session ends (4001 session_ended)', async () => {
    const rt = await signedIn()
    const errors: RealtimeError[] = []
    rt.watchConversations(
      '7',
      () => undefined,
      (e) => errors.push(e),
    )
    last().drop(4001, 'session_ended')
    expect(rt.isSignedIn()).toBe(false)
    expect(errors.map((e) => e.code)).toEqual(['unauthenticated'])
  })

  it('sends and receives meeting signals', async () => {
    const rt = await signedIn()
    const signals: MeetingSignal[] = []
    const errors: RealtimeError[] = []
    const stop = rt.onSignal(
      (s) => signals.push(s),
      (e) => errors.push(e),
    )
    rt.sendSignal(12, { sdp: 'offer' })
    expect(last().sent.at(-1)).toEqual({ type: 'signal', data: { sessionId: 12, payload: { sdp: 'offer' } } })
    last().receive('signal', { session_id: 12, from_person_id: 9, payload: { sdp: 'answer' } })
    last().receive('error', { code: 'forbidden', message: 'the session is over' })
    expect(signals).toEqual([{ sessionId: 12, fromPersonId: 9, payload: { sdp: 'answer' } }])
    expect(errors.map((e) => e.code)).toEqual(['forbidden'])
    stop()
    last().receive('signal', { session_id: 12, from_person_id: 9, payload: {} })
    expect(signals).toHaveLength(1)

    last().drop(1006)
    expect(() => rt.sendSignal(12, {})).toThrow(expect.objectContaining({ code: 'unavailable' }))
    await rt.signOut()
  })

  it('ignores frames that are not JSON messages', async () => {
    const rt = await signedIn()
    const counts: number[] = []
    rt.watchNotificationCount('7', (n) => counts.push(n))
    last().onmessage?.({ data: 'not json' })
    last().onmessage?.({ data: new Uint8Array(2) })
    last().receive('pong', null)
    last().receive('notification_count', { count: 1 })
    expect(counts).toEqual([1])
  })

  it('listens to chat changes, as a business owner too, and never replays an old one', async () => {
    // A business owner: no contributor id, which the chat topic does not need.
    const rt = await signedIn(null)
    const socket = last()
    const seen: unknown[] = []
    const errors: RealtimeError[] = []
    const stop = rt.watchChat(
      (c) => seen.push(c),
      (e) => errors.push(e),
    )
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', data: { topic: 'chat', contributor_id: null } })
    socket.receive('chat', { contributor_id: 7, sme_id: 3 })
    expect(seen).toEqual([{ contributor_id: 7, sme_id: 3 }])
    const later: unknown[] = []
    const stopLater = rt.watchChat((c) => later.push(c))
    expect(later).toEqual([])
    socket.receive('chat', { contributor_id: '7', sme_id: '4' })
    expect(later).toEqual([{ contributor_id: 7, sme_id: 4 }])
    stop()
    stopLater()
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', data: { topic: 'chat' } })
    expect(errors).toEqual([])
  })

  it('hears each later change of the person’s sessions, never the first list', async () => {
    const rt = await signedIn(null)
    const socket = last()
    const seen: unknown[] = []
    const stop = rt.watchSessions((c) => seen.push(c))
    expect(socket.sent.at(-1)).toEqual({
      type: 'subscribe',
      data: { topic: 'sessions', contributor_id: null },
    })
    const session = sessionChange({ state: 'ongoing' })
    socket.receive('sessions', { sessions: [session] })
    expect(seen).toEqual([])
    socket.receive('session', { session })
    expect(seen).toEqual([session])
    stop()
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', data: { topic: 'sessions' } })
  })
})
