/**
 * "My data" (issue 34), on both databases: an expert's read of a business owner's contact details is recorded
 * and listed to her alone; her export holds her data and her files, and nothing of another owner of the same
 * expert (name, mobile, e-mail, company, chat); it is announced by a notice and a mail; it is rate-limited; only
 * she can download it; its ZIP is deleted after its days, and erasure removes what this part keeps.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it, vi } from 'vitest'
import { readZip } from '../../../adapters/files/zip.ts'
import {
  conversationIdOf,
  ensureConversation,
  insertChatMessage,
  setLastMessage,
} from '../../../db/queries/chat.ts'
import {
  EXPORTS_FOLDER,
  eraseExportsOf,
  exportsStorage,
  purgeExpiredExports,
  requestExport,
} from '../../../domain/my-data.ts'
import { schedulerTick } from '../../../scheduler.ts'
import {
  eachDatabase,
  jsonOf,
  type TestContext,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'
import { addRecommendationWithAttachment, addSession, hoursFromNow } from '../../../test-support/fixtures.ts'

const HUDA = { name: 'هدى الشمري', email: 'huda@example.sa', mobile: '+966500000111', company: 'مخبز هدى' }
const LAMA = { name: 'لمى القحطاني', email: 'lama@example.sa', mobile: '+966500000222', company: 'متجر لمى' }
const HUDA_SAYS = 'أحتاج خطة تسويق للمخبز قبل رمضان'
const EXPERT_SAYS = 'لنبدأ بتحليل المنافسين في حيّك'
const LAMA_SAYS = 'سرّ لمى: قرض بنكي متعثر'

/** Waits until the person's latest export is no longer preparing; answers its state. */
async function readyExport(ctx: TestContext, token: string) {
  let state: { latest: { state: string; id: number; download_url: string | null } } | undefined
  await vi.waitFor(
    async () => {
      state = (await jsonOf(ctx.get('/api/self/my-data/export', token))).data
      expect(state?.latest.state).not.toBe('preparing')
    },
    { timeout: 15_000, interval: 100 },
  )
  return state!.latest
}

eachDatabase('my data', (dialect) => {
  const ctx = useTestContext(dialect)
  const people = usePeople(ctx, {
    expert: { name: 'نورة الخبيرة', contributor: { kind: 'consultant' } },
    huda: { name: HUDA.name, email: HUDA.email },
    lama: { name: LAMA.name, email: LAMA.email },
  })
  const db = () => ctx.store.db
  const sessions: Record<'huda' | 'lama', number> = { huda: 0, lama: 0 }
  let hudaFile = ''

  it('sets up two business owners of one expert, with sessions, chats, companies and files', async () => {
    const { expert } = people
    for (const [key, who, facts, says] of [
      ['huda', people.huda, HUDA, HUDA_SAYS],
      ['lama', people.lama, LAMA, LAMA_SAYS],
    ] as const) {
      await db().updateTable('people').set({ phone: facts.mobile }).where('id', '=', who.personId).execute()
      await db()
        .insertInto('companies')
        .values({
          person_id: who.personId,
          name: facts.company,
          cr_number: null,
          city: 'الرياض',
          phase: 'growing',
          created_at: new Date().toISOString(),
        })
        .execute()
      const session = await addSession(db(), {
        contributorId: expert.contributorId!,
        start: hoursFromNow(-3),
        smeId: who.personId,
        state: 'ended',
        description: `${facts.name}: ${says}`,
      })
      sessions[key] = session.id
      const now = new Date().toISOString()
      await ensureConversation(db(), expert.contributorId!, who.personId, now)
      const conversationId = (await conversationIdOf(db(), expert.contributorId!, who.personId)).id
      const first = await insertChatMessage(db(), {
        conversation_id: conversationId,
        sender_person_id: who.personId,
        type: 'text',
        body: says,
        file_id: null,
        status: 2,
        created_at: now,
      })
      await setLastMessage(db(), conversationId, first.id, now)
    }
    // The expert answers Huda, and writes her recommendations with an attachment.
    const hudaConversation = (await conversationIdOf(db(), expert.contributorId!, people.huda.personId)).id
    await insertChatMessage(db(), {
      conversation_id: hudaConversation,
      sender_person_id: expert.personId,
      type: 'text',
      body: EXPERT_SAYS,
      file_id: null,
      status: 1,
      created_at: new Date().toISOString(),
    })
    await addRecommendationWithAttachment(ctx, sessions.huda, expert.personId)
    // Huda rates her session and has uploaded a file of her own.
    await db()
      .insertInto('ratings')
      .values({
        session_id: sessions.huda,
        contributor_id: expert.contributorId!,
        stars: 5,
        comment: 'جلسة مفيدة جدا',
        created_at: new Date().toISOString(),
      })
      .execute()
    hudaFile = 'f0a1b2c3-0000-4000-8000-000000000001'
    await ctx.app.files.put(`${hudaFile}.pdf`, new TextEncoder().encode('%PDF-1.4 Huda plan\n%%EOF\n'))
    await db()
      .insertInto('files')
      .values({
        id: hudaFile,
        owner_person_id: people.huda.personId,
        session_id: null,
        kind: 'chat',
        original_name: 'خطة هدى.pdf',
        stored_name: `${hudaFile}.pdf`,
        mime_type: 'application/pdf',
        size: 26,
        duration_seconds: null,
        created_at: new Date().toISOString(),
      })
      .execute()
  })

  it('records each read of her contact details by the expert, once per call, and lists it to her alone', async () => {
    const { expert, huda, lama } = people
    const before = (await jsonOf(ctx.get('/api/self/my-data/accesses', huda.token))).meta.total
    const profile = await jsonOf(ctx.get(`/api/schedule/sessions/${sessions.huda}/sme`, expert.token))
    expect(profile.data.mobile).toBe(HUDA.mobile)
    // Her own look at her profile is not a read by someone else.
    await jsonOf(ctx.get(`/api/profile/v2/sme/show/${huda.personId}`, huda.token))

    const page = await jsonOf(ctx.get('/api/self/my-data/accesses', huda.token, 'en'))
    expect(page.meta.total).toBe(before + 1)
    expect(page.data[0]).toMatchObject({
      kind: 'contact_read',
      actor: { role: 'expert', name: 'نورة الخبيرة' },
      fields: ['email', 'mobile', 'companies'],
      via: 'getSessionSme',
      session_id: sessions.huda,
    })
    await jsonOf(ctx.get(`/api/profile/v2/sme/show/${huda.personId}`, expert.token))
    const again = await jsonOf(ctx.get('/api/self/my-data/accesses', huda.token))
    expect(again.data[0]).toMatchObject({ kind: 'contact_read', via: 'getSmeProfile' })
    const lamas = await jsonOf(ctx.get('/api/self/my-data/accesses', lama.token))
    expect(lamas.data.filter((e: { kind: string }) => e.kind === 'contact_read')).toEqual([])
    expect((await ctx.get('/api/self/my-data/accesses', null)).statusCode).toBe(401)
  })

  it('exports exactly her data and her files, and nothing of the other owner of the same expert', async () => {
    const { huda } = people
    const asked = await jsonOf(ctx.post('/api/self/my-data/exports', huda.token, {}), 201)
    expect(asked.data.latest.state).toMatch(/preparing|ready/)
    const latest = await readyExport(ctx, huda.token)
    expect(latest.state).toBe('ready')
    expect(latest.download_url).toContain(`/api/self/my-data/exports/${latest.id}/file`)

    const response = await ctx.get(`/api/self/my-data/exports/${latest.id}/file`, huda.token)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    const zip = readZip(response.rawPayload)
    const text = [...zip.entries()]
      .filter(([name]) => name.endsWith('.json') || name.endsWith('.txt'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n')
    const json = (name: string) => JSON.parse(zip.get(name)!.toString('utf8'))

    expect(json('profile.json').person).toMatchObject({
      full_name: HUDA.name,
      email: HUDA.email,
      mobile: HUDA.mobile,
    })
    expect(json('profile.json').companies).toEqual([expect.objectContaining({ name: HUDA.company })])
    expect(json('sessions.json')).toEqual([
      expect.objectContaining({ id: sessions.huda, my_role: 'business_owner', with: 'نورة الخبيرة' }),
    ])
    const chat = json('chat.json')
    expect(chat).toHaveLength(1)
    expect(chat[0].messages.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['me', HUDA_SAYS],
      ['them', EXPERT_SAYS],
    ])
    expect(json('recommendations.json')).toEqual([
      expect.objectContaining({ session_id: sessions.huda, written: 'for_me' }),
    ])
    expect(json('ratings.json')).toEqual([expect.objectContaining({ stars: 5, comment: 'جلسة مفيدة جدا' })])
    expect(json('contact-reads.json')[0]).toMatchObject({ by: 'نورة الخبيرة', via: 'getSessionSme' })
    expect(Array.isArray(json('consents.json')) || 'note' in json('consents.json')).toBe(true)
    expect(json('notifications.json')).toEqual(expect.any(Array))
    // Her uploaded file, byte for byte; the expert's attachment is not hers.
    const files = json('files.json')
    expect(files).toEqual([expect.objectContaining({ id: hudaFile, name: 'خطة هدى.pdf' })])
    expect(zip.get(files[0].in_zip)?.toString('utf8')).toBe('%PDF-1.4 Huda plan\n%%EOF\n')
    expect([...zip.keys()].filter((name) => name.startsWith('files/'))).toHaveLength(1)

    for (const other of [
      LAMA.name,
      LAMA.email,
      LAMA.mobile,
      LAMA.company,
      LAMA_SAYS,
      'room-secret',
      'pw-secret',
    ])
      expect(text).not.toContain(other)
  })

  it('announces the ready export with an in-app notice and a queued mail, once', async () => {
    const { huda } = people
    const notices = await db()
      .selectFrom('notifications')
      .select(['kind', 'title_ar', 'title_en'])
      .where('person_id', '=', huda.personId)
      .where('kind', '=', 'data_export_ready')
      .execute()
    expect(notices).toEqual([
      { kind: 'data_export_ready', title_ar: 'نسخة بياناتك جاهزة', title_en: 'Your data export is ready' },
    ])
    const mails = await db()
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'link', 'body'])
      .where('kind', '=', 'data_export_ready')
      .execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to_address: HUDA.email, link: `${ctx.config.publicUrl}/my-data` })
    expect(mails[0]!.body.indexOf('نسخة بياناتك')).toBeLessThan(mails[0]!.body.indexOf('Your data export'))
  })

  it('refuses a second request within the window with 429 in Arabic and English, and audits the export', async () => {
    const { huda } = people
    const ar = await ctx.post('/api/self/my-data/exports', huda.token, {}, 'ar')
    expect(ar.statusCode).toBe(429)
    expect(ar.json().error.code).toBe('export_rate_limited')
    expect(ar.json().error.message).toContain('يمكنك طلب نسخة جديدة بعد')
    expect(Number(ar.headers['retry-after'])).toBeGreaterThan(23 * 3600)
    const en = await ctx.post('/api/self/my-data/exports', huda.token, {}, 'en')
    expect(en.json().error.message).toContain('You can ask for a new one after')
    const state = await jsonOf(ctx.get('/api/self/my-data/export', huda.token))
    expect(Date.parse(state.data.next_request_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000)

    const accesses = await jsonOf(ctx.get('/api/self/my-data/accesses?per_page=100', huda.token))
    const kinds = accesses.data.map((e: { kind: string }) => e.kind)
    expect(kinds).toContain('export_requested')
    expect(kinds).toContain('export_downloaded')
    expect(accesses.data.find((e: { kind: string }) => e.kind === 'export_requested').actor).toEqual({
      role: 'self',
      name: null,
    })
  })

  it('lets a person ask again at once after a failed export', async () => {
    const { lama } = people
    const first = await requestExport(db(), lama.personId, { everyHours: 24 })
    expect(first.ok).toBe(true)
    const refused = await requestExport(db(), lama.personId, { everyHours: 24 })
    expect(refused.ok).toBe(false)
    if (first.ok)
      await db()
        .updateTable('data_exports')
        .set({ state: 'failed', finished_at: new Date().toISOString() })
        .where('id', '=', first.row.id)
        .execute()
    expect((await requestExport(db(), lama.personId, { everyHours: 24 })).ok).toBe(true)
  })

  it("prepares in the scheduler's minute an export nobody started (a crash after the request), and only hers", async () => {
    const { lama } = people
    const waiting = await db()
      .selectFrom('data_exports')
      .selectAll()
      .where('person_id', '=', lama.personId)
      .where('state', '=', 'preparing')
      .executeTakeFirstOrThrow()
    await schedulerTick(ctx.app)
    const state = await jsonOf(ctx.get('/api/self/my-data/export', lama.token))
    expect(state.data.latest).toMatchObject({ id: waiting.id, state: 'ready' })
    const zip = readZip(
      (await ctx.get(state.data.latest.download_url.replace(ctx.config.publicUrl, ''), lama.token))
        .rawPayload,
    )
    const text = [...zip.values()].map((bytes) => bytes.toString('utf8')).join('\n')
    expect(text).toContain(LAMA_SAYS)
    for (const other of [HUDA.name, HUDA.email, HUDA.mobile, HUDA.company, HUDA_SAYS, EXPERT_SAYS])
      expect(text).not.toContain(other)
  })

  it('serves the ZIP to its owner only: another person and an unknown id get 404, a visitor 401', async () => {
    const { huda, lama, expert } = people
    const mine = await jsonOf(ctx.get('/api/self/my-data/export', huda.token))
    const id = mine.data.latest.id
    expect((await ctx.get(`/api/self/my-data/exports/${id}/file`, lama.token)).statusCode).toBe(404)
    expect((await ctx.get(`/api/self/my-data/exports/${id}/file`, expert.token)).statusCode).toBe(404)
    expect((await ctx.get(`/api/self/my-data/exports/${id + 1000}/file`, huda.token)).statusCode).toBe(404)
    expect((await ctx.get(`/api/self/my-data/exports/${id}/file`, null)).statusCode).toBe(401)
  })

  it("deletes the ZIP after its days; erasure removes her exports and the reads of her details, and an erased expert's name from the reads he made", async () => {
    const { huda } = people
    const row = await db()
      .selectFrom('data_exports')
      .selectAll()
      .where('person_id', '=', huda.personId)
      .where('state', '=', 'ready')
      .executeTakeFirstOrThrow()
    const path = join(ctx.config.dataDir, EXPORTS_FOLDER, row.stored_name!)
    expect(existsSync(path)).toBe(true)
    const storage = exportsStorage(ctx.config.dataDir)
    expect(await purgeExpiredExports(db(), storage, new Date(Date.now() + 6 * 86_400_000))).toBe(0)
    // Hers, and Lama's from the scheduler's run.
    expect(await purgeExpiredExports(db(), storage, new Date(Date.now() + 8 * 86_400_000))).toBe(2)
    expect(existsSync(path)).toBe(false)
    const state = await jsonOf(ctx.get('/api/self/my-data/export', huda.token))
    expect(state.data.latest).toMatchObject({ state: 'expired', download_url: null })

    // The expert erased: Huda keeps the record that her details were read, by an expert no longer named.
    const expertErased = await eraseExportsOf(db(), people.expert.personId, storage)
    expect(expertErased.readsAnonymised).toBeGreaterThan(0)
    const anonymous = await jsonOf(ctx.get('/api/self/my-data/accesses', huda.token))
    const reads = anonymous.data.filter((e: { kind: string }) => e.kind === 'contact_read')
    expect(reads.length).toBeGreaterThan(0)
    for (const read of reads) expect(read.actor).toEqual({ role: 'expert', name: null })

    const erased = await eraseExportsOf(db(), huda.personId, storage)
    expect(erased.exports).toBeGreaterThan(0)
    expect(erased.reads).toBeGreaterThan(0)
    const left = await jsonOf(ctx.get('/api/self/my-data/accesses', huda.token))
    expect(left.data.filter((e: { kind: string }) => e.kind === 'contact_read')).toEqual([])
  })
})
