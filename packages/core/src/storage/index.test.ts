import { afterEach, describe, expect, it } from 'vitest'
import {
  configureStorage,
  EXTRA_STORAGE_KEYS,
  getSessionStorage,
  getStorage,
  memoryStorage,
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
} from './index.ts'

describe('storage keys (spec 3)', () => {
  it('are exactly the spec names', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'smeProfilePic',
      'contributorProfilePic',
      'smeFullName',
      'smeEmail',
      'contributorID',
      'contributorToken',
      'userRole',
      'activeMenuItem',
      'fcmToken',
    ])
  })

  it('clear every spec key and every extra except the language preference', () => {
    for (const key of Object.values(STORAGE_KEYS)) expect(SESSION_STORAGE_KEYS).toContain(key)
    expect(SESSION_STORAGE_KEYS).toContain(EXTRA_STORAGE_KEYS.smeToken)
    expect(SESSION_STORAGE_KEYS).toContain(EXTRA_STORAGE_KEYS.termsAgreed)
    expect(SESSION_STORAGE_KEYS).not.toContain(EXTRA_STORAGE_KEYS.language)
  })
})

describe('storages', () => {
  afterEach(() => configureStorage({ local: memoryStorage(), session: memoryStorage() }))

  it('memoryStorage reads, writes, stringifies and removes', () => {
    const s = memoryStorage({ a: '1' })
    expect(s.getItem('a')).toBe('1')
    s.setItem('b', 2 as unknown as string)
    expect(s.getItem('b')).toBe('2')
    s.removeItem('a')
    expect(s.getItem('a')).toBeNull()
    expect(s.snapshot()).toEqual({ b: '2' })
  })

  it('falls back to a working storage and can be reconfigured', () => {
    const local = getStorage()
    local.setItem('k', 'v')
    expect(local.getItem('k')).toBe('v')
    expect(getSessionStorage()).toBeTruthy()
    const mine = memoryStorage()
    configureStorage({ local: mine })
    expect(getStorage()).toBe(mine)
    const sess = memoryStorage()
    configureStorage({ session: sess })
    expect(getSessionStorage()).toBe(sess)
  })
})
