import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureStorage, memoryStorage } from '../storage/index.ts'
import {
  $direction,
  $instantAvailability,
  $language,
  $signedIn,
  hydrateStores,
  loadAuthState,
  resetSessionStores,
  setInstantAvailability,
  setLanguage,
} from './index.ts'

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
})

afterEach(() => {
  vi.useRealTimers()
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
