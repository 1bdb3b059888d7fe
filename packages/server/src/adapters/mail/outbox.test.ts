import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'
import { type MailCatcher, startMailCatcher } from './catcher.ts'
import { ratingMail } from './compose.ts'
import { deliverDue, isPermanentFailure, queueMail, retryDelayMs } from './outbox.ts'
import { smtpTransport } from './smtp.ts'

/** A subject without the bidi isolates that keep its two languages apart (compose.ts). */
const plainSubject = (subject = '') => subject.replace(/[\u2066-\u2069]/g, '')

const FROM = '"مشورة Mashura" <no-reply@mashura.test>'

/** A mail to queue, under `key`. */
const input = (key: string, to = 'owner@example.sa') => ({
  kind: 'rating',
  dedupeKey: key,
  to,
  mail: ratingMail({ smeName: 'سارة', expertName: 'نورة', url: `https://mashura.test/smeRate?token=${key}` }),
  link: `https://mashura.test/smeRate?token=${key}`,
  domain: 'mashura.test',
})

/** The caught mails, parsed, oldest first. */
async function caught(catcher: MailCatcher) {
  const names = readdirSync(catcher.dir).sort()
  return Promise.all(names.map((name) => simpleParser(readFileSync(join(catcher.dir, name)))))
}

describe('retry delays', () => {
  it('start at 30 s, double, and stop growing at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(retryDelayMs(20)).toBe(3600_000)
    expect(retryDelayMs(2, 200)).toBe(400)
  })

  it('count only an SMTP 5xx answer as a refusal for good', () => {
    expect(isPermanentFailure(Object.assign(new Error('no such user'), { responseCode: 550 }))).toBe(true)
    expect(isPermanentFailure(Object.assign(new Error('try later'), { responseCode: 451 }))).toBe(false)
    expect(isPermanentFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(false)
  })
})

eachDatabase('the outbox over SMTP', (dialect) => {
  const ctx = useTestContext(dialect)
  let catcher: MailCatcher
  beforeAll(async () => {
    catcher = await startMailCatcher(mkdtempSync(join(tmpdir(), 'mashura-mail-')))
  })
  afterAll(async () => {
    await catcher?.close()
  })
  afterEach(async () => {
    await ctx.store.db.deleteFrom('outbox').execute()
  })

  it('queues a mail once per key, and sends it once, as composed, with its Message-ID', async () => {
    const { db } = ctx.store
    expect(await queueMail(db, input('once'))).toBe(true)
    expect(await queueMail(db, input('once'))).toBe(false)
    const before = (await caught(catcher)).length
    const transport = smtpTransport(catcher.url)
    const first = await deliverDue(db, { transport, from: FROM, instance: 'a' })
    const again = await deliverDue(db, { transport, from: FROM, instance: 'a' })
    transport.close()
    expect(first.sent).toHaveLength(1)
    expect(again).toEqual({ sent: [], retrying: [], failed: [] })
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(row.sent_at).not.toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.claimed_by).toBeNull()
    const mails = (await caught(catcher)).slice(before)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.messageId).toBe(row.message_id)
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('owner@example.sa')
    expect(mail!.from?.text).toContain('no-reply@mashura.test')
    expect(plainSubject(mail!.subject)).toBe('قيّم جلستك على مشورة | Rate your Mashura session')
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated')
    expect(mail!.text).toContain('https://mashura.test/smeRate?token=once')
    expect(mail!.html).toContain('dir="rtl"')
  })

  it('sends each mail once when two instances deliver at the same moment', async () => {
    const { db } = ctx.store
    for (let i = 0; i < 12; i++) await queueMail(db, input(`race-${i}`))
    const before = (await caught(catcher)).length
    const a = smtpTransport(catcher.url)
    const b = smtpTransport(catcher.url)
    const [one, two] = await Promise.all([
      deliverDue(db, { transport: a, from: FROM, instance: 'a' }),
      deliverDue(db, { transport: b, from: FROM, instance: 'b' }),
    ])
    a.close()
    b.close()
    expect([...one.sent, ...two.sent].sort((x, y) => x - y)).toHaveLength(12)
    expect(new Set([...one.sent, ...two.sent]).size).toBe(12)
    const mails = (await caught(catcher)).slice(before)
    expect(mails).toHaveLength(12)
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(12)
  })

  it('keeps a mail the relay could not take, tries it again later with the same Message-ID, and sends it once', async () => {
    const { db } = ctx.store
    await queueMail(db, input('later'))
    // Nothing listens on this port: the relay is down.
    const down = smtpTransport('smtp://127.0.0.1:9')
    const t0 = new Date()
    const failed = await deliverDue(db, { transport: down, from: FROM, instance: 'a', now: () => t0 })
    down.close()
    expect(failed.retrying).toHaveLength(1)
    let row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.last_error).toBeTruthy()
    expect(row.next_attempt_at).toBe(new Date(t0.getTime() + 30_000).toISOString())
    // Not due yet: nothing is tried.
    const up = smtpTransport(catcher.url)
    const early = await deliverDue(db, {
      transport: up,
      from: FROM,
      instance: 'a',
      now: () => new Date(t0.getTime() + 29_000),
    })
    expect(early.sent).toEqual([])
    const before = (await caught(catcher)).length
    const later = await deliverDue(db, {
      transport: up,
      from: FROM,
      instance: 'b',
      now: () => new Date(t0.getTime() + 31_000),
    })
    up.close()
    expect(later.sent).toEqual([row.id])
    const messageId = row.message_id
    row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(row.attempts).toBe(2)
    expect(row.last_error).toBeNull()
    expect(row.message_id).toBe(messageId)
    const mails = (await caught(catcher)).slice(before)
    expect(mails.map((m) => m.messageId)).toEqual([messageId])
  })

  it('leaves a mail to an instance holding its claim, and takes it over once the claim lapses', async () => {
    const { db } = ctx.store
    await queueMail(db, input('claimed'))
    const t0 = new Date()
    // Another instance claimed it and died before sending.
    await db
      .updateTable('outbox')
      .set({ claimed_by: 'crashed', claimed_until: new Date(t0.getTime() + 60_000).toISOString() })
      .execute()
    const transport = smtpTransport(catcher.url)
    expect((await deliverDue(db, { transport, from: FROM, instance: 'a', now: () => t0 })).sent).toEqual([])
    const taken = await deliverDue(db, {
      transport,
      from: FROM,
      instance: 'a',
      now: () => new Date(t0.getTime() + 61_000),
    })
    transport.close()
    expect(taken.sent).toHaveLength(1)
  })

  it('stops trying a mail the relay refuses for good, and keeps its answer', async () => {
    const { db } = ctx.store
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }))
      },
    })
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()))
    const { port } = refusing.server.address() as { port: number }
    await queueMail(db, input('refused', 'nobody@example.sa'))
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`)
    const result = await deliverDue(db, { transport, from: FROM, instance: 'a' })
    transport.close()
    await new Promise<void>((resolve) => refusing.close(() => resolve()))
    expect(result.failed).toHaveLength(1)
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()
    expect(row.next_attempt_at).toBeNull()
    expect(row.sent_at).toBeNull()
    expect(row.last_error).toContain('No such mailbox')
    expect(
      (await deliverDue(db, { transport: smtpTransport(catcher.url), from: FROM, instance: 'a' })).sent,
    ).toEqual([])
  })
})
