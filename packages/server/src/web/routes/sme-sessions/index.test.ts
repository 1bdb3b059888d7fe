import type { Session, SessionRequest } from '@mashura/core'
import { ar } from '@mashura/core/i18n/server'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  eachDatabase,
  jsonOf,
  type TestPerson,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'
import {
  countRows,
  hoursFromNow,
  insertCatalogue,
  insertSession,
  insertSlot,
  readSession,
} from '../../../test-support/fixtures.ts'
import { useBookingCast, useCatalogue, useZoomStandIn } from '../../../test-support/suite-fixtures.ts'
import { zoomTestConfig } from '../../../test-support/zoom-stand-in.ts'

const ARABIC = /[\u0600-\u06FF]/

eachDatabase('business owner sessions', (dialect) => {
  const ctx = useTestContext(dialect)
  const cat = useCatalogue(ctx)
  const { consultant, advisor, ownerA, ownerB } = usePeople(ctx, {
    consultant: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    advisor: { name: 'خالد العتيبي', contributor: { kind: 'advisor' } },
    ownerA: { name: 'سارة الشمري' },
    ownerB: { name: 'فهد الدوسري' },
  })
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    const { db } = ctx.store
    await db
      .insertInto('cancel_reasons')
      .values({ label_ar: 'ظرف طارئ', label_en: 'An emergency', requires_details: 0 })
      .execute()
    const cid = consultant.contributorId!
    const later = await insertSlot(db, {
      contributorId: cid,
      start: hoursFromNow(48),
      officeId: cat.officeId,
    })
    const soon = await insertSlot(db, { contributorId: cid, start: hoursFromNow(24) })
    const now = await insertSlot(db, { contributorId: cid, start: hoursFromNow(-0.25) })
    const ended = await insertSlot(db, { contributorId: cid, start: hoursFromNow(-72) })
    const cancelled = await insertSlot(db, { contributorId: cid, start: hoursFromNow(-48) })
    const ofB = await insertSlot(db, { contributorId: cid, start: hoursFromNow(30) })
    const advisorSlot = await insertSlot(db, {
      contributorId: advisor.contributorId!,
      start: hoursFromNow(50),
    })
    const rejectedSlot = await insertSlot(db, {
      contributorId: advisor.contributorId!,
      start: hoursFromNow(52),
    })
    ids.later = (
      await insertSession(db, later, ownerA.personId, {
        communication_way: 1,
        office_id: cat.officeId,
        subject_id: cat.subjectId,
        meeting_provider: null,
        meeting_number: null,
        meeting_password: null,
      })
    ).id
    ids.soon = (await insertSession(db, soon, ownerA.personId, { subject_id: cat.subjectId })).id
    ids.ongoing = (await insertSession(db, now, ownerA.personId, { state: 'ongoing' })).id
    ids.ended = (await insertSession(db, ended, ownerA.personId, { state: 'ended' })).id
    ids.cancelled = (
      await insertSession(db, cancelled, ownerA.personId, { state: 'cancelled', cancel_reason_id: 1 })
    ).id
    ids.ofB = (await insertSession(db, ofB, ownerB.personId)).id
    ids.waiting = (
      await insertSession(db, advisorSlot, ownerA.personId, {
        state: 'pending',
        request_state: 'waiting',
        subject_id: cat.otherSubjectId,
        description: 'أحتاج إلى خطة تسويق',
      })
    ).id
    ids.rejected = (
      await insertSession(db, rejectedSlot, ownerA.personId, {
        state: 'cancelled',
        active_slot_id: null,
        request_state: 'rejected',
        request_reason: 'لا يناسبني الموعد',
      })
    ).id
  })

  it('publishes every session and schedule route in the OpenAPI document, with its security', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    const routes = [
      ['get', '/schedule/sme/sessions'],
      ['get', '/schedule/sme/sessions/history'],
      ['get', '/schedule/sessions/{id}/details'],
      ['get', '/schedule/requests/sme-session'],
      ['post', '/schedule/v3/schedules/{id}/sessions/dashboard'],
      ['get', '/schedule/booked-sessions'],
      ['get', '/schedule/working-hours'],
      ['post', '/schedule/v5/schedules'],
      ['delete', '/schedule/contributor/{id}'],
      ['get', '/schedule/v2/contributor'],
    ] as const
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method]
      expect(op, `${method} ${path}`).toBeDefined()
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.summary).toBeTruthy()
      expect(op.responses['200'] ?? op.responses['201']).toBeDefined()
    }
  })

  describe('GET /schedule/sme/sessions', () => {
    it("lists only the caller's booked and ongoing sessions, earliest first, in the request language", async () => {
      const body = await jsonOf(ctx.get('/api/schedule/sme/sessions', ownerA.token))
      expect(body.data.map((s: Session) => s.id)).toEqual([ids.ongoing, ids.soon, ids.later])
      expect(body.meta).toEqual({ page: 1, per_page: 15, total: 3, last_page: 1 })
      const later = body.data[2] as Session
      expect(later.subject?.name).toBe('التخطيط المالي')
      expect(later.office?.name).toBe('مكتب العليا')
      expect(later.contributor.sso_user.full_name).toBe('نورة القحطاني')
      expect(later.sme.full_name).toBe('سارة الشمري')
      expect(later.meeting).toBeNull()
      expect(later.type).toBe(1)
      const soon = body.data[1] as Session
      expect(soon.meeting).toMatchObject({ provider: 'webrtc', personal_id: '1234567890' })

      const en = await ctx.get('/api/schedule/sme/sessions', ownerA.token, 'en')
      expect(en.json().data[2].subject.name).toBe('Financial planning')
      expect(en.json().data[2].office.name).toBe('Olaya Office')
    })

    it('pages', async () => {
      const res = await ctx.get('/api/schedule/sme/sessions?page=2&per_page=2', ownerA.token)
      expect(res.json().data.map((s: Session) => s.id)).toEqual([ids.later])
      expect(res.json().meta).toEqual({ page: 2, per_page: 2, total: 3, last_page: 2 })
      const bad = await jsonOf(ctx.get('/api/schedule/sme/sessions?per_page=500', ownerA.token), 400)
      expect(bad.error.code).toBe('validation_failed')
    })

    it('refuses a signed-out caller, in Arabic by default and in English on request', async () => {
      const body = await jsonOf(ctx.get('/api/schedule/sme/sessions'), 401)
      expect(body.error.message).toMatch(ARABIC)
      const en = await ctx.get('/api/schedule/sme/sessions', null, 'en')
      expect(en.json().error.message).toBe('Your sign-in has expired. Please sign in again.')
    })
  })

  describe('GET /schedule/sme/sessions/history', () => {
    it('lists ended, cancelled and absent sessions newest first, without rejected requests', async () => {
      const body = await jsonOf(ctx.get('/api/schedule/sme/sessions/history', ownerA.token))
      const data = body.data as Session[]
      expect(data.map((s) => s.id)).toEqual([ids.cancelled, ids.ended])
      expect(data[0]!.cancel_reason).toBe('ظرف طارئ')
      const en = await ctx.get('/api/schedule/sme/sessions/history', ownerA.token, 'en')
      expect(en.json().data[0].cancel_reason).toBe('An emergency')
    })

    it('is empty for someone with no history', async () => {
      const res = await ctx.get('/api/schedule/sme/sessions/history', ownerB.token)
      expect(res.json()).toEqual({ data: [], meta: { page: 1, per_page: 15, total: 0, last_page: 1 } })
    })
  })

  describe('GET /schedule/sessions/{id}/details', () => {
    it('shows the session to its business owner and to its contributor', async () => {
      const own = await jsonOf(ctx.get(`/api/schedule/sessions/${ids.soon}/details`, ownerA.token))
      expect(own.data).toMatchObject({
        id: ids.soon,
        state: 'booked',
        communication_way: 0,
        is_instant: false,
        request_id: null,
        recommendations: null,
        meeting: { provider: 'webrtc', personal_id: '1234567890', meeting_password: 'secret12' },
      })
      const theirs = await jsonOf(ctx.get(`/api/schedule/sessions/${ids.soon}/details`, consultant.token))
      expect(theirs.data.sme.full_name).toBe('سارة الشمري')
    })

    it("answers 404 for another business owner's session, as for a missing one", async () => {
      const body = await jsonOf(ctx.get(`/api/schedule/sessions/${ids.ofB}/details`, ownerA.token), 404)
      expect(body.error).toEqual({ code: 'not_found', message: 'الجلسة غير موجودة.' })
      const en = await jsonOf(ctx.get(`/api/schedule/sessions/${ids.soon}/details`, ownerB.token, 'en'), 404)
      expect(en.error.message).toBe('The session was not found.')
      const missing = await ctx.get('/api/schedule/sessions/999999/details', ownerA.token)
      expect(missing.statusCode).toBe(404)
      // Another contributor does not see it either.
      const other = await ctx.get(`/api/schedule/sessions/${ids.soon}/details`, advisor.token)
      expect(other.statusCode).toBe(404)
    })

    it('does not show a waiting request as a session', async () => {
      const res = await ctx.get(`/api/schedule/sessions/${ids.waiting}/details`, ownerA.token)
      expect(res.statusCode).toBe(404)
    })

    it('refuses a bad id and a signed-out caller', async () => {
      const bad = await ctx.get('/api/schedule/sessions/abc/details', ownerA.token)
      expect(bad.statusCode).toBe(400)
      const out = await ctx.get(`/api/schedule/sessions/${ids.soon}/details`)
      expect(out.statusCode).toBe(401)
    })
  })

  describe('GET /schedule/requests/sme-session', () => {
    it("lists the caller's requests with their states, newest first", async () => {
      const body = await jsonOf(ctx.get('/api/schedule/requests/sme-session', ownerA.token))
      const data = body.data as SessionRequest[]
      expect(data.map((r) => [r.id, r.state])).toEqual([
        [ids.rejected, 'rejected'],
        [ids.waiting, 'waiting'],
      ])
      const waiting = data[1]!
      expect(waiting).toMatchObject({
        description: 'أحتاج إلى خطة تسويق',
        subject: { name: 'التسويق', type: 2 },
        contributor: { role: 'advisor' },
        session_id: null,
        slot: { is_booked: true, session_id: null },
      })
      expect(waiting.expires_at).toBe(waiting.slot.start)
      expect(data[0]!.reason).toBe('لا يناسبني الموعد')
      expect(data[0]!.slot.is_booked).toBe(false)

      const filtered = await ctx.get('/api/schedule/requests/sme-session?state=waiting', ownerA.token, 'en')
      expect(filtered.json().data.map((r: SessionRequest) => r.id)).toEqual([ids.waiting])
      expect(filtered.json().data[0].subject.name).toBe('Marketing')
      expect(filtered.json().meta.total).toBe(1)
    })

    it('shows nobody else their requests', async () => {
      const res = await ctx.get('/api/schedule/requests/sme-session', ownerB.token)
      expect(res.json().data).toEqual([])
      const bad = await ctx.get('/api/schedule/requests/sme-session?state=maybe', ownerB.token)
      expect(bad.statusCode).toBe(400)
    })

    it('lists a waiting request whose slot has started as expired, never as waiting (issue 17)', async () => {
      const { db } = ctx.store
      const owner = await ctx.person({ name: 'ريم الحربي' })
      const slot = await insertSlot(db, { contributorId: advisor.contributorId!, start: hoursFromNow(-0.5) })
      // The scheduler has not run since the slot started.
      const lapsed = await insertSession(db, slot, owner.personId, {
        state: 'pending',
        request_state: 'waiting',
      })
      const heard = new Promise<void>((resolve) => {
        const off = ctx.app.bus.subscribe((event) => {
          if (event.type !== 'session.changed' || event.sessionId !== lapsed.id) return
          off()
          resolve()
        })
      })
      const res = await ctx.get('/api/schedule/requests/sme-session', owner.token)
      expect(res.json().data.map((r: SessionRequest) => [r.id, r.state, r.expires_at])).toEqual([
        [lapsed.id, 'expired', null],
      ])
      const waiting = await ctx.get('/api/schedule/requests/sme-session?state=waiting', owner.token)
      expect(waiting.json().meta.total).toBe(0)
      // Its slot is free again, and its two people heard of the change.
      const row = await readSession(db, lapsed.id)
      expect(row.active_slot_id).toBeNull()
      await heard
    })
  })
})

eachDatabase('POST /schedule/v3/schedules/{id}/sessions/dashboard', (dialect) => {
  const ctx = useTestContext(dialect)
  const { cat, consultant, advisor, owner } = useBookingCast(ctx, { advisorCoversBoth: true })
  const url = (slotId: number) => `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`

  it('books an online session with meeting data and a success message', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(26),
      availability: 2,
    })
    const res = await ctx.post(url(slot.id), owner.token, {
      communication_way: 0,
      subject_id: cat.subjectId,
      description: 'أريد مراجعة خطة العمل',
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.data.kind).toBe('session')
    const session = body.data.session as Session
    expect(session).toMatchObject({
      state: 'booked',
      schedule_id: slot.id,
      communication_way: 0,
      start: slot.start_at,
      end: slot.end_at,
      description: 'أريد مراجعة خطة العمل',
      office: null,
      request_id: null,
      subject: { id: cat.subjectId, name: 'التخطيط المالي' },
    })
    expect(session.meeting?.provider).toBe('webrtc')
    expect(session.meeting?.personal_id).toMatch(/^[1-9]\d{9}$/)
    expect(session.meeting?.meeting_password).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(body.message).toContain('نورة القحطاني')
    expect(body.message).toMatch(/^تم حجز جلستك/)

    const row = await readSession(ctx.store.db, session.id)
    expect(row).toMatchObject({
      active_slot_id: slot.id,
      sme_id: owner.personId,
      state: 'booked',
      request_state: null,
    })

    const details = await ctx.get(`/api/schedule/sessions/${session.id}/details`, owner.token)
    expect(details.json().data.id).toBe(session.id)
  })

  it('books in the office, records the office and answers in English', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(28),
      availability: 3,
      officeId: cat.officeId,
    })
    const res = await ctx.post(
      url(slot.id),
      owner.token,
      { communication_way: 1, subject_id: cat.subjectId },
      'en',
    )
    expect(res.statusCode).toBe(201)
    const session = res.json().data.session as Session
    expect(session.office?.name).toBe('Olaya Office')
    expect(session.meeting).toBeNull()
    expect(session.description).toBeNull()
    expect(res.json().message).toMatch(/^Your session with نورة القحطاني is booked for /)
    const row = await readSession(ctx.store.db, session.id)
    expect(row.office_id).toBe(cat.officeId)
    expect(row.meeting_number).toBeNull()
  })

  it('makes a waiting request with an advisor, which holds the slot', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: advisor.contributorId!,
      start: hoursFromNow(30),
    })
    const res = await ctx.post(url(slot.id), owner.token, {
      communication_way: 0,
      subject_id: cat.otherSubjectId,
      description: 'خطة تسويق',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toBe('طلبك بانتظار رد الخبير')
    const request = res.json().data.request as SessionRequest
    expect(res.json().data.kind).toBe('request')
    expect(request).toMatchObject({
      state: 'waiting',
      session_id: null,
      communication_way: 0,
      contributor: { id: advisor.contributorId, role: 'advisor' },
      slot: { id: slot.id, is_booked: true },
    })
    const row = await readSession(ctx.store.db, request.id)
    expect(row).toMatchObject({ state: 'pending', request_state: 'waiting', active_slot_id: slot.id })

    const again = await ctx.post(
      url(slot.id),
      (await ctx.person()).token,
      { communication_way: 0, subject_id: cat.otherSubjectId },
      'en',
    )
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toEqual({
      code: 'slot_already_booked',
      message: 'This slot is already booked. Please choose another one.',
    })
    const en = await ctx.get('/api/schedule/requests/sme-session', owner.token, 'en')
    expect(en.json().data[0].id).toBe(request.id)
  })

  describe('refusals leave the database unchanged', () => {
    let slotId: number
    let before: number
    beforeAll(async () => {
      slotId = (
        await insertSlot(ctx.store.db, {
          contributorId: consultant.contributorId!,
          start: hoursFromNow(40),
          availability: 2,
        })
      ).id
    })

    async function expectRefused(
      options: { slotId?: number; token?: string | null; payload: unknown; lang?: 'ar' | 'en' },
      status: number,
      code: string,
    ) {
      before = await countRows(ctx.store.db, 'sessions')
      const res = await ctx.call({
        method: 'POST',
        url: url(options.slotId ?? slotId),
        token: options.token === undefined ? owner.token : options.token,
        payload: options.payload as Record<string, unknown>,
        ...(options.lang ? { lang: options.lang } : {}),
      })
      expect(res.statusCode).toBe(status)
      expect(res.json().error.code).toBe(code)
      expect(await countRows(ctx.store.db, 'sessions')).toBe(before)
      return res.json().error as { code: string; message: string; fields?: Record<string, string> }
    }

    const good = () => ({ communication_way: 0, subject_id: cat.subjectId })

    it('a signed-out caller (401)', async () => {
      await expectRefused({ token: null, payload: good() }, 401, 'unauthorized')
    })

    it('a missing slot (404)', async () => {
      const error = await expectRefused({ slotId: 987654, payload: good(), lang: 'en' }, 404, 'not_found')
      expect(error.message).toBe('The slot was not found.')
    })

    it("the contributor's own slot (422)", async () => {
      const error = await expectRefused({ token: consultant.token, payload: good() }, 422, 'booking_own_slot')
      expect(error.message).toBe(ar['errors.bookingOwnSlot'])
    })

    it('a slot in the past (422)', async () => {
      const past = await insertSlot(ctx.store.db, {
        contributorId: consultant.contributorId!,
        start: hoursFromNow(-2),
      })
      const error = await expectRefused({ slotId: past.id, payload: good(), lang: 'en' }, 422, 'slot_in_past')
      expect(error.message).toBe('You cannot choose a time that has already passed.')
    })

    it('a communication way the slot does not offer (422)', async () => {
      const error = await expectRefused(
        { payload: { communication_way: 1, subject_id: cat.subjectId } },
        422,
        'communication_way_not_offered',
      )
      expect(Object.keys(error.fields ?? {})).toEqual(['communication_way'])
    })

    it('a subject the contributor does not cover (422)', async () => {
      const error = await expectRefused(
        { payload: { communication_way: 0, subject_id: cat.otherSubjectId } },
        422,
        'subject_not_covered',
      )
      expect(Object.keys(error.fields ?? {})).toEqual(['subject_id'])
      await expectRefused(
        { payload: { communication_way: 0, subject_id: 424242 } },
        422,
        'subject_not_covered',
      )
    })

    it('unknown fields (400)', async () => {
      const error = await expectRefused(
        { payload: { ...good(), state: 'ended' }, lang: 'en' },
        400,
        'validation_failed',
      )
      expect(error.fields).toEqual({ state: 'This field is not recognised.' })
    })

    it('wrong types and missing fields (400)', async () => {
      const error = await expectRefused(
        { payload: { communication_way: 5, subject_id: 'abc' } },
        400,
        'validation_failed',
      )
      expect(Object.keys(error.fields ?? {}).sort()).toEqual(['communication_way', 'subject_id'])
      const missing = await expectRefused({ payload: { communication_way: 0 } }, 400, 'validation_failed')
      expect(Object.keys(missing.fields ?? {})).toEqual(['subject_id'])
      await expectRefused({ payload: { ...good(), description: { text: 'x' } } }, 400, 'validation_failed')
    })

    it('a description over 1000 characters (400)', async () => {
      const error = await expectRefused(
        { payload: { ...good(), description: 'م'.repeat(1001) }, lang: 'en' },
        400,
        'validation_failed',
      )
      expect(error.fields?.description).toBe('Must be at most 1,000 characters.')
    })

    it('a bad slot id (400)', async () => {
      const res = await ctx.post(url(0), owner.token, good())
      expect(res.statusCode).toBe(400)
    })
  })
})

eachDatabase('the booking race', (dialect) => {
  // Fifty bookings from one address would trip the booking rate limit; this test is about the race.
  const ctx = useTestContext(dialect, { rateLimit: { signIn: 20, booking: 10_000, windowMs: 60_000 } })
  const cat = useCatalogue(ctx)
  const { consultant, advisor } = usePeople(ctx, {
    consultant: () => ({ contributor: { kind: 'consultant', subjects: [cat.subjectId] } }),
    advisor: () => ({ contributor: { kind: 'advisor', subjects: [cat.subjectId] } }),
  })
  const owners: TestPerson[] = []
  beforeAll(async () => {
    for (let i = 0; i < 50; i++) owners.push(await ctx.person({ name: `صاحب منشأة ${i + 1}` }))
  })

  async function race(contributorId: number) {
    const slot = await insertSlot(ctx.store.db, { contributorId, start: hoursFromNow(72) })
    const responses = await Promise.all(
      owners.map((o) =>
        ctx.post(`/api/schedule/v3/schedules/${slot.id}/sessions/dashboard`, o.token, {
          communication_way: 0,
          subject_id: cat.subjectId,
        }),
      ),
    )
    const rows = await ctx.store.db
      .selectFrom('sessions')
      .selectAll()
      .where('slot_id', '=', slot.id)
      .execute()
    return { responses, rows }
  }

  it('lets exactly one of 50 concurrent bookings win; the other 49 get 409', async () => {
    const { responses, rows } = await race(consultant.contributorId!)
    const statuses = responses.map((r) => r.statusCode)
    expect(statuses.filter((s) => s >= 200 && s < 300)).toEqual([201])
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('slot_already_booked')
    expect(rows).toHaveLength(1)
    const winner = responses.find((r) => r.statusCode === 201)!.json().data.session as Session
    expect(rows[0]!.id).toBe(winner.id)
  })

  it('lets exactly one of 50 concurrent requests to an advisor wait for an answer', async () => {
    const { responses, rows } = await race(advisor.contributorId!)
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1)
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ state: 'pending', request_state: 'waiting' })
  })
})

eachDatabase('booking configuration', (dialect) => {
  const standIn = useZoomStandIn()
  const ctx = useTestContext(dialect, () => ({
    ...zoomTestConfig(standIn),
    rateLimit: { signIn: 20, booking: 2, windowMs: 60_000 },
  }))

  it('uses Zoom for online meetings when configured, and rate limits bookings', async () => {
    const cat = await insertCatalogue(ctx.store.db)
    const consultant = await ctx.person({ contributor: { kind: 'consultant', subjects: [cat.subjectId] } })
    const owner = await ctx.person()
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(5),
    })
    const call = () =>
      ctx.post(`/api/schedule/v3/schedules/${slot.id}/sessions/dashboard`, owner.token, {
        communication_way: 0,
        subject_id: cat.subjectId,
      })
    const first = await call()
    expect(first.statusCode).toBe(201)
    expect(first.json().data.session.meeting.provider).toBe('zoom')
    expect((await call()).statusCode).toBe(409)
    const limited = await call()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('rate_limited')
  })
})
