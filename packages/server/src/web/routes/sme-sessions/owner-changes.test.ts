/**
 * A business owner cancels or moves her own session, and withdraws or moves her waiting request (issue 34):
 * through the API, on both databases. The cut-off, every refusal, the slot free again and the caps freed, the
 * race for a slot, the follow-ups (notices, the mails to both people with the booking's calendar UID and a
 * rising SEQUENCE) and the audit trail.
 */
import type { Session, SessionRequest } from '@mashura/core'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { eachDatabase, jsonOf, type TestPerson, useTestContext } from '../../../test-support/context.ts'
import { addCancelReasons, hoursFromNow, insertSlot, readSession } from '../../../test-support/fixtures.ts'
import { useBookingCast } from '../../../test-support/suite-fixtures.ts'

eachDatabase('a business owner’s own changes to her bookings', (dialect) => {
  const ctx = useTestContext(dialect, {
    booking: { maxUpcomingPerExpert: 1, maxUpcoming: 10 },
    rateLimit: { signIn: 20, booking: 1000, windowMs: 60_000 },
  })
  const { cat, owner } = useBookingCast(ctx, { ownerEmail: 'sara@example.sa' })
  // Each test has its own experts: the cap of one upcoming booking with an expert holds across the suite.
  let consultant: TestPerson
  let advisor: TestPerson
  let experts = 0
  beforeEach(async () => {
    experts++
    consultant = await ctx.person({
      name: `نورة القحطاني ${experts}`,
      contributor: { kind: 'consultant', subjects: [cat.subjectId] },
    })
    advisor = await ctx.person({
      name: `خالد العتيبي ${experts}`,
      contributor: { kind: 'advisor', subjects: [cat.subjectId] },
    })
  })
  let reasons: { reasonId: number; detailedReasonId: number }
  beforeAll(async () => {
    reasons = await addCancelReasons(ctx.store.db)
  })
  const host = () => new URL(ctx.config.publicUrl).host

  const slot = async (who: TestPerson, hours: number) =>
    (await insertSlot(ctx.store.db, { contributorId: who.contributorId!, start: hoursFromNow(hours) })).id
  const book = (slotId: number, who: TestPerson) =>
    ctx.post(`/api/schedule/v3/schedules/${slotId}/sessions/dashboard`, who.token, {
      communication_way: 0,
      subject_id: cat.subjectId,
    })
  const bookSession = async (who: TestPerson, hours: number): Promise<Session> =>
    (await jsonOf(book(await slot(consultant, hours), who), 201)).data.session
  const bookRequest = async (who: TestPerson, hours: number): Promise<SessionRequest> =>
    (await jsonOf(book(await slot(advisor, hours), who), 201)).data.request
  const cancel = (
    id: number,
    who: TestPerson,
    body: object = { cancel_reason_id: reasons.reasonId },
    lang?: 'ar' | 'en',
  ) => ctx.post(`/api/schedule/sme/sessions/${id}/cancel`, who.token, body, lang)
  const reschedule = (id: number, who: TestPerson, scheduleId: number, lang?: 'ar' | 'en') =>
    ctx.post(`/api/schedule/sme/sessions/${id}/reschedule`, who.token, { schedule_id: scheduleId }, lang)
  const withdraw = (id: number, who: TestPerson, body: object = { cancel_reason_id: reasons.reasonId }) =>
    ctx.post(`/api/schedule/requests/sme-session/${id}/withdraw`, who.token, body)
  const moveRequest = (id: number, who: TestPerson, scheduleId: number) =>
    ctx.post(`/api/schedule/requests/sme-session/${id}/move`, who.token, { schedule_id: scheduleId })

  /** The outbox mails of a session of one kind, oldest first. */
  const mailsOf = (kind: string, id: number) =>
    ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', kind)
      .where('dedupe_key', 'like', `${kind}:${id}:%`)
      .orderBy('id')
      .execute()
  /** The calendar file a queued mail carries. */
  const icsOf = (mail: { attachments: string | null }) => {
    const [file] = JSON.parse(mail.attachments ?? '[]') as { content: string; contentType: string }[]
    return file!.content.replace(/\r\n /g, '')
  }
  const notices = (personId: number, id: number) =>
    ctx.store.db
      .selectFrom('notifications')
      .select(['kind', 'title_ar'])
      .where('person_id', '=', personId)
      .where((eb) => eb.or([eb('session_id', '=', id), eb('request_id', '=', id)]))
      .orderBy('id')
      .execute()
  const audit = (action: string, id: number) =>
    ctx.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .execute()

  it('cancels her session before the cut-off: the slot free at once, her cap freed, both told and mailed', async () => {
    const session = await bookSession(owner, 48)
    const start = Date.parse(session.start)
    // Her own upcoming session says until when; the expert's view of it does not.
    const mine = await jsonOf(ctx.get(`/api/schedule/sessions/${session.id}/details`, owner.token))
    expect(mine.data.changeable_until).toBe(new Date(start - 24 * 3_600_000).toISOString())
    const theirs = await jsonOf(ctx.get(`/api/schedule/sessions/${session.id}/details`, consultant.token))
    expect(theirs.data.changeable_until).toBeUndefined()
    // The cap of one upcoming session with this expert is reached.
    const another = await slot(consultant, 60)
    expect((await book(another, owner)).json().error.code).toBe('booking_limit_reached')

    const cancelled = await jsonOf(cancel(session.id, owner))
    expect(cancelled.data).toMatchObject({ id: session.id, state: 'cancelled', cancel_reason: 'ظرف طارئ' })
    expect(cancelled.data.changeable_until).toBeUndefined()
    expect(await readSession(ctx.store.db, session.id)).toMatchObject({
      active_slot_id: null,
      cancelled_by: 'owner',
      ics_sequence: 1,
    })
    // Her cap counts it no more, and its slot is bookable again, by anyone.
    expect((await book(another, owner)).statusCode).toBe(201)
    const stranger = await ctx.person()
    expect((await book(session.schedule_id!, stranger)).statusCode).toBe(201)

    // The expert is told (with a push) and she has the record of it; both are mailed a cancellation.
    expect(await notices(consultant.personId, session.id)).toContainEqual({
      kind: 'session_cancelled',
      title_ar: 'أُلغيت جلسة',
    })
    expect(await notices(owner.personId, session.id)).toContainEqual({
      kind: 'session_cancelled',
      title_ar: 'ألغيت جلستك',
    })
    const [toOwner] = await mailsOf('session_cancelled', session.id)
    const [toExpert] = await mailsOf('session_cancelled_expert', session.id)
    expect(toOwner!.to_address).toBe('sara@example.sa')
    expect(toExpert!.to_address).toMatch(/@example\.sa$/)
    expect(toOwner!.body.indexOf('تم إلغاء جلستك')).toBeLessThan(toOwner!.body.indexOf('Your session with'))
    for (const mail of [toOwner!, toExpert!]) {
      const ics = icsOf(mail)
      expect(ics).toContain('METHOD:CANCEL')
      expect(ics).toContain('STATUS:CANCELLED')
      expect(ics).toContain(`UID:session-${session.id}@${host()}`)
      expect(ics).toContain('SEQUENCE:1')
    }
    // The confirmation's calendar file had the same UID.
    const [confirmation] = await ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('dedupe_key', '=', `booking_confirmed:${session.id}`)
      .execute()
    expect(icsOf(confirmation!)).toContain(`UID:session-${session.id}@${host()}`)

    // The trail: the booking and its cancellation, by her.
    const [booked] = await audit('session.book', session.id)
    const [entry] = await audit('session.cancel', session.id)
    expect(booked).toMatchObject({ actor_person_id: owner.personId, target_type: 'session' })
    expect(entry).toMatchObject({ actor_person_id: owner.personId, actor_label: 'سارة الشمري' })
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ state: 'booked' })
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ state: 'cancelled', by: 'owner' })
  }, 30_000)

  it('refuses a cancellation that is not hers, not upcoming, started, past the cut-off or without its reason', async () => {
    const session = await bookSession(owner, 50)
    const stranger = await ctx.person()
    expect((await cancel(session.id, stranger)).statusCode).toBe(404)
    expect((await cancel(999_999, owner)).statusCode).toBe(404)
    expect((await cancel(session.id, consultant)).statusCode).toBe(403)
    const details = await cancel(session.id, owner, { cancel_reason_id: reasons.detailedReasonId })
    expect(details.statusCode).toBe(422)
    expect(details.json().error.code).toBe('reason_required')
    expect((await cancel(session.id, owner, { cancel_reason_id: 999_999 })).json().error.code).toBe(
      'invalid_cancel_reason',
    )
    expect((await cancel(session.id, owner, {})).statusCode).toBe(400)

    // Past the cut-off: the refusal says when it closed, in both languages.
    await ctx.store.db
      .updateTable('sessions')
      .set({ start_at: hoursFromNow(10).toISOString(), end_at: hoursFromNow(11).toISOString() })
      .where('id', '=', session.id)
      .execute()
    const ar = await cancel(session.id, owner, undefined, 'ar')
    expect(ar.statusCode).toBe(422)
    expect(ar.json().error.code).toBe('change_closed')
    expect(ar.json().error.message).toContain('انتهت مهلة إلغاء هذا الحجز')
    expect(ar.json().error.message).toContain('بتوقيت الرياض')
    const en = await cancel(session.id, owner, undefined, 'en')
    expect(en.json().error.message).toMatch(
      /^Changes to this booking closed on .+ Riyadh time \(24 hours before it starts\)\.$/,
    )
    const details10 = await jsonOf(ctx.get(`/api/schedule/sessions/${session.id}/details`, owner.token))
    expect(Date.parse(details10.data.changeable_until)).toBeLessThan(Date.now())

    // Started, and no longer upcoming.
    await ctx.store.db
      .updateTable('sessions')
      .set({ state: 'ongoing' })
      .where('id', '=', session.id)
      .execute()
    expect((await cancel(session.id, owner)).json().error.code).toBe('session_already_started')
    await ctx.store.db.updateTable('sessions').set({ state: 'ended' }).where('id', '=', session.id).execute()
    expect((await cancel(session.id, owner)).json().error).toMatchObject({ code: 'session_not_upcoming' })
    // A request is not a session.
    const request = await bookRequest(owner, 70)
    expect((await cancel(request.id, owner)).statusCode).toBe(404)
    expect(await audit('session.cancel', session.id)).toEqual([])
  }, 30_000)

  it('moves her session to another free slot of the same expert, mailing both a REQUEST with a rising SEQUENCE', async () => {
    const session = await bookSession(owner, 80)
    const next = await slot(consultant, 100)
    const moved = await jsonOf(reschedule(session.id, owner, next))
    expect(moved.data).toMatchObject({ id: session.id, state: 'booked', schedule_id: next })
    const row = await readSession(ctx.store.db, session.id)
    expect(row).toMatchObject({ active_slot_id: next, ics_sequence: 1 })
    expect(Date.parse(moved.data.changeable_until)).toBe(Date.parse(row.start_at) - 24 * 3_600_000)
    // The old slot is bookable again; the new one is taken.
    const stranger = await ctx.person()
    expect((await book(session.schedule_id!, stranger)).statusCode).toBe(201)
    expect((await book(next, stranger)).json().error.code).toBe('slot_already_booked')

    const again = await slot(consultant, 120)
    await jsonOf(reschedule(session.id, owner, again))
    const toOwner = await mailsOf('session_moved', session.id)
    const toExpert = await mailsOf('session_moved_expert', session.id)
    expect(toOwner.map((m) => m.dedupe_key)).toEqual([
      `session_moved:${session.id}:1`,
      `session_moved:${session.id}:2`,
    ])
    expect(toExpert).toHaveLength(2)
    for (const [i, mail] of [...toOwner, ...toExpert].entries()) {
      const ics = icsOf(mail)
      expect(ics).toContain('METHOD:REQUEST')
      expect(ics).toContain(`UID:session-${session.id}@${host()}`)
      expect(ics).toContain(`SEQUENCE:${(i % 2) + 1}`)
      expect(ics).toContain('STATUS:CONFIRMED')
    }
    expect(toOwner[0]!.body).toContain('الموعد السابق:')
    expect(await notices(consultant.personId, session.id)).toContainEqual({
      kind: 'session_moved',
      title_ar: 'تغيّر موعد جلسة',
    })
    const entries = await audit('session.reschedule', session.id)
    expect(entries).toHaveLength(2)
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({ slot_id: next })
  }, 30_000)

  it('refuses a move to another expert, the same slot, a slot too soon or taken, or past the cut-off', async () => {
    const session = await bookSession(owner, 140)
    const code = async (scheduleId: number) =>
      (await reschedule(session.id, owner, scheduleId)).json().error?.code
    const other = await ctx.person({ contributor: { kind: 'consultant', subjects: [cat.subjectId] } })
    expect(await code(await slot(other, 150))).toBe('slot_other_expert')
    expect(await code(session.schedule_id!)).toBe('same_slot')
    const soon = await reschedule(session.id, owner, await slot(consultant, 5), 'en')
    expect(soon.statusCode).toBe(422)
    expect(soon.json().error).toMatchObject({ code: 'slot_too_soon' })
    expect(soon.json().error.message).toContain('24 hours')
    expect(await code(await slot(consultant, -5))).toBe('slot_in_past')
    const taken = await slot(consultant, 160)
    expect((await book(taken, await ctx.person())).statusCode).toBe(201)
    expect(await code(taken)).toBe('slot_already_booked')
    expect((await reschedule(session.id, owner, 999_999)).statusCode).toBe(404)
    expect((await reschedule(session.id, consultant, await slot(consultant, 170))).statusCode).toBe(403)
    // An office-only slot does not offer her online session.
    const office = (
      await insertSlot(ctx.store.db, {
        contributorId: consultant.contributorId!,
        start: hoursFromNow(175),
        availability: 1,
        officeId: cat.officeId,
      })
    ).id
    expect(await code(office)).toBe('communication_way_not_offered')
    await ctx.store.db
      .updateTable('sessions')
      .set({ start_at: hoursFromNow(3).toISOString(), end_at: hoursFromNow(4).toISOString() })
      .where('id', '=', session.id)
      .execute()
    expect(await code(await slot(consultant, 180))).toBe('change_closed')
    expect(await audit('session.reschedule', session.id)).toEqual([])
  }, 30_000)

  it('lets one of two owners have a slot when a move and a booking race for it, and one of two moves', async () => {
    const rival = await ctx.person({ name: 'منافسة' })
    for (let round = 0; round < 3; round++) {
      const mine = await bookSession(owner, 200 + round * 10)
      const target = await slot(consultant, 203 + round * 10)
      const [moveAnswer, bookAnswer] = await Promise.all([
        reschedule(mine.id, owner, target),
        book(target, rival),
      ])
      // Exactly one has it: the move (200) and the booking refused, or the booking (201) and the move refused.
      const won = [moveAnswer.statusCode === 200, bookAnswer.statusCode === 201]
      expect(won.filter(Boolean), `${moveAnswer.body} ${bookAnswer.body}`).toHaveLength(1)
      const loser = won[0] ? bookAnswer : moveAnswer
      expect(loser.json().error.code).toBe('slot_already_booked')
      const holders = await ctx.store.db
        .selectFrom('sessions')
        .select('id')
        .where('active_slot_id', '=', target)
        .execute()
      expect(holders).toHaveLength(1)
      // Free the rival's cap for the next round.
      await ctx.store.db
        .updateTable('sessions')
        .set({ state: 'cancelled', active_slot_id: null })
        .where('sme_id', '=', rival.personId)
        .execute()
      await ctx.store.db
        .updateTable('sessions')
        .set({ state: 'cancelled', active_slot_id: null })
        .where('id', '=', mine.id)
        .execute()
    }
    // Two moves of one session at once: one wins, the other is refused, and exactly one slot is held.
    const mine = await bookSession(owner, 300)
    const [a, b] = [await slot(consultant, 303), await slot(consultant, 306)]
    const answers = await Promise.all([reschedule(mine.id, owner, a), reschedule(mine.id, owner, b)])
    // The second either read the session before the first committed (409 booking_changed, nothing changed by
    // it) or after (a move of the moved session): never two slots held, one SEQUENCE per move made.
    const done = answers.filter((r) => r.statusCode === 200)
    expect(done.length).toBeGreaterThanOrEqual(1)
    for (const refused of answers.filter((r) => r.statusCode !== 200))
      expect(refused.json().error.code).toBe('booking_changed')
    const held = await ctx.store.db
      .selectFrom('sessions')
      .select('active_slot_id')
      .where('active_slot_id', 'in', [a, b, mine.schedule_id!])
      .execute()
    expect(held).toHaveLength(1)
    expect((await readSession(ctx.store.db, mine.id)).ics_sequence).toBe(done.length)
    // Two owners moving their own sessions into one slot: one wins.
    const rivalSession = await bookSession(rival, 320)
    const mineToo = (await readSession(ctx.store.db, mine.id)).id
    const target = await slot(consultant, 330)
    const both = await Promise.all([
      reschedule(mineToo, owner, target),
      reschedule(rivalSession.id, rival, target),
    ])
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
  }, 30_000)

  it('withdraws her waiting request: withdrawn, its slot free, the advisor told and both mailed', async () => {
    const request = await bookRequest(owner, 90)
    expect(Date.parse(request.changeable_until!)).toBe(Date.parse(request.slot.start) - 24 * 3_600_000)
    expect((await withdraw(request.id, advisor)).statusCode).toBe(403)
    expect((await withdraw(request.id, await ctx.person())).statusCode).toBe(404)
    const withdrawn = await jsonOf(withdraw(request.id, owner))
    expect(withdrawn.data).toMatchObject({ id: request.id, state: 'withdrawn', expires_at: null })
    expect(withdrawn.data.changeable_until).toBeUndefined()
    expect((await readSession(ctx.store.db, request.id)).active_slot_id).toBeNull()
    expect((await book(request.slot.id, await ctx.person())).statusCode).toBe(201)
    expect(await notices(advisor.personId, request.id)).toContainEqual({
      kind: 'request_withdrawn',
      title_ar: 'سُحب طلب جلسة',
    })
    const [toOwner] = await mailsOf('session_cancelled', request.id)
    const [toAdvisor] = await mailsOf('session_cancelled_expert', request.id)
    expect(icsOf(toOwner!)).toContain(`UID:request-${request.id}@${host()}`)
    expect(icsOf(toAdvisor!)).toContain('METHOD:CANCEL')
    expect(toAdvisor!.body).toContain('سحب سارة الشمري طلب الجلسة')
    expect(await audit('request.withdraw', request.id)).toHaveLength(1)
    expect(await audit('request.create', request.id)).toHaveLength(1)
    // Withdrawn once: no longer waiting.
    expect((await withdraw(request.id, owner)).json().error.code).toBe('request_not_waiting')
    // Listed with its state.
    const list = await jsonOf(ctx.get('/api/schedule/requests/sme-session?state=withdrawn', owner.token))
    expect(list.data.map((r: SessionRequest) => r.id)).toContain(request.id)
  }, 30_000)

  it('moves her waiting request: still waiting, its expiry the new slot’s; refused past the cut-off', async () => {
    const request = await bookRequest(owner, 110)
    const next = await slot(advisor, 130)
    const moved = await jsonOf(moveRequest(request.id, owner, next))
    expect(moved.data).toMatchObject({ id: request.id, state: 'waiting' })
    expect(moved.data.slot.id).toBe(next)
    expect(moved.data.expires_at).toBe(moved.data.slot.start)
    expect((await readSession(ctx.store.db, request.id)).active_slot_id).toBe(next)
    const [toAdvisor] = await mailsOf('session_moved_expert', request.id)
    const ics = icsOf(toAdvisor!)
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain('STATUS:TENTATIVE')
    expect(ics).toContain(`UID:request-${request.id}@${host()}`)
    expect(await notices(advisor.personId, request.id)).toContainEqual({
      kind: 'request_moved',
      title_ar: 'تغيّر موعد طلب',
    })
    expect(await audit('request.move', request.id)).toHaveLength(1)
    // The advisor may still answer it, at its new time.
    await ctx.store.db
      .updateTable('sessions')
      .set({ start_at: hoursFromNow(2).toISOString(), end_at: hoursFromNow(3).toISOString() })
      .where('id', '=', request.id)
      .execute()
    expect((await moveRequest(request.id, owner, await slot(advisor, 140))).json().error.code).toBe(
      'change_closed',
    )
    expect((await withdraw(request.id, owner)).json().error.code).toBe('change_closed')
    await ctx.store.db
      .updateTable('sessions')
      .set({ start_at: hoursFromNow(-1).toISOString(), end_at: hoursFromNow(0).toISOString() })
      .where('id', '=', request.id)
      .execute()
    expect((await withdraw(request.id, owner)).json().error.code).toBe('request_expired')
  }, 30_000)

  it('mails the business owner when her expert cancels, with the calendar file that cancels the event', async () => {
    const session = await bookSession(owner, 260)
    await jsonOf(
      ctx.post(`/api/schedule/cancel/session/${session.id}/contributor`, consultant.token, {
        cancel_reason_id: reasons.reasonId,
      }),
    )
    const [toOwner] = await mailsOf('session_cancelled', session.id)
    expect(toOwner!.body).toContain(`نعتذر إليك: ألغى ${consultant.name} جلستك`)
    expect(toOwner!.body).toContain('السبب: ظرف طارئ')
    expect(icsOf(toOwner!)).toContain('METHOD:CANCEL')
    expect(icsOf(toOwner!)).toContain('SEQUENCE:1')
    expect(await mailsOf('session_cancelled_expert', session.id)).toHaveLength(1)
    expect(await readSession(ctx.store.db, session.id)).toMatchObject({
      cancelled_by: 'expert',
      ics_sequence: 1,
    })
  }, 30_000)
})
