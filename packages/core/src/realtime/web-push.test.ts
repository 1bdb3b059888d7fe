import { describe, expect, it } from 'vitest'
import type { PushMessage } from './index.ts'
import { createWebPushClient, PUSH_MESSAGE_TYPE, vapidKeyBytes } from './web-push.ts'

// A P-256 public key as a VAPID key is sent (base64url, 65 bytes).
const KEY = 'BMdObXvG4JxTLFezC3SPJE_f4AP5rN3kfKk4p975fxdpCMSZwyVJrPJQysEDA1maie5H2bsBC4ytG0jfNZgJ_KI'

/** A stand-in `PushSubscription`, made with a key. */
function subscription(key: Uint8Array, endpoint = 'https://fcm.googleapis.com/fcm/send/abc') {
  let unsubscribed = false
  return {
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      unsubscribed = true
      return true
    },
    get unsubscribed() {
      return unsubscribed
    },
  }
}

/** A stand-in registration whose push manager hands out `made` (or fails with `fail`). */
function registration(existing: ReturnType<typeof subscription> | null, fail?: Error) {
  const calls: { applicationServerKey: Uint8Array }[] = []
  const reg = {
    pushManager: {
      getSubscription: async () => existing,
      subscribe: async (o: { applicationServerKey: Uint8Array }) => {
        calls.push(o)
        if (fail) throw fail
        return subscription(o.applicationServerKey, 'https://fcm.googleapis.com/fcm/send/new')
      },
    },
  }
  return { reg: reg as unknown as ServiceWorkerRegistration, calls }
}

const notification = {
  permission: 'default' as NotificationPermission,
  requestPermission: async () => 'granted' as NotificationPermission,
}

describe('the Web Push client', () => {
  it('decodes a base64url VAPID key into its 65 bytes', () => {
    const bytes = vapidKeyBytes(KEY)
    expect(bytes.length).toBe(65)
    expect(bytes[0]).toBe(4)
  })

  it('is supported only with a service worker container, notifications and PushManager', async () => {
    const container = new EventTarget() as ServiceWorkerContainer
    const base = { registration: null, container, notification, pushManagerAvailable: true }
    expect(await createWebPushClient(base).isSupported()).toBe(true)
    expect(await createWebPushClient({ ...base, pushManagerAvailable: false }).isSupported()).toBe(false)
    expect(await createWebPushClient({ ...base, container: null }).isSupported()).toBe(false)
    expect(await createWebPushClient({ ...base, notification: null }).isSupported()).toBe(false)
  })

  it('reads and asks the notification permission; without notifications it is denied', async () => {
    const client = createWebPushClient({ registration: null, container: null, notification })
    expect(client.permission()).toBe('default')
    expect(await client.requestPermission()).toBe('granted')
    const none = createWebPushClient({ registration: null, container: null, notification: null })
    expect(none.permission()).toBe('denied')
    expect(await none.requestPermission()).toBe('denied')
  })

  it('subscribes with the key and answers the subscription as JSON', async () => {
    const { reg, calls } = registration(null)
    const client = createWebPushClient({ registration: reg, container: null, notification })
    const token = await client.getToken(KEY)
    expect(JSON.parse(token!)).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      keys: { p256dh: 'p', auth: 'a' },
    })
    expect(calls[0]!.applicationServerKey).toEqual(vapidKeyBytes(KEY))
  })

  it('reuses a subscription made with the same key and replaces one made with another', async () => {
    const same = registration(subscription(vapidKeyBytes(KEY)))
    const client = createWebPushClient({ registration: same.reg, container: null, notification })
    expect(JSON.parse((await client.getToken(KEY))!).endpoint).toBe('https://fcm.googleapis.com/fcm/send/abc')
    expect(same.calls).toHaveLength(0)

    const old = subscription(new Uint8Array(65).fill(7))
    const other = registration(old)
    const replaced = createWebPushClient({ registration: other.reg, container: null, notification })
    expect(JSON.parse((await replaced.getToken(KEY))!).endpoint).toBe(
      'https://fcm.googleapis.com/fcm/send/new',
    )
    expect(old.unsubscribed).toBe(true)
  })

  it('has no token without a key, and fails without a service worker or when the push service refuses', async () => {
    const { reg } = registration(null, new Error('Registration failed - push service error'))
    const client = createWebPushClient({ registration: reg, container: null, notification })
    expect(await client.getToken('')).toBeNull()
    await expect(client.getToken(KEY)).rejects.toThrow('push service error')
    const none = createWebPushClient({ registration: null, container: null, notification })
    await expect(none.getToken(KEY)).rejects.toThrow('No service worker')
  })

  it("hears the service worker's foreground pushes, ignores other messages, and stops", () => {
    const container = new EventTarget() as ServiceWorkerContainer
    const { reg } = registration(null)
    const client = createWebPushClient({ registration: reg, container, notification })
    const heard: PushMessage[] = []
    const stop = client.onMessage((m) => heard.push(m))
    const message: PushMessage = { data: { title: 'طلب جديد', request_id: 4 }, notification: { body: 'نص' } }
    container.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE_TYPE, message } }))
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'other', message } }))
    container.dispatchEvent(new MessageEvent('message', { data: 'text' }))
    container.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE_TYPE, message: {} } }))
    expect(heard).toEqual([message])
    stop()
    container.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_MESSAGE_TYPE, message } }))
    expect(heard).toHaveLength(1)
  })

  it('cannot listen without a service worker', () => {
    const container = new EventTarget() as ServiceWorkerContainer
    const client = createWebPushClient({ registration: null, container, notification })
    expect(() => client.onMessage(() => {})).toThrow('No service worker')
  })
})
