import {
  $auth,
  $expert,
  $hasUnreadChat,
  $instantAvailability,
  $notificationCount,
  type ExpertRecord,
} from '@mashura/core'
import {
  configureStorage,
  createMemoryPush,
  createMemoryRealtime,
  memoryStorage,
  signedOutState,
} from '@mashura/core/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  bindRealtime,
  enablePush,
  PUSH_NOTICE_KEYS,
  pushMessageLink,
  showPushMessage,
  watchConnectivity,
} from './live.ts'
import { $errorNotice, $snackbar, hideErrorNotice, hideSnackbar } from './notices.ts'

let storage: ReturnType<typeof memoryStorage>

beforeEach(() => {
  storage = memoryStorage()
  configureStorage({ local: storage, session: memoryStorage() })
  $auth.set(signedOutState())
  $expert.set(null)
  $notificationCount.set(0)
  $hasUnreadChat.set(false)
  hideSnackbar()
  hideErrorNotice()
})

describe('push message link (spec 4)', () => {
  it('links request_id first, then session_id', () => {
    expect(pushMessageLink({ request_id: 4, session_id: 9 }, '/')).toBe('/request/4')
    expect(pushMessageLink({ session_id: '9' }, '/dashboard')).toBe('/session/9')
    expect(pushMessageLink({ request_id: '', session_id: 9 }, '/')).toBe('/session/9')
    expect(pushMessageLink({}, '/')).toBeNull()
    // A chat message opens its conversation (issue 31).
    expect(pushMessageLink({ request_id: null, session_id: null, chat_with: 31 }, '/notifications')).toBe(
      '/Chat/31',
    )
    expect(pushMessageLink({ session_id: 9, chat_with: 31 }, '/')).toBe('/session/9')
  })

  it('offers no link when the address already contains /session', () => {
    expect(pushMessageLink({ request_id: 4 }, '/session/12')).toBeNull()
    expect(pushMessageLink({ session_id: 4 }, '/session-details/upcoming/3')).toBeNull()
    expect(pushMessageLink({ session_id: 4 }, '/sessions/upcoming')).toBeNull()
  })
})

describe('realtime binding', () => {
  const record: ExpertRecord = {
    role: 'advisor',
    chat_status: true,
    join_now_enabled: true,
    available_for_instant: true,
  }

  it('keeps expert, count, unread flag and instant flags current', async () => {
    const rt = createMemoryRealtime()
    await rt.signIn('t')
    const stop = bindRealtime(rt, '12')
    rt.setExpert('12', record)
    expect($expert.get()).toEqual(record)
    expect($instantAvailability.get()).toEqual({ enabledByAdmin: true, available: true })
    rt.setNotificationCount('12', 4)
    expect($notificationCount.get()).toBe(4)
    rt.setConversation('12', { id: 's1', lastMessage: { user: { id: 99 }, body: 'مرحبا', status: 1 } })
    expect($hasUnreadChat.get()).toBe(true)
    rt.setConversation('12', { id: 's1', lastMessage: { user: { id: 99 }, body: 'مرحبا', status: 2 } })
    expect($hasUnreadChat.get()).toBe(false)
    stop()
    rt.setNotificationCount('12', 9)
    expect($notificationCount.get()).toBe(4)
  })
})

describe('push (spec 4, 7, 8)', () => {
  const base = { publicKey: 'BKey', currentPath: () => '/dashboard' }

  it('asks permission, stores fcmToken, sends it, and shows messages with their link', async () => {
    const push = createMemoryPush()
    const saved: string[] = []
    const result = await enablePush({ ...base, push, saveToken: async (t) => saved.push(t) }, storage)
    expect(result.ok).toBe(true)
    expect(storage.getItem('fcmToken')).toBe('memory-push-BKey')
    expect(saved).toEqual(['memory-push-BKey'])
    push.deliver({ data: { title: 'طلب جديد', request_id: 5 }, notification: { body: 'لديك طلب جديد' } })
    expect($snackbar.get()).toMatchObject({ text: 'لديك طلب جديد', link: '/request/5' })
  })

  it.each([
    ['unsupported', { supported: false }],
    ['permissionDenied', { answer: 'denied' as const }],
    ['tokenUnavailable', { token: null }],
    ['listenFailed', { failListening: true }],
  ] as const)('shows the %s message', async (reason, opts) => {
    const result = await enablePush(
      { ...base, push: createMemoryPush(opts), saveToken: async () => {} },
      storage,
    )
    expect(result).toMatchObject({ ok: false, reason })
    expect($snackbar.get()).toMatchObject({ kind: 'error', key: PUSH_NOTICE_KEYS[reason] })
  })

  it('asks to allow notifications when getting the token fails', async () => {
    const push = createMemoryPush()
    push.getToken = async () => {
      throw new Error('blocked')
    }
    const result = await enablePush({ ...base, push, saveToken: async () => {} }, storage)
    expect(result).toMatchObject({ ok: false, reason: 'allowNotifications' })
    // Listening goes on: a subscription the browser already holds still delivers.
    push.deliver({ data: { session_id: 8 }, notification: { body: 'بدأت جلستك' } })
    expect($snackbar.get()).toMatchObject({ text: 'بدأت جلستك', link: '/session/8' })
    if (!result.ok) result.stop?.()
  })

  it('keeps the token and shows the server message when saving it fails', async () => {
    const push = createMemoryPush()
    const result = await enablePush(
      {
        ...base,
        push,
        saveToken: async () => {
          throw Object.assign(new Error('x'), { body: { error: { code: 'e', message: 'تعذر الحفظ' } } })
        },
      },
      storage,
    )
    expect(result.ok).toBe(true)
    expect(storage.getItem('fcmToken')).toBe('memory-push-BKey')
    expect($errorNotice.get()).toMatchObject({ text: 'تعذر الحفظ' })
  })

  it('offers no link on a session page', () => {
    showPushMessage({ data: { session_id: 3, title: 'بدأت الجلسة' } }, '/session/3')
    expect($snackbar.get()).toMatchObject({ text: 'بدأت الجلسة', link: null })
  })

  it('shows the no-connection message on going offline', () => {
    const target = new EventTarget()
    const stop = watchConnectivity(target)
    target.dispatchEvent(new Event('offline'))
    expect($snackbar.get()).toMatchObject({ key: PUSH_NOTICE_KEYS.offline })
    hideSnackbar()
    stop()
    target.dispatchEvent(new Event('offline'))
    expect($snackbar.get()).toBeNull()
  })
})
