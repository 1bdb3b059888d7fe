import type { ContributorProfile, Session } from '@mashura/core'
import { ar, en } from '@mashura/core/i18n/server'
import { describe, expect, it } from 'vitest'
import { INSTANT_SESSION_MINUTES } from '../../../domain/instant.ts'
import {
  eachDatabase,
  jsonOf,
  type TestPerson,
  useBusEvents,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'

const MIN = 60_000

eachDatabase('instant sessions', (dialect) => {
  const ctx = useTestContext(dialect)
  const { expert, notEnabled, ownerA, ownerB } = usePeople(ctx, {
    expert: { name: 'نورة القحطاني', contributor: { kind: 'consultant', join_now_enabled: true } },
    notEnabled: { name: 'ماجد السبيعي', contributor: { kind: 'consultant' } },
    ownerA: { name: 'سارة الشمري' },
    ownerB: { name: 'فهد الدوسري' },
  })
  const events = useBusEvents(ctx)

  const join = (contributorId: number | string, token: string | null, lang?: 'ar' | 'en') =>
    ctx.call({
      method: 'POST',
      url: `/api/schedule/instant/contributor/${contributorId}`,
      token,
      ...(lang ? { lang } : {}),
    })
  const toggle = (person: TestPerson, on: boolean) =>
    ctx.put('/api/profile/contributor/available-for-instant', person.token, { available_for_instant: on })

  describe('available_now on the public profiles', () => {
    it('is false until the admin permits it and the expert switches it on', async () => {
      const profile = async (id: number) => {
        const res = await ctx.get(`/api/schedule/contributor/${id}/`, null)
        expect(res.statusCode).toBe(200)
        return res.json().data.contributor as ContributorProfile
      }
      expect((await profile(expert.contributorId)).available_now).toBe(false)
      expect((await toggle(expert, true)).statusCode).toBe(200)
      expect((await profile(expert.contributorId)).available_now).toBe(true)
      // Not permitted by the admin: the toggle is refused and the expert is never available now.
      expect((await toggle(notEnabled, true)).statusCode).toBe(403)
      expect((await profile(notEnabled.contributorId)).available_now).toBe(false)
      const search = await ctx.get('/api/profile/contributors?q=%20', null)
      const found = search.json().data as ContributorProfile[]
      expect(found.find((c) => c.id === expert.contributorId)?.available_now).toBe(true)
      expect(found.find((c) => c.id === notEnabled.contributorId)?.available_now).toBe(false)
    })
  })

  describe('refusals', () => {
    it('asks for a sign-in (401)', async () => {
      expect((await join(expert.contributorId, null)).statusCode).toBe(401)
    })

    it('refuses a malformed id (400) and an unknown expert (404)', async () => {
      expect((await join('abc', ownerA.token)).statusCode).toBe(400)
      const res = await join(999_999, ownerA.token, 'en')
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe(en['errors.contributorNotFound'])
    })

    it('refuses an expert who is not available now (409), in Arabic and English', async () => {
      const ar409 = await join(notEnabled.contributorId, ownerA.token)
      expect(ar409.statusCode).toBe(409)
      expect(ar409.json().error).toMatchObject({
        code: 'expert_not_available',
        message: ar['errors.instantUnavailable'],
      })
      const en409 = await join(notEnabled.contributorId, ownerA.token, 'en')
      expect(en409.json().error.message).toBe(en['errors.instantUnavailable'])
    })

    it('refuses an expert whose own toggle is off, though the admin permits it', async () => {
      await toggle(expert, false)
      const res = await join(expert.contributorId, ownerA.token)
      expect(res.statusCode).toBe(409)
      expect(res.json().error.code).toBe('expert_not_available')
      await toggle(expert, true)
    })

    it('refuses the expert themself (409 instant_own)', async () => {
      const res = await join(expert.contributorId, expert.token, 'en')
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toMatchObject({ code: 'instant_own', message: en['errors.instantOwn'] })
    })
  })

  describe('joining', () => {
    let session: Session

    it('starts an ongoing online session of 30 minutes at once (201, the session details shape)', async () => {
      events.length = 0
      const before = Date.now()
      const res = await join(expert.contributorId, ownerA.token)
      expect(res.statusCode).toBe(201)
      session = res.json().data as Session
      expect(session).toMatchObject({
        state: 'ongoing',
        is_instant: true,
        communication_way: 0,
        schedule_id: null,
        office: null,
        contributor: { id: expert.contributorId },
        sme: { id: ownerA.personId },
      })
      expect(session.meeting?.provider).toBe('webrtc')
      expect(session.meeting?.personal_id).toMatch(/^\d{10}$/)
      const start = Date.parse(session.start)
      expect(start).toBeGreaterThanOrEqual(before - 1000)
      expect(Date.parse(session.end) - start).toBe(INSTANT_SESSION_MINUTES * MIN)
      expect(session.started_at).toBe(session.start)
      // The same shape the details call answers, for both sides.
      for (const who of [ownerA, expert]) {
        const details = await jsonOf(ctx.get(`/api/schedule/sessions/${session.id}/details`, who.token))
        expect(details.data).toEqual(session)
      }
    })

    it('notifies the expert with a push carrying the session, and tells both sides live', async () => {
      const note = await ctx.store.db
        .selectFrom('notifications')
        .selectAll()
        .where('person_id', '=', expert.personId)
        .where('kind', '=', 'instant_session')
        .executeTakeFirstOrThrow()
      expect(note.session_id).toBe(session.id)
      expect(note.request_id).toBeNull()
      expect(note.body_ar).toContain('سارة الشمري')
      expect(note.title_en).toBe(en['notify.instant.title'])
      expect(events).toContainEqual({
        type: 'session.changed',
        sessionId: session.id,
        contributorId: expert.contributorId,
        smeId: ownerA.personId,
      })
      expect(events).toContainEqual({ type: 'notifications.changed', personId: expert.personId })
    })

    it("is among the business owner's upcoming sessions", async () => {
      const res = await ctx.get('/api/schedule/sme/sessions', ownerA.token)
      expect((res.json().data as Session[]).map((s) => s.id)).toContain(session.id)
    })

    it('refuses a second business owner while the expert is in it (409 expert_busy)', async () => {
      const res = await join(expert.contributorId, ownerB.token, 'en')
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toMatchObject({ code: 'expert_busy', message: en['errors.instantBusy'] })
      const arRes = await join(expert.contributorId, ownerB.token)
      expect(arRes.json().error.message).toBe(ar['errors.instantBusy'])
    })

    it('lets exactly one of two concurrent joins win', async () => {
      // End the current one first so the expert is free again.
      await ctx.store.db
        .updateTable('sessions')
        .set({ state: 'ended', ended_at: new Date().toISOString() })
        .where('id', '=', session.id)
        .execute()
      const answers = await Promise.all([
        join(expert.contributorId, ownerA.token),
        join(expert.contributorId, ownerB.token),
      ])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409])
      session = answers.find((r) => r.statusCode === 201)!.json().data as Session
    })

    it('can be extended by the expert (GET …/extend adds 15 minutes)', async () => {
      const stranger = await ctx.get(`/api/schedule/sessions/${session.id}/extend`, notEnabled.token)
      expect(stranger.statusCode).toBe(404)
      const body = await jsonOf(ctx.get(`/api/schedule/sessions/${session.id}/extend`, expert.token))
      const extended = body.data as Session
      expect(Date.parse(extended.end) - Date.parse(session.end)).toBe(15 * MIN)
    })

    it('is ended by the expert with end-instant, which frees the expert for the next one', async () => {
      const bySme = await ctx.call({
        method: 'POST',
        url: `/api/schedule/${session.id}/end-instant`,
        token: session.sme.id === ownerA.personId ? ownerA.token : ownerB.token,
      })
      expect(bySme.statusCode).toBe(403)
      const res = await ctx.call({
        method: 'POST',
        url: `/api/schedule/${session.id}/end-instant`,
        token: expert.token,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({ id: session.id, state: 'ended', is_instant: true })
      const again = await ctx.call({
        method: 'POST',
        url: `/api/schedule/${session.id}/end-instant`,
        token: expert.token,
      })
      expect(again.statusCode).toBe(409)
      const next = await join(expert.contributorId, ownerB.token)
      expect(next.statusCode).toBe(201)
    })

    it('holds a slot that is never offered as free', async () => {
      const res = await ctx.get(`/api/schedule/contributor/${expert.contributorId}/`, null)
      expect(res.json().data.slots).toEqual([])
      expect(res.json().data.contributor.next_free_slot).toBeNull()
    })
  })
})
