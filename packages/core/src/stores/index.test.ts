import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryPush, createMemoryRealtime, type ExpertRecord } from '../realtime/index.ts'
import { configureStorage, memoryStorage } from '../storage/index.ts'
import {
  $direction,
  $errorNotice,
  $expert,
  $hasUnreadChat,
  $instantAvailability,
  $language,
  $notificationCount,
  $signedIn,
  $snackbar,
  hideErrorNotice,
  hideSnackbar,
  hydrateStores,
  loadAuthState,
  resetSessionStores,
  setInstantAvailability,
  setLanguage,
  showApiError,
  showErrorNotice,
  showSnackbar,
} from './index.ts'
import { bindRealtime, enablePush, PUSH_NOTICE_KEYS, showPushMessage, watchConnectivity } from './live.ts'

let storage: ReturnType<typeof memoryStorage>

/** Puts the keys the old site kept into local storage, as it left them. */
function remember(items: Record<string, string>): void {
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value)
}

beforeEach(() => {
  storage = memoryStorage()
  configureStorage({ local: storage, session: memoryStorage() })
  hydrateStores(storage)
  resetSessionStores()
  hideSnackbar()
  hideErrorNotice()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('snackbar (spec 4, 9)', () => {
  it('hides itself after exactly 4000 ms', () => {
    vi.useFakeTimers()
    showSnackbar({ kind: 'success', text: 'تم الحفظ' })
    expect($snackbar.get()).toMatchObject({ kind: 'success', text: 'تم الحفظ' })
    vi.advanceTimersByTime(3999)
    expect($snackbar.get()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect($snackbar.get()).toBeNull()
  })

  it('restarts the timer when a newer message replaces the old one', () => {
    vi.useFakeTimers()
    showSnackbar({ kind: 'success', text: 'one' })
    vi.advanceTimersByTime(3000)
    showSnackbar({ kind: 'error', text: 'two' })
    vi.advanceTimersByTime(3000)
    expect($snackbar.get()?.text).toBe('two')
    vi.advanceTimersByTime(1000)
    expect($snackbar.get()).toBeNull()
  })
})

describe('error notice (spec 8)', () => {
  it('disappears after 10 seconds', () => {
    vi.useFakeTimers()
    showErrorNotice({ kind: 'error', text: 'x' })
    vi.advanceTimersByTime(9999)
    expect($errorNotice.get()?.text).toBe('x')
    vi.advanceTimersByTime(1)
    expect($errorNotice.get()).toBeNull()
  })

  it('shows an API error by its body message, its own message, or the generic key', () => {
    showApiError({ message: 'outer', body: { error: { message: 'الموعد محجوز' } } })
    expect($errorNotice.get()?.text).toBe('الموعد محجوز')
    showApiError(new Error('own'))
    expect($errorNotice.get()?.text).toBe('own')
    showApiError(null)
    expect($errorNotice.get()).toMatchObject({ key: 'common.error' })
  })
})

describe('language and direction', () => {
  it('is Arabic and right to left by default, English left to right, and persisted', () => {
    expect($language.get()).toBe('ar')
    expect($direction.get()).toBe('rtl')
    setLanguage('en-US')
    expect($language.get()).toBe('en')
    expect($direction.get()).toBe('ltr')
    expect(storage.getItem('language')).toBe('en')
    setLanguage('fr')
    expect($direction.get()).toBe('rtl')
  })
})

describe('auth state (spec 3)', () => {
  it('is signed out without a token', () => {
    expect(loadAuthState(storage)).toMatchObject({ token: null, userRole: 'sme', id: null })
    expect($signedIn.get()).toBe(false)
  })

  it('reads the contributor token and name for a contributor', () => {
    remember({
      contributorID: '12',
      contributorToken: 'ct',
      smeToken: 'st',
      contributorFullName: 'د. سارة',
      userRole: 'contributor',
    })
    expect(loadAuthState(storage)).toMatchObject({
      token: 'ct',
      userRole: 'contributor',
      id: '12',
      userName: 'د. سارة',
    })
    expect($signedIn.get()).toBe(true)
  })

  it('keeps a switched sme role, but never a contributor role without an id', () => {
    remember({ contributorID: '12', smeToken: 'st', smeFullName: 'منيرة', userRole: 'sme' })
    expect(loadAuthState(storage)).toMatchObject({
      token: 'st',
      userRole: 'sme',
      id: '12',
      userName: 'منيرة',
    })
    remember({ contributorID: 'null', userRole: 'contributor' })
    expect(loadAuthState(storage)).toMatchObject({ userRole: 'sme', id: null })
  })

  it('lets a mobile-app token override both', () => {
    remember({ contributorID: '3', contributorToken: 'ct', mobileAppToken: 'mt' })
    expect(loadAuthState(storage).token).toBe('mt')
  })
})

describe('instant availability (spec 4)', () => {
  it('sends the new value immediately and rolls back on failure', async () => {
    const sent: boolean[] = []
    await setInstantAvailability(true, async (v) => sent.push(v))
    expect(sent).toEqual([true])
    expect($instantAvailability.get().available).toBe(true)
    await expect(
      setInstantAvailability(false, async () => {
        throw new Error('offline')
      }),
    ).rejects.toThrow('offline')
    expect($instantAvailability.get().available).toBe(true)
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
