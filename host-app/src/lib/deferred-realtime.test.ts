import type { ExpertRecord } from '@mashura/core'
import { createMemoryRealtime } from '@mashura/core/testing'
import { describe, expect, it, vi } from 'vitest'
import { deferredRealtime } from './deferred-realtime.ts'

const record: ExpertRecord = {
  role: 'advisor',
  chat_status: true,
  join_now_enabled: true,
  available_for_instant: false,
}

describe('the realtime client of a site running Firebase', () => {
  it('loads Firebase on the first sign-in, signs both in with the one token, and splits the listeners', async () => {
    const firebase = createMemoryRealtime({ acceptToken: (t) => t === 'custom' })
    const socket = createMemoryRealtime({ acceptToken: (t) => t === 'custom' })
    const load = vi.fn(async () => firebase)
    const client = deferredRealtime({ load, socket })
    const errors: string[] = []
    client.watchExpert(
      '7',
      () => {},
      (error) => errors.push(error.code),
    )
    expect(errors).toEqual(['unauthenticated'])
    expect(load).not.toHaveBeenCalled()

    await client.signIn('custom')
    expect(load).toHaveBeenCalledTimes(1)
    expect([client.isSignedIn(), firebase.isSignedIn(), socket.isSignedIn()]).toEqual([true, true, true])
    const experts: unknown[] = []
    const chats: unknown[] = []
    client.watchExpert('7', (r) => experts.push(r))
    client.watchChat((c) => chats.push(c))
    firebase.setExpert('7', record)
    socket.setExpert('7', { ...record, chat_status: false })
    socket.changeChat({ contributor_id: 7, sme_id: 3 })
    firebase.changeChat({ contributor_id: 7, sme_id: 4 })
    expect(experts.at(-1)).toEqual(record)
    expect(chats).toEqual([{ contributor_id: 7, sme_id: 3 }])

    await client.signOut()
    expect([firebase.isSignedIn(), socket.isSignedIn()]).toEqual([false, false])
    await client.signIn('custom')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('stays signed in to Firebase when the socket refuses, and fails when Firebase does', async () => {
    const firebase = createMemoryRealtime({ acceptToken: (t) => t === 'custom' })
    const socket = createMemoryRealtime({ acceptToken: () => false })
    const client = deferredRealtime({ load: async () => firebase, socket })
    await client.signIn('custom')
    expect([client.isSignedIn(), socket.isSignedIn()]).toEqual([true, false])
    await expect(deferredRealtime({ load: async () => firebase, socket }).signIn('wrong')).rejects.toThrow()
  })
})
