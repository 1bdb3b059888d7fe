/**
 * The erasure of an approved deletion request (issue 34), through the real back-office route, on both
 * databases: afterwards nothing of the person (their name, in Arabic, their address, mobile, a sentence they
 * wrote in the chat, their company, a rating's text, the bytes of a photo they sent) is found in the database
 * files (SQLite's file, WAL and shared memory; PostgreSQL's relation files, TOAST and indexes included), the
 * uploads folder, Redis or the in-memory cache, while the agency's report is unchanged and the decision mail
 * reached the SMTP catcher first.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type MailCatcher, startMailCatcher } from '../adapters/mail/catcher.ts'
import { deliverDue, queueMail } from '../adapters/mail/outbox.ts'
import { smtpTransport } from '../adapters/mail/smtp.ts'
import { openSocket } from '../adapters/realtime/test-client.ts'
import { DEV_API_KEY } from '../config.ts'
import { schedulerTick } from '../scheduler.ts'
import {
  createTwoInstances,
  DATABASES,
  eachDatabase,
  jsonOf,
  type TestContext,
  type TestPerson,
  useTestContext,
} from '../test-support/context.ts'
import { addExpert, addSession, fromNow } from '../test-support/fixtures.ts'
import { recordAudit } from './audit.ts'
import { ERASED_NAME } from './erasure.ts'

// Compacting the database files (VACUUM, VACUUM FULL) and reading them all takes seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 })

const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'

/** Arabic letters no other test writes: a name or sentence found nowhere else. */
function arabicWord(length = 9): string {
  return Array.from({ length }, () => ARABIC[randomInt(ARABIC.length)]).join('')
}

/** Every file under a folder (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** The needles found in some bytes, each by the name it was given. */
function foundIn(bytes: Buffer, needles: Record<string, string | Buffer>): string[] {
  return Object.entries(needles)
    .filter(([, needle]) => bytes.includes(typeof needle === 'string' ? Buffer.from(needle, 'utf8') : needle))
    .map(([name]) => name)
}

/** The bytes of the database files: SQLite's file, WAL and shared memory; PostgreSQL's relations after a checkpoint. */
async function databaseFiles(ctx: TestContext): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>()
  if (ctx.store.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) {
      const path = join(ctx.config.dataDir, `test.sqlite${suffix}`)
      if (existsSync(path)) out.set(path, readFileSync(path))
    }
    return out
  }
  const { db } = ctx.store
  // What is in shared buffers reaches the files: otherwise a value could be missed only because not written yet.
  await sql`checkpoint`.execute(db)
  const { rows } = await sql<{ oid: number; relname: string }>`
    with own as (
      select c.oid, c.reltoastrelid from pg_class c
      where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        and c.relkind in ('r', 'i', 't', 'm')
    )
    select c.oid::int as oid, c.relname from pg_class c
    where c.oid in (select oid from own)
       or c.oid in (select reltoastrelid from own where reltoastrelid <> 0)
       or c.oid in (select indexrelid from pg_index where indrelid in (select reltoastrelid from own))`.execute(
    db,
  )
  expect(rows.length).toBeGreaterThan(40)
  for (const row of rows) {
    const { rows: files } = await sql<{ bytes: Buffer | null }>`
      select case when pg_relation_filepath(${row.oid}::oid) is null then null
        else pg_read_binary_file(pg_relation_filepath(${row.oid}::oid), 0, pg_relation_size(${row.oid}::oid)) end as bytes`.execute(
      db,
    )
    if (files[0]?.bytes) out.set(row.relname, files[0].bytes)
  }
  return out
}

/** Every key and value under the Redis prefix, as one text per key. */
async function redisContents(url: string, prefix: string): Promise<Map<string, Buffer>> {
  const redis = new Redis(url)
  const out = new Map<string, Buffer>()
  try {
    for (const key of await redis.keys(`${prefix}*`)) {
      const type = await redis.type(key)
      const value =
        type === 'string'
          ? await redis.getBuffer(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'list'
              ? JSON.stringify(await redis.lrange(key, 0, -1))
              : type === 'set'
                ? JSON.stringify(await redis.smembers(key))
                : type === 'zset'
                  ? JSON.stringify(await redis.zrange(key, '0', '-1'))
                  : ''
      out.set(key, Buffer.concat([Buffer.from(key), Buffer.from(value ?? '')]))
    }
  } finally {
    redis.disconnect()
  }
  return out
}

/** Where each needle is found: database files, uploads, Redis. */
async function whereFound(
  ctx: TestContext,
  needles: Record<string, string | Buffer>,
  redis: { url: string; prefix: string } | null,
): Promise<string[]> {
  const places: string[] = []
  for (const [path, bytes] of await databaseFiles(ctx))
    for (const name of foundIn(bytes, needles)) places.push(`${name} in ${path}`)
  for (const path of filesUnder(join(ctx.config.dataDir, 'uploads')))
    for (const name of foundIn(readFileSync(path), needles)) places.push(`${name} in ${path}`)
  if (redis)
    for (const [key, bytes] of await redisContents(redis.url, redis.prefix))
      for (const name of foundIn(bytes, needles)) places.push(`${name} in redis ${key}`)
  return places
}

/** A signed-in realtime socket of a person, on the app listening at `address`. */
async function signedInSocket(ctx: TestContext, address: string, person: TestPerson) {
  const socket = await openSocket(`${address}?api_key=${DEV_API_KEY}`, { origin: 'http://localhost:5173' })
  const { data } = await jsonOf(ctx.get('/api/firebase/auth', person.token))
  socket.send({ type: 'auth', data: { token: data.payload } })
  await socket.next('ready')
  return socket
}

/**
 * Runs the scheduler until every erasure is done: the compaction waits for transactions older than the erasure
 * (on a shared test database, other suites' ones) and is tried again at the next tick when one stays open.
 */
async function finishAll(ctx: TestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        await schedulerTick(ctx.app)
        return ctx.store.db
          .selectFrom('erasures')
          .select(['person_id', 'last_error'])
          .where('done_at', 'is', null)
          .execute()
      },
      { timeout: 90_000, interval: 500 },
    )
    .toEqual([])
}

const RANGE = `from=${fromNow(-30).toISOString().slice(0, 10)}&to=${fromNow(0).toISOString().slice(0, 10)}`

eachDatabase('erasure of an approved deletion request', (dialect) => {
  const redisUrl = process.env.TEST_REDIS_URL ?? null
  const prefix = `mashura-test-erasure-${randomBytes(4).toString('hex')}:`
  const ctx = useTestContext(dialect, redisUrl ? { redisUrl, redisPrefix: prefix } : {})
  let catcher: MailCatcher

  const marks = {
    name: `${arabicWord()} ${arabicWord()}`,
    email: `erase-${randomBytes(5).toString('hex')}@example.sa`,
    mobile: `+9665${randomInt(10_000_000, 99_999_999)}`,
    chat: `جملة لا تتكرر ${arabicWord(12)}`,
    company: `مؤسسة ${arabicWord()}`,
    rating: `رأي خاص ${arabicWord(12)}`,
    photo: `PHOTO-${randomBytes(8).toString('hex')}`,
  }
  const expertName = `${arabicWord()} ${arabicWord()}`
  const expertBio = `خبرة نادرة ${arabicWord(12)}`

  let address: string
  beforeAll(async () => {
    catcher = await startMailCatcher(mkdtempSync(join(tmpdir(), 'mashura-erasure-mail-')))
    const http = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    address = `${http.replace(/^http/, 'ws')}/api/realtime`
  })
  afterAll(async () => {
    await catcher?.close()
    if (redisUrl) {
      const redis = new Redis(redisUrl)
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
    }
  })

  async function sendMail() {
    const transport = smtpTransport(catcher.url)
    try {
      return await deliverDue(ctx.store.db, { transport, from: 'noreply@mashura.test', instance: 'test' })
    } finally {
      transport.close()
    }
  }

  /** A business owner with everything the platform can hold of one, and an expert she met twice. */
  async function seedOwner() {
    const { db } = ctx.store
    const admin = await ctx.person({ name: 'مديرة النظام', backOffice: 'admin' })
    const expert = await ctx.person({ name: 'خبير الجلسات', contributor: { kind: 'consultant' } })
    const owner = await ctx.person({ name: marks.name, email: marks.email })
    const now = new Date().toISOString()
    await db.updateTable('people').set({ phone: marks.mobile }).where('id', '=', owner.personId).execute()
    await db
      .insertInto('companies')
      .values({
        person_id: owner.personId,
        name: marks.company,
        cr_number: '1010',
        city: 'الرياض',
        phase: null,
        created_at: now,
      })
      .execute()
    const sessions = []
    for (const days of [-3, -2]) {
      sessions.push(
        await addSession(db, {
          contributorId: expert.contributorId!,
          smeId: owner.personId,
          start: fromNow(days),
          state: 'ended',
          description: `وصف الحاجة ${marks.chat}`,
        }),
      )
    }
    await db
      .insertInto('ratings')
      .values({
        session_id: sessions[0]!.id,
        contributor_id: expert.contributorId!,
        stars: 4,
        comment: marks.rating,
        created_at: now,
      })
      .execute()
    // Her chat with the expert: a sentence and a photo.
    const conversation = await db
      .insertInto('conversations')
      .values({
        contributor_id: expert.contributorId!,
        sme_id: owner.personId,
        last_message_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const fileId = randomBytes(16).toString('hex')
    const stored = `${fileId}.jpg`
    const jpeg = readFileSync(new URL('../adapters/files/fixtures/chromium-canvas.jpg', import.meta.url))
    const photo = Buffer.concat([jpeg, Buffer.from(marks.photo)])
    await ctx.app.files.put(stored, photo)
    await db
      .insertInto('files')
      .values({
        id: fileId,
        owner_person_id: owner.personId,
        session_id: null,
        kind: 'chat',
        original_name: `${marks.name}.jpg`,
        stored_name: stored,
        mime_type: 'image/jpeg',
        size: photo.byteLength,
        duration_seconds: null,
        created_at: now,
      })
      .execute()
    await db
      .insertInto('chat_messages')
      .values([
        {
          conversation_id: conversation.id,
          sender_person_id: owner.personId,
          type: 'text',
          body: marks.chat,
          file_id: null,
          status: 2,
          created_at: now,
        },
        {
          conversation_id: conversation.id,
          sender_person_id: owner.personId,
          type: 'image',
          body: null,
          file_id: fileId,
          status: 1,
          created_at: now,
        },
      ])
      .execute()
    // Notices: hers, and the expert's that name her.
    await db
      .insertInto('notifications')
      .values([
        {
          person_id: owner.personId,
          kind: 'booking',
          title_ar: 'حجز',
          title_en: 'Booking',
          body_ar: `مرحبًا ${marks.name}`,
          body_en: `Hello ${marks.name}`,
          request_id: null,
          session_id: sessions[0]!.id,
          chat_with: null,
          read_at: null,
          created_at: now,
        },
        {
          person_id: expert.personId,
          kind: 'booking',
          title_ar: 'حجز جديد',
          title_en: 'New booking',
          body_ar: `حجز من ${marks.name}`,
          body_en: `Booking by ${marks.name}`,
          request_id: null,
          session_id: sessions[1]!.id,
          chat_with: null,
          read_at: null,
          created_at: now,
        },
        {
          person_id: expert.personId,
          kind: 'chat_message',
          title_ar: marks.name,
          title_en: marks.name,
          body_ar: marks.chat,
          body_en: marks.chat,
          request_id: null,
          session_id: null,
          chat_with: owner.personId,
          read_at: null,
          created_at: now,
        },
      ])
      .execute()
    // Mail she was sent, and a mail to the expert that names her (sent before the erasure).
    for (const [to, key] of [
      [marks.email, 'booking_confirmed:erasure'],
      ['expert@example.sa', 'expert_booking:erasure'],
    ] as const)
      await queueMail(db, {
        kind: 'test',
        dedupeKey: key,
        to,
        mail: {
          subject: `جلسة ${marks.name}`,
          text: `${marks.name} ${marks.email} ${marks.mobile}`,
          html: `<p>${marks.name}</p>`,
          attachments: [],
        },
        domain: 'mashura.test',
      })
    await sendMail()
    // An older audit entry that holds her details.
    await recordAudit(db, {
      actor: { personId: owner.personId, label: marks.name },
      action: 'person.update',
      targetType: 'person',
      targetId: owner.personId,
      before: { full_name: 'قديم', email: null },
      after: { full_name: marks.name, email: marks.email, phone: marks.mobile },
    })
    const request = await db
      .insertInto('deletion_requests')
      .values({ person_id: owner.personId, reason: `احذفوا ${marks.chat}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { admin, expert, owner, sessions, stored, requestId: request.id, conversationId: conversation.id }
  }

  it('leaves nothing of her in the database files, the uploads, Redis or the memory; the report is unchanged; the mail arrived first', async () => {
    const seeded = await seedOwner()
    const { db } = ctx.store
    const redis = redisUrl ? { url: redisUrl, prefix } : null
    const needles = { ...marks, photo: Buffer.from(marks.photo) }
    // The search can fail: before the erasure it finds her in the database files and the uploads.
    const before = await whereFound(ctx, needles, redis)
    expect(before.some((p) => p.startsWith('name in'))).toBe(true)
    expect(before.some((p) => p.startsWith('photo in') && p.includes('uploads'))).toBe(true)
    const report = await jsonOf(ctx.get(`/api/admin/reports/sessions?${RANGE}`, seeded.admin.token))
    // Her live socket, and the public catalogue in the memory cache.
    const socket = await signedInSocket(ctx, address, seeded.owner)
    await jsonOf(ctx.get('/api/profile/contributors'))

    const decided = await jsonOf(
      ctx.post(`/api/admin/deletion-requests/${seeded.requestId}/decision`, seeded.admin.token, {
        decision: 'approved',
        reason: 'تمت المراجعة',
      }),
    )
    expect(decided.data.person).toEqual({ id: seeded.owner.personId, full_name: ERASED_NAME.ar, email: null })
    // Her token is refused, her socket is closed, the memory cache holds nothing.
    expect((await ctx.get('/api/notifications', seeded.owner.token)).statusCode).toBe(401)
    expect(await socket.closed(30_000)).toBe(4001)
    expect(ctx.app.catalogueCache.size()).toBe(0)

    // The mail goes out with her name and address, then its row goes too.
    const pending = await db
      .selectFrom('outbox')
      .select(['to_address', 'body'])
      .where('kind', '=', 'deletion_decision')
      .execute()
    expect(pending).toEqual([{ to_address: marks.email, body: expect.stringContaining(marks.name) }])
    expect((await sendMail()).sent).toHaveLength(1)
    const mails = await Promise.all(
      readdirSync(catcher.dir).map((f) => simpleParser(readFileSync(join(catcher.dir, f)))),
    )
    const decision = mails.find((m) => m.subject?.includes('Account deletion approved'))
    expect(decision?.to).toMatchObject({ text: marks.email })
    await finishAll(ctx)
    expect(
      await db.selectFrom('outbox').select('id').where('to_address', '=', marks.email).execute(),
    ).toEqual([])

    expect(await whereFound(ctx, needles, redis)).toEqual([])
    expect(existsSync(join(ctx.config.dataDir, 'uploads', seeded.stored))).toBe(false)
    expect(ctx.app.catalogueCache.size()).toBe(0)

    // The agency's figures still add up; the sessions stay, anonymous, with the rating's stars.
    expect(await jsonOf(ctx.get(`/api/admin/reports/sessions?${RANGE}`, seeded.admin.token))).toEqual(report)
    const kept = await db
      .selectFrom('sessions')
      .select(['id', 'state', 'sme_id'])
      .where('sme_id', '=', seeded.owner.personId)
      .orderBy('id')
      .execute()
    expect(kept.map((s) => s.state)).toEqual(['ended', 'ended'])
    expect(await db.selectFrom('ratings').select(['stars', 'comment']).execute()).toEqual([
      { stars: 4, comment: null },
    ])
    // The expert's session list names her as a deleted user, in the reader's language.
    const list = await jsonOf(ctx.get('/api/schedule/booked-sessions', seeded.expert.token, 'en'))
    expect(JSON.stringify(list)).not.toContain(marks.name)
    // The erasure's own audit entry holds ids only.
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('action', '=', 'person.erase')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]!.after_json).toContain(`"deletion_request_id":${seeded.requestId}`)
    // A new sign-in with her provider account is a new person.
    const row = await db
      .selectFrom('people')
      .select(['issuer', 'subject', 'full_name', 'email', 'phone', 'erased_at'])
      .where('id', '=', seeded.owner.personId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      issuer: 'erased',
      subject: `erased-${seeded.owner.personId}`,
      full_name: '',
      email: null,
      phone: null,
      erased_at: expect.any(String),
    })
  })

  it('takes an expert out of the search with their profile, and their words out of the vocabulary', async () => {
    const { db } = ctx.store
    const admin = await ctx.person({ name: 'مدير ثان', backOffice: 'admin' })
    const expert = await ctx.person({
      name: expertName,
      contributor: { kind: 'consultant', bio_ar: expertBio },
    })
    const [first] = expertName.split(' ')
    const found = await jsonOf(ctx.get(`/api/profile/contributors?q=${encodeURIComponent(first!)}`))
    expect(found.data.map((c: { id: number }) => c.id)).toContain(expert.contributorId)
    const request = await db
      .insertInto('deletion_requests')
      .values({ person_id: expert.personId, reason: 'اعتزال', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await jsonOf(
      ctx.post(`/api/admin/deletion-requests/${request.id}/decision`, admin.token, {
        decision: 'approved',
        reason: 'حسنًا',
      }),
    )
    await sendMail()
    await finishAll(ctx)
    const after = await jsonOf(ctx.get(`/api/profile/contributors?q=${encodeURIComponent(first!)}`))
    expect(after.data.map((c: { id: number }) => c.id)).not.toContain(expert.contributorId)
    expect(
      await db
        .selectFrom('contributors')
        .select(['bio_ar', 'is_active', 'search_text'])
        .where('id', '=', expert.contributorId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ bio_ar: '', is_active: 0, search_text: '' })
    expect(
      await whereFound(
        ctx,
        { name: expertName, bio: expertBio },
        redisUrl ? { url: redisUrl, prefix } : null,
      ),
    ).toEqual([])
  })
})

// Two instances on one database and one Redis (CI always sets TEST_REDIS_URL; `npm test` says loudly when not).
describe.runIf(process.env.TEST_REDIS_URL)('erasure across instances', () => {
  for (const dialect of DATABASES) {
    it(`closes her socket and empties the cache on the other instance too [${dialect}]`, async () => {
      const pair = await createTwoInstances(dialect, process.env.TEST_REDIS_URL!)
      try {
        const { ctx, second } = pair
        const admin = await ctx.person({ name: 'مديرة', backOffice: 'admin' })
        const owner = await ctx.person({ name: `${arabicWord()} ${arabicWord()}` })
        await addExpert(ctx, { name: `${arabicWord()} ${arabicWord()}` })
        const http = await second.listen({ port: 0, host: '127.0.0.1' })
        const socket = await signedInSocket(ctx, `${http.replace(/^http/, 'ws')}/api/realtime`, owner)
        const listed = await second.inject({
          method: 'GET',
          url: '/api/profile/contributors',
          headers: { 'x-api-key': DEV_API_KEY },
        })
        expect(listed.statusCode).toBe(200)
        expect(second.catalogueCache.size()).toBeGreaterThan(0)
        const request = await ctx.store.db
          .insertInto('deletion_requests')
          .values({ person_id: owner.personId, reason: 'خصوصية', created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow()
        await jsonOf(
          ctx.post(`/api/admin/deletion-requests/${request.id}/decision`, admin.token, {
            decision: 'approved',
            reason: 'تم',
          }),
        )
        expect(await socket.closed(30_000)).toBe(4001)
        await expect.poll(() => second.catalogueCache.size()).toBe(0)
      } finally {
        await pair.close()
      }
    })
  }
})

describe('the erased name', () => {
  it('reads «مستخدم محذوف» in Arabic and "Deleted user" in English', () => {
    expect(ERASED_NAME).toEqual({ ar: 'مستخدم محذوف', en: 'Deleted user' })
  })
})
