import { beforeEach, describe, expect, it } from 'vitest'
import { $isLoading, type LoginResult } from '../api/index.ts'
import { createRecordingFetch, jsonResponse } from '../api/test-support/recording-fetch.ts'
import { createMemoryRealtime } from '../realtime/index.ts'
import { configureStorage, memoryStorage, STORAGE_KEYS } from '../storage/index.ts'
import { $auth, $notificationCount, hydrateStores, setLanguage } from '../stores/index.ts'
import {
  AuthError,
  clearSession,
  completeAppLink,
  completeSignIn,
  createSessionClient,
  createSignInUrl,
  initAuth,
  logout,
  pkceChallenge,
  randomUrlSafe,
  readSignInReturn,
  requestToken,
  roleFromLogin,
  SIGN_IN_KEYS,
  saveLoginResult,
  switchProfile,
} from './index.ts'

const config = {
  authorizeUrl: 'https://sso.example.gov.sa/auth?ui_locales=ar',
  clientId: 'mashura-web',
  redirectUri: 'https://mashura.example/redirectauth',
  logoutUrl: 'https://sso.example.gov.sa/session/end',
}

const expertLogin: LoginResult = {
  access_token: 'tok-expert',
  roles: ['sme', 'contributor'],
  contributor_id: 42,
  user: {
    full_name: 'د. ريم العتيبي',
    email: 'reem@example.sa',
    sme: { file: { full_path: 'https://cdn/sme.png' } },
    contributor: { file: { full_path: 'https://cdn/expert.png' } },
    can_create_slots: true,
    can_delete_slots: false,
  },
} as LoginResult

const smeLogin: LoginResult = {
  ...expertLogin,
  access_token: 'tok-sme',
  roles: ['sme'],
  contributor_id: null,
  user: { ...expertLogin.user, full_name: 'خالد الشمري', contributor: null },
} as LoginResult

let local: ReturnType<typeof memoryStorage>
let session: ReturnType<typeof memoryStorage>

beforeEach(() => {
  local = memoryStorage()
  session = memoryStorage()
  configureStorage({ local, session })
  hydrateStores(local)
})

describe('PKCE and the sign-in redirect (design 3, spec 7)', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
    expect(randomUrlSafe()).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(randomUrlSafe()).not.toBe(randomUrlSafe())
  })

  it('builds the provider address and keeps state and verifier for the return', async () => {
    const url = new URL(await createSignInUrl(config, session))
    expect(url.origin + url.pathname).toBe('https://sso.example.gov.sa/auth')
    const q = url.searchParams
    expect(q.get('ui_locales')).toBe('ar')
    expect(q.get('client_id')).toBe('mashura-web')
    expect(q.get('redirect_uri')).toBe(config.redirectUri)
    expect(q.get('scope')).toBe('openid profile email')
    expect(q.get('response_type')).toBe('code')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('state')).toBe(session.getItem(SIGN_IN_KEYS.state))
    expect(q.get('code_challenge')).toBe(await pkceChallenge(session.getItem(SIGN_IN_KEYS.verifier)!))
  })

  it('accepts the return only with the stored state, once', async () => {
    const state = new URL(await createSignInUrl(config, session)).searchParams.get('state')
    const verifier = session.getItem(SIGN_IN_KEYS.verifier)
    expect(readSignInReturn(`/redirectauth?code=abc&state=${state}`, session)).toEqual({
      code: 'abc',
      verifier,
    })
    expect(() => readSignInReturn(`/redirectauth?code=abc&state=${state}`, session)).toThrow(
      expect.objectContaining({ code: 'no_pending_sign_in' }),
    )
  })

  it('refuses a forged state, a missing code and a provider error', async () => {
    await createSignInUrl(config, session)
    expect(() => readSignInReturn('/redirectauth?code=abc&state=forged', session)).toThrow(
      expect.objectContaining({ code: 'state_mismatch' }),
    )
    const state = new URL(await createSignInUrl(config, session)).searchParams.get('state')
    expect(() => readSignInReturn(`/redirectauth?state=${state}`, session)).toThrow(
      expect.objectContaining({ code: 'missing_code' }),
    )
    await createSignInUrl(config, session)
    const err = (() => {
      try {
        readSignInReturn('/redirectauth?error=access_denied&error_description=User+cancelled', session)
      } catch (e) {
        return e as AuthError
      }
    })()
    expect(err).toBeInstanceOf(AuthError)
    expect(err?.code).toBe('provider_error')
    expect(err?.message).toBe('User cancelled')
    expect(session.getItem(SIGN_IN_KEYS.state)).toBeNull()
  })
})

describe('login result and roles (spec 3, 4, 6)', () => {
  it('stores an expert login under the spec keys and grants contributor', () => {
    expect(saveLoginResult(expertLogin, local)).toBe('contributor')
    expect(local.snapshot()).toMatchObject({
      smeToken: 'tok-expert',
      contributorToken: 'tok-expert',
      contributorID: '42',
      smeFullName: 'د. ريم العتيبي',
      contributorFullName: 'د. ريم العتيبي',
      smeEmail: 'reem@example.sa',
      smeProfilePic: 'https://cdn/sme.png',
      contributorProfilePic: 'https://cdn/expert.png',
      userRole: 'contributor',
    })
    expect(JSON.parse(local.getItem('loginData')!)).toEqual(expertLogin)
  })

  it('stores a business-owner login without contributor keys', () => {
    local.setItem(STORAGE_KEYS.contributorID, '9')
    expect(saveLoginResult(smeLogin, local)).toBe('sme')
    expect(local.getItem(STORAGE_KEYS.contributorID)).toBeNull()
    expect(local.getItem(STORAGE_KEYS.contributorToken)).toBeNull()
    expect(local.getItem(STORAGE_KEYS.contributorProfilePic)).toBeNull()
    expect(local.getItem(STORAGE_KEYS.userRole)).toBe('sme')
  })

  it('grants contributor only with the role and an id', () => {
    expect(roleFromLogin(expertLogin)).toBe('contributor')
    expect(roleFromLogin({ ...expertLogin, contributor_id: null })).toBe('sme')
    expect(roleFromLogin({ ...expertLogin, roles: ['sme'] })).toBe('sme')
  })

  it('picks the request token by stored role, with a mobile-app token overriding both', () => {
    expect(requestToken(local)).toBeNull()
    local.setItem('smeToken', 'sme-t')
    local.setItem('contributorToken', 'con-t')
    local.setItem('contributorID', '42')
    local.setItem('userRole', 'sme')
    expect(requestToken(local)).toBe('sme-t')
    local.setItem('userRole', 'contributor')
    expect(requestToken(local)).toBe('con-t')
    local.setItem('contributorID', 'null')
    expect(requestToken(local)).toBe('sme-t')
    local.setItem('mobileAppToken', 'app-t')
    expect(requestToken(local)).toBe('app-t')
  })

  it('writes the role at start-up from the contributor id rule', () => {
    local.setItem('contributorID', '42')
    local.setItem('contributorToken', 'con-t')
    expect(initAuth(local).userRole).toBe('contributor')
    expect(local.getItem('userRole')).toBe('contributor')
    local.setItem('contributorID', 'null')
    local.removeItem('userRole')
    expect(initAuth(local).userRole).toBe('sme')
    expect(local.getItem('userRole')).toBe('sme')
  })

  it('switches profile only with a contributor id, toggling and storing the role', () => {
    expect(switchProfile(local)).toBeNull()
    saveLoginResult(expertLogin, local)
    initAuth(local)
    expect(switchProfile(local)).toBe('sme')
    expect(local.getItem('userRole')).toBe('sme')
    expect($auth.get().userRole).toBe('sme')
    expect(requestToken(local)).toBe('tok-expert')
    expect(switchProfile(local)).toBe('contributor')
    expect($auth.get().userRole).toBe('contributor')
  })
})

function serverFetch(
  login: LoginResult,
  chat: { status: number; payload?: string } = { status: 200, payload: 'ctok' },
) {
  return createRecordingFetch((req) => {
    const path = new URL(req.url).pathname
    if (path.endsWith('/authentication/auth/login')) return jsonResponse({ data: login })
    if (path.endsWith('/firebase/auth'))
      return chat.status === 200
        ? jsonResponse({ data: { payload: chat.payload } })
        : jsonResponse({ error: { code: 'x', message: 'down' } }, chat.status)
    if (path.endsWith('/authentication/logout')) return jsonResponse({ data: null })
    if (path.endsWith('/authentication/app-link/redeem'))
      return jsonResponse({ data: { result: login, to: '/sessions' } })
    return jsonResponse({ error: { code: 'not_found', message: 'nope' } }, 404)
  })
}

describe("completeAppLink: the mobile app's link at /redirection/{handle} (spec 3, 6)", () => {
  it('stores the login and keeps its token as the mobile-app token, which requests then carry', async () => {
    const rec = serverFetch({ ...expertLogin, access_token: 'tok-app' })
    const client = createSessionClient({ baseURL: 'https://api.example/api', apiKey: 'k', fetch: rec.fetch })
    const realtime = createMemoryRealtime({ acceptToken: (t) => t === 'ctok' })
    const handle = 'h'.repeat(43)
    const out = await completeAppLink({ client, handle, realtime, storage: local })
    expect(await rec.calls[0]!.json()).toEqual({ handle })
    expect(rec.calls[0]!.headers.get('authorization')).toBeNull()
    expect(out).toMatchObject({
      status: 'signed_in',
      role: 'contributor',
      to: '/sessions',
      realtimeSignedIn: true,
    })
    expect(local.getItem('mobileAppToken')).toBe('tok-app')
    // It overrides both others, whichever role is acting.
    local.setItem(STORAGE_KEYS.userRole, 'sme')
    expect(requestToken(local)).toBe('tok-app')
    expect($auth.get().token).toBe('tok-app')
    expect(rec.calls[1]!.headers.get('authorization')).toBe('Bearer tok-app')
  })

  it("asks, storing nothing, when this browser is someone else's, and replaces it only when confirmed", async () => {
    local.setItem('smeToken', 'tok-mine')
    local.setItem(STORAGE_KEYS.smeFullName, 'Y')
    const bodies: unknown[] = []
    const rec = createRecordingFetch(async (req) => {
      const path = new URL(req.url).pathname
      if (!path.endsWith('/authentication/app-link/redeem'))
        return jsonResponse({ data: { payload: 'ctok' } })
      const body = (await req.clone().json()) as { confirm?: boolean }
      bodies.push(body)
      return body.confirm
        ? jsonResponse({ data: { result: { ...smeLogin, access_token: 'tok-x' }, to: '/sessions' } })
        : jsonResponse(
            {
              error: {
                code: 'app_link_other_person',
                message: 'You are signed in as Y. This link from the app would sign you in as X.',
                signed_in_as: 'Y',
                link_for: 'X',
              },
            },
            409,
          )
    })
    const client = createSessionClient({ baseURL: 'https://api.example/api', apiKey: 'k', fetch: rec.fetch })
    const handle = 'h'.repeat(43)
    const asked = await completeAppLink({ client, handle, storage: local })
    expect(asked).toEqual({ status: 'other_person', signedInAs: 'Y', linkFor: 'X' })
    // The redeem carried this browser's token, so the server could tell; nothing changed here.
    expect(rec.calls[0]!.headers.get('authorization')).toBe('Bearer tok-mine')
    expect(local.getItem('mobileAppToken')).toBeNull()
    expect(requestToken(local)).toBe('tok-mine')

    const confirmed = await completeAppLink({ client, handle, confirm: true, storage: local })
    expect(bodies).toEqual([{ handle }, { handle, confirm: true }])
    expect(confirmed).toMatchObject({ status: 'signed_in', to: '/sessions' })
    expect(requestToken(local)).toBe('tok-x')
  })

  it('stores nothing when the link is unknown, expired or used', async () => {
    const rec = createRecordingFetch(() =>
      jsonResponse({ error: { code: 'app_link_unknown', message: 'used' } }, 404),
    )
    const client = createSessionClient({ baseURL: 'https://api.example/api', apiKey: 'k', fetch: rec.fetch })
    await expect(completeAppLink({ client, handle: 'h'.repeat(43), storage: local })).rejects.toMatchObject({
      code: 'app_link_unknown',
      status: 404,
    })
    expect(local.getItem('mobileAppToken')).toBeNull()
    expect(requestToken(local)).toBeNull()
  })
})

describe('completeSignIn at /redirectauth (spec 4)', () => {
  async function returnAddress() {
    const state = new URL(await createSignInUrl(config, session)).searchParams.get('state')
    return `${config.redirectUri}?code=the-code&state=${state}`
  }

  it('exchanges code and verifier, stores the result, signs into realtime and routes', async () => {
    const rec = serverFetch(expertLogin)
    const client = createSessionClient({ baseURL: 'https://api.example/api', apiKey: 'k', fetch: rec.fetch })
    const realtime = createMemoryRealtime({ acceptToken: (t) => t === 'ctok' })
    const address = await returnAddress()
    const verifier = session.getItem(SIGN_IN_KEYS.verifier)
    const out = await completeSignIn({
      client,
      address,
      redirectUri: config.redirectUri,
      realtime,
      storage: local,
      session,
    })
    const loginReq = rec.calls[0]!
    expect(loginReq.method).toBe('POST')
    expect(await loginReq.json()).toEqual({
      code: 'the-code',
      code_verifier: verifier,
      redirect_uri: config.redirectUri,
    })
    expect(loginReq.headers.get('authorization')).toBeNull()
    // The chat token call already carries the new token.
    expect(rec.calls[1]!.headers.get('authorization')).toBe('Bearer tok-expert')
    expect(out).toMatchObject({ role: 'contributor', destination: 'dashboard', realtimeSignedIn: true })
    expect(realtime.isSignedIn()).toBe(true)
    expect($auth.get()).toMatchObject({
      token: 'tok-expert',
      userRole: 'contributor',
      id: '42',
      isFireStoreSignedIn: true,
    })
  })

  it('routes to the dashboard or home', async () => {
    const client = createSessionClient({
      baseURL: 'https://api.example/api',
      apiKey: 'k',
      fetch: serverFetch(expertLogin).fetch,
    })
    const out = await completeSignIn({
      client,
      address: await returnAddress(),
      redirectUri: config.redirectUri,
      storage: local,
      session,
    })
    expect(out.destination).toBe('dashboard')
    const client2 = createSessionClient({
      baseURL: 'https://api.example/api',
      apiKey: 'k',
      fetch: serverFetch(smeLogin).fetch,
    })
    const out2 = await completeSignIn({
      client: client2,
      address: await returnAddress(),
      redirectUri: config.redirectUri,
      storage: local,
      session,
    })
    expect(out2.destination).toBe('home')
  })

  it('keeps the sign-in when the realtime store refuses, with isFireStoreSignedIn false', async () => {
    const client = createSessionClient({
      baseURL: 'https://api.example/api',
      apiKey: 'k',
      fetch: serverFetch(smeLogin, { status: 503 }).fetch,
    })
    const realtime = createMemoryRealtime()
    const out = await completeSignIn({
      client,
      address: await returnAddress(),
      redirectUri: config.redirectUri,
      realtime,
      storage: local,
      session,
    })
    expect(out.realtimeSignedIn).toBe(false)
    expect($auth.get()).toMatchObject({ token: 'tok-sme', isFireStoreSignedIn: false })
  })
})

describe('session client, 401 and logout (spec 4, 8)', () => {
  it('sends the request token and the current language', async () => {
    saveLoginResult(expertLogin, local)
    const rec = createRecordingFetch(() => jsonResponse({ data: { payload: 'p' } }))
    const client = createSessionClient({
      baseURL: 'https://api.example/api',
      apiKey: 'key-1',
      fetch: rec.fetch,
    })
    setLanguage('en', local)
    await client.request('/firebase/auth')
    expect(rec.last().headers.get('authorization')).toBe('Bearer tok-expert')
    expect(rec.last().headers.get('accept-language')).toBe('en')
    setLanguage('ar', local)
  })

  it('on 401 hides the loader, clears tokens and profile, sets role sme, then tells the host', async () => {
    saveLoginResult(expertLogin, local)
    initAuth(local)
    $notificationCount.set(5)
    const seen: number[] = []
    const rec = createRecordingFetch(() =>
      jsonResponse({ error: { code: 'unauthorized', message: 'سجل الدخول' } }, 401),
    )
    const client = createSessionClient({
      baseURL: 'https://api.example/api',
      apiKey: 'k',
      fetch: rec.fetch,
      onUnauthorized: (e) => seen.push(e.status),
    })
    await expect(client.request('/profile/contributor')).rejects.toMatchObject({ status: 401 })
    expect(seen).toEqual([401])
    expect($isLoading.get()).toBe(false)
    expect(local.snapshot()).toEqual({ userRole: 'sme' })
    expect($auth.get()).toMatchObject({ token: null, userRole: 'sme' })
    expect($notificationCount.get()).toBe(0)
  })

  it('logs out: revokes with the push token, signs out of realtime, clears every key but language, returns the provider logout', async () => {
    saveLoginResult(expertLogin, local)
    local.setItem('fcmToken', 'push-1')
    local.setItem('activeMenuItem', 'about')
    // A terms flag a browser kept from before issue 34 goes too.
    local.setItem('termsAgreed', 'true')
    setLanguage('en', local)
    const rec = serverFetch(expertLogin)
    const client = createSessionClient({ baseURL: 'https://api.example/api', apiKey: 'k', fetch: rec.fetch })
    const realtime = createMemoryRealtime()
    await realtime.signIn('t')
    const url = new URL(await logout({ config, client, realtime, storage: local }))
    expect(rec.last().method).toBe('POST')
    expect(new URL(rec.last().url).pathname).toBe('/api/authentication/logout')
    expect(await rec.last().json()).toEqual({ fcm_token: 'push-1' })
    expect(rec.last().headers.get('authorization')).toBe('Bearer tok-expert')
    expect(realtime.isSignedIn()).toBe(false)
    expect(local.snapshot()).toEqual({ userRole: 'sme', language: 'en' })
    expect(url.origin + url.pathname).toBe(config.logoutUrl)
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://mashura.example/')
    expect(url.searchParams.get('client_id')).toBe('mashura-web')
    setLanguage('ar', local)
  })

  it('logs out even when the server is unreachable, and without a provider logout goes home', async () => {
    saveLoginResult(smeLogin, local)
    const client = createSessionClient({
      baseURL: 'https://api.example/api',
      apiKey: 'k',
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const back = await logout({
      config: { ...config, logoutUrl: undefined, postLogoutRedirectUri: 'https://mashura.example/?bye=1' },
      client,
      storage: local,
    })
    expect(back).toBe('https://mashura.example/?bye=1')
    expect(local.getItem('smeToken')).toBeNull()
  })

  it('clearSession removes every session key', () => {
    for (const k of Object.values(STORAGE_KEYS)) local.setItem(k, 'x')
    clearSession(local)
    expect(local.snapshot()).toEqual({ userRole: 'sme' })
  })
})
