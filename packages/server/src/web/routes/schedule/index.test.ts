import { addDays, type Session, type Slot, startOfRiyadhDay, weekBounds } from '@mashura/core'
import { en } from '@mashura/core/i18n/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { eachDatabase, usePeople, useTestContext } from '../../../test-support/context.ts'
import { countRows, hoursFromNow, insertSession, insertSlot } from '../../../test-support/fixtures.ts'
import { useCatalogue } from '../../../test-support/suite-fixtures.ts'
import { DEFAULT_WORKING_HOURS } from './working-hours.ts'

const ARABIC = /[\u0600-\u06FF]/
const HOUR = 3_600_000

eachDatabase('contributor schedule', (dialect) => {
  const ctx = useTestContext(dialect)
  const cat = useCatalogue(ctx)
  const { me, other, owner, plain } = usePeople(ctx, {
    me: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    other: { name: 'خالد العتيبي', contributor: { kind: 'advisor' } },
    owner: { name: 'سارة الشمري' },
    plain: { name: 'فهد الدوسري' },
  })

  describe('who may call', () => {
    it.each([
      ['GET', '/api/schedule/booked-sessions'],
      ['GET', '/api/schedule/working-hours'],
      ['POST', '/api/schedule/v5/schedules'],
      ['DELETE', '/api/schedule/contributor/1'],
      ['GET', '/api/schedule/v2/contributor?start_date=0&end_date=1'],
    ] as const)('%s %s: 401 signed out, 403 without an expert identity', async (method, url) => {
      const out = await ctx.call({ method, url, payload: method === 'POST' ? {} : undefined })
      expect(out.statusCode).toBe(401)
      const res = await ctx.call({
        method,
        url,
        token: plain.token,
        payload: method === 'POST' ? {} : undefined,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error).toEqual({ code: 'forbidden', message: 'هذا الإجراء متاح للخبراء فقط.' })
      const enRes = await ctx.call({
        method,
        url,
        token: plain.token,
        lang: 'en',
        payload: method === 'POST' ? {} : undefined,
      })
      expect(enRes.json().error.message).toBe(en['errors.contributorOnly'])
    })
  })

  describe('GET /schedule/booked-sessions', () => {
    const ids: Record<string, number> = {}
    let todayAt: Date

    beforeAll(async () => {
      const { db } = ctx.store
      const now = new Date()
      const cid = me.contributorId!
      // 09:00 Riyadh today, whatever the time now; sessions may be in the past: this list is by period.
      todayAt = new Date(startOfRiyadhDay(now).getTime() + 9 * HOUR)
      const week = weekBounds(now)
      const slot = (start: Date, contributorId = cid) => insertSlot(db, { contributorId, start })
      ids.today = (await insertSession(db, await slot(todayAt), owner.personId, { state: 'ended' })).id
      ids.nextWeek = (
        await insertSession(db, await slot(new Date(week.end.getTime() + 2 * HOUR)), owner.personId)
      ).id
      ids.lastWeek = (
        await insertSession(db, await slot(new Date(week.start.getTime() - 2 * HOUR)), owner.personId, {
          state: 'cancelled',
        })
      ).id
      ids.farFuture = (await insertSession(db, await slot(addDays(now, 70)), owner.personId)).id
      ids.farPast = (
        await insertSession(db, await slot(addDays(now, -70)), owner.personId, { state: 'sme_absent' })
      ).id
      ids.pending = (
        await insertSession(db, await slot(addDays(now, 3)), owner.personId, {
          state: 'pending',
          request_state: 'waiting',
        })
      ).id
      ids.others = (await insertSession(db, await slot(todayAt, other.contributorId!), owner.personId)).id
    })

    async function list(query: string, lang?: 'en') {
      const res = await ctx.call({
        method: 'GET',
        url: `/api/schedule/booked-sessions${query}`,
        token: me.token,
        ...(lang ? { lang } : {}),
      })
      expect(res.statusCode).toBe(200)
      return res.json() as { data: Session[]; meta: { total: number } }
    }

    it("lists all the contributor's own sessions, never waiting requests or others' sessions", async () => {
      const body = await list('')
      const got = body.data.map((s) => s.id)
      expect(got).toHaveLength(5)
      expect(got).not.toContain(ids.pending)
      expect(got).not.toContain(ids.others)
      expect(got[0]).toBe(ids.farPast)
      expect(body.data[0]!.sme.full_name).toBe('سارة الشمري')
    })

    it('reads today, the Saudi week and the Riyadh month', async () => {
      const today = (await list('?date_scope=today')).data.map((s) => s.id)
      expect(today).toEqual([ids.today])
      const week = (await list('?date_scope=week')).data.map((s) => s.id)
      expect(week).toContain(ids.today)
      expect(week).not.toContain(ids.nextWeek)
      expect(week).not.toContain(ids.lastWeek)
      const month = (await list('?date_scope=month')).data.map((s) => s.id)
      expect(month).toContain(ids.today)
      expect(month).not.toContain(ids.farFuture)
      expect(month).not.toContain(ids.farPast)
    })

    it('reads upcoming (earliest first) and past (newest first)', async () => {
      const upcoming = (await list('?date_scope=upcoming')).data
      expect(upcoming.map((s) => s.id)).toEqual([ids.nextWeek, ids.farFuture])
      expect(upcoming.every((s) => s.state === 'booked')).toBe(true)
      const past = (await list('?date_scope=past')).data.map((s) => s.id)
      expect(past).toEqual([ids.today, ids.lastWeek, ids.farPast])
    })

    it('reads a range and a state, and pages', async () => {
      const from = encodeURIComponent(new Date(todayAt.getTime() - HOUR).toISOString())
      const to = encodeURIComponent(new Date(todayAt.getTime() + HOUR).toISOString().replace('Z', '+00:00'))
      expect((await list(`?from=${from}&to=${to}`)).data.map((s) => s.id)).toEqual([ids.today])
      expect((await list('?state=cancelled')).data.map((s) => s.id)).toEqual([ids.lastWeek])
      const paged = await list('?per_page=2&page=3')
      expect(paged.data.map((s) => s.id)).toEqual([ids.farFuture])
      expect(paged.meta).toMatchObject({ total: 5, last_page: 3 })
    })

    it('refuses a bad scope, a bad time and an empty range', async () => {
      for (const query of ['?date_scope=year', '?from=yesterday', '?state=pending']) {
        const res = await ctx.get(`/api/schedule/booked-sessions${query}`, me.token)
        expect(res.statusCode).toBe(400)
      }
      const from = encodeURIComponent(todayAt.toISOString())
      const res = await ctx.get(`/api/schedule/booked-sessions?from=${from}&to=${from}`, me.token, 'en')
      expect(res.statusCode).toBe(422)
      expect(res.json().error.code).toBe('invalid_range')
      expect(Object.keys(res.json().error.fields)).toEqual(['to'])
    })
  })

  describe('GET /schedule/working-hours', () => {
    it('answers the default, then the stored hours, and the default again for a bad value', async () => {
      const call = () => ctx.get('/api/schedule/working-hours', me.token)
      const first = await call()
      expect(first.statusCode).toBe(200)
      expect(first.json().data).toEqual(DEFAULT_WORKING_HOURS)
      expect(first.json().data.days.map((d: { day: number }) => d.day)).toEqual([0, 1, 2, 3, 4])

      const stored = {
        time_zone: 'Asia/Riyadh',
        slot_minutes: 30,
        days: [{ day: 6, start: '10:00', end: '14:00' }],
      }
      await ctx.store.db
        .insertInto('settings')
        .values({ key: 'working_hours', value_ar: JSON.stringify(stored), value_en: JSON.stringify(stored) })
        .execute()
      expect((await call()).json().data).toEqual(stored)

      await ctx.store.db
        .updateTable('settings')
        .set({ value_ar: '{"slot_minutes": "many"}' })
        .where('key', '=', 'working_hours')
        .execute()
      expect((await call()).json().data).toEqual(DEFAULT_WORKING_HOURS)
      await ctx.store.db.deleteFrom('settings').where('key', '=', 'working_hours').execute()
    })
  })

  describe('POST /schedule/v5/schedules', () => {
    // Whole hours far enough ahead that nothing else in this file uses them.
    const base = Math.ceil((Date.now() + 400 * HOUR) / HOUR) * HOUR
    const at = (h: number) => new Date(base + h * HOUR).toISOString()

    async function create(payload: unknown, token = me.token, lang?: 'en') {
      return ctx.call({
        method: 'POST',
        url: '/api/schedule/v5/schedules',
        token,
        payload: payload as Record<string, unknown>,
        ...(lang ? { lang } : {}),
      })
    }

    async function expectRefused(payload: unknown, status: number, code: string, token = me.token) {
      const before = await countRows(ctx.store.db, 'slots')
      const res = await create(payload, token, 'en')
      expect(res.statusCode).toBe(status)
      expect(res.json().error.code).toBe(code)
      expect(await countRows(ctx.store.db, 'slots')).toBe(before)
      return res.json().error as { message: string; fields?: Record<string, string> }
    }

    it('publishes slots, earliest first, stored in UTC, with the server message', async () => {
      const res = await create({
        slots: [
          { start: at(3), end: at(4) },
          { start: new Date(base + 2 * HOUR).toISOString().replace('.000Z', '+03:00'), end: at(3) },
        ],
        availability: 3,
        office_id: cat.officeId,
      })
      expect(res.statusCode).toBe(201)
      expect(res.json().message).toBe('تمت العملية بنجاح')
      const data = res.json().data as Slot[]
      expect(data).toHaveLength(2)
      // "+03:00" on the wire means three hours earlier in UTC.
      expect(data.map((s) => s.start)).toEqual([at(-1), at(3)])
      expect(data[0]).toMatchObject({
        contributor_id: me.contributorId,
        availability: 3,
        office: { id: cat.officeId, name: 'مكتب العليا' },
        is_booked: false,
        session_id: null,
      })
      const stored = await ctx.store.db
        .selectFrom('slots')
        .select(['start_at', 'end_at', 'office_id'])
        .where('id', '=', data[0]!.id)
        .executeTakeFirstOrThrow()
      expect(stored).toEqual({ start_at: at(-1), end_at: at(3), office_id: cat.officeId })

      const online = await create(
        { slots: [{ start: at(10), end: at(11) }], availability: 2, office_id: cat.officeId },
        me.token,
        'en',
      )
      expect(online.statusCode).toBe(201)
      expect(online.json().message).toBe('Done')
      expect(online.json().data[0].office).toBeNull()
    })

    it('refuses a contributor without the right to create slots (403)', async () => {
      const noRights = await ctx.person({ contributor: { can_create_slots: false } })
      const error = await expectRefused(
        { slots: [{ start: at(20), end: at(21) }], availability: 2 },
        403,
        'forbidden',
        noRights.token,
      )
      expect(error.message).toBe('You do not have permission to add slots.')
    })

    it('refuses slots in the past (422)', async () => {
      const error = await expectRefused(
        {
          slots: [
            { start: at(30), end: at(31) },
            { start: hoursFromNow(-1).toISOString(), end: hoursFromNow(0.5).toISOString() },
          ],
          availability: 2,
        },
        422,
        'slot_in_past',
      )
      expect(error.message).toBe(en['errors.slotInPast'])
      expect(Object.keys(error.fields ?? {})).toEqual(['slots.1.start'])
    })

    it('refuses a slot that ends before it starts (422)', async () => {
      const error = await expectRefused(
        { slots: [{ start: at(41), end: at(40) }], availability: 2 },
        422,
        'slot_end_before_start',
      )
      expect(Object.keys(error.fields ?? {})).toEqual(['slots.0.end'])
    })

    it('refuses slots that overlap each other (422), naming them', async () => {
      const error = await expectRefused(
        {
          slots: [
            { start: at(50), end: at(51) },
            { start: at(52), end: at(54) },
            { start: at(53), end: at(55) },
          ],
          availability: 2,
        },
        422,
        'slot_overlap',
      )
      expect(error.message).toBe('This slot overlaps another of your slots.')
      expect(Object.keys(error.fields ?? {})).toEqual(['slots.1', 'slots.2'])
    })

    it('refuses a slot that overlaps a published one (422), and allows touching ones', async () => {
      await insertSlot(ctx.store.db, {
        contributorId: me.contributorId!,
        start: new Date(at(60)),
        minutes: 60,
      })
      const error = await expectRefused(
        {
          slots: [
            { start: at(58), end: at(59) },
            { start: at(60.5), end: at(61.5) },
          ],
          availability: 2,
        },
        422,
        'slot_overlap',
      )
      expect(Object.keys(error.fields ?? {})).toEqual(['slots.1'])
      // Another contributor's slot at the same time does not matter; ends that touch do not overlap.
      await insertSlot(ctx.store.db, { contributorId: other.contributorId!, start: new Date(at(62)) })
      const ok = await create({
        slots: [
          { start: at(61), end: at(62) },
          { start: at(62), end: at(63) },
        ],
        availability: 2,
      })
      expect(ok.statusCode).toBe(201)
    })

    it('refuses a missing or unknown office for in-office slots (422)', async () => {
      const missing = await expectRefused(
        { slots: [{ start: at(70), end: at(71) }], availability: 1 },
        422,
        'office_required',
      )
      expect(missing.fields).toEqual({ office_id: 'This field is required.' })
      await expectRefused(
        { slots: [{ start: at(70), end: at(71) }], availability: 3, office_id: 999_999 },
        422,
        'office_not_found',
      )
    })

    it('refuses bad input (400): unknown fields, wrong types, no offset, too many slots', async () => {
      const slot = { start: at(80), end: at(81) }
      const unknown = await expectRefused(
        { slots: [slot], availability: 2, colour: 'blue' },
        400,
        'validation_failed',
      )
      expect(unknown.fields).toEqual({ colour: 'This field is not recognised.' })
      await expectRefused({ slots: [{ ...slot, note: 'x' }], availability: 2 }, 400, 'validation_failed')
      await expectRefused({ slots: [slot], availability: 4 }, 400, 'validation_failed')
      await expectRefused({ slots: [slot], availability: 'both' }, 400, 'validation_failed')
      await expectRefused(
        { slots: [{ start: 'tomorrow', end: at(81) }], availability: 2 },
        400,
        'validation_failed',
      )
      await expectRefused(
        { slots: [{ start: '2099-01-01T09:00:00', end: '2099-01-01T10:00:00' }], availability: 2 },
        400,
        'validation_failed',
      )
      await expectRefused({ slots: [], availability: 2 }, 400, 'validation_failed')
      const many = Array.from({ length: 51 }, (_, i) => ({ start: at(100 + i), end: at(100.5 + i) }))
      await expectRefused({ slots: many, availability: 2 }, 400, 'validation_failed')
      const fifty = await create({ slots: many.slice(0, 50), availability: 2 })
      expect(fifty.statusCode).toBe(201)
      expect(fifty.json().data).toHaveLength(50)
    })
  })

  describe('DELETE /schedule/contributor/{id}', () => {
    async function remove(id: number, token = me.token, lang?: 'en') {
      return ctx.call({
        method: 'DELETE',
        url: `/api/schedule/contributor/${id}`,
        token,
        ...(lang ? { lang } : {}),
      })
    }

    it('deletes a free slot of its own', async () => {
      const slot = await insertSlot(ctx.store.db, {
        contributorId: me.contributorId!,
        start: hoursFromNow(900),
      })
      const res = await remove(slot.id, me.token, 'en')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ data: null, message: 'Done' })
      expect(
        await ctx.store.db.selectFrom('slots').select('id').where('id', '=', slot.id).executeTakeFirst(),
      ).toBeUndefined()
      expect((await remove(slot.id)).statusCode).toBe(404)
    })

    it("answers 404 for another contributor's slot and keeps it", async () => {
      const slot = await insertSlot(ctx.store.db, {
        contributorId: other.contributorId!,
        start: hoursFromNow(901),
      })
      const res = await remove(slot.id)
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('الموعد غير موجود.')
      expect(await countRows(ctx.store.db, 'slots')).toBeGreaterThan(0)
      expect(
        await ctx.store.db.selectFrom('slots').select('id').where('id', '=', slot.id).executeTakeFirst(),
      ).toBeDefined()
    })

    it('refuses without the right to delete slots (403)', async () => {
      const noRights = await ctx.person({ contributor: { can_delete_slots: false } })
      const slot = await insertSlot(ctx.store.db, {
        contributorId: noRights.contributorId!,
        start: hoursFromNow(902),
      })
      const res = await remove(slot.id, noRights.token, 'en')
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe('You do not have permission to delete slots.')
    })

    it('refuses a booked slot, and one a released booking still names (409)', async () => {
      const booked = await insertSlot(ctx.store.db, {
        contributorId: me.contributorId!,
        start: hoursFromNow(903),
      })
      await insertSession(ctx.store.db, booked, owner.personId)
      const released = await insertSlot(ctx.store.db, {
        contributorId: me.contributorId!,
        start: hoursFromNow(905),
      })
      await insertSession(ctx.store.db, released, owner.personId, { state: 'cancelled' })
      const before = await countRows(ctx.store.db, 'slots')
      for (const slot of [booked, released]) {
        const res = await remove(slot.id)
        expect(res.statusCode).toBe(409)
        expect(res.json().error).toEqual({ code: 'slot_has_bookings', message: 'لا يمكن حذف موعد محجوز.' })
      }
      expect(await countRows(ctx.store.db, 'slots')).toBe(before)
    })
  })

  describe('GET /schedule/v2/contributor', () => {
    const start = Math.floor((Date.now() + 2000 * HOUR) / 1000)
    const sec = (s: number) => new Date((start + s) * 1000)

    beforeAll(async () => {
      const { db } = ctx.store
      const free = await insertSlot(db, {
        contributorId: me.contributorId!,
        start: sec(3600),
        officeId: cat.officeId,
      })
      const booked = await insertSlot(db, { contributorId: me.contributorId!, start: sec(0) })
      const requested = await insertSlot(db, { contributorId: me.contributorId!, start: sec(7200) })
      await insertSlot(db, { contributorId: me.contributorId!, start: sec(86_400 * 7) })
      await insertSlot(db, { contributorId: other.contributorId!, start: sec(3600) })
      await insertSession(db, booked, owner.personId)
      await insertSession(db, requested, owner.personId, { state: 'pending', request_state: 'waiting' })
      void free
    })

    it("lists the contributor's own slots starting in the range, with their bookings", async () => {
      const res = await ctx.get(
        `/api/schedule/v2/contributor?start_date=${start}&end_date=${start + 86_400 * 7}`,
        me.token,
        'en',
      )
      expect(res.statusCode).toBe(200)
      const data = res.json().data as Slot[]
      expect(data.map((s) => [s.start, s.is_booked, s.session_id === null])).toEqual([
        [sec(0).toISOString(), true, false],
        [sec(3600).toISOString(), false, true],
        [sec(7200).toISOString(), true, true],
      ])
      expect(data[1]!.office?.name).toBe('Olaya Office')
      expect(data.every((s) => s.contributor_id === me.contributorId)).toBe(true)
      const booked = await ctx.get(`/api/schedule/sessions/${data[0]!.session_id}/details`, me.token)
      expect(booked.statusCode).toBe(200)
    })

    it('refuses a range that is empty, backwards or longer than 62 days, and missing dates', async () => {
      const call = (query: string) => ctx.get(`/api/schedule/v2/contributor?${query}`, me.token)
      const backwards = await call(`start_date=${start}&end_date=${start - 1}`)
      expect(backwards.statusCode).toBe(422)
      expect(backwards.json().error.code).toBe('invalid_range')
      expect(backwards.json().error.message).toMatch(ARABIC)
      expect((await call(`start_date=${start}&end_date=${start}`)).statusCode).toBe(422)
      const long = await call(`start_date=${start}&end_date=${start + 62 * 86_400 + 1}`)
      expect(long.statusCode).toBe(422)
      expect(long.json().error.code).toBe('range_too_long')
      expect((await call(`start_date=${start}&end_date=${start + 62 * 86_400}`)).statusCode).toBe(200)
      expect((await call(`start_date=${start}`)).statusCode).toBe(400)
      expect((await call('start_date=soon&end_date=later')).statusCode).toBe(400)
    })
  })
})
