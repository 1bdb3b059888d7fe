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
import { API_BASE, API_KEY } from '../config/env.ts'
import { signInAs } from '../test-support/platform.ts'
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

/** The mobile app's side: a one-time link that opens the site signed in as `token`'s person. */
async function appLink(token: string, to?: string): Promise<string> {
  const response = await fetch(`${API_BASE}/authentication/app-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
    body: JSON.stringify(to ? { to } : {}),
  })
  expect(response.status).toBe(200)
  const { data } = (await response.json()) as { data: { url: string } }
  return new URL(data.url).pathname.split('/').pop()!
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
    const app = await signInAs('dev-sme')
    clearSession()
    const handle = await appLink(app.token, '/sessions/upcoming')
    expect(isAppLinkHandle(handle)).toBe(true)

    expect(await finishAppLink(handle)).toBe('/sessions/upcoming')
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

    const again = await finishAppLink(handle).catch((error: unknown) => error)
    expect(isApiError(again) && again.status).toBe(404)
  })

  it('goes home when the app named no page', async () => {
    const app = await signInAs('dev-consultant')
    clearSession()
    expect(await finishAppLink(await appLink(app.token))).toBe('/')
    expect($auth.get()).toMatchObject({ userRole: 'contributor', id: String(app.contributorId) })
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
