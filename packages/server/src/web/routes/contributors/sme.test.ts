import { beforeAll, describe, expect, it } from 'vitest'
import type { NewRow, Row } from '../../../db/tables.ts'
import {
  eachDatabase,
  jsonOf,
  type TestExpert,
  useFixtures,
  useTestContext,
} from '../../../test-support/context.ts'
import {
  addCenter,
  addExpert,
  addOffice,
  addSession,
  addSubject,
  fromNow,
} from '../../../test-support/fixtures.ts'

eachDatabase("business owners' profiles", (dialect) => {
  const ctx = useTestContext(dialect)
  const { owner, other, met, asked, rejected, stranger, partner } = useFixtures({
    /** The business owner whose profile and history are read. */
    owner: () => ctx.person({ name: 'نورة القحطاني', email: 'noura@example.sa' }),
    /** Another business owner. */
    other: () => ctx.person({ name: 'سعد' }),
    /** A contributor who had sessions with the owner. */
    met: () => addExpert(ctx, { name: 'أحمد', kind: 'consultant' }),
    /** A contributor with a request from the owner still waiting. */
    asked: () => addExpert(ctx, { name: 'ليلى', kind: 'advisor' }),
    /** A contributor who rejected the owner's request. */
    rejected: () => addExpert(ctx, { name: 'سلمان', kind: 'advisor' }),
    /** A contributor who never met the owner. */
    stranger: () => addExpert(ctx, { name: 'هند', kind: 'partner' }),
    partner: () => addExpert(ctx, { name: 'خالد', kind: 'partner' }),
  })
  let subject: Row<'subjects'>
  let office: Row<'offices'>
  let reason: Row<'cancel_reasons'>
  const sessions: Record<string, Row<'sessions'>> = {}
  /** Adds a session of `expert`'s with the owner, starting `days` from now. */
  const ownerSession = (expert: TestExpert, days: number, values: Partial<NewRow<'sessions'>>) =>
    addSession(ctx.store.db, {
      contributorId: expert.contributorId,
      smeId: owner.personId,
      start: fromNow(days),
      ...values,
    })

  beforeAll(async () => {
    await ctx.store.db
      .updateTable('people')
      .set({ phone: '+966500000001' })
      .where('id', '=', owner.personId)
      .execute()
    subject = await addSubject(ctx.store.db, { name_ar: 'التسويق', name_en: 'Marketing', type: 1 })
    const center = await addCenter(ctx.store.db, 'مركز الرياض', 'Riyadh center')
    office = await addOffice(ctx.store.db, center.id)
    reason = await ctx.store.db
      .insertInto('cancel_reasons')
      .values({ label_ar: 'ظرف طارئ', label_en: 'Emergency', requires_details: 0 })
      .returningAll()
      .executeTakeFirstOrThrow()

    for (const [name, cr, phase] of [
      ['مؤسسة النخيل', '1010101010', 'growing'],
      ['<b>متجر</b>', null, null],
    ] as const) {
      await ctx.store.db
        .insertInto('companies')
        .values({
          person_id: owner.personId,
          name,
          cr_number: cr,
          city: 'الرياض',
          phase,
          created_at: new Date().toISOString(),
        })
        .execute()
    }
    await ctx.store.db
      .insertInto('companies')
      .values({ person_id: other.personId, name: 'شركة أخرى', created_at: new Date().toISOString() })
      .execute()

    sessions.ended = await ownerSession(met, -10, {
      state: 'ended',
      subject_id: subject.id,
      started_at: fromNow(-10).toISOString(),
      ended_at: fromNow(-10, 0.5).toISOString(),
      end_reason: 'انتهى',
    })
    sessions.office = await ownerSession(partner, -5, {
      state: 'sme_absent',
      communication_way: 1,
      office_id: office.id,
    })
    sessions.cancelled = await ownerSession(met, -2, {
      state: 'cancelled',
      cancel_reason_id: reason.id,
    })
    sessions.overdue = await ownerSession(met, -1, {
      state: 'booked',
    })
    sessions.upcoming = await ownerSession(met, 2, {
      state: 'booked',
    })
    sessions.waiting = await ownerSession(asked, 3, {
      state: 'pending',
      request_state: 'waiting',
    })
    sessions.rejected = await ownerSession(rejected, -4, {
      state: 'pending',
      request_state: 'rejected',
    })
    const advisor = await addExpert(ctx, { name: 'منى', kind: 'advisor' })
    sessions.accepted = await ownerSession(advisor, -7, {
      state: 'ended',
      request_state: 'accepted',
    })
    // A rejected request whose row says cancelled is still not a session.
    sessions.rejectedCancelled = await ownerSession(rejected, -6, {
      state: 'cancelled',
      request_state: 'rejected',
    })
    await addSession(ctx.store.db, {
      contributorId: stranger.contributorId,
      smeId: other.personId,
      start: fromNow(-3),
      state: 'ended',
    })
  })

  const show = (id: number | string, token?: string, lang?: 'ar' | 'en') =>
    ctx.call({
      method: 'GET',
      url: `/api/profile/v2/sme/show/${id}`,
      ...(token ? { token } : {}),
      ...(lang ? { lang } : {}),
    })
  const history = (
    id: number | string,
    token?: string,
    query: Record<string, unknown> = {},
    lang?: 'ar' | 'en',
  ) =>
    ctx.call({
      method: 'GET',
      url: `/api/profile/sme/${id}/history/`,
      query: query as never,
      ...(token ? { token } : {}),
      ...(lang ? { lang } : {}),
    })

  describe('GET /profile/sme/companies', () => {
    it("answers the person's own companies only, as plain text", async () => {
      const body = await jsonOf(ctx.get('/api/profile/sme/companies', owner.token))
      expect(body.data).toEqual([
        {
          id: expect.any(Number),
          name: 'مؤسسة النخيل',
          commercial_registration: '1010101010',
          sector: null,
          city: 'الرياض',
          phase: 'growing',
        },
        {
          id: expect.any(Number),
          name: '<b>متجر</b>',
          commercial_registration: null,
          sector: null,
          city: 'الرياض',
          phase: null,
        },
      ])
      const en = await ctx.get('/api/profile/sme/companies', other.token, 'en')
      expect(en.json().data.map((c: { name: string }) => c.name)).toEqual(['شركة أخرى'])
      const none = await ctx.get('/api/profile/sme/companies', stranger.token)
      expect(none.json()).toEqual({ data: [] })
    })

    it('is 401 signed out', async () => {
      expect((await ctx.get('/api/profile/sme/companies')).statusCode).toBe(401)
    })
  })

  describe('who may see a business owner', () => {
    const cases: [string, () => string | undefined, number][] = [
      ['a visitor', () => undefined, 401],
      ['the business owner', () => owner.token, 200],
      ['another business owner', () => other.token, 404],
      ['a contributor who had sessions with them', () => met.token, 200],
      ['a contributor who rejected their request', () => rejected.token, 404],
      ['a contributor who never met them', () => stranger.token, 404],
    ]
    for (const [who, token, status] of cases) {
      it(`answers ${status} to ${who}, on the profile and the history`, async () => {
        const profile = await show(owner.personId, token())
        expect(profile.statusCode).toBe(status)
        const past = await history(owner.personId, token())
        expect(past.statusCode).toBe(status)
        if (status === 404) {
          // The same answer as for nobody at all: who exists is not revealed.
          const nobody = await show(999_999, token())
          expect(profile.json()).toEqual(nobody.json())
          expect(past.json().error.code).toBe('not_found')
        }
      })
    }

    it('shows a contributor with their request waiting the profile without contact details, and no history', async () => {
      const profile = await show(owner.personId, asked.token)
      expect(profile.statusCode).toBe(200)
      expect(profile.json().data).toMatchObject({ full_name: 'نورة القحطاني', email: null, mobile: null })
      expect(profile.json().data.companies).toHaveLength(2)
      expect((await history(owner.personId, asked.token)).statusCode).toBe(404)
    })

    it('answers 404 for an id that is nobody, and 400 for an id that is not one', async () => {
      expect((await show(999_999, met.token)).statusCode).toBe(404)
      expect((await history(999_999, met.token)).statusCode).toBe(404)
      expect((await show('abc', met.token)).statusCode).toBe(400)
      expect((await history('-1', met.token)).statusCode).toBe(400)
    })
  })

  describe('GET /profile/v2/sme/show/{id}', () => {
    it('answers the profile with companies and held sessions', async () => {
      const res = await show(owner.personId, met.token)
      expect(res.json()).toEqual({
        data: {
          id: owner.personId,
          full_name: 'نورة القحطاني',
          file: null,
          email: 'noura@example.sa',
          mobile: '+966500000001',
          companies: [
            expect.objectContaining({ name: 'مؤسسة النخيل', phase: 'growing' }),
            expect.objectContaining({ name: '<b>متجر</b>' }),
          ],
          sessions_count: 2,
        },
      })
      const en = await show(owner.personId, owner.token, 'en')
      expect(en.statusCode).toBe(200)
      expect(en.json().data.full_name).toBe('نورة القحطاني')
    })
  })

  describe('GET /profile/sme/{id}/history/', () => {
    it('lists past sessions newest first, without requests, upcoming sessions or meeting data', async () => {
      const res = await history(owner.personId, met.token)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.data.map((x: { id: number }) => x.id)).toEqual([
        sessions.overdue!.id,
        sessions.cancelled!.id,
        sessions.office!.id,
        sessions.accepted!.id,
        sessions.ended!.id,
      ])
      expect(body.meta).toEqual({ page: 1, per_page: 15, total: 5, last_page: 1 })
      expect(res.body).not.toContain('room-secret')
      expect(res.body).not.toContain('pw-secret')
      const ended = body.data[4]
      expect(ended).toEqual({
        id: sessions.ended!.id,
        type: 1,
        communication_way: 0,
        schedule_id: sessions.ended!.slot_id,
        state: 'ended',
        is_instant: false,
        start: sessions.ended!.start_at,
        end: sessions.ended!.end_at,
        started_at: sessions.ended!.started_at,
        ended_at: sessions.ended!.ended_at,
        subject: { id: subject.id, name: 'التسويق', type: 1, bsa_subject: false, description: null },
        description: null,
        contributor: {
          id: met.contributorId,
          sso_user: { full_name: 'أحمد' },
          file: null,
          role: 'consultant',
          gender: null,
        },
        sme: { id: owner.personId, full_name: 'نورة القحطاني', file: null },
        office: null,
        meeting: null,
        recommendations: null,
        request_id: null,
        cancel_reason: null,
        end_reason: 'انتهى',
      })
      // Sessions with other contributors are part of the owner's history too.
      expect(body.data[2]).toMatchObject({
        state: 'sme_absent',
        type: 4,
        office: { id: office.id, name: 'مكتب العليا' },
      })
      expect(body.data[1]).toMatchObject({ state: 'cancelled', cancel_reason: 'ظرف طارئ' })
      expect(body.data[3]).toMatchObject({ state: 'ended', type: 2, request_id: sessions.accepted!.id })
    })

    it("answers in the request's language", async () => {
      const body = (await history(owner.personId, owner.token, {}, 'en')).json()
      expect(body.data[1].cancel_reason).toBe('Emergency')
      expect(body.data[2].office.name).toBe('Olaya office')
      expect(body.data[4].subject.name).toBe('Marketing')
    })

    it('pages, also beyond the last page', async () => {
      const page2 = (await history(owner.personId, met.token, { per_page: 3, page: 2 })).json()
      expect(page2.data.map((x: { id: number }) => x.id)).toEqual([sessions.accepted!.id, sessions.ended!.id])
      expect(page2.meta).toEqual({ page: 2, per_page: 3, total: 5, last_page: 2 })
      const beyond = (await history(owner.personId, met.token, { per_page: 3, page: 7 })).json()
      expect(beyond).toEqual({ data: [], meta: { page: 7, per_page: 3, total: 5, last_page: 2 } })
      expect((await history(owner.personId, met.token, { per_page: 0 })).statusCode).toBe(400)
    })
  })
})
