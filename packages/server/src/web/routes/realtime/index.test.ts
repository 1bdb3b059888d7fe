import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { revokeApiSession } from '../../../adapters/auth/tokens.ts'
import { openSocket, refusedStatus, type TestSocket } from '../../../adapters/realtime/test-client.ts'
import { buildApp } from '../../../app.ts'
import { DEV_API_KEY } from '../../../config.ts'
import {
  createTestContext,
  eachDatabase,
  jsonOf,
  type TestContext,
  type TestPerson,
  useFixtures,
  useTestContext,
} from '../../../test-support/context.ts'
import { addExpert, addNotification, addSession } from '../../../test-support/fixtures.ts'

const ORIGIN = 'http://localhost:5173'
const QUIET_MS = 300

async function realtimeToken(ctx: TestContext, person: TestPerson): Promise<string> {
  const response = await jsonOf(ctx.get('/api/firebase/auth', person.token))
  return response.data.payload
}

/** Opens a socket on a server and signs in as a person. */
async function signIn(ctx: TestContext, address: string, person: TestPerson): Promise<TestSocket> {
  const socket = await openSocket(`${address}?api_key=${DEV_API_KEY}`, { origin: ORIGIN })
  socket.send({ type: 'auth', data: { token: await realtimeToken(ctx, person) } })
  const ready = await socket.next('ready')
  expect(ready.data).toEqual({ person_id: person.personId, contributor_id: person.contributorId })
  return socket
}

const wsAddress = (httpAddress: string) => `${httpAddress.replace(/^http/, 'ws')}/api/realtime`

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS))

eachDatabase('realtime socket', (dialect) => {
  const ctx = useTestContext(dialect, { apiKeys: { 'site-key': ['https://site.example'] } })
  let address: string
  beforeAll(async () => {
    address = wsAddress(await ctx.app.listen({ port: 0, host: '127.0.0.1' }))
  })
  const { sme, otherSme, expert, otherExpert } = useFixtures({
    sme: () => ctx.person({ name: 'صاحب منشأة' }),
    otherSme: () => ctx.person({ name: 'صاحب منشأة آخر' }),
    expert: () => addExpert(ctx, { name: 'خبير', kind: 'advisor', join_now_enabled: true }),
    otherExpert: () => addExpert(ctx, { name: 'خبير آخر' }),
  })
  const sockets: TestSocket[] = []
  afterAll(() => {
    for (const s of sockets) s.close()
  })
  const open = async (person: TestPerson) => {
    const s = await signIn(ctx, address, person)
    sockets.push(s)
    return s
  }
  /** Publishes that a session of `expert`'s changed, naming `owner` (`sme` unless given) as its business owner. */
  const sessionChanged = (sessionId: number, owner: TestPerson = sme) =>
    ctx.app.bus.publish({
      type: 'session.changed',
      sessionId,
      contributorId: expert.contributorId,
      smeId: owner.personId,
    })

  describe('refusals', () => {
    it('refuses the upgrade without a known API key, or from an Origin the key does not allow', async () => {
      expect(await refusedStatus(address, { origin: ORIGIN })).toBe(401)
      expect(await refusedStatus(`${address}?api_key=nope`, { origin: ORIGIN })).toBe(401)
      expect(
        await refusedStatus(`${address}?api_key=${DEV_API_KEY}`, { origin: 'https://evil.example' }),
      ).toBe(403)
      expect(await refusedStatus(`${address}?api_key=site-key`, { origin: 'https://other.example' })).toBe(
        403,
      )
      expect(await refusedStatus(address, { origin: 'https://other.example', 'x-api-key': 'site-key' })).toBe(
        403,
      )
      const ok = await openSocket(`${address}?api_key=site-key`, { origin: 'https://site.example' })
      ok.close()
    })

    it('closes a socket whose first message is not a valid realtime token', async () => {
      const apiTokenInstead = await openSocket(`${address}?api_key=${DEV_API_KEY}`, { origin: ORIGIN })
      apiTokenInstead.send({ type: 'auth', data: { token: expert.token } })
      expect((await apiTokenInstead.next('error')).data.code).toBe('invalid_token')
      expect(await apiTokenInstead.closed()).toBe(4001)

      const noAuth = await openSocket(`${address}?api_key=${DEV_API_KEY}`, { origin: ORIGIN })
      noAuth.send({ type: 'subscribe', data: { topic: 'expert' } })
      expect(await noAuth.closed()).toBe(4001)
    })

    it('refuses a token whose API session was revoked (logout)', async () => {
      const person = await addExpert(ctx, { name: 'خبير خرج' })
      const token = await realtimeToken(ctx, person)
      await revokeApiSession(ctx.store, person.sessionId)
      const socket = await openSocket(`${address}?api_key=${DEV_API_KEY}`, { origin: ORIGIN })
      socket.send({ type: 'auth', data: { token } })
      expect((await socket.next('error')).data.code).toBe('invalid_token')
      expect(await socket.closed()).toBe(4001)
    })
  })

  describe('a contributor', () => {
    it('gets their expert record, notification count and conversations on subscribe, and nobody else’s', async () => {
      const socket = await open(expert)
      socket.send({
        type: 'subscribe',
        data: { topic: 'expert', contributor_id: String(expert.contributorId) },
      })
      expect((await socket.next('expert')).data).toEqual({
        contributor_id: expert.contributorId,
        record: { role: 'advisor', chat_status: false, join_now_enabled: true, available_for_instant: false },
      })
      socket.send({ type: 'subscribe', data: { topic: 'notification_count' } })
      expect((await socket.next('notification_count')).data).toEqual({ count: 0 })
      socket.send({ type: 'subscribe', data: { topic: 'conversations' } })
      expect((await socket.next('conversations')).data).toEqual({
        contributor_id: expert.contributorId,
        conversations: [],
      })

      socket.send({ type: 'subscribe', data: { topic: 'expert', contributor_id: otherExpert.contributorId } })
      expect((await socket.next('error')).data).toMatchObject({ code: 'forbidden', topic: 'expert' })
      const owner = await open(sme)
      owner.send({ type: 'subscribe', data: { topic: 'conversations' } })
      expect((await owner.next('error')).data).toMatchObject({ code: 'forbidden', topic: 'conversations' })
    })

    it('hears of changes as they happen; another contributor hears nothing of them', async () => {
      const mine = await open(expert)
      const theirs = await open(otherExpert)
      for (const s of [mine, theirs]) {
        for (const topic of ['expert', 'notification_count', 'conversations', 'sessions'])
          s.send({ type: 'subscribe', data: { topic } })
        for (const type of ['expert', 'notification_count', 'conversations', 'sessions']) await s.next(type)
      }
      const before = theirs.messages.length

      await addNotification(ctx, expert.personId)
      expect((await mine.next('notification_count')).data).toEqual({ count: 1 })

      await ctx.store.db
        .updateTable('contributors')
        .set({ available_for_instant: 1, chat_status: 1 })
        .where('id', '=', expert.contributorId)
        .execute()
      await ctx.app.bus.publish({ type: 'expert.changed', contributorId: expert.contributorId })
      expect((await mine.next('expert')).data.record).toMatchObject({
        chat_status: true,
        available_for_instant: true,
      })

      const now = new Date().toISOString()
      const conversation = await ctx.store.db
        .insertInto('conversations')
        .values({
          contributor_id: expert.contributorId,
          sme_id: sme.personId,
          last_message_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const message = await ctx.store.db
        .insertInto('chat_messages')
        .values({
          conversation_id: conversation.id,
          sender_person_id: sme.personId,
          type: 'text',
          body: 'السلام عليكم',
          file_id: null,
          status: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await ctx.store.db
        .updateTable('conversations')
        .set({ last_message_id: message.id })
        .where('id', '=', conversation.id)
        .execute()
      await ctx.app.bus.publish({
        type: 'conversation.changed',
        conversationId: conversation.id,
        contributorId: expert.contributorId,
        smeId: sme.personId,
      })
      expect((await mine.next('conversations')).data.conversations).toEqual([
        expect.objectContaining({
          id: String(sme.personId),
          lastMessage: { user: { id: `sme:${sme.personId}` }, body: 'السلام عليكم', status: 1, type: 'text' },
          sme: expect.objectContaining({ id: sme.personId }),
        }),
      ])

      const session = await addSession(ctx.store.db, {
        contributorId: expert.contributorId,
        smeId: sme.personId,
        start: new Date(Date.now() + 3600_000),
      })
      await sessionChanged(session.id)
      expect((await mine.next('session')).data.session).toMatchObject({ id: session.id, state: 'booked' })

      await quiet()
      expect(theirs.messages.slice(before)).toEqual([])
    })
  })

  describe('a business owner', () => {
    it('gets their sessions and requests and their notification count, and not another owner’s', async () => {
      const session = await addSession(ctx.store.db, {
        contributorId: expert.contributorId,
        smeId: sme.personId,
        start: new Date(Date.now() + 7200_000),
        state: 'pending',
        request_state: 'waiting',
      })
      const owner = await open(sme)
      const other = await open(otherSme)
      for (const s of [owner, other]) {
        s.send({ type: 'subscribe', data: { topic: 'sessions' } })
        s.send({ type: 'subscribe', data: { topic: 'notification_count' } })
      }
      const initial = (await owner.next('sessions')).data.sessions as { id: number }[]
      expect(initial.map((s) => s.id)).toContain(session.id)
      expect((await other.next('sessions')).data.sessions).toEqual([])
      await owner.next('notification_count')
      await other.next('notification_count')
      const before = other.messages.length

      await ctx.store.db
        .updateTable('sessions')
        .set({ state: 'booked', request_state: 'accepted' })
        .where('id', '=', session.id)
        .execute()
      await sessionChanged(session.id)
      expect((await owner.next('session')).data.session).toMatchObject({
        id: session.id,
        state: 'booked',
        request_state: 'accepted',
        sme_id: sme.personId,
        contributor_id: expert.contributorId,
      })
      await addNotification(ctx, sme.personId)
      expect((await owner.next('notification_count')).data).toEqual({ count: 1 })

      // An event naming the wrong owner still reaches only the session's own participants.
      await sessionChanged(session.id, otherSme)
      await quiet()
      expect(other.messages.slice(before)).toEqual([])
    })

    it('lists a waiting request and booked sessions as live; never a rejected, expired or lapsed request (issue 17)', async () => {
      const owner = await ctx.person({ name: 'صاحبة منشأة' })
      const row = (
        start: Date,
        values: Omit<Parameters<typeof addSession>[1], 'contributorId' | 'smeId' | 'start'>,
      ) =>
        addSession(ctx.store.db, {
          contributorId: expert.contributorId,
          smeId: owner.personId,
          start,
          ...values,
        })
      const hour = 3600_000
      const waiting = await row(new Date(Date.now() + 3 * hour), {
        state: 'pending',
        request_state: 'waiting',
      })
      await row(new Date(Date.now() + 4 * hour), { state: 'pending', request_state: 'rejected' })
      await row(new Date(Date.now() - 5 * hour), { state: 'pending', request_state: 'expired' })
      // Its slot has started and the scheduler has not expired it yet: expired all the same.
      await row(new Date(Date.now() - hour / 2), { state: 'pending', request_state: 'waiting' })
      await row(new Date(Date.now() + 6 * hour), { state: 'cancelled', request_state: 'accepted' })
      const booked = await row(new Date(Date.now() + 7 * hour), {
        state: 'booked',
        request_state: 'accepted',
      })
      const socket = await open(owner)
      socket.send({ type: 'subscribe', data: { topic: 'sessions' } })
      const live = (await socket.next('sessions')).data.sessions as { id: number }[]
      expect(live.map((s) => s.id)).toEqual([waiting.id, booked.id])
    })
  })

  describe('signalling', () => {
    it('relays a signal only to the other participant; refuses outsiders and large payloads', async () => {
      const session = await addSession(ctx.store.db, {
        contributorId: expert.contributorId,
        smeId: sme.personId,
        start: new Date(Date.now() - 60_000),
        state: 'ongoing',
      })
      const owner = await open(sme)
      const host = await open(expert)
      const outsider = await open(otherSme)

      owner.send({ type: 'signal', sessionId: session.id, payload: { sdp: 'offer' } })
      expect((await host.next('signal')).data).toEqual({
        session_id: session.id,
        from_person_id: sme.personId,
        payload: { sdp: 'offer' },
      })
      host.send({ type: 'signal', data: { sessionId: session.id, payload: { sdp: 'answer' } } })
      expect((await owner.next('signal')).data).toMatchObject({ payload: { sdp: 'answer' } })

      outsider.send({ type: 'signal', sessionId: session.id, payload: { sdp: 'intrusion' } })
      expect((await outsider.next('error')).data.code).toBe('forbidden')
      owner.send({ type: 'signal', sessionId: session.id, payload: 'x'.repeat(17 * 1024) })
      expect((await owner.next('error')).data.code).toBe('too_large')
      owner.send({ type: 'signal', sessionId: 999_999, payload: {} })
      expect((await owner.next('error')).data.code).toBe('forbidden')

      await quiet()
      expect(
        [owner, host, outsider].map((s) => s.messages.filter((m) => m.type === 'signal').length),
      ).toEqual([1, 1, 0])
    })

    it('relays nothing for a request, whatever its answer, a booking not yet started, or an office session', async () => {
      const start = new Date(Date.now() + 3600_000)
      const cases = [
        { state: 'pending', request_state: 'waiting' },
        { state: 'pending', request_state: 'rejected' },
        { state: 'pending', request_state: 'expired' },
        { state: 'booked', request_state: null },
        { state: 'ongoing', request_state: null, communication_way: 1 },
      ] as const
      const owner = await open(sme)
      const host = await open(expert)
      for (const overrides of cases) {
        const session = await addSession(ctx.store.db, {
          contributorId: expert.contributorId,
          smeId: sme.personId,
          start,
          ...overrides,
        })
        owner.send({ type: 'signal', sessionId: session.id, payload: { sdp: 'offer' } })
        expect((await owner.next('error')).data.code, JSON.stringify(overrides)).toBe('forbidden')
      }
      await quiet()
      expect(host.messages.filter((m) => m.type === 'signal')).toEqual([])
    })
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('realtime across instances through Redis', () => {
  eachDatabase('two instances', (dialect) => {
    let ctx: TestContext
    let second: Awaited<ReturnType<typeof buildApp>>
    let addressA: string
    let addressB: string
    const sockets: TestSocket[] = []

    beforeAll(async () => {
      ctx = await createTestContext(dialect, {
        redisUrl: process.env.TEST_REDIS_URL!,
        redisPrefix: `mashura-test-${randomBytes(4).toString('hex')}:`,
      })
      second = await buildApp({ config: ctx.config, store: ctx.store })
      addressA = wsAddress(await ctx.app.listen({ port: 0, host: '127.0.0.1' }))
      addressB = wsAddress(await second.listen({ port: 0, host: '127.0.0.1' }))
    })
    afterAll(async () => {
      for (const s of sockets) s.close()
      await second.close()
      await ctx.close()
    })

    it('a change made through instance A reaches a socket on instance B within a second, and only it', async () => {
      const expert = await addExpert(ctx, { name: 'خبير' })
      const other = await addExpert(ctx, { name: 'خبير آخر' })
      const mine = await signIn(ctx, addressB, expert)
      const theirs = await signIn(ctx, addressB, other)
      sockets.push(mine, theirs)
      for (const s of [mine, theirs]) {
        s.send({ type: 'subscribe', data: { topic: 'notification_count' } })
        await s.next('notification_count')
      }
      const before = theirs.messages.length
      await addNotification(ctx, expert.personId)
      expect((await mine.next('notification_count', 1000)).data).toEqual({ count: 1 })
      await quiet()
      expect(theirs.messages.slice(before)).toEqual([])
    })

    it('relays a signal between participants connected to different instances', async () => {
      const expert = await addExpert(ctx, { name: 'خبير الجلسة' })
      const sme = await ctx.person({ name: 'صاحب منشأة' })
      const session = await addSession(ctx.store.db, {
        contributorId: expert.contributorId,
        smeId: sme.personId,
        start: new Date(Date.now() - 60_000),
        state: 'ongoing',
      })
      const owner = await signIn(ctx, addressA, sme)
      const host = await signIn(ctx, addressB, expert)
      sockets.push(owner, host)
      owner.send({ type: 'signal', sessionId: session.id, payload: { candidate: 'c1' } })
      expect((await host.next('signal', 1000)).data).toEqual({
        session_id: session.id,
        from_person_id: sme.personId,
        payload: { candidate: 'c1' },
      })
    })
  })
})
