/**
 * Caps on realtime sockets (issue 30: 50 sockets on one token were all accepted). A person holds at most
 * REALTIME_MAX_SOCKETS_PER_PERSON signed-in sockets on an instance, and a client address at most
 * REALTIME_MAX_PENDING_PER_ADDRESS sockets not yet signed in; one more is closed with 4029 `too_many_sockets`,
 * and closing one (or signing one in) frees a place.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { CLOSE_TOO_MANY_SOCKETS } from '../../../adapters/realtime/hub.ts'
import { openSocket, type TestSocket } from '../../../adapters/realtime/test-client.ts'
import { DEV_API_KEY } from '../../../config.ts'
import { eachDatabase, jsonOf, type TestPerson, useTestContext } from '../../../test-support/context.ts'

const ORIGIN = 'http://localhost:5173'
const PER_PERSON = 2
const PER_ADDRESS = 2

eachDatabase('realtime socket caps', (dialect) => {
  const ctx = useTestContext(dialect, {
    realtime: { maxSocketsPerPerson: PER_PERSON, maxPendingPerAddress: PER_ADDRESS },
  })
  let address: string
  beforeAll(async () => {
    address = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/api/realtime`
  })
  const sockets: TestSocket[] = []
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close()
  })

  const open = async () => {
    const socket = await openSocket(`${address}?api_key=${DEV_API_KEY}`, { origin: ORIGIN })
    sockets.push(socket)
    return socket
  }

  /** Opens a socket and signs it in as `person`: `ready`, or the code it was closed with. */
  async function signIn(
    person: TestPerson,
    token?: string,
  ): Promise<{ socket: TestSocket; outcome: string }> {
    const socket = await open()
    const realtimeToken = token ?? (await jsonOf(ctx.get('/api/firebase/auth', person.token))).data.payload
    socket.send({ type: 'auth', data: { token: realtimeToken } })
    const outcome = await Promise.race([
      socket.next('ready', 5000).then(() => 'ready'),
      socket.closed(5000).then((code) => `closed ${code} ${socket.closeReason()}`),
    ])
    return { socket, outcome }
  }

  const refused = `closed ${CLOSE_TOO_MANY_SOCKETS} too_many_sockets`

  it('closes a person’s socket past the cap, even on one token, and takes one again once a place is free', async () => {
    const person = await ctx.person()
    const token = (await jsonOf(ctx.get('/api/firebase/auth', person.token))).data.payload
    const first = await signIn(person, token)
    const second = await signIn(person, token)
    expect([first.outcome, second.outcome]).toEqual(['ready', 'ready'])
    const third = await signIn(person, token)
    expect(third.outcome).toBe(refused)
    expect(third.socket.messages.some((m) => m.type === 'ready')).toBe(false)
    // Someone else is not held back by her sockets.
    expect((await signIn(await ctx.person())).outcome).toBe('ready')

    first.socket.close()
    await first.socket.closed()
    // The server lets the socket go when its closing handshake ends, which the client may see first.
    await vi.waitFor(async () => expect((await signIn(person, token)).outcome).toBe('ready'), {
      timeout: 5000,
      interval: 20,
    })
  })

  it('closes a socket past the cap of sockets not yet signed in from one address, and frees a place as one signs in or closes', async () => {
    const waiting = [await open(), await open()]
    const extra = await open()
    expect(await extra.closed()).toBe(CLOSE_TOO_MANY_SOCKETS)
    expect(extra.closeReason()).toBe('too_many_sockets')
    // The two waiting still sign in; once one has, another may open (and sign in: a refused socket would have
    // been closed before its `ready`).
    waiting[0]!.send({
      type: 'auth',
      data: { token: (await jsonOf(ctx.get('/api/firebase/auth', (await ctx.person()).token))).data.payload },
    })
    await waiting[0]!.next('ready')
    expect((await signIn(await ctx.person())).outcome).toBe('ready')
    // Full again: the last waiting one and one more. Closing one frees its place.
    const full = await open()
    expect((await signIn(await ctx.person())).outcome).toBe(refused)
    waiting[1]!.close()
    await waiting[1]!.closed()
    const person = await ctx.person()
    await vi.waitFor(async () => expect((await signIn(person)).outcome).toBe('ready'), {
      timeout: 5000,
      interval: 20,
    })
    expect(full.closeReason()).toBeNull()
  })
})
