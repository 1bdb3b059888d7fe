import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FirestoreServer } from '@firestore-emulator/server'
import { createFirebaseRealtime } from '@mashura/core/realtime/firebase'
import { deleteApp, initializeApp } from 'firebase/app'
import { connectAuthEmulator, getAuth, signInWithCustomToken, signOut } from 'firebase/auth'
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore'
import { importPKCS8, importSPKI, jwtVerify, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FirebaseConfig } from '../../config.ts'
import { DATABASES, usePeople, useTestContext } from '../../test-support/context.ts'
import { freePort } from '../../test-support/net.ts'
import { verifyRealtimeToken } from '../auth/realtime-token.ts'
import { createFcmSender } from '../push/fcm.ts'

/** A service account of our own making: a real RSA key, its e-mail, and a token endpoint on loopback. */
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
})
const CLIENT_EMAIL = 'mashura-server@demo-mashura.iam.gserviceaccount.com'

/** Stand-ins of Google's OAuth token endpoint and FCM's HTTP v1 API, checking requests as Google documents them. */
async function googleStandIn() {
  const seen: { path: string; headers: Record<string, unknown>; body: string }[] = []
  const signedIn: string[] = []
  let unregistered = new Set<string>()
  const server: Server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    seen.push({ path: req.url ?? '', headers: req.headers, body })
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (req.url === '/token') {
      const form = new URLSearchParams(body)
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return json(400, { error: 'unsupported_grant_type' })
      try {
        const { payload } = await jwtVerify(
          form.get('assertion') ?? '',
          await importSPKI(publicKey, 'RS256'),
          {
            issuer: CLIENT_EMAIL,
            audience: `${origin}/token`,
          },
        )
        if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging')
          return json(400, { error: 'invalid_scope' })
      } catch {
        return json(400, { error: 'invalid_grant' })
      }
      return json(200, { access_token: 'ya29.stand-in', expires_in: 3599, token_type: 'Bearer' })
    }
    // Firebase Auth's custom-token sign-in, as its REST API (and its emulator, whose address the SDK takes)
    // answers it: the token must be this project's service account's, for Google's audience.
    if (req.url?.startsWith('/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken')) {
      const { token } = JSON.parse(body) as { token?: string }
      try {
        const { payload } = await jwtVerify(token ?? '', await importSPKI(publicKey, 'RS256'), {
          issuer: CLIENT_EMAIL,
          subject: CLIENT_EMAIL,
          audience:
            'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
        })
        signedIn.push(String(payload.uid))
        const now = Math.floor(Date.now() / 1000)
        const claims = {
          iss: 'https://securetoken.google.com/demo-mashura',
          aud: 'demo-mashura',
          auth_time: now,
          user_id: payload.uid,
          sub: payload.uid,
          iat: now,
          exp: now + 3600,
          firebase: { identities: {}, sign_in_provider: 'custom' },
          ...(payload.claims as object),
        }
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
        return json(200, {
          kind: 'identitytoolkit#VerifyCustomTokenResponse',
          idToken: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
          refreshToken: `refresh-${payload.uid}`,
          expiresIn: '3600',
          isNewUser: false,
        })
      } catch {
        return json(400, { error: { code: 400, message: 'INVALID_CUSTOM_TOKEN' } })
      }
    }
    if (req.url?.startsWith('/identitytoolkit.googleapis.com/v1/accounts:lookup')) {
      const uid = signedIn.at(-1) ?? ''
      return json(200, {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: [{ localId: uid, customAuth: true, providerUserInfo: [], lastLoginAt: String(Date.now()) }],
      })
    }
    if (req.url === '/v1/projects/demo-mashura/messages:send' && req.method === 'POST') {
      if (req.headers.authorization !== 'Bearer ya29.stand-in')
        return json(401, { error: { status: 'UNAUTHENTICATED' } })
      const { message } = JSON.parse(body) as { message: { token: string; data: Record<string, unknown> } }
      if (Object.values(message.data).some((v) => typeof v !== 'string'))
        return json(400, { error: { status: 'INVALID_ARGUMENT', message: 'data values must be strings' } })
      if (unregistered.has(message.token))
        return json(404, {
          error: {
            status: 'NOT_FOUND',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
            ],
          },
        })
      return json(200, { name: 'projects/demo-mashura/messages/0:1' })
    }
    json(404, { error: { status: 'NOT_FOUND' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    seen,
    signedIn,
    unregister(token: string) {
      unregistered = new Set([...unregistered, token])
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('Firebase on the server', () => {
  const dialect = DATABASES[0]!
  let emulator: FirestoreServer
  let emulatorPort: number
  let google: Awaited<ReturnType<typeof googleStandIn>>
  let firebase: FirebaseConfig

  beforeAll(async () => {
    emulatorPort = await freePort()
    emulator = new FirestoreServer()
    await emulator.start(emulatorPort)
    // firebase-admin reaches Firestore here instead of at Google.
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulatorPort}`
    google = await googleStandIn()
    firebase = {
      projectId: 'demo-mashura',
      clientEmail: CLIENT_EMAIL,
      privateKey,
      tokenUri: `${google.origin}/token`,
      fcmApiBase: google.origin,
    }
  })
  afterAll(async () => {
    await google?.close()
    await emulator?.stop()
    delete process.env.FIRESTORE_EMULATOR_HOST
  })
  const ctx = useTestContext(dialect, () => ({ firebase }))
  const { expert } = usePeople(ctx, {
    expert: { name: 'نورة', contributor: { kind: 'consultant', join_now_enabled: true } },
  })

  it('hands out a Firebase custom token signed with the service account, and the built-in token beside it', async () => {
    const res = await ctx.get('/api/firebase/auth', expert.token)
    expect(res.statusCode).toBe(200)
    const { payload } = res.json().data
    const { payload: claims } = await jwtVerify(payload, await importSPKI(publicKey, 'RS256'), {
      issuer: CLIENT_EMAIL,
      subject: CLIENT_EMAIL,
      audience: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
    })
    expect(claims).toMatchObject({
      uid: String(expert.personId),
      claims: { contributor_id: expert.contributorId },
    })
    expect(Object.keys(res.json().data)).toEqual(['payload'])
    // A site running Firebase may reach it: the pages' content policy lets its SDK talk to Google.
    const page = await ctx.app.inject({ method: 'GET', url: '/no-such-page' })
    expect(page.headers['content-security-policy']).toMatch(
      /connect-src 'self' ws: wss: https:\/\/\*\.googleapis\.com/,
    )
    expect(claims.claims).toHaveProperty('sid', expect.any(String))
    // The realtime socket takes the same token, for the same person and API session.
    expect(await verifyRealtimeToken(ctx.config, payload)).toEqual({
      personId: expert.personId,
      contributorId: expert.contributorId,
      sessionId: (claims.claims as { sid: string }).sid,
    })
    // Not one signed with another key, nor with this key for another audience.
    const other = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    })
    const forge = async (key: string, audience: string) =>
      new SignJWT({ uid: String(expert.personId), claims: { contributor_id: expert.contributorId } })
        .setProtectedHeader({ alg: 'RS256' })
        .setIssuer(CLIENT_EMAIL)
        .setSubject(CLIENT_EMAIL)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(await importPKCS8(key, 'RS256'))
    const audience =
      'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit'
    expect(await verifyRealtimeToken(ctx.config, await forge(other.privateKey, audience))).toBeNull()
    expect(await verifyRealtimeToken(ctx.config, await forge(privateKey, 'mashura-realtime'))).toBeNull()
  })

  it('mirrors the expert record into Firestore, where core’s Firebase client hears it change', async () => {
    const web = initializeApp({ projectId: 'demo-mashura', apiKey: 'demo', appId: 'demo' }, 'firebase-test')
    const firestore = getFirestore(web)
    connectFirestoreEmulator(firestore, '127.0.0.1', emulatorPort)
    const auth = getAuth(web)
    connectAuthEmulator(auth, google.origin, { disableWarnings: true })
    const client = createFirebaseRealtime({
      firestore,
      signIn: async (token) => void (await signInWithCustomToken(auth, token)),
      signOut: () => signOut(auth),
    })
    // Signed in with the token the server hands out, through Firebase Auth's SDK.
    const { payload } = (await ctx.get('/api/firebase/auth', expert.token)).json().data
    await expect(client.signIn('not-a-token')).rejects.toMatchObject({ code: 'invalid_token' })
    await client.signIn(payload)
    expect(auth.currentUser?.uid).toBe(String(expert.personId))
    expect(google.signedIn).toEqual([String(expert.personId)])
    const records: unknown[] = []
    const stop = client.watchExpert(String(expert.contributorId), (record) => records.push(record))
    try {
      const toggle = (on: boolean) =>
        ctx.put('/api/profile/contributor/available-for-instant', expert.token, { available_for_instant: on })
      expect((await toggle(true)).statusCode).toBe(200)
      await expect
        .poll(() => records.at(-1), { timeout: 15_000 })
        .toEqual({
          role: 'consultant',
          chat_status: false,
          join_now_enabled: true,
          available_for_instant: true,
        })
      expect((await toggle(false)).statusCode).toBe(200)
      await expect
        .poll(() => (records.at(-1) as { available_for_instant?: boolean } | null)?.available_for_instant, {
          timeout: 15_000,
        })
        .toBe(false)
    } finally {
      stop()
      await deleteApp(web)
    }
  }, 40_000)

  it('pushes to FCM tokens through FCM’s HTTP v1 API, and forgets a token FCM no longer knows', async () => {
    const owner = await ctx.person({ name: 'سارة' })
    const now = new Date().toISOString()
    await ctx.store.db
      .insertInto('push_tokens')
      .values([
        {
          token: 'fcm-live',
          person_id: owner.personId,
          device_type: 1,
          kind: 'fcm',
          subscription: null,
          created_at: now,
        },
        {
          token: 'fcm-gone',
          person_id: owner.personId,
          device_type: 2,
          kind: 'fcm',
          subscription: null,
          created_at: now,
        },
      ])
      .execute()
    google.unregister('fcm-gone')
    await ctx.app.push.sendToPerson(owner.personId, { title: 'طلب جديد', body: 'لديك طلب', request_id: 12 })
    const sends = google.seen.filter((r) => r.path.endsWith('messages:send'))
    expect(sends.map((r) => JSON.parse(r.body).message.token).sort()).toEqual(['fcm-gone', 'fcm-live'])
    const live = JSON.parse(sends.find((r) => r.body.includes('fcm-live'))!.body).message
    expect(live).toMatchObject({
      notification: { title: 'طلب جديد', body: 'لديك طلب' },
      data: { title: 'طلب جديد', request_id: '12', session_id: '' },
      android: { priority: 'HIGH' },
    })
    expect(google.seen.filter((r) => r.path === '/token')).toHaveLength(1)
    const left = await ctx.store.db
      .selectFrom('push_tokens')
      .select('token')
      .where('person_id', '=', owner.personId)
      .execute()
    expect(left.map((r) => r.token)).toEqual(['fcm-live'])
  })
})

describe('a silent Google', () => {
  it('fails an FCM push within OUTBOUND_TIMEOUT_MS, at the token grant or at the send', {
    timeout: 30_000,
  }, async () => {
    let grants = false
    const silent = createServer((req, res) => {
      if (req.url === '/token' && grants) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ access_token: 'ya29.stand-in', expires_in: 3599 }))
      }
      // Anything else: no answer, the connection stays open.
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
      const fcm = createFcmSender(
        {
          projectId: 'demo-mashura',
          clientEmail: CLIENT_EMAIL,
          privateKey,
          tokenUri: `${origin}/token`,
          fcmApiBase: origin,
        },
        { timeoutMs: 400 },
      )
      for (const answersGrant of [false, true]) {
        grants = answersGrant
        const started = performance.now()
        await expect(fcm.send('device-token', { title: 't', body: 'b' })).rejects.toThrow(/abort|timeout/i)
        expect(performance.now() - started).toBeLessThan(5000)
      }
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
