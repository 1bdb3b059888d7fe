import type { SessionRequest } from '@mashura/core'
import { describe, expect, it } from 'vitest'
import type { NewRow } from '../../../db/tables.ts'
import { eachDatabase, useBusEvents, usePeople, useTestContext } from '../../../test-support/context.ts'
import { addSession, hoursFromNow, insertSlot, readSession } from '../../../test-support/fixtures.ts'
import { useCatalogue } from '../../../test-support/suite-fixtures.ts'

eachDatabase('advisor requests', (dialect) => {
  // The fixtures pile many requests of one business owner on one advisor: no fair-booking caps here.
  const ctx = useTestContext(dialect, { booking: { maxUpcomingPerExpert: 1000, maxUpcoming: 1000 } })
  const cat = useCatalogue(ctx)
  const { advisor, otherAdvisor, consultant, owner, otherOwner } = usePeople(ctx, {
    advisor: () => ({ name: 'خالد العتيبي', contributor: { kind: 'advisor', subjects: [cat.subjectId] } }),
    otherAdvisor: { name: 'ريم الحربي', contributor: { kind: 'advisor' } },
    consultant: () => ({
      name: 'نورة القحطاني',
      contributor: { kind: 'consultant', subjects: [cat.subjectId] },
    }),
    owner: { name: 'سارة الشمري' },
    otherOwner: { name: 'فهد الدوسري' },
  })
  const events = useBusEvents(ctx)

  function request(hours = 24, values: Partial<NewRow<'sessions'>> = {}) {
    return addSession(ctx.store.db, {
      contributorId: advisor.contributorId!,
      smeId: owner.personId,
      start: hoursFromNow(hours),
      state: 'pending',
      request_state: 'waiting',
      subject_id: cat.subjectId,
      ...values,
    })
  }

  const read = (id: number) => readSession(ctx.store.db, id)

  const notificationsOf = (personId: number) =>
    ctx.store.db.selectFrom('notifications').selectAll().where('person_id', '=', personId).execute()

  const answer = (id: number, token: string | null, payload: Record<string, unknown>) =>
    ctx.post(`/api/schedule/requests/advisor-session/${id}`, token, payload)

  it('publishes the three calls in the OpenAPI document with their security', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    for (const [method, path] of [
      ['get', '/schedule/requests/advisor-session'],
      ['post', '/schedule/requests/advisor-session/{id}'],
      ['get', '/schedule/requests/{id}/details'],
    ] as const) {
      const op = doc.paths[path]?.[method]
      expect(op, path).toBeDefined()
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.tags).toEqual(['requests'])
      expect(op.summary).toBeTruthy()
    }
  })

  describe('GET /schedule/requests/advisor-session', () => {
    const list = (token: string | null, query = '') =>
      ctx.get(`/api/schedule/requests/advisor-session${query}`, token)

    it("lists the advisor's own requests, newest first, and expires stale ones on read", async () => {
      const waiting = await request(24)
      const stale = await request(-1)
      const res = await list(advisor.token)
      expect(res.statusCode).toBe(200)
      const body = res.json() as { data: SessionRequest[]; meta: { total: number } }
      const ids = body.data.map((r) => r.id)
      expect(ids).toContain(waiting.id)
      expect(ids.indexOf(stale.id)).toBeLessThan(ids.indexOf(waiting.id))
      expect(body.data.find((r) => r.id === stale.id)!.state).toBe('expired')
      expect(body.data.find((r) => r.id === waiting.id)!.state).toBe('waiting')
      expect(await read(stale.id)).toMatchObject({ request_state: 'expired', active_slot_id: null })
      expect(events).toContainEqual({
        type: 'session.changed',
        sessionId: stale.id,
        contributorId: advisor.contributorId,
        smeId: owner.personId,
      })
      const filtered = (await list(advisor.token, '?state=expired')).json() as { data: SessionRequest[] }
      expect(filtered.data.every((r) => r.state === 'expired')).toBe(true)
    })

    it('is 401 to a visitor, 403 to business owners, and empty to another advisor', async () => {
      await request(24)
      expect((await list(null)).statusCode).toBe(401)
      expect((await list(owner.token)).statusCode).toBe(403)
      expect((await list(otherOwner.token)).statusCode).toBe(403)
      const theirs = await list(otherAdvisor.token)
      expect(theirs.statusCode).toBe(200)
      expect(theirs.json().data).toEqual([])
    })
  })

  describe('POST /schedule/requests/advisor-session/{id}', () => {
    it('accepts: the request becomes a booked session and the business owner is told', async () => {
      const row = await request()
      const res = await answer(row.id, advisor.token, { is_accepted: true })
      expect(res.statusCode).toBe(200)
      const data = res.json().data as SessionRequest
      expect(data).toMatchObject({ id: row.id, state: 'accepted', session_id: row.id })
      expect(await read(row.id)).toMatchObject({ state: 'booked', active_slot_id: row.slot_id })
      const notes = await notificationsOf(owner.personId)
      const note = notes.find((n) => n.request_id === row.id)!
      expect(note).toMatchObject({ kind: 'request_answered', session_id: row.id, title_ar: 'تم قبول طلبك' })
      expect(note.body_ar).toContain('خالد العتيبي')
      expect(events).toContainEqual(expect.objectContaining({ type: 'session.changed', sessionId: row.id }))
      const details = await ctx.get(`/api/schedule/sessions/${row.id}/details`, owner.token)
      expect(details.json().data.state).toBe('booked')
    })

    it('rejects with a reason and frees the slot; without a reason it is 422', async () => {
      const row = await request()
      const bare = await answer(row.id, advisor.token, { is_accepted: false, reason: '   ' })
      expect(bare.statusCode).toBe(422)
      expect(bare.json().error.fields).toEqual({ reason: expect.any(String) })
      expect((await answer(row.id, advisor.token, { is_accepted: false })).statusCode).toBe(422)
      const res = await answer(row.id, advisor.token, { is_accepted: false, reason: 'الموعد لا يناسبني' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({
        state: 'rejected',
        reason: 'الموعد لا يناسبني',
        session_id: null,
      })
      expect((await read(row.id)).active_slot_id).toBeNull()
      const note = (await notificationsOf(owner.personId)).find((n) => n.request_id === row.id)!
      expect(note).toMatchObject({
        kind: 'request_answered',
        title_ar: 'تم الاعتذار عن طلبك',
        session_id: null,
      })
    })

    it('answers once: a second answer is 409 request_already_answered', async () => {
      // An hour of its own: the owner's other requests at 24 hours may be accepted already.
      const row = await request(400)
      expect((await answer(row.id, advisor.token, { is_accepted: true })).statusCode).toBe(200)
      const again = await answer(row.id, advisor.token, { is_accepted: false, reason: 'تراجعت' })
      expect(again.statusCode).toBe(409)
      expect(again.json().error.code).toBe('request_already_answered')
      expect((await read(row.id)).request_state).toBe('accepted')
    })

    it('is 409 request_expired once the slot has started', async () => {
      const row = await request(-0.5)
      const res = await answer(row.id, advisor.token, { is_accepted: true })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.code).toBe('request_expired')
      expect((await read(row.id)).request_state).toBe('expired')
    })

    it('two concurrent answers: exactly one wins', async () => {
      const row = await request()
      const [a, b] = await Promise.all([
        answer(row.id, advisor.token, { is_accepted: true }),
        answer(row.id, advisor.token, { is_accepted: false, reason: 'لا' }),
      ])
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
      const winner = a.statusCode === 200 ? a : b
      expect((await read(row.id)).request_state).toBe(winner.json().data.state)
    })

    it('refuses a visitor (401), business owners (403), another advisor (404) and a bad body (400)', async () => {
      const row = await request()
      expect((await answer(row.id, null, { is_accepted: true })).statusCode).toBe(401)
      expect((await answer(row.id, owner.token, { is_accepted: true })).statusCode).toBe(403)
      expect((await answer(row.id, otherOwner.token, { is_accepted: true })).statusCode).toBe(403)
      expect((await answer(row.id, otherAdvisor.token, { is_accepted: true })).statusCode).toBe(404)
      expect((await answer(row.id, advisor.token, { is_accepted: true, extra: 1 })).statusCode).toBe(400)
      expect((await answer(row.id, advisor.token, {})).statusCode).toBe(400)
      expect((await read(row.id)).request_state).toBe('waiting')
    })
  })

  describe('GET /schedule/requests/{id}/details', () => {
    const details = (id: number, token: string | null) =>
      ctx.get(`/api/schedule/requests/${id}/details`, token)

    it('shows the request to its advisor and its business owner only', async () => {
      const row = await request()
      for (const who of [advisor, owner]) {
        const res = await details(row.id, who.token)
        expect(res.statusCode).toBe(200)
        expect(res.json().data).toMatchObject({ id: row.id, state: 'waiting', expires_at: row.start_at })
      }
      expect((await details(row.id, null)).statusCode).toBe(401)
      expect((await details(row.id, otherOwner.token)).statusCode).toBe(404)
      expect((await details(row.id, otherAdvisor.token)).statusCode).toBe(404)
      expect((await details(row.id, consultant.token)).statusCode).toBe(404)
      expect((await details(999_999, advisor.token)).statusCode).toBe(404)
    })

    it('applies expiry on read', async () => {
      const row = await request(-2)
      const res = await details(row.id, owner.token)
      expect(res.json().data.state).toBe('expired')
    })
  })

  describe('booking tells the contributor', () => {
    const book = (slotId: number) =>
      ctx.post(`/api/schedule/v3/schedules/${slotId}/sessions/dashboard`, owner.token, {
        communication_way: 0,
        subject_id: cat.subjectId,
      })

    it('a new request notifies the advisor (request_new)', async () => {
      const slot = await insertSlot(ctx.store.db, {
        contributorId: advisor.contributorId!,
        start: hoursFromNow(70),
      })
      const res = await book(slot.id)
      expect(res.statusCode).toBe(201)
      const id = res.json().data.request.id
      const note = (await notificationsOf(advisor.personId)).find((n) => n.request_id === id)!
      expect(note).toMatchObject({ kind: 'request_new', session_id: null })
      expect(note.body_ar).toContain('سارة الشمري')
      expect(events).toContainEqual(expect.objectContaining({ type: 'session.changed', sessionId: id }))
    })

    it('a booked session notifies the consultant (booking)', async () => {
      const slot = await insertSlot(ctx.store.db, {
        contributorId: consultant.contributorId!,
        start: hoursFromNow(72),
      })
      const res = await book(slot.id)
      expect(res.statusCode).toBe(201)
      const id = res.json().data.session.id
      const note = (await notificationsOf(consultant.personId)).find((n) => n.session_id === id)!
      expect(note).toMatchObject({ kind: 'booking', request_id: null })
    })
  })
})
