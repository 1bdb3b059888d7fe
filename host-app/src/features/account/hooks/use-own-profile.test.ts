import { EXTRA_STORAGE_KEYS, getStorage } from '@mashura/core'
import { clearSession } from '@mashura/core/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { command, pastSession, signInNewBusinessOwner } from '../../../test-support/platform.ts'
import { loadOwnProfile, storedLogin } from './use-own-profile.ts'

afterEach(() => clearSession())

describe("the business owner's own profile", () => {
  it('reads the login as stored, and nothing from a damaged record', () => {
    const login = { access_token: 't', user: { full_name: 'نورة', email: 'noura@example.sa' } }
    getStorage().setItem(EXTRA_STORAGE_KEYS.loginData, JSON.stringify(login))
    expect(storedLogin()).toEqual(login)
    getStorage().setItem(EXTRA_STORAGE_KEYS.loginData, '{"access_token": "t", "user": {')
    expect(storedLogin()).toBeNull()
    getStorage().removeItem(EXTRA_STORAGE_KEYS.loginData)
    expect(storedLogin()).toBeNull()
  })

  it('finds her id through any of her sessions, past or upcoming, and shows the companies alone without one', async () => {
    const signal = new AbortController().signal
    const newcomer = await signInNewBusinessOwner('صاحبة منشأة بلا جلسات')
    expect(await loadOwnProfile(signal)).toEqual({ profile: null, companies: [] })

    await command('host-session', {
      expert: 'dev-consultant',
      smeId: newcomer.personId,
      startsIn: 2 * 24 * 60,
    })
    const upcomingOnly = await loadOwnProfile(signal)
    expect(upcomingOnly.profile).toMatchObject({ id: newcomer.personId, full_name: 'صاحبة منشأة بلا جلسات' })
    expect(upcomingOnly.companies).toEqual(upcomingOnly.profile?.companies)

    const veteran = await signInNewBusinessOwner('صاحب منشأة له تاريخ')
    await pastSession('dev-advisor', veteran, 3)
    expect((await loadOwnProfile(signal)).profile).toMatchObject({ id: veteran.personId, sessions_count: 1 })
  })
})
