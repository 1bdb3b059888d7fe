import {
  $auth,
  $expert,
  EXTRA_STORAGE_KEYS,
  getSessionStorage,
  getSmeSessions,
  getStorage,
  isApiError,
  STORAGE_KEYS,
} from '@mashura/core'
import { clearSession } from '@mashura/core/testing'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { command, type SignedIn, type Subject, signInAs } from '../test-support/platform.ts'
import { api } from './api.ts'
import { setNavigate } from './navigation.ts'
import { bootSession, cancelledSignInPath, finishAppLink, isAppLinkHandle } from './session.ts'

/** Where the site was sent by code outside React (the 401 rule): recorded instead of leaving the test page. */
const navigations: string[] = []

beforeAll(() => setNavigate((to) => void navigations.push(to)))

afterEach(() => {
  clearSession()
  sessionStorage.clear()
  navigations.length = 0
})

/** The mobile app's side: signed in through the app's own key, it asks for a link into the site. */
function appLink(subject: Subject, to?: string) {
  return command<SignedIn & { handle: string }>('mashura-app-link', { subject, ...(to ? { to } : {}) })
}

/** Whether the flag cookie that tells the server someone is signed in here is set. */
const signedInCookie = () => document.cookie.split('; ').includes('mashura_signed_in=1')

describe('the sign-in return', () => {
  it("goes back, once, to where a turned-down sign-in started, or home; anything else isn't a cancel", () => {
    const session = getSessionStorage()
    session.setItem('mashura.signin.return', '/profile/consultant/3/7?tab=slots')
    expect(cancelledSignInPath('http://site.test/redirectauth?code=abc&state=s')).toBeNull()
    const cancelled = 'http://site.test/redirectauth?error=access_denied&state=s'
    expect(cancelledSignInPath(cancelled)).toBe('/profile/consultant/3/7?tab=slots')
    expect(cancelledSignInPath(cancelled)).toBe('/')
    // Only a path on this site, and never the return page itself, is gone back to.
    for (const stored of ['//evil.example/x', 'https://evil.example/', '/redirectauth?code=1', '/']) {
      session.setItem('mashura.signin.return', stored)
      expect(cancelledSignInPath(cancelled)).toBe('/')
    }
  })

  it("tells the mobile app's link handles (32 random bytes, base64url) from anything else", () => {
    expect(isAppLinkHandle(`${'A'.repeat(21)}-_${'z9'.repeat(10)}`)).toBe(true)
    expect(isAppLinkHandle('a'.repeat(42))).toBe(false)
    expect(isAppLinkHandle('a'.repeat(44))).toBe(false)
    expect(isAppLinkHandle(`${'a'.repeat(42)}=`)).toBe(false)
    expect(isAppLinkHandle(`${'a'.repeat(42)}/`)).toBe(false)
  })
})

describe("the mobile app's link", () => {
  it('signs the page in with a session of its own, live, and goes where the app asked; once only', async () => {
    const app = await appLink('dev-sme', '/sessions/upcoming')
    expect(isAppLinkHandle(app.handle)).toBe(true)

    expect(await finishAppLink(app.handle)).toEqual({
      status: 'signed_in',
      to: '/sessions/upcoming',
      name: app.name,
    })
    const token = getStorage().getItem(EXTRA_STORAGE_KEYS.mobileAppToken)
    // The web view's own session: logging out there leaves the app signed in.
    expect(token).toBeTruthy()
    expect(token).not.toBe(app.token)
    expect($auth.get()).toMatchObject({
      token,
      userRole: 'sme',
      userName: app.name,
      isFireStoreSignedIn: true,
    })
    // Every request now carries it.
    await expect(getSmeSessions(api, { page: 1 })).resolves.toMatchObject({ meta: { page: 1 } })

    const again = await finishAppLink(app.handle).catch((error: unknown) => error)
    expect(isApiError(again) && again.status).toBe(404)
  })

  it('goes home when the app named no page', async () => {
    const app = await appLink('dev-consultant')
    expect(await finishAppLink(app.handle)).toMatchObject({ status: 'signed_in', to: '/' })
    expect($auth.get()).toMatchObject({ userRole: 'contributor', id: String(app.contributorId) })
  })

  it('asks a page signed in as someone else, changing nothing, and switches only when confirmed', async () => {
    const advisor = await signInAs('dev-advisor')
    const app = await appLink('dev-sme', '/sessions/upcoming')
    expect(await finishAppLink(app.handle)).toEqual({
      status: 'other_person',
      signedInAs: advisor.name,
      linkFor: app.name,
    })
    expect($auth.get()).toMatchObject({ token: advisor.token, userName: advisor.name })
    expect(getStorage().getItem(EXTRA_STORAGE_KEYS.mobileAppToken)).toBeNull()

    expect(await finishAppLink(app.handle, { confirm: true })).toEqual({
      status: 'signed_in',
      to: '/sessions/upcoming',
      name: app.name,
    })
    expect($auth.get()).toMatchObject({ userRole: 'sme', userName: app.name })
    expect($auth.get().token).toBe(getStorage().getItem(EXTRA_STORAGE_KEYS.mobileAppToken))
  })

  it('goes straight on for a page signed in as the same person', async () => {
    await signInAs('dev-sme')
    const app = await appLink('dev-sme')
    expect(await finishAppLink(app.handle)).toMatchObject({ status: 'signed_in', name: app.name })
  })
})

describe('the session at start-up', () => {
  it("restores an expert's session: the server is told, live data flows", async () => {
    const expert = await signInAs('dev-advisor')
    $expert.set(null)
    bootSession()
    expect($auth.get()).toMatchObject({ token: expert.token, userRole: 'contributor' })
    expect(signedInCookie()).toBe(true)
    // Realtime signs in with the server's custom token, then the expert's live record arrives.
    await vi.waitFor(() => expect($auth.get().isFireStoreSignedIn).toBe(true), { timeout: 10_000 })
    await vi.waitFor(() => expect($expert.get()).toMatchObject({ role: 'advisor' }), { timeout: 10_000 })

    // Signing out here (a 401, a logout) takes the flag away with the session.
    clearSession()
    expect(signedInCookie()).toBe(false)
  })

  it('drops a session the server no longer knows and goes home (spec 8), without live data', async () => {
    const storage = getStorage()
    storage.setItem(EXTRA_STORAGE_KEYS.smeToken, 'a-token-the-server-never-issued')
    storage.setItem(STORAGE_KEYS.userRole, 'sme')
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    bootSession()
    expect($auth.get().token).toBe('a-token-the-server-never-issued')
    await vi.waitFor(() => expect(navigations).toEqual(['/']), { timeout: 10_000 })
    // Live features wait for the next sign-in; only the console hears why.
    await vi.waitFor(() => expect(warned).toHaveBeenCalledWith('realtime sign-in failed', expect.anything()))
    warned.mockRestore()
    expect($auth.get()).toMatchObject({ token: null, isFireStoreSignedIn: false })
    expect(storage.getItem(EXTRA_STORAGE_KEYS.smeToken)).toBeNull()
  })
})
