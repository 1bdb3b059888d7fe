/**
 * With REDIS_URL set, the catalogue cache's versions are shared: two instances on one database, each with
 * its own memory, never serve a read that a write on the other has made stale. Runs when TEST_REDIS_URL is
 * set (CI always sets it; `npm test` says loudly when it is not), on each database.
 */
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_API_KEY } from '../../config.ts'
import {
  createTwoInstances,
  DATABASES,
  type TestContext,
  type TestPerson,
  type TwoInstances,
} from '../../test-support/context.ts'
import { addExpert, type Catalogue, hoursFromNow, insertCatalogue } from '../../test-support/fixtures.ts'

const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('the catalogue cache shared through Redis', () => {
  for (const dialect of DATABASES) {
    describe(dialect, () => {
      let pair: TwoInstances
      let ctx: TestContext
      let second: TwoInstances['second']
      let expert: TestPerson & { contributorId: number }
      let owner: TestPerson
      let cat: Catalogue

      /** A GET on one instance; the ids of the free slots of the expert's schedule. */
      const freeSlots = async (app: typeof second) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/schedule/contributor/${expert.contributorId}/`,
          headers: { 'x-api-key': DEV_API_KEY },
        })
        expect(res.statusCode).toBe(200)
        return (res.json().data.slots as { id: number }[]).map((s) => s.id)
      }
      const listed = async (app: typeof second) => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/profile/contributors?q=%20&available=true',
          headers: { 'x-api-key': DEV_API_KEY },
        })
        return (res.json().data as { id: number }[]).map((p) => p.id)
      }

      beforeAll(async () => {
        pair = await createTwoInstances(dialect, redisUrl!)
        ;({ ctx, second } = pair)
        cat = await insertCatalogue(ctx.store.db)
        expert = await addExpert(ctx, { name: 'نورة القحطاني', subjects: [cat.subjectId] })
        owner = await ctx.person({ name: 'ريم السبيعي' })
      })
      afterAll(() => pair.close())

      it('a slot published on one instance shows on the other, which had cached the read', async () => {
        // Neither remembers whole answers, which only a single instance may (the other's writes would not show).
        expect(ctx.app.catalogueCache.stamp()).toBeNull()
        // Both instances hold the read (twice: the second time from memory).
        for (const app of [ctx.app, second, ctx.app, second]) expect(await freeSlots(app)).toEqual([])
        expect(await listed(second)).not.toContain(expert.contributorId)
        const start = hoursFromNow(40)
        const created = await ctx.post('/api/schedule/v5/schedules', expert.token, {
          slots: [{ start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() }],
          availability: 2,
        })
        expect(created.statusCode).toBe(201)
        const slotId = created.json().data[0].id as number
        // The very next read on the other instance, with no wait for any message.
        expect(await freeSlots(second)).toEqual([slotId])
        expect(await listed(second)).toContain(expert.contributorId)

        // A booking on the second instance: the first no longer offers the slot.
        expect(await freeSlots(ctx.app)).toEqual([slotId])
        const booked = await second.inject({
          method: 'POST',
          url: `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`,
          headers: { 'x-api-key': DEV_API_KEY, authorization: `Bearer ${owner.token}` },
          payload: { communication_way: 0, subject_id: cat.subjectId },
        })
        expect(booked.statusCode).toBe(201)
        expect(await freeSlots(ctx.app)).toEqual([])
        expect(await listed(ctx.app)).not.toContain(expert.contributorId)
      })

      it('an ETag from one instance is good on the other, until a write on either', async () => {
        const url = `/api/schedule/contributor/${expert.contributorId}/`
        const headers = { 'x-api-key': DEV_API_KEY }
        const first = await ctx.app.inject({ method: 'GET', url, headers })
        const etag = String(first.headers.etag)
        const revalidated = await second.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-none-match': etag },
        })
        expect(revalidated.statusCode).toBe(304)
        const switched = await second.inject({
          method: 'PUT',
          url: '/api/profile/contributor/available-for-instant',
          headers: { ...headers, authorization: `Bearer ${expert.token}` },
          payload: { available_for_instant: true },
        })
        // Not enabled for this expert: refused, and nothing changed, so the tag still holds.
        expect(switched.statusCode).toBe(403)
        expect(
          (await ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } }))
            .statusCode,
        ).toBe(304)
        await second.catalogueCache.bump([`contributor:${expert.contributorId}`])
        expect(
          (await ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } }))
            .statusCode,
        ).toBe(200)
      })

      it('a Redis that lost its keys hands out new versions, never old ones', async () => {
        const before = (await ctx.app.catalogueCache.versions(['catalogue']))!.tokens
        const redis = new Redis(redisUrl!)
        await redis.del(`${pair.prefix}cache:v:catalogue`)
        redis.disconnect()
        const after = (await second.catalogueCache.versions(['catalogue']))!.tokens
        expect(after).not.toEqual(before)
        expect((await ctx.app.catalogueCache.versions(['catalogue']))!.tokens).toEqual(after)
      })
    })
  }
})
