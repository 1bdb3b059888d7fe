import type { Firestore } from 'firebase/firestore'
import { describe, expect, it } from 'vitest'
import { hasUnreadMessages } from '../rules/index.ts'
import {
  conversationFromDocument,
  countFromDocument,
  createFirebaseRealtime,
  expertFromDocument,
} from './firebase.ts'

// The listeners themselves run against a Firestore emulator in packages/server/src/adapters/firebase/firebase.test.ts.
describe('the Firebase realtime client', () => {
  it('reads an expert document’s record under its data object, and nothing else', () => {
    const data = { role: 'advisor', chat_status: true, join_now_enabled: false, available_for_instant: true }
    expect(expertFromDocument({ data })).toEqual(data)
    expect(expertFromDocument({ data: { ...data, chat_status: 'yes' } })?.chat_status).toBe(false)
    expect(expertFromDocument({ data: { ...data, role: 'admin' } })).toBeNull()
    expect(expertFromDocument(data)).toBeNull()
    expect(expertFromDocument(null)).toBeNull()
  })

  it('reads conversations as the unread rule needs them, and counts as whole numbers', () => {
    const unread = conversationFromDocument('31', {
      lastMessage: { user: { id: 31 }, body: 'مرحبا', status: 1, type: 'text' },
    })
    expect(unread).toEqual({
      id: '31',
      lastMessage: { user: { id: 31 }, body: 'مرحبا', status: 1, type: 'text' },
    })
    const read = conversationFromDocument('32', {
      lastMessage: { user: { id: 32 }, body: 'شكرًا', status: 2 },
    })
    const empty = conversationFromDocument('33', {})
    expect(empty).toEqual({ id: '33', lastMessage: null })
    expect(hasUnreadMessages([read, empty], 7)).toBe(false)
    expect(hasUnreadMessages([read, unread], 7)).toBe(true)
    expect([
      countFromDocument({ count: 4 }),
      countFromDocument({ count: -1 }),
      countFromDocument(null),
    ]).toEqual([4, 0, 0])
  })

  it('listens only once signed in, signs in with payload, and leaves the extensions to the built-in client', async () => {
    const heard: unknown[] = []
    const client = createFirebaseRealtime({
      firestore: {} as Firestore,
      signIn: async (token) => {
        if (token !== 'firebase-token') throw new Error('wrong token')
      },
      signOut: async () => {},
      extensions: {
        watchChat: (listener) => {
          listener({ contributor_id: 1, sme_id: 2 })
          return () => heard.push('chat stopped')
        },
        watchSessions: () => () => {},
      },
    })
    const errors: string[] = []
    client.watchExpert(
      '1',
      () => {},
      (error) => errors.push(error.code),
    )
    expect(errors).toEqual(['unauthenticated'])
    await expect(client.signIn('socket-token')).rejects.toMatchObject({ code: 'invalid_token' })
    await client.signIn('firebase-token')
    expect(client.isSignedIn()).toBe(true)
    client.watchChat((change) => heard.push(change))
    await client.signOut()
    expect(heard).toEqual([{ contributor_id: 1, sme_id: 2 }, 'chat stopped'])
  })
})
