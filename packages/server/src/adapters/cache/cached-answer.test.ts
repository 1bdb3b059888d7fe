/**
 * Less work per request (issue 18): compressed JSON answers, ETags with 304 on catalogue reads, and the
 * catalogue read cache, which every write that changes what it holds invalidates before it answers.
 */
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { eachDatabase, useFixtures, usePeople, useTestContext } from '../../test-support/context.ts'
import { addExpert, hoursFromNow, insertSlot } from '../../test-support/fixtures.ts'
import { useCatalogue } from '../../test-support/suite-fixtures.ts'

/** A bio long enough that a few profiles make an answer of more than 1 KB. */
const LONG_BIO = 'خبير في التخطيط المالي للمنشآت الصغيرة والمتوسطة وبناء نماذج الأعمال. '.repeat(6)

eachDatabase('catalogue reads: compression, ETags and the read cache', (dialect) => {
  const ctx = useTestContext(dialect)
  const cat = useCatalogue(ctx)
  const { expert } = useFixtures({
    expert: () =>
      addExpert(ctx, {
        name: 'نورة القحطاني',
        subjects: [cat.subjectId],
        bio_ar: LONG_BIO,
        join_now_enabled: true,
        created_at: '2024-01-05T09:00:00.000Z',
      }),
  })
  beforeAll(async () => {
    for (const [i, name] of ['خالد العتيبي', 'سارة الشمري', 'فهد الدوسري'].entries())
      await addExpert(ctx, { name, bio_ar: LONG_BIO, created_at: `2024-01-0${i + 1}T09:00:00.000Z` })
  })
  const { owner } = usePeople(ctx, { owner: { name: 'ريم السبيعي' } })
  let reasonId: number

  const get = (url: string, headers: Record<string, string> = {}, lang: 'ar' | 'en' = 'ar') =>
    ctx.call({ method: 'GET', url, headers, lang })
  const schedule = () => get(`/api/schedule/contributor/${expert.contributorId}/`)
  const search = (query = '', headers: Record<string, string> = {}) =>
    get(`/api/profile/contributors?q=%20${query}`, headers)
  const ids = (res: LightMyRequestResponse) => (res.json().data as { id: number }[]).map((p) => p.id)
  const profileIn = (res: LightMyRequestResponse) =>
    (res.json().data as { id: number; next_free_slot: string | null; available_now: boolean }[]).find(
      (p) => p.id === expert.contributorId,
    )
  const createSlot = (start: Date) =>
    ctx.post('/api/schedule/v5/schedules', expert.token, {
      slots: [{ start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() }],
      availability: 2,
    })
  const book = (slotId: number) =>
    ctx.post(`/api/schedule/v3/schedules/${slotId}/sessions/dashboard`, owner.token, {
      communication_way: 0,
      subject_id: cat.subjectId,
    })

  beforeAll(async () => {
    const [reason] = await ctx.store.db
      .insertInto('cancel_reasons')
      .values([{ label_ar: 'ظرف طارئ', label_en: 'An emergency', requires_details: 0 }])
      .returning('id')
      .execute()
    reasonId = reason!.id
  })

  describe('compression', () => {
    it('sends a JSON answer over 1 KB in brotli or gzip as the client asks, and plain without', async () => {
      const plain = await search()
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.rawPayload.length).toBeGreaterThan(1024)
      const br = await search('', { 'accept-encoding': 'gzip, deflate, br' })
      expect(br.headers['content-encoding']).toBe('br')
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
      const gzip = await search('', { 'accept-encoding': 'gzip' })
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json())
      // The kept answer is compressed once; asking again gives the same bytes.
      const again = await search('', { 'accept-encoding': 'br' })
      expect(again.rawPayload.equals(br.rawPayload)).toBe(true)
    })

    it('gives every request that asks for a new answer at once that answer, in the encoding it takes', async () => {
      // A text asked for the first time: one body, not kept, shared by the requests in flight.
      const text = `/api/profile/contributors?q=${encodeURIComponent('نماذج الأعمال')}`
      const answers = await Promise.all(
        [...Array(6)].map((_, i) => get(text, { 'accept-encoding': i % 2 ? 'gzip' : 'br' })),
      )
      const plain = (await get(text, { 'accept-encoding': 'identity' })).json()
      expect(plain.data.length).toBe(4)
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-encoding']).toBe(i % 2 ? 'gzip' : 'br')
        const json = (i % 2 ? gunzipSync : brotliDecompressSync)(res.rawPayload).toString()
        expect(JSON.parse(json)).toEqual(plain)
      }
    })

    it('sends a small answer as it is, and an answer the client does not want compressed plain', async () => {
      const small = await get('/api/center/centers', { 'accept-encoding': 'br, gzip' })
      expect(small.statusCode).toBe(200)
      expect(small.rawPayload.length).toBeLessThan(1024)
      expect(small.headers['content-encoding']).toBeUndefined()
      const identity = await search('', { 'accept-encoding': 'identity' })
      expect(identity.headers['content-encoding']).toBeUndefined()
      expect(identity.json().data.length).toBe(4)
    })

    it('compresses API answers the cache does not hold too (a signed-in read)', async () => {
      const mine = await ctx.call({
        method: 'GET',
        url: '/api/profile/contributor',
        token: expert.token,
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(mine.statusCode).toBe(200)
      expect(mine.headers.etag).toBeUndefined()
      expect(mine.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(mine.rawPayload).toString()).data.id).toBe(expert.contributorId)
    })
  })

  describe('ETags', () => {
    it('answers 304 without a body for the same read with If-None-Match, and not after a write', async () => {
      const first = await search()
      const etag = String(first.headers.etag)
      expect(etag).toMatch(/^W\/".+"$/)
      expect(first.headers['cache-control']).toBe('no-cache')
      expect(String(first.headers.vary)).toMatch(/accept-language/i)
      const second = await search('', { 'if-none-match': etag })
      expect(second.statusCode).toBe(304)
      expect(second.rawPayload.length).toBe(0)
      expect(second.headers.etag).toBe(etag)
      // A list of tags, and the strong form of the same tag, match too.
      expect((await search('', { 'if-none-match': `"x", ${etag.slice(2)}` })).statusCode).toBe(304)
      // The same read in another language is another answer.
      const english = await get('/api/profile/contributors?q=%20', { 'if-none-match': etag }, 'en')
      expect(english.statusCode).toBe(200)
      expect(english.headers.etag).not.toBe(etag)
      // Another page is another answer.
      expect((await search('&per_page=2', { 'if-none-match': etag })).statusCode).toBe(200)
      // A write that changes the list: the old tag no longer matches.
      expect((await createSlot(hoursFromNow(30))).statusCode).toBe(201)
      const after = await search('', { 'if-none-match': etag })
      expect(after.statusCode).toBe(200)
      expect(after.headers.etag).not.toBe(etag)
      expect(profileIn(after)?.next_free_slot).not.toBeNull()
    })

    it('gives settings reads ETags too', async () => {
      const first = await get('/api/dashboard/settings')
      expect(first.statusCode).toBe(200)
      const etag = String(first.headers.etag)
      expect((await get('/api/dashboard/settings', { 'if-none-match': etag })).statusCode).toBe(304)
      expect((await get('/api/dashboard/subjects', { 'if-none-match': etag })).statusCode).toBe(200)
    })

    it('gives no ETag with a 404', async () => {
      const res = await get('/api/schedule/contributor/999999/')
      expect(res.statusCode).toBe(404)
      expect(res.headers.etag).toBeUndefined()
    })
  })

  describe('a read asked again (issue 37)', () => {
    it('is answered as it was, without reading its versions again, until a write changes it', async () => {
      const url = '/api/profile/contributors?q=%20&per_page=3'
      const first = await get(url, { 'accept-encoding': 'br' })
      expect(first.statusCode).toBe(200)
      const versions = vi.spyOn(ctx.app.catalogueCache, 'versions')
      try {
        const again = await get(url, { 'accept-encoding': 'br' })
        expect(again.headers.etag).toBe(first.headers.etag)
        expect(again.headers.vary).toBe(first.headers.vary)
        expect(again.headers['content-encoding']).toBe('br')
        expect(brotliDecompressSync(again.rawPayload).toString()).toBe(
          brotliDecompressSync(first.rawPayload).toString(),
        )
        // Another encoding and a revalidation are answered from it too.
        const zipped = await get(url, { 'accept-encoding': 'gzip' })
        expect(gunzipSync(zipped.rawPayload).toString()).toBe(
          brotliDecompressSync(first.rawPayload).toString(),
        )
        const held = await get(url, { 'if-none-match': String(first.headers.etag) })
        expect(held.statusCode).toBe(304)
        // In another language it is another answer.
        expect((await get(url, {}, 'en')).headers.etag).not.toBe(first.headers.etag)
        expect(versions).toHaveBeenCalledTimes(1)
        // The schedule, asked twice: remembered too.
        const slotIds = async () =>
          ((await schedule()).json().data.slots as { id: number }[]).map((s) => s.id)
        expect(await slotIds()).toEqual(await slotIds())
        versions.mockClear()
        // A write: the very next read reads its versions again and shows it.
        const created = await createSlot(hoursFromNow(90))
        expect(created.statusCode).toBe(201)
        const after = await get(url, { 'accept-encoding': 'br' })
        expect(versions).toHaveBeenCalledTimes(1)
        expect(after.headers.etag).not.toBe(first.headers.etag)
        expect(await slotIds()).toContain(created.json().data[0].id)
      } finally {
        versions.mockRestore()
      }
    })
  })

  describe('invalidation: every write that changes a cached read shows at once', () => {
    it('slot created and deleted through the API', async () => {
      const before = await schedule()
      const start = hoursFromNow(50)
      const created = await createSlot(start)
      expect(created.statusCode).toBe(201)
      const slotId = created.json().data[0].id as number
      const withSlot = await schedule()
      expect(withSlot.headers.etag).not.toBe(before.headers.etag)
      expect((withSlot.json().data.slots as { id: number }[]).map((s) => s.id)).toContain(slotId)
      expect(ids(await search('&available=true'))).toContain(expert.contributorId)
      const deleted = await ctx.call({
        method: 'DELETE',
        url: `/api/schedule/contributor/${slotId}`,
        token: expert.token,
      })
      expect(deleted.statusCode).toBe(200)
      expect((await schedule()).json().data.slots.map((s: { id: number }) => s.id)).not.toContain(slotId)
    })

    it('booking and cancellation', async () => {
      const slot = await insertSlot(ctx.store.db, {
        contributorId: expert.contributorId,
        start: hoursFromNow(70),
      })
      // A slot inserted outside the API: told to the cache as the API's own writes tell it.
      await ctx.app.catalogueCache.bump(['slots', 'slotset', `contributor:${expert.contributorId}`])
      const free = () => schedule().then((r) => (r.json().data.slots as { id: number }[]).map((s) => s.id))
      expect(await free()).toContain(slot.id)
      const booked = await book(slot.id)
      expect(booked.statusCode).toBe(201)
      expect(await free()).not.toContain(slot.id)
      const sessionId = booked.json().data.session.id as number
      const cancelled = await ctx.post(
        `/api/schedule/cancel/session/${sessionId}/contributor`,
        expert.token,
        { cancel_reason_id: reasonId },
      )
      expect(cancelled.statusCode).toBe(200)
      expect(await free()).toContain(slot.id)
    })

    it('an answered request frees its slot', async () => {
      // Booking with an advisor makes a request, which holds the slot while it waits.
      const advisor = await addExpert(ctx, {
        name: 'منى الغامدي',
        kind: 'advisor',
        subjects: [cat.otherSubjectId],
      })
      await ctx.app.catalogueCache.bump(['catalogue'])
      const slot = await insertSlot(ctx.store.db, {
        contributorId: advisor.contributorId,
        start: hoursFromNow(90),
      })
      await ctx.app.catalogueCache.bump(['slots', 'slotset', `contributor:${advisor.contributorId}`])
      const free = () =>
        get(`/api/schedule/contributor/${advisor.contributorId}/`).then((r) =>
          (r.json().data.slots as { id: number }[]).map((s) => s.id),
        )
      expect(await free()).toContain(slot.id)
      const requested = await ctx.post(
        `/api/schedule/v3/schedules/${slot.id}/sessions/dashboard`,
        owner.token,
        { communication_way: 0, subject_id: cat.otherSubjectId },
      )
      expect(requested.statusCode).toBe(201)
      expect(requested.json().data.kind).toBe('request')
      expect(await free()).not.toContain(slot.id)
      const answered = await ctx.post(
        `/api/schedule/requests/advisor-session/${requested.json().data.request.id}`,
        advisor.token,
        { is_accepted: false, reason: 'الموعد لا يناسبني' },
      )
      expect(answered.statusCode).toBe(200)
      expect(await free()).toContain(slot.id)
    })

    it("the expert's own profile switch (available for instant sessions)", async () => {
      expect(profileIn(await search())?.available_now).toBe(false)
      const switched = await ctx.put('/api/profile/contributor/available-for-instant', expert.token, {
        available_for_instant: true,
      })
      expect(switched.statusCode).toBe(200)
      expect(profileIn(await search())?.available_now).toBe(true)
      expect((await schedule()).json().data.contributor.available_now).toBe(true)
    })

    it.runIf(dialect === 'sqlite')(
      'a change another process commits to the SQLite file (the seed, SQL by hand) [SQLite only]',
      async () => {
        const before = await schedule()
        // Another connection to the same file, as another process has: the server hears nothing of it.
        const other = new DatabaseSync(join(ctx.config.dataDir, 'test.sqlite'))
        try {
          const start = hoursFromNow(70).toISOString()
          const end = hoursFromNow(71).toISOString()
          other
            .prepare(
              'insert into slots (contributor_id, start_at, end_at, availability, office_id, created_at) values (?, ?, ?, 2, null, ?)',
            )
            .run(expert.contributorId, start, end, new Date().toISOString())
          // The server looks at the file's version once per turn of its event loop: the next turn sees it.
          await new Promise((resolve) => setImmediate(resolve))
          const after = await schedule()
          expect(after.headers.etag).not.toBe(before.headers.etag)
          expect((after.json().data.slots as { start: string }[]).map((s) => s.start)).toContain(start)
        } finally {
          other.close()
        }
      },
    )

    it('a slot that starts drops out by itself, without any write', async () => {
      const start = new Date(Date.now() + 1500)
      expect((await createSlot(start)).statusCode).toBe(201)
      const starts = async () =>
        ((await schedule()).json().data.slots as { start: string }[]).map((s) => s.start)
      expect(await starts()).toContain(start.toISOString())
      // Waits for the moment itself (no fixed sleep): the next read after it must not show the slot.
      while (Date.now() <= start.getTime()) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await starts()).not.toContain(start.toISOString())
    })

    it('answers every page of a new text search asked at once, and keeps its matches from its second time', async () => {
      // «التخطيط» is in every bio: four matches, ranked alike, so newest first.
      const text = `/api/profile/contributors?q=${encodeURIComponent('التخطيط')}&per_page=1`
      const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => get(`${text}&page=${page}`)))
      const found = pages.map((res) => ids(res)[0])
      expect(found.slice(0, 4).every((id) => typeof id === 'number')).toBe(true)
      expect(new Set(found.slice(0, 4)).size).toBe(4)
      expect(ids(pages[4]!)).toEqual([])
      expect(new Set(pages.map((res) => res.json().meta.total))).toEqual(new Set([4]))
      // Asked again, the same pages in the same order.
      const again = await Promise.all([1, 2, 3, 4].map((page) => get(`${text}&page=${page}`)))
      expect(again.map((res) => ids(res)[0])).toEqual(found.slice(0, 4))
    })

    it('page 2 slices the matches found for page 1: no second search and no second count', async () => {
      const page1 = await search('&per_page=2')
      const total = page1.json().meta.total as number
      // Written outside the API, so nothing is bumped: a page that searched or counted again would see it.
      await addExpert(ctx, { name: 'ماجد الحربي', created_at: '2023-01-01T09:00:00.000Z' })
      const page2 = await search('&per_page=2&page=2')
      expect(page2.json().meta.total).toBe(total)
      expect(ids(page2)).toHaveLength(2)
      expect([...ids(page1), ...ids(page2)]).not.toContain(undefined)
      await ctx.app.catalogueCache.bump(['catalogue'])
      expect((await search('&per_page=2&page=3')).json().meta.total).toBe(total + 1)
    })
  })
})

describe('without the cache (CATALOGUE_CACHE_MB=0)', () => {
  const ctx = useTestContext('sqlite', { catalogueCacheMb: 0 })
  beforeAll(async () => {
    for (const name of ['خالد العتيبي', 'سارة الشمري', 'فهد الدوسري'])
      await addExpert(ctx, { name, bio_ar: LONG_BIO })
  })

  it('answers every read fresh, without an ETag, and still compresses', async () => {
    const first = await ctx.get('/api/profile/contributors?q=%20')
    expect(first.headers.etag).toBeUndefined()
    expect(first.json().meta.total).toBe(3)
    await addExpert(ctx, { name: 'ماجد الحربي' })
    const second = await ctx.call({
      method: 'GET',
      url: '/api/profile/contributors?q=%20',
      headers: { 'accept-encoding': 'br' },
    })
    expect(second.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString()).meta.total).toBe(4)
  })
})
