/**
 * Partner webhooks (issue 36): events queued with the change, delivered signed to the partner whose key the
 * booking came through and to nobody else, retried while the receiver is down, paused after a day of
 * failures; the back office's calls. The receivers are real HTTP servers on loopback (development allows it),
 * and every body is verified with the Standard Webhooks library a partner would use.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkedLookup, checkWebhookUrl } from '../adapters/webhooks/address.ts'
import { newWebhookSecret, webhookHeaders } from '../adapters/webhooks/sign.ts'
import { eachDatabase, jsonOf, testConfig, useTestContext } from '../test-support/context.ts'
import { addBookableSlot, addCancelReasons, insertCatalogue, insertSlot } from '../test-support/fixtures.ts'
import { runFollowUps } from './follow-ups.ts'
import { answerRequest, cancelSession, endSession, startSession } from './lifecycle.ts'
import {
  deliverDueWebhooks,
  PAUSE_AFTER_MS,
  queueRatingWebhook,
  RETRY_STEPS,
  syncConfigWebhooks,
  webhookRetryDelayMs,
} from './webhooks.ts'

const PARTNER_A = 'partner-a-key'
const PARTNER_B = 'partner-b-key'

/** A webhook receiver on loopback that keeps what it is sent. */
interface Receiver {
  url: string
  got: { headers: Record<string, string>; body: string }[]
  /** Answers with this status from now on. */
  status: number
  close(): Promise<void>
  start(): Promise<void>
}

async function receiver(port = 0): Promise<Receiver> {
  let server: Server | null = null
  const self: Receiver = {
    url: '',
    got: [],
    status: 200,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((request: IncomingMessage, response) => {
          const chunks: Buffer[] = []
          request.on('data', (c: Buffer) => chunks.push(c))
          request.on('end', () => {
            self.got.push({
              headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
              body: Buffer.concat(chunks).toString('utf8'),
            })
            response.writeHead(self.status).end('ok')
          })
        })
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as AddressInfo).port
          self.url = `http://127.0.0.1:${port}/hooks`
          resolve()
        })
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server?.closeAllConnections()
        server?.close(() => resolve())
      }),
  }
  await self.start()
  return self
}

describe('webhook signatures (Standard Webhooks)', () => {
  it('verify with the standardwebhooks library, and during a rotation with either secret', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()]
    const body = JSON.stringify({ type: 'booking.created', version: 1, id: 'evt_1', data: { n: 'مشورة' } })
    const headers = webhookHeaders([current, previous], 'msg_1', body)
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2)
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow()
    expect(() => new Webhook(current).verify(body.replace('evt_1', 'evt_2'), headers)).toThrow()
  })
})

describe('the WEBHOOKS setting', () => {
  const env = (webhooks: object, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATA_DIR: testConfig().dataDir,
    TOKEN_SECRET: 'test-secret-of-enough-length',
    API_KEYS: JSON.stringify({ [PARTNER_A]: ['https://a.partner.example'] }),
    WEBHOOKS: JSON.stringify(webhooks),
    ...extra,
  })
  it('reads each API key’s endpoint, every event when none is named, and refuses what cannot work', async () => {
    const { loadConfig } = await import('../config.ts')
    const secret = newWebhookSecret()
    const read = loadConfig(env({ [PARTNER_A]: { url: 'https://hooks.partner.example/in', secret } }))
    expect(read.webhooks.endpoints).toEqual([
      {
        apiKey: PARTNER_A,
        url: 'https://hooks.partner.example/in',
        secrets: [secret],
        events: expect.arrayContaining(['booking.created', 'rating.submitted']),
      },
    ])
    expect(() => loadConfig(env({ nobody: { url: 'https://x.example', secret } }))).toThrow(/not an API key/)
    expect(() => loadConfig(env({ [PARTNER_A]: { url: 'https://x.example', secret: 'plain' } }))).toThrow(
      /whsec_/,
    )
    expect(() =>
      loadConfig(env({ [PARTNER_A]: { url: 'https://x.example', secret, events: ['booking.eaten'] } })),
    ).toThrow(/events/)
    expect(() =>
      loadConfig(env({ [PARTNER_A]: { url: 'http://x.example', secret } }, { NODE_ENV: 'production' })),
    ).toThrow()
  })
})

describe('webhook addresses', () => {
  const production = { production: true, allowedHosts: [] }
  it('are https in production, and never private, loopback or link-local unless allowed by host', () => {
    expect(() => checkWebhookUrl('http://partner.example.sa/hooks', production)).toThrow(/https/)
    for (const address of [
      'https://10.1.2.3/',
      'https://127.0.0.1/',
      'https://169.254.169.254/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:192.168.1.1]/',
    ])
      expect(() => checkWebhookUrl(address, production), address).toThrow(/private, loopback or reserved/)
    expect(checkWebhookUrl('https://partner.example.sa/hooks', production).hostname).toBe(
      'partner.example.sa',
    )
    expect(() => checkWebhookUrl('https://user:pass@partner.example.sa/', production)).toThrow(/no user/)
    expect(checkWebhookUrl('http://127.0.0.1:9/', { production: false, allowedHosts: [] }).port).toBe('9')
    expect(
      checkWebhookUrl('https://10.1.2.3/', { production: true, allowedHosts: ['10.1.2.3'] }).hostname,
    ).toBe('10.1.2.3')
  })

  it('are checked again where the socket connects: a name resolving to loopback is refused in production', async () => {
    const refusal = await new Promise<Error | null>((resolve) =>
      checkedLookup('localhost', production)('localhost', {}, (error) => resolve(error)),
    )
    expect(refusal?.message).toMatch(/resolves to .* a private, loopback or reserved address/)
    const allowed = await new Promise<Error | null>((resolve) =>
      checkedLookup('localhost', { production: false, allowedHosts: [] })('localhost', {}, (error) =>
        resolve(error),
      ),
    )
    expect(allowed).toBeNull()
  })

  it('retry after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then give up', () => {
    expect(RETRY_STEPS.map((_, i) => webhookRetryDelayMs(i + 1, 5000))).toEqual([
      5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ])
    expect(webhookRetryDelayMs(RETRY_STEPS.length + 1, 5000)).toBeNull()
  })
})

eachDatabase('partner webhooks', (dialect) => {
  const ctx = useTestContext(dialect, () => ({
    apiKeys: Object.assign(Object.create(null), {
      [PARTNER_A]: ['https://a.partner.example'],
      [PARTNER_B]: ['https://b.partner.example'],
    }),
  }))
  let a: Receiver
  let b: Receiver
  let admin: Awaited<ReturnType<typeof ctx.person>>
  const secrets: Record<string, string> = {}
  const endpointIds: Record<string, number> = {}

  beforeAll(async () => {
    ;[a, b] = await Promise.all([receiver(), receiver()])
    admin = await ctx.person({ backOffice: 'admin' })
    for (const [key, target] of [
      [PARTNER_A, a],
      [PARTNER_B, b],
    ] as const) {
      const made = await jsonOf(
        ctx.post('/api/admin/webhooks', admin.token, {
          api_key: key,
          url: target.url,
          events: ['booking.created', 'booking.cancelled', 'rating.submitted'],
        }),
        201,
      )
      expect(made.data.secret).toMatch(/^whsec_/)
      secrets[key] = made.data.secret
      endpointIds[key] = made.data.endpoint.id
    }
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
  })

  const deliver = (now = new Date()) =>
    deliverDueWebhooks(
      ctx.store.db,
      {
        config: ctx.config.webhooks,
        policy: { production: false, allowedHosts: [] },
        publicUrl: ctx.config.publicUrl,
      },
      now,
    )
  /** Books a slot through a partner's key, as its page's widget does, and does the booking's follow-ups. */
  async function bookThrough(key: string) {
    const { sme, expert, subjectId, slotId } = await addBookableSlot(ctx, 30)
    const booked = await jsonOf(
      ctx.call({
        method: 'POST',
        url: `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`,
        token: sme.token,
        apiKey: key,
        payload: { communication_way: 0, subject_id: subjectId },
      }),
      201,
    )
    return { id: booked.data.session.id as number, sme, expert }
  }
  const verified = (key: string, got: { headers: Record<string, string>; body: string }) =>
    new Webhook(secrets[key]!).verify(got.body, got.headers) as {
      type: string
      id: string
      data: { session: { id: number } }
    }

  it('sends one signed booking.created to the partner whose key booked, and nothing to another partner', async () => {
    const { id } = await bookThrough(PARTNER_A)
    const result = await deliver()
    expect(result.delivered).toHaveLength(1)
    expect(a.got).toHaveLength(1)
    const event = verified(PARTNER_A, a.got[0]!)
    expect(event).toMatchObject({
      type: 'booking.created',
      version: 1,
      data: { session: { id, state: 'booked', online: true } },
    })
    expect(a.got[0]!.headers['webhook-id']).toMatch(/^msg_/)
    expect(a.got[0]!.body).not.toMatch(/@|full_name|email|phone/)
    expect(b.got).toHaveLength(0)
    // Run again: nothing more (exactly once).
    expect((await deliver()).delivered).toEqual([])
    expect(a.got).toHaveLength(1)
  })

  it('keeps the events while the receiver is down and delivers each once when it is back', async () => {
    const { reasonId } = await addCancelReasons(ctx.store.db)
    const { id, expert } = await bookThrough(PARTNER_A)
    await a.close()
    await cancelSession(ctx.store.db, id, expert as { personId: number; contributorId: number }, {
      reasonId,
      details: null,
    })
    await runFollowUps(ctx.app.followUps, [id])
    const before = a.got.length
    const first = await deliver()
    expect(first.retrying.length).toBeGreaterThanOrEqual(1)
    const pending = await ctx.store.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('state', '=', 'pending')
      .execute()
    expect(pending.every((d) => d.attempts === 1 && d.last_error !== null)).toBe(true)
    // Not due before its retry time.
    expect((await deliver()).delivered).toEqual([])
    await a.start()
    const later = new Date(Date.now() + webhookRetryDelayMs(1, ctx.config.webhooks.retryBaseMs)! + 1000)
    await deliver(later)
    const types = a.got.slice(before).map((got) => verified(PARTNER_A, got).type)
    expect(types.sort()).toEqual(['booking.cancelled', 'booking.created'])
    const cancelled = a.got
      .slice(before)
      .map((got) => verified(PARTNER_A, got))
      .find((e) => e.type === 'booking.cancelled')
    expect(cancelled).toMatchObject({ data: { session: { id }, cancelled_by: 'expert' } })
    expect(new Set(a.got.map((got) => got.headers['webhook-id'])).size).toBe(a.got.length)
    expect(b.got).toHaveLength(0)
  })

  it('pauses an endpoint after a day of failures, mails the admins, and delivers what waited once resumed', async () => {
    await bookThrough(PARTNER_A)
    a.status = 503
    const start = Date.now()
    await deliver(new Date(start))
    const failing = await ctx.store.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpointIds[PARTNER_A]!)
      .executeTakeFirstOrThrow()
    expect(failing.failing_since).not.toBeNull()
    const dayLater = new Date(Date.parse(failing.failing_since!) + PAUSE_AFTER_MS + 1000)
    const round = await deliver(dayLater)
    expect(round.paused).toEqual([endpointIds[PARTNER_A]])
    const mails = await ctx.store.db
      .selectFrom('outbox')
      .select(['kind', 'to_address', 'subject'])
      .where('kind', '=', 'webhook_paused')
      .execute()
    expect(mails.length).toBeGreaterThanOrEqual(1)
    expect(mails[0]!.subject).toMatch(/A partner webhook was paused/)
    // Paused: nothing is tried, however late.
    const tried = a.got.length
    expect((await deliver(new Date(dayLater.getTime() + 86_400_000))).delivered).toEqual([])
    expect(a.got.length).toBe(tried)
    // Resumed in the back office: what waited goes at once.
    a.status = 200
    const listed = await jsonOf(ctx.get('/api/admin/webhooks', admin.token))
    expect(listed.data.find((e: { id: number }) => e.id === endpointIds[PARTNER_A])).toMatchObject({
      pause_reason: 'failing',
      pending: 1,
    })
    await jsonOf(ctx.put(`/api/admin/webhooks/${endpointIds[PARTNER_A]}`, admin.token, { paused: false }))
    expect((await deliver()).delivered).toHaveLength(1)
    expect(verified(PARTNER_A, a.got.at(-1)!).type).toBe('booking.created')
  })

  it('follows an advisor’s request through its answer, the start and the end', async () => {
    const sme = await ctx.person()
    const cat = await insertCatalogue(ctx.store.db)
    const advisor = await ctx.person({ contributor: { kind: 'advisor', subjects: [cat.subjectId] } })
    const start = new Date(Date.now() + 20 * 60_000)
    const slot = await insertSlot(ctx.store.db, { contributorId: advisor.contributorId!, start })
    await ctx.store.db
      .updateTable('webhook_endpoints')
      .set({
        events: JSON.stringify(['request.created', 'request.accepted', 'session.started', 'session.ended']),
      })
      .where('id', '=', endpointIds[PARTNER_A]!)
      .execute()
    const requested = await jsonOf(
      ctx.call({
        method: 'POST',
        url: `/api/schedule/v3/schedules/${slot.id}/sessions/dashboard`,
        token: sme.token,
        apiKey: PARTNER_A,
        payload: { communication_way: 0, subject_id: cat.subjectId },
      }),
      201,
    )
    const id = (requested.data.request ?? requested.data.session).id as number
    const who = { personId: advisor.personId, contributorId: advisor.contributorId! }
    await answerRequest(ctx.store.db, { id, contributorId: who.contributorId, accept: true, reason: null })
    await startSession(ctx.store.db, id, who, new Date(Date.parse(slot.start_at)))
    await endSession(
      ctx.store.db,
      id,
      who,
      { forceEnd: true, endReason: null },
      new Date(Date.parse(slot.end_at)),
    )
    await runFollowUps(ctx.app.followUps, [id])
    const seen = a.got.length
    await deliver()
    const events = a.got.slice(seen).map((got) => verified(PARTNER_A, got))
    expect(events.map((e) => e.type)).toEqual([
      'request.created',
      'request.accepted',
      'session.started',
      'session.ended',
    ])
    expect(events[0]).toMatchObject({ data: { session: { id, request_state: expect.any(String) } } })
    expect(events.every((e) => e.data.session.id === id)).toBe(true)
    await ctx.store.db
      .updateTable('webhook_endpoints')
      .set({ events: JSON.stringify(['booking.created', 'booking.cancelled', 'rating.submitted']) })
      .where('id', '=', endpointIds[PARTNER_A]!)
      .execute()
  })

  it('queues rating.submitted to the session’s partner with its stars, never the comment', async () => {
    const { id, expert } = await bookThrough(PARTNER_A)
    const queued = await ctx.store.db.transaction().execute((trx) =>
      queueRatingWebhook(trx, {
        session: { id, api_key: PARTNER_A, contributor_id: expert.contributorId! },
        stars: 4,
        now: new Date(),
      }),
    )
    expect(queued).toBe(1)
    await deliver()
    const event = verified(PARTNER_A, a.got.at(-1)!) as unknown as { type: string; data: object }
    expect(event).toMatchObject({
      type: 'rating.submitted',
      data: { session_id: id, stars: 4, expert: { kind: 'consultant' } },
    })
  })

  it('rotates a secret: both sign for a day, the new one shown once', async () => {
    const old = secrets[PARTNER_B]!
    const rotated = await jsonOf(
      ctx.post(`/api/admin/webhooks/${endpointIds[PARTNER_B]}/secret`, admin.token, {}),
    )
    expect(rotated.data.secret).not.toBe(old)
    expect(Date.parse(rotated.data.endpoint.previous_secret_until)).toBeGreaterThan(
      Date.now() + 23 * 3600_000,
    )
    await jsonOf(ctx.post(`/api/admin/webhooks/${endpointIds[PARTNER_B]}/test`, admin.token, {}), 201)
    await deliver()
    const got = b.got.at(-1)!
    for (const secret of [old, rotated.data.secret])
      expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test' })
    // Never listed, never in the audit trail.
    const listing = JSON.stringify(await jsonOf(ctx.get('/api/admin/webhooks', admin.token)))
    expect(listing).not.toContain(rotated.data.secret.slice(6))
    const audit = await ctx.store.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('target_type', '=', 'webhook_endpoint')
      .execute()
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['webhook.create', 'webhook.resume', 'webhook.rotate_secret']),
    )
    expect(JSON.stringify(audit)).not.toContain(rotated.data.secret.slice(6))
  })

  it('lists deliveries and sends one again with the same webhook-id', async () => {
    const page = await jsonOf(
      ctx.get(`/api/admin/webhooks/${endpointIds[PARTNER_B]}/deliveries?state=delivered`, admin.token),
    )
    expect(page.meta.total).toBeGreaterThanOrEqual(1)
    const [delivery] = page.data
    const again = await jsonOf(
      ctx.post(`/api/admin/webhook-deliveries/${delivery.id}/redeliver`, admin.token, {}),
    )
    expect(again.data).toMatchObject({ state: 'pending', attempts: 0 })
    await deliver()
    expect(b.got.at(-1)!.headers['webhook-id']).toBe(delivery.message_id)
  })

  it('refuses what must not be: a foreign key, an address off limits, a change of a configured endpoint, a non-admin', async () => {
    const refused = await ctx.post(
      '/api/admin/webhooks',
      admin.token,
      { api_key: 'nobody', url: a.url, events: ['booking.created'] },
      'en',
    )
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.message).toMatch(/not one of the platform’s API keys/)
    const metadata = await ctx.post('/api/admin/webhooks', admin.token, {
      api_key: PARTNER_A,
      url: 'http://169.254.169.254/latest',
      events: ['booking.created'],
    })
    expect(metadata.statusCode).toBe(422)
    expect(metadata.json().error.message).toMatch(/لا يمكن إرسال الإشعارات إلى هذا العنوان/)
    const person = await ctx.person()
    expect((await ctx.get('/api/admin/webhooks', person.token)).statusCode).toBe(403)
    // The WEBHOOKS setting's endpoint: paused and resumed here, changed only in the setting, gone with it.
    const configured = {
      apiKey: PARTNER_A,
      url: a.url,
      secrets: [newWebhookSecret()],
      events: ['booking.created' as const],
    }
    await syncConfigWebhooks(ctx.store.db, [configured])
    await syncConfigWebhooks(ctx.store.db, [configured])
    const fromSetting = (await jsonOf(ctx.get('/api/admin/webhooks', admin.token))).data.filter(
      (e: { source: string }) => e.source === 'config',
    )
    expect(fromSetting).toHaveLength(1)
    const change = await ctx.put(
      `/api/admin/webhooks/${fromSetting[0].id}`,
      admin.token,
      { url: b.url },
      'en',
    )
    expect(change.statusCode).toBe(409)
    expect(change.json().error.message).toMatch(/WEBHOOKS setting/)
    await jsonOf(ctx.put(`/api/admin/webhooks/${fromSetting[0].id}`, admin.token, { paused: true }))
    await syncConfigWebhooks(ctx.store.db, [])
    expect(
      (await jsonOf(ctx.get('/api/admin/webhooks', admin.token))).data.some(
        (e: { source: string }) => e.source === 'config',
      ),
    ).toBe(false)
    expect((await ctx.get('/api/admin/webhooks/999999/deliveries', admin.token)).statusCode).toBe(404)
    const deleted = await jsonOf(
      ctx.call({
        method: 'DELETE',
        url: `/api/admin/webhooks/${endpointIds[PARTNER_B]}`,
        token: admin.token,
      }),
    )
    expect(deleted.data).toEqual({ id: endpointIds[PARTNER_B], deleted: true })
    expect(
      await ctx.store.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpointIds[PARTNER_B]!)
        .execute(),
    ).toEqual([])
  })
})
