import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eachDatabase, jsonOf, useFixtures, useTestContext } from '../../test-support/context.ts'
import { addExpert } from '../../test-support/fixtures.ts'
import { DEFAULT_PUSH_HOSTS, endpointAllowed, endpointPolicy, parseSubscription } from './endpoints.ts'
import { createPushService, PUSH_TTL_SECONDS, type PushLog } from './service.ts'
import { generateVapidKeys, loadVapidDetails } from './vapid.ts'

/** An uncompressed P-256 point's x and y, base64url, for a JWK. */
function pointToXY(point: Buffer): { x: string; y: string } {
  return { x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }
}

// web-push's own encryption library, to open what the stand-in push service receives.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer
}

const policy = { hosts: [...DEFAULT_PUSH_HOSTS] }

/** A browser's side of a subscription: its key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  }
}

describe('push endpoint allow-list', () => {
  const { keys } = browserKeys()
  const sub = (endpoint: string) => JSON.stringify({ endpoint, keys })

  it('accepts the browsers push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx',
    ])
      expect(parseSubscription(sub(endpoint), policy)?.endpoint).toBe(endpoint)
  })

  it('refuses http, other hosts, IP literals, other ports, credentials and look-alikes', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://evil.example/push',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest',
      'https://0x7f.1/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/abc',
      'https://notify.windows.com/abc',
      'https://evilnotify.windows.com/abc',
      'ftp://fcm.googleapis.com/abc',
      'not a url',
    ])
      expect(endpointAllowed(endpoint, policy), endpoint).toBe(false)
  })

  it('refuses malformed subscriptions', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc'
    expect(parseSubscription('{', policy)).toBeNull()
    expect(parseSubscription(JSON.stringify({ endpoint }), policy)).toBeNull()
    expect(
      parseSubscription(JSON.stringify({ endpoint, keys: { ...keys, auth: 'short' } }), policy),
    ).toBeNull()
    expect(
      parseSubscription(JSON.stringify({ endpoint, keys: { ...keys, p256dh: keys.auth } }), policy),
    ).toBeNull()
  })

  it('PUSH_HOSTS replaces the list; http stays refused without the test-only option', () => {
    const custom = endpointPolicy(['push.example.com', '*.push.example.net'])
    expect(custom.hosts).toEqual(['push.example.com', '*.push.example.net'])
    expect(endpointAllowed('https://push.example.com/x', custom)).toBe(true)
    expect(endpointAllowed('https://a.push.example.net/x', custom)).toBe(true)
    expect(endpointAllowed('https://fcm.googleapis.com/x', custom)).toBe(false)
    expect(endpointAllowed('http://127.0.0.1:9/x', { hosts: ['127.0.0.1'] })).toBe(false)
    expect(endpointAllowed('http://127.0.0.1:9/x', { hosts: ['127.0.0.1'], insecureForTests: true })).toBe(
      true,
    )
  })
})

describe('VAPID keys', () => {
  it('are generated once, kept in DATA_DIR/secrets and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mashura-vapid-'))
    const first = loadVapidDetails(dir, 'https://mashura.example', { vapidKeys: null, vapidSubject: null })
    const file = join(dir, 'secrets', 'vapid.json')
    expect(existsSync(file)).toBe(true)
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(first.publicKey)
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    expect(first.subject).toBe('https://mashura.example')
    const second = loadVapidDetails(dir, 'https://mashura.example', { vapidKeys: null, vapidSubject: null })
    expect(second).toEqual(first)
  })

  it('are a P-256 pair web-push signs with, made without loading web-push', async () => {
    const keys = generateVapidKeys()
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)
    const { default: webpush } = await import('web-push')
    // web-push checks both keys' lengths; its JWT, verified with the public key, proves they are one pair.
    const headers = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:ops@mashura.example',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    )
    const jwt = String(headers.Authorization).match(/vapid t=([^,]+)/)![1]!
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', ...pointToXY(Buffer.from(keys.publicKey, 'base64url')) },
      format: 'jwk',
    })
    const [head, body, signature] = jwt.split('.')
    expect(
      verify(
        'sha256',
        Buffer.from(`${head}.${body}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true)
  })

  it('come from the configuration when set (config.ts checks them)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mashura-vapid-'))
    const push = {
      vapidKeys: { publicKey: 'pub', privateKey: 'priv' },
      vapidSubject: 'mailto:ops@mashura.example',
    }
    expect(loadVapidDetails(dir, 'http://localhost:8080', push)).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 'mailto:ops@mashura.example',
    })
    expect(existsSync(join(dir, 'secrets', 'vapid.json'))).toBe(false)
    expect(loadVapidDetails(dir, 'http://localhost:8080', { ...push, vapidSubject: null }).subject).toBe(
      'mailto:push@localhost',
    )
  })
})

eachDatabase('Web Push', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert } = useFixtures({ expert: () => addExpert(ctx, { name: 'خبير الإشعارات' }) })
  let standIn: FastifyInstance
  let standInUrl: string
  let received: { url: string; headers: Record<string, unknown>; body: Buffer }[] = []
  let answer = 201
  const warnings: string[] = []
  const log: PushLog = { warn: (_d, message) => warnings.push(message) }

  beforeAll(async () => {
    // A stand-in push service: records what it receives and answers `answer`.
    standIn = Fastify()
    standIn.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_r, body, done) =>
      done(null, body),
    )
    standIn.post('/push/:id', async (request, reply) => {
      received.push({ url: request.url, headers: request.headers, body: request.body as Buffer })
      reply.code(answer)
      return ''
    })
    standInUrl = await standIn.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => standIn.close())
  beforeEach(() => {
    received = []
    answer = 201
    warnings.length = 0
  })

  const register = (token: string) =>
    ctx.post('/api/profile/contributor/fcm-token', expert.token, { token, device_type: 3 })

  async function addStandInSubscription(id: string, base = standInUrl) {
    const browser = browserKeys()
    const subscription = { endpoint: `${base}/push/${id}`, keys: browser.keys }
    await ctx.store.db
      .insertInto('push_tokens')
      .values({
        token: JSON.stringify(subscription),
        person_id: expert.personId,
        device_type: 3,
        kind: 'webpush',
        subscription: JSON.stringify(subscription),
        created_at: new Date().toISOString(),
      })
      .execute()
    return { ...browser, token: JSON.stringify(subscription) }
  }

  const tokensOf = (personId: number) =>
    ctx.store.db.selectFrom('push_tokens').selectAll().where('person_id', '=', personId).execute()

  it('registration accepts a subscription of an allowed push service and stores it as webpush', async () => {
    const { keys } = browserKeys()
    const token = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/reg-1', keys })
    expect((await register(token)).statusCode).toBe(200)
    const [row] = (await tokensOf(expert.personId)).filter((r) => r.token === token)
    expect(row).toMatchObject({ kind: 'webpush', device_type: 3 })
    expect(JSON.parse(row!.subscription!)).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/reg-1',
      keys,
    })
    // The same subscription spelt differently replaces the first registration.
    const respelt = JSON.stringify({ keys, endpoint: 'https://fcm.googleapis.com/fcm/send/reg-1' })
    expect((await register(respelt)).statusCode).toBe(200)
    const rows = (await tokensOf(expert.personId)).filter((r) => r.subscription === row!.subscription)
    expect(rows.map((r) => r.token)).toEqual([respelt])
    // A plain token is still an FCM registration token.
    expect((await register('fcm-registration-token')).statusCode).toBe(200)
    const fcm = (await tokensOf(expert.personId)).find((r) => r.token === 'fcm-registration-token')
    expect(fcm).toMatchObject({ kind: 'fcm', subscription: null })
    await ctx.store.db.deleteFrom('push_tokens').execute()
  })

  it('registration refuses http, other hosts and IP literals', async () => {
    const { keys } = browserKeys()
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://evil.example/push',
      'https://127.0.0.1/push',
      `${standInUrl}/push/x`,
    ]) {
      const response = await register(JSON.stringify({ endpoint, keys }))
      expect(response.statusCode, endpoint).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { token: expect.any(String) },
      })
    }
    expect(await tokensOf(expert.personId)).toEqual([])
  })

  it('GET /push/vapid-public-key answers the key kept in DATA_DIR', async () => {
    const response = await jsonOf(ctx.get('/api/push/vapid-public-key'))
    const kept = JSON.parse(readFileSync(join(ctx.config.dataDir, 'secrets', 'vapid.json'), 'utf8'))
    expect(response).toEqual({ data: { public_key: kept.publicKey } })
  })

  it('delivers an encrypted, VAPID-signed message to every webpush subscription of the person', async () => {
    const service = await createPushService(ctx.config, ctx.store, {
      policy: { hosts: ['127.0.0.1'], insecureForTests: true },
      log,
    })
    const a = await addStandInSubscription('a')
    const b = await addStandInSubscription('b')
    await service.sendToPerson(expert.personId, {
      title: 'طلب جديد',
      body: 'لديك طلب جلسة جديد',
      request_id: 7,
      session_id: null,
    })
    expect(received.map((r) => r.url).sort()).toEqual(['/push/a', '/push/b'])
    const kept = JSON.parse(readFileSync(join(ctx.config.dataDir, 'secrets', 'vapid.json'), 'utf8'))
    for (const [request, browser] of [
      [received.find((r) => r.url === '/push/a')!, a],
      [received.find((r) => r.url === '/push/b')!, b],
    ] as const) {
      expect(request.headers.ttl).toBe(String(PUSH_TTL_SECONDS))
      expect(request.headers['content-encoding']).toBe('aes128gcm')
      expect(String(request.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/)
      expect(String(request.headers.authorization)).toContain(`k=${kept.publicKey}`)
      expect(request.body.includes(Buffer.from('طلب جديد'))).toBe(false)
      const plain = ece.decrypt(request.body, {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth.toString('base64url'),
      })
      expect(JSON.parse(plain.toString('utf8'))).toEqual({
        data: { title: 'طلب جديد', request_id: 7, session_id: null },
        notification: { title: 'طلب جديد', body: 'لديك طلب جلسة جديد' },
      })
    }
    expect(warnings).toEqual([])
    await ctx.store.db.deleteFrom('push_tokens').execute()
  })

  it('deletes a subscription the push service answers 410 for, keeps and logs other failures, never throws', async () => {
    const service = await createPushService(ctx.config, ctx.store, {
      policy: { hosts: ['127.0.0.1'], insecureForTests: true },
      log,
    })
    await addStandInSubscription('gone')
    answer = 410
    await service.sendToPerson(expert.personId, { title: 't', body: 'b' })
    expect(received).toHaveLength(1)
    expect(await tokensOf(expert.personId)).toEqual([])

    await addStandInSubscription('broken')
    answer = 500
    await expect(service.sendToPerson(expert.personId, { title: 't', body: 'b' })).resolves.toBeUndefined()
    expect(await tokensOf(expert.personId)).toHaveLength(1)
    expect(warnings).toEqual(['push service refused'])
    await ctx.store.db.deleteFrom('push_tokens').execute()
  })

  it('gives up on a silent push service after OUTBOUND_TIMEOUT_MS, logs it and keeps the subscription', {
    timeout: 30_000,
  }, async () => {
    const silent = createServer(() => {
      // Takes the push and never answers.
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const service = await createPushService({ ...ctx.config, outboundTimeoutMs: 400 }, ctx.store, {
        policy: { hosts: ['127.0.0.1'], insecureForTests: true },
        log,
      })
      await addStandInSubscription('silent', `http://127.0.0.1:${(silent.address() as AddressInfo).port}`)
      const started = performance.now()
      await expect(service.sendToPerson(expert.personId, { title: 't', body: 'b' })).resolves.toBeUndefined()
      expect(performance.now() - started).toBeGreaterThanOrEqual(350)
      expect(performance.now() - started).toBeLessThan(5000)
      expect(warnings).toEqual(['push failed'])
      expect(await tokensOf(expert.personId)).toHaveLength(1)
    } finally {
      silent.closeAllConnections()
      await new Promise((resolve) => silent.close(resolve))
      await ctx.store.db.deleteFrom('push_tokens').execute()
    }
  })

  it('does not call an endpoint the allow-list no longer holds', async () => {
    const service = await createPushService(ctx.config, ctx.store, { policy, log })
    await addStandInSubscription('stale')
    await service.sendToPerson(expert.personId, { title: 't', body: 'b' })
    expect(received).toEqual([])
    expect(warnings).toHaveLength(1)
    await ctx.store.db.deleteFrom('push_tokens').execute()
  })
})
