import type { Session } from '@mashura/core'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { NewRow, Row } from '../../../db/tables.ts'
import {
  eachDatabase,
  jsonOf,
  useBusEvents,
  useFixtures,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'
import { addCancelReasons, addSession, hoursFromNow, readSession } from '../../../test-support/fixtures.ts'
import { useZoomStandIn } from '../../../test-support/suite-fixtures.ts'
import { zoomTestConfig } from '../../../test-support/zoom-stand-in.ts'
import { SIGNATURE_TTL_SECONDS } from './index.ts'

const MIN = 60_000

type Call = { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> }

eachDatabase('meeting lifecycle', (dialect) => {
  const ctx = useTestContext(dialect)
  const { contributor, otherContributor, owner, otherOwner } = usePeople(ctx, {
    contributor: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    otherContributor: { name: 'ماجد السبيعي', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة الشمري' },
    otherOwner: { name: 'فهد الدوسري' },
  })
  const { reasons } = useFixtures({ reasons: () => addCancelReasons(ctx.store.db) })

  beforeAll(async () => {
    await ctx.store.db
      .insertInto('companies')
      .values({
        person_id: owner.personId,
        name: 'مقهى الواحة',
        cr_number: '1010',
        city: 'الرياض',
        phase: 'growing',
        created_at: new Date().toISOString(),
      })
      .execute()
  })
  const events = useBusEvents(ctx)

  /** A session of the contributor's with the owner, which started a minute ago (today in Riyadh). */
  function session(values: Partial<NewRow<'sessions'>> & { startsIn?: number } = {}) {
    const { startsIn = -1, ...rest } = values
    return addSession(ctx.store.db, {
      contributorId: contributor.contributorId!,
      smeId: owner.personId,
      start: new Date(Date.now() + startsIn * MIN),
      ...rest,
    })
  }

  const read = (id: number) => readSession(ctx.store.db, id)
  const run = (call: Call, token: string | null) => ctx.call({ ...call, token })

  /** Every contributor-only call, the state it starts from, and the state it leaves. */
  const calls: Record<
    string,
    {
      from: Row<'sessions'>['state']
      to: Row<'sessions'>['state']
      instant?: boolean
      call: (id: number) => Call
    }
  > = {
    validate: {
      from: 'booked',
      to: 'ongoing',
      call: (id) => ({
        method: 'POST',
        url: `/api/schedule/v2/${id}/validate/contributor`,
        payload: { start_from: 0 },
      }),
    },
    end: {
      from: 'ongoing',
      to: 'ended',
      call: (id) => ({
        method: 'POST',
        url: `/api/schedule/sessions/${id}/end/contributor`,
        payload: { force_end: true, end_reason: 'انتهت المشورة', end_from: 1 },
      }),
    },
    extend: {
      from: 'ongoing',
      to: 'ongoing',
      call: (id) => ({ method: 'GET', url: `/api/schedule/sessions/${id}/extend` }),
    },
    endInstant: {
      from: 'ongoing',
      to: 'ended',
      instant: true,
      call: (id) => ({ method: 'POST', url: `/api/schedule/${id}/end-instant` }),
    },
    absence: {
      from: 'ongoing',
      to: 'sme_absent',
      call: (id) => ({ method: 'POST', url: `/api/schedule/sme-absence/${id}` }),
    },
    cancel: {
      from: 'booked',
      to: 'cancelled',
      call: (id) => ({
        method: 'POST',
        url: `/api/schedule/cancel/session/${id}/contributor`,
        payload: { cancel_reason_id: reasons.reasonId },
      }),
    },
  }

  it('publishes the nine calls in the OpenAPI document with their security', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    for (const [method, path] of [
      ['post', '/schedule/v2/{id}/validate/contributor'],
      ['get', '/schedule/zoom/jwt/{meetingNumber}/{role}'],
      ['post', '/schedule/sme-absence/{id}'],
      ['post', '/schedule/sessions/{id}/end/contributor'],
      ['get', '/schedule/sessions/{id}/extend'],
      ['post', '/schedule/{id}/end-instant'],
      ['get', '/schedule/sessions/{id}/sme'],
      ['get', '/schedule/cancel/reasons'],
      ['post', '/schedule/cancel/session/{id}/contributor'],
    ] as const) {
      const op = doc.paths[path]?.[method]
      expect(op, path).toBeDefined()
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.tags).toEqual(['meeting'])
      expect(op.summary).toBeTruthy()
    }
  })

  for (const [name, spec] of Object.entries(calls)) {
    describe(name, () => {
      it(`moves ${spec.from} → ${spec.to} for the session's contributor, tells people, answers the session`, async () => {
        const row = await session({ state: spec.from, is_instant: spec.instant ? 1 : 0 })
        const res = await run(spec.call(row.id), contributor.token)
        expect(res.statusCode, res.body).toBe(200)
        const data = res.json().data as Session
        expect(data).toMatchObject({ id: row.id, state: spec.to })
        expect((await read(row.id)).state).toBe(spec.to)
        expect(events).toContainEqual({
          type: 'session.changed',
          sessionId: row.id,
          contributorId: contributor.contributorId,
          smeId: owner.personId,
        })
      })

      it('is 401 to a visitor, 403 to business owners, 404 to another contributor; nothing changes', async () => {
        const row = await session({ state: spec.from, is_instant: spec.instant ? 1 : 0 })
        expect((await run(spec.call(row.id), null)).statusCode).toBe(401)
        const asOwner = await run(spec.call(row.id), owner.token)
        expect(asOwner.statusCode).toBe(403)
        expect(asOwner.json().error.code).toBe('forbidden')
        expect((await run(spec.call(row.id), otherOwner.token)).statusCode).toBe(403)
        expect((await run(spec.call(row.id), otherContributor.token)).statusCode).toBe(404)
        expect((await run(spec.call(999_999), contributor.token)).statusCode).toBe(404)
        expect(await read(row.id)).toEqual(row)
      })

      const refused = (['booked', 'ongoing', 'ended', 'cancelled', 'sme_absent'] as const).filter(
        (s) => s !== spec.from && !(name === 'absence' && s === 'booked'),
      )
      for (const state of refused) {
        it(`is 409 invalid_state_transition from ${state}, in the request's language`, async () => {
          const row = await session({ state, is_instant: spec.instant ? 1 : 0 })
          const body = await jsonOf(
            ctx.call({ ...spec.call(row.id), token: contributor.token, lang: 'ar' }),
            409,
          )
          expect(body.error).toMatchObject({
            code: 'invalid_state_transition',
            message: 'لا يمكن تنفيذ هذا الإجراء في الحالة الحالية.',
          })
          expect(await read(row.id)).toEqual(row)
        })
      }
    })
  }

  describe('validate details', () => {
    it('answers the meeting data to the contributor, and refuses a session on another day (422)', async () => {
      const row = await session()
      const res = await run(calls.validate!.call(row.id), contributor.token)
      expect(res.json().data.meeting).toMatchObject({ provider: 'webrtc', personal_id: 'room-secret' })
      expect(res.json().data.started_at).toBeTruthy()
      const tomorrow = await session({ startsIn: 26 * 60 })
      const later = await run(calls.validate!.call(tomorrow.id), contributor.token)
      expect(later.statusCode).toBe(422)
      expect(later.json().error.code).toBe('session_not_today')
      expect((await read(tomorrow.id)).state).toBe('booked')
    })

    it('takes start_from 0 only, and no other field', async () => {
      const row = await session()
      const url = `/api/schedule/v2/${row.id}/validate/contributor`
      for (const payload of [{ start_from: 1 }, { start_from: 0, x: 1 }, {}]) {
        expect((await ctx.post(url, contributor.token, payload)).statusCode).toBe(400)
      }
    })
  })

  describe('end details', () => {
    it('needs force_end before the scheduled end, and keeps the reason', async () => {
      const row = await session({ state: 'ongoing' })
      const url = `/api/schedule/sessions/${row.id}/end/contributor`
      const early = await jsonOf(ctx.post(url, contributor.token, { end_from: 1 }), 422)
      expect(early.error.code).toBe('force_end_required')
      const res = await run(calls.end!.call(row.id), contributor.token)
      expect(res.json().data).toMatchObject({ state: 'ended', end_reason: 'انتهت المشورة' })
      const strict = await ctx.post(url, contributor.token, { foo: 1 })
      expect(strict.statusCode).toBe(400)
    })
  })

  it('extend adds 15 minutes to the end', async () => {
    const row = await session({ state: 'ongoing' })
    const res = await run(calls.extend!.call(row.id), contributor.token)
    expect(Date.parse(res.json().data.end) - Date.parse(row.end_at)).toBe(15 * MIN)
  })

  it('end-instant refuses a session that is not instant (409)', async () => {
    const row = await session({ state: 'ongoing', is_instant: 0 })
    expect((await run(calls.endInstant!.call(row.id), contributor.token)).statusCode).toBe(409)
  })

  describe('absence details', () => {
    it('works from booked once the session started, notifies the business owner; 422 before', async () => {
      const row = await session({ state: 'booked' })
      const res = await run(calls.absence!.call(row.id), contributor.token)
      expect(res.json().data.state).toBe('sme_absent')
      const notes = await ctx.store.db
        .selectFrom('notifications')
        .selectAll()
        .where('person_id', '=', owner.personId)
        .where('session_id', '=', row.id)
        .execute()
      expect(notes).toHaveLength(1)
      expect(notes[0]).toMatchObject({
        kind: 'sme_absent',
        title_ar: 'سُجّل غيابك عن الجلسة',
        title_en: 'You were marked absent',
      })
      const future = await session({ startsIn: 60 })
      const early = await run(calls.absence!.call(future.id), contributor.token)
      expect(early.statusCode).toBe(422)
      expect((await read(future.id)).state).toBe('booked')
    })
  })

  describe('cancel details', () => {
    const cancel = (id: number, payload: Record<string, unknown>) =>
      ctx.post(`/api/schedule/cancel/session/${id}/contributor`, contributor.token, payload)

    it('frees the slot, keeps the reason and notifies the business owner', async () => {
      const row = await session({ startsIn: 120 })
      const res = await cancel(row.id, { cancel_reason_id: reasons.detailedReasonId, reason: 'سفر مفاجئ' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({ state: 'cancelled', cancel_reason: 'سفر مفاجئ' })
      expect((await read(row.id)).active_slot_id).toBeNull()
      const note = await ctx.store.db
        .selectFrom('notifications')
        .selectAll()
        .where('session_id', '=', row.id)
        .executeTakeFirstOrThrow()
      expect(note).toMatchObject({ person_id: owner.personId, kind: 'session_cancelled' })
      expect(note.body_ar).toContain('نورة القحطاني')
    })

    it('refuses an unknown reason, a missing detail, and a bad body', async () => {
      const row = await session({ startsIn: 120 })
      expect((await cancel(row.id, { cancel_reason_id: 99_999 })).statusCode).toBe(422)
      const bare = await cancel(row.id, { cancel_reason_id: reasons.detailedReasonId, reason: '' })
      expect(bare.statusCode).toBe(422)
      expect(bare.json().error.fields).toEqual({ reason: expect.any(String) })
      expect((await cancel(row.id, {})).statusCode).toBe(400)
      expect((await cancel(row.id, { cancel_reason_id: reasons.reasonId, other: 1 })).statusCode).toBe(400)
      expect((await read(row.id)).state).toBe('booked')
    })

    it('cancel racing a start: exactly one wins, the row is consistent', async () => {
      const row = await session()
      const [a, b] = await Promise.all([
        run(calls.validate!.call(row.id), contributor.token),
        run(calls.cancel!.call(row.id), contributor.token),
      ])
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
      const final = await read(row.id)
      expect(final.state).toBe(a.statusCode === 200 ? 'ongoing' : 'cancelled')
      expect(final.active_slot_id).toBe(final.state === 'cancelled' ? null : row.slot_id)
    })
  })

  describe('GET /schedule/cancel/reasons', () => {
    it('lists the reasons in the request language to anyone signed in; 401 to a visitor', async () => {
      for (const who of [contributor, otherContributor, owner, otherOwner]) {
        const res = await ctx.get('/api/schedule/cancel/reasons', who.token, 'en')
        expect(res.statusCode).toBe(200)
        expect(res.json().data).toEqual([
          { id: reasons.reasonId, name: 'An emergency', requires_details: false },
          { id: reasons.detailedReasonId, name: 'Other', requires_details: true },
        ])
      }
      const ar = await ctx.get('/api/schedule/cancel/reasons', owner.token)
      expect(ar.json().data[0].name).toBe('ظرف طارئ')
      expect((await ctx.get('/api/schedule/cancel/reasons')).statusCode).toBe(401)
    })
  })

  describe('GET /schedule/sessions/{id}/sme', () => {
    it("gives the session's contributor the business owner's profile", async () => {
      const row = await session({ startsIn: 200 })
      const url = `/api/schedule/sessions/${row.id}/sme`
      const body = await jsonOf(ctx.get(url, contributor.token))
      expect(body.data).toMatchObject({
        id: owner.personId,
        full_name: 'سارة الشمري',
        companies: [{ name: 'مقهى الواحة', commercial_registration: '1010', phase: 'growing' }],
      })
      expect((await ctx.get(url)).statusCode).toBe(401)
      expect((await ctx.get(url, owner.token)).statusCode).toBe(403)
      expect((await ctx.get(url, otherOwner.token)).statusCode).toBe(403)
      expect((await ctx.get(url, otherContributor.token)).statusCode).toBe(404)
    })
  })

  describe('GET /schedule/zoom/jwt/{meetingNumber}/{role} without Zoom', () => {
    it('is 409 meeting_not_zoom to the participants, 404 to others, 401 to a visitor', async () => {
      const row = await session({ startsIn: 300, meeting_number: '5550001111' })
      const url = (role: number) => `/api/schedule/zoom/jwt/5550001111/${role}`
      for (const who of [contributor, owner]) {
        const res = await ctx.get(url(0), who.token)
        expect(res.statusCode).toBe(409)
        expect(res.json().error.code).toBe('meeting_not_zoom')
      }
      expect((await ctx.get(url(0))).statusCode).toBe(401)
      expect((await ctx.get(url(0), otherOwner.token)).statusCode).toBe(404)
      expect((await ctx.get(url(0), otherContributor.token)).statusCode).toBe(404)
      expect((await ctx.get(url(2), contributor.token)).statusCode).toBe(400)
      expect(row.meeting_provider).toBe('webrtc')
    })
  })
})

eachDatabase('meeting signature with Zoom', (dialect) => {
  const standIn = useZoomStandIn()
  const ctx = useTestContext(dialect, () => zoomTestConfig(standIn))
  const { contributor, otherContributor, owner, otherOwner } = usePeople(ctx, {
    contributor: { name: 'نورة', contributor: { kind: 'consultant' } },
    otherContributor: { name: 'ماجد', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة' },
    otherOwner: { name: 'فهد' },
  })

  beforeAll(async () => {
    await addSession(ctx.store.db, {
      contributorId: contributor.contributorId!,
      smeId: owner.personId,
      start: hoursFromNow(2),
      meeting_provider: 'zoom',
      meeting_number: '8727069552',
      meeting_password: 'pw-zoom',
    })
    await addSession(ctx.store.db, {
      contributorId: contributor.contributorId!,
      smeId: owner.personId,
      start: hoursFromNow(-30),
      state: 'ended',
      meeting_provider: 'zoom',
      meeting_number: '8727069553',
    })
  })

  const get = (number: string, role: number, token: string | null) =>
    ctx.get(`/api/schedule/zoom/jwt/${number}/${role}`, token)

  it('signs an HS256 Meeting SDK JWT with the documented claims', async () => {
    const { zoom } = zoomTestConfig(standIn)
    for (const [who, role] of [
      [contributor, 1],
      [contributor, 0],
      [owner, 0],
    ] as const) {
      const before = Math.floor(Date.now() / 1000)
      const res = await get('8727069552', role, who.token)
      expect(res.statusCode, res.body).toBe(200)
      const data = res.json().data
      expect(data.sdk_key).toBe(zoom.sdkKey)
      expect(decodeProtectedHeader(data.signature)).toEqual({ alg: 'HS256', typ: 'JWT' })
      const { payload } = await jwtVerify(data.signature, new TextEncoder().encode(zoom.sdkSecret), {
        algorithms: ['HS256'],
      })
      expect(payload).toMatchObject({ appKey: zoom.sdkKey, sdkKey: zoom.sdkKey, mn: '8727069552', role })
      const iat = payload.iat!
      expect(iat).toBeGreaterThanOrEqual(before - 60)
      expect(iat).toBeLessThanOrEqual(before + 5)
      expect(payload.exp! - iat).toBe(SIGNATURE_TTL_SECONDS)
      expect(payload.exp! - iat).toBeGreaterThanOrEqual(1800)
      expect(payload.exp! - iat).toBeLessThanOrEqual(48 * 3600)
      expect(payload.tokenExp).toBe(payload.exp)
      expect(data.meeting).toEqual({
        provider: 'zoom',
        // The host's answer carries the ZAK Zoom gave for the account's user (GET /users/me/token?type=zak).
        zak_token: role === 1 ? standIn.zak : null,
        personal_id: '8727069552',
        meeting_password: 'pw-zoom',
        email: null,
        signature: data.signature,
      })
    }
    await expect(
      jwtVerify(
        (await get('8727069552', 0, owner.token)).json().data.signature,
        new TextEncoder().encode('wrong'),
      ),
    ).rejects.toThrow()
  })

  it('gives the host role to the contributor only, and nothing to others', async () => {
    expect((await get('8727069552', 1, owner.token)).statusCode).toBe(403)
    expect((await get('8727069552', 0, null)).statusCode).toBe(401)
    expect((await get('8727069552', 0, otherOwner.token)).statusCode).toBe(404)
    expect((await get('8727069552', 1, otherContributor.token)).statusCode).toBe(404)
    expect((await get('0000000000', 0, contributor.token)).statusCode).toBe(404)
  })

  it('signs nothing for a session that is over', async () => {
    expect((await get('8727069553', 1, contributor.token)).statusCode).toBe(404)
  })
})
