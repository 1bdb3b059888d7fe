/**
 * Bounded uploads (issue 30), on both databases: hostile PDFs are refused without holding the event loop (a
 * public GET made meanwhile answers promptly), within a budget per upload and a deadline; one person's uploads
 * are rate-limited and capped; files attached to nothing, never or no longer, are collected; and no refused
 * upload leaves a temporary file behind.
 */
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ar, en } from '@mashura/core/i18n/server'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { SPOOL_FOLDER } from '../../../adapters/files/spool.ts'
import {
  multipartBody,
  objectStreamPdf,
  type Part,
  pdfFile,
  pngFile,
  wavFile,
} from '../../../adapters/files/test-files.ts'
import { ConfigError, DEFAULT_UPLOAD_LIMITS, loadConfig } from '../../../config.ts'
import { schedulerTick } from '../../../scheduler.ts'
import {
  eachDatabase,
  type TestContext,
  type TestPerson,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'
import { addSession, hoursFromNow, recommendationBody } from '../../../test-support/fixtures.ts'

const VOICE = '/api/uploader/voice_note/upload/dashboard'
const ATTACH = '/api/uploader/attachments/upload'
/** A cheap public call: what the probe saw time out while a hostile upload was checked. */
const PUBLIC_GET = '/api/dashboard/settings'

/** Uploads `parts` to `url` as `who`, in `lang` when given. */
function uploadAs(ctx: TestContext, who: TestPerson, url: string, parts: Part[], lang?: 'ar' | 'en') {
  const { payload, headers } = multipartBody(parts)
  return ctx.call({ method: 'POST', url, payload, headers, token: who.token, ...(lang ? { lang } : {}) })
}

/** The stored files' and the arriving uploads' folders' contents. */
function folders(ctx: TestContext) {
  const list = (name: string) => {
    try {
      return readdirSync(join(ctx.config.dataDir, name)).sort()
    } catch {
      return []
    }
  }
  return { stored: list('uploads'), incoming: list(SPOOL_FOLDER) }
}

/** How many file rows a person has. */
async function rowsOf(ctx: TestContext, who: TestPerson): Promise<number> {
  const { n } = await ctx.store.db
    .selectFrom('files')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('owner_person_id', '=', who.personId)
    .executeTakeFirstOrThrow()
  return Number(n)
}

/**
 * Runs an upload while a visitor calls a cheap public route again and again until it is answered, timing each
 * call and the event loop's longest stall meanwhile. With the check on the event loop, a call made while the
 * PDFs are parsed waits for the whole parse (the probe measured over 20 s).
 */
async function meanwhile(ctx: TestContext, upload: () => Promise<LightMyRequestResponse>) {
  const stalls = monitorEventLoopDelay({ resolution: 10 })
  stalls.enable()
  let answered = false
  const answer = upload().finally(() => {
    answered = true
  })
  const calls: number[] = []
  do {
    const started = performance.now()
    const res = await ctx.get(PUBLIC_GET)
    expect(res.statusCode).toBe(200)
    calls.push(performance.now() - started)
    // An injected call answered from the cache never waits on I/O: let the event loop turn, as a network would.
    await new Promise((resolve) => setImmediate(resolve))
  } while (!answered)
  const res = await answer
  stalls.disable()
  return { res, slowestCallMs: Math.max(...calls), longestStallMs: stalls.max / 1e6 }
}

describe('upload settings', () => {
  it('reads RATE_LIMIT_UPLOAD, UPLOAD_QUOTA_MB, UPLOAD_ORPHAN_HOURS and UPLOAD_CHECK_MS, each with its default', () => {
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-config-')),
      TOKEN_SECRET: 'x',
    }
    expect(loadConfig(env).uploads).toEqual({ perWindow: 30, quotaMb: 200, orphanHours: 24, checkMs: 5000 })
    expect(
      loadConfig({
        ...env,
        RATE_LIMIT_UPLOAD: '5',
        UPLOAD_QUOTA_MB: '50',
        UPLOAD_ORPHAN_HOURS: '2',
        UPLOAD_CHECK_MS: '2500',
      }).uploads,
    ).toEqual({ perWindow: 5, quotaMb: 50, orphanHours: 2, checkMs: 2500 })
    for (const [name, value] of [
      ['UPLOAD_QUOTA_MB', '0'],
      ['UPLOAD_ORPHAN_HOURS', 'a day'],
      ['UPLOAD_CHECK_MS', '10'],
    ] as const)
      expect(() => loadConfig({ ...env, [name]: value }), name).toThrow(ConfigError)
  })
})

eachDatabase('upload bounds', (dialect) => {
  const ctx = useTestContext(dialect, { uploads: { ...DEFAULT_UPLOAD_LIMITS, perWindow: 4, quotaMb: 1 } })
  const { expert, owner } = usePeople(ctx, {
    expert: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة الشمري' },
  })

  it("refuses the probe's upload, ten PDFs of 60 KB each inflating to 60 MB, with 422 file_too_complex, while public calls answer promptly", async () => {
    const person = await ctx.person()
    const hostile = objectStreamPdf(60 * 1024 * 1024)
    expect(hostile.length).toBeLessThan(100 * 1024)
    const parts = Array.from({ length: 10 }, (_, i) => ({
      field: 'files[]',
      filename: `p${i}.pdf`,
      data: hostile,
    }))
    const before = folders(ctx)
    for (const lang of ['ar', 'en'] as const) {
      const { res, slowestCallMs, longestStallMs } = await meanwhile(ctx, () =>
        uploadAs(ctx, person, ATTACH, parts, lang),
      )
      const message = (lang === 'ar' ? ar : en)['errors.fileTooComplex']
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        error: { code: 'file_too_complex', message, fields: { 'files[]': message } },
      })
      expect(slowestCallMs).toBeLessThan(1000)
      expect(longestStallMs).toBeLessThan(1000)
    }
    expect(folders(ctx)).toEqual(before)
    expect(await rowsOf(ctx, person)).toBe(0)
  })

  it("refuses PDFs that together cost past the upload's budget, though each alone may pass, without stalling other calls", async () => {
    const person = await ctx.person()
    // 750,000 numbers each: one file is parsed (most of a second on a check thread); ten pass the upload's two million.
    const heavy = objectStreamPdf(1_500_000)
    const parts = Array.from({ length: 10 }, (_, i) => ({
      field: 'files[]',
      filename: `p${i}.pdf`,
      data: heavy,
    }))
    const { res, slowestCallMs, longestStallMs } = await meanwhile(ctx, () =>
      uploadAs(ctx, person, ATTACH, parts),
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().error.code).toBe('file_too_complex')
    expect(slowestCallMs).toBeLessThan(1000)
    expect(longestStallMs).toBeLessThan(1000)
    expect(await rowsOf(ctx, person)).toBe(0)
    expect(folders(ctx).incoming).toEqual([])
  })

  it('answers 429 once a person made RATE_LIMIT_UPLOAD uploads in a window, both calls counted together, each person apart', async () => {
    const [person, other] = [await ctx.person(), await ctx.person()]
    const png = [{ field: 'files[]', filename: 'a.png', data: pngFile() }]
    const statuses = [
      (await uploadAs(ctx, person, VOICE, [{ field: 'file', filename: 'a.wav', data: wavFile() }]))
        .statusCode,
      (await uploadAs(ctx, person, ATTACH, png)).statusCode,
      (await uploadAs(ctx, person, ATTACH, png)).statusCode,
      (await uploadAs(ctx, person, VOICE, [{ field: 'file', filename: 'b.wav', data: wavFile() }]))
        .statusCode,
    ]
    expect(statuses).toEqual([201, 201, 201, 201])
    const limited = await uploadAs(ctx, person, ATTACH, png, 'en')
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('rate_limited')
    expect(limited.json().error.message).toMatch(/^Too many attempts/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(await rowsOf(ctx, person)).toBe(4)
    expect((await uploadAs(ctx, other, ATTACH, png)).statusCode).toBe(201)
  })

  it("refuses an upload past the person's quota while it arrives, and accepts again once an unattached file is collected", async () => {
    const person = await ctx.person()
    const first = await uploadAs(ctx, person, ATTACH, [
      { field: 'files[]', filename: 'a.pdf', data: pdfFile(700 * 1024) },
    ])
    expect(first.statusCode).toBe(201)
    const before = folders(ctx)
    for (const lang of ['ar', 'en'] as const) {
      const res = await uploadAs(
        ctx,
        person,
        ATTACH,
        [{ field: 'files[]', filename: 'b.pdf', data: pdfFile(400 * 1024) }],
        lang,
      )
      expect(res.statusCode).toBe(413)
      expect(res.json().error).toEqual({
        code: 'upload_quota_exceeded',
        message:
          lang === 'ar'
            ? ar['errors.uploadQuotaExceeded'].replace('{quotaMb, number}', '١')
            : expect.stringContaining('(1 MB)'),
      })
    }
    expect(folders(ctx)).toEqual(before)
    expect(await rowsOf(ctx, person)).toBe(1)
    // A day later the first file, never attached, is collected; the person has room again.
    const collected = await schedulerTick(ctx.app, new Date(Date.now() + 25 * 3_600_000))
    expect(collected.collected).toContain(first.json().data.files[0].path)
    expect(await rowsOf(ctx, person)).toBe(0)
    const again = await uploadAs(ctx, person, ATTACH, [
      { field: 'files[]', filename: 'b.pdf', data: pdfFile(400 * 1024) },
    ])
    expect(again.statusCode).toBe(201)
  })

  it('refuses at once an upload from a person whose quota is full, before looking at what it holds', async () => {
    const person = await ctx.person()
    // A PDF of exactly the quota (white space may follow its %%EOF).
    const pdf = pdfFile(1024 * 1024 - 64)
    const full = await uploadAs(ctx, person, ATTACH, [
      {
        field: 'files[]',
        filename: 'a.pdf',
        data: Buffer.concat([pdf, Buffer.alloc(1024 * 1024 - pdf.length, 0x0a)]),
      },
    ])
    expect(full.statusCode, full.body).toBe(201)
    // Not audio (a 415 if it were read): the quota answers first.
    const res = await uploadAs(ctx, person, VOICE, [{ field: 'file', filename: 'a.wav', data: pngFile() }])
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('upload_quota_exceeded')
  })

  it('collects files attached to nothing for UPLOAD_ORPHAN_HOURS, and attachments a recommendation replaced, keeping attached and recent ones', async () => {
    const { db } = ctx.store
    const res = await uploadAs(
      ctx,
      expert,
      ATTACH,
      ['replaced', 'attached', 'sent', 'forgotten', 'recent'].map((name) => ({
        field: 'files[]',
        filename: `${name}.png`,
        data: pngFile(),
      })),
    )
    expect(res.statusCode).toBe(201)
    const [replaced, attached, sent, forgotten, recent] = (res.json().data.files as { path: string }[]).map(
      (f) => f.path,
    ) as [string, string, string, string, string]
    const session = await addSession(db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(-2),
      smeId: owner.personId,
      state: 'ended',
    })
    const recommend = (attachments: string[]) =>
      ctx.post('/api/rating/v4/sme', expert.token, recommendationBody(session.id, { attachments }))
    expect((await recommend([replaced])).statusCode).toBe(200)
    expect((await recommend([attached])).statusCode).toBe(200)
    const now = new Date().toISOString()
    const conversation = await db
      .insertInto('conversations')
      .values({
        contributor_id: expert.contributorId!,
        sme_id: owner.personId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('chat_messages')
      .values({
        conversation_id: conversation.id,
        sender_person_id: expert.personId,
        type: 'image',
        body: null,
        file_id: sent,
        status: 0,
        created_at: now,
      })
      .execute()
    const old = new Date(Date.now() - (DEFAULT_UPLOAD_LIMITS.orphanHours + 1) * 3_600_000).toISOString()
    await db
      .updateTable('files')
      .set({ created_at: old })
      .where('id', 'in', [replaced, attached, sent, forgotten])
      .execute()
    const storedName = async (id: string) =>
      (await db.selectFrom('files').select('stored_name').where('id', '=', id).executeTakeFirstOrThrow())
        .stored_name
    const names = Object.fromEntries(
      await Promise.all(
        [replaced, attached, sent, forgotten, recent].map(async (id) => [id, await storedName(id)] as const),
      ),
    )

    const { collected } = await schedulerTick(ctx.app)
    expect([...collected].sort()).toEqual([replaced, forgotten].sort())
    const left = await db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [replaced, attached, sent, forgotten, recent])
      .execute()
    expect(left.map((r) => r.id).sort()).toEqual([attached, sent, recent].sort())
    const { stored } = folders(ctx)
    for (const id of [replaced, forgotten]) expect(stored).not.toContain(names[id])
    for (const id of [attached, sent, recent]) expect(stored).toContain(names[id])
    // The attached file is still served to the session's business owner; a collected one is gone.
    expect((await ctx.get(`/api/uploader/files/${attached}`, owner.token)).statusCode).toBe(200)
    expect((await ctx.get(`/api/uploader/files/${forgotten}`, expert.token)).statusCode).toBe(404)
    expect((await schedulerTick(ctx.app)).collected).toEqual([])
  })

  it('leaves no temporary file behind after the uploads above, stored or refused', () => {
    expect(folders(ctx).incoming).toEqual([])
  })

  describe('with a deadline too short for any check', () => {
    const hurried = useTestContext(dialect, { uploads: { ...DEFAULT_UPLOAD_LIMITS, checkMs: 1 } })
    const { person } = usePeople(hurried, { person: {} })

    it('gives up checking past UPLOAD_CHECK_MS with 422 file_check_timeout in both languages, storing nothing', async () => {
      // Reading and parsing 9 MB takes a check thread more than a millisecond.
      const big = pdfFile(9 * 1024 * 1024)
      for (const lang of ['ar', 'en'] as const) {
        const res = await uploadAs(
          hurried,
          person,
          ATTACH,
          [{ field: 'files[]', filename: 'big.pdf', data: big }],
          lang,
        )
        const message = (lang === 'ar' ? ar : en)['errors.fileCheckTimeout']
        expect(res.statusCode, res.body).toBe(422)
        expect(res.json()).toEqual({
          error: { code: 'file_check_timeout', message, fields: { 'files[]': message } },
        })
      }
      expect(folders(hurried)).toEqual({ stored: [], incoming: [] })
      expect(await rowsOf(hurried, person)).toBe(0)
    })
  })
})
