import { beforeEach, expect, it } from 'vitest'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import { hoursFromNow, insertSlot, readSession } from '../test-support/fixtures.ts'
import { useBookingCast, useZoomStandIn } from '../test-support/suite-fixtures.ts'
import { zoomTestConfig } from '../test-support/zoom-stand-in.ts'

eachDatabase('sessions’ Zoom meetings', (dialect) => {
  const zoom = useZoomStandIn()
  // One business owner books the consultant again and again: no fair-booking caps here.
  const ctx = useTestContext(dialect, () => ({
    ...zoomTestConfig(zoom),
    booking: { maxUpcomingPerExpert: 1000, maxUpcoming: 1000 },
  }))
  const { cat, consultant, advisor, owner } = useBookingCast(ctx, { consultantJoinsNow: true })
  beforeEach(() => {
    zoom.requests.length = 0
  })

  const book = (slotId: number, way: 0 | 1 = 0, lang?: 'en') =>
    ctx.post(
      `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`,
      owner.token,
      { communication_way: way, subject_id: cat.subjectId },
      lang,
    )
  const creates = () => zoom.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/meetings'))

  it('makes a scheduled meeting for an online booking, at its time and length, and the session joins it', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(30),
      minutes: 45,
    })
    const res = await book(slot.id)
    expect(res.statusCode, res.body).toBe(201)
    const meeting = res.json().data.session.meeting
    expect(meeting.provider).toBe('zoom')
    const made = zoom.meetings.get(Number(meeting.personal_id))
    expect(made).toMatchObject({
      type: 2,
      start_time: slot.start_at.replace(/\.\d{3}Z$/, 'Z'),
      duration: 45,
      timezone: 'Asia/Riyadh',
    })
    expect(made?.password).toBe(meeting.meeting_password)
    // An office booking asks Zoom for nothing.
    zoom.requests.length = 0
    const office = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(33),
      availability: 1,
      officeId: cat.officeId,
    })
    expect((await book(office.id, 1)).statusCode).toBe(201)
    expect(zoom.requests).toEqual([])
  })

  it('makes an advisor’s meeting when the request is accepted, not when it is sent', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: advisor.contributorId!,
      start: hoursFromNow(40),
    })
    const res = await book(slot.id)
    expect(res.statusCode).toBe(201)
    expect(creates()).toEqual([])
    const id = res.json().data.request.id
    const answer = await ctx.post(`/api/schedule/requests/advisor-session/${id}`, advisor.token, {
      is_accepted: true,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(creates()).toHaveLength(1)
    const row = await readSession(ctx.store.db, id)
    expect(zoom.meetings.has(Number(row.meeting_number))).toBe(true)
    expect(row.meeting_provider).toBe('zoom')
  })

  it('books nothing when Zoom fails, says so in both languages, and deletes a meeting a refused booking made', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(50),
    })
    zoom.failNext(/meetings$/, 500, {}, { code: 500, message: 'Internal error.' })
    const refused = await book(slot.id)
    expect(refused.statusCode).toBe(503)
    expect(refused.json().error.code).toBe('meeting_service_unavailable')
    expect(refused.json().error.message).toMatch(/[\u0600-\u06ff]/)
    zoom.failNext(/meetings$/, 500, {}, { code: 500, message: 'Internal error.' })
    expect((await book(slot.id, 0, 'en')).json().error.message).toMatch(/unavailable/i)
    const rows = await ctx.store.db
      .selectFrom('sessions')
      .select('id')
      .where('slot_id', '=', slot.id)
      .execute()
    expect(rows).toEqual([])
    // The slot is then booked; a second booking of it is refused, and the meeting made for it is deleted.
    expect((await book(slot.id)).statusCode).toBe(201)
    const before = zoom.meetings.size
    expect((await book(slot.id)).statusCode).toBe(409)
    expect(zoom.meetings.size).toBe(before)
    expect(zoom.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1)
  })

  it('deletes a cancelled session’s meeting', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(60),
    })
    const session = (await book(slot.id)).json().data.session
    const number = Number(session.meeting.personal_id)
    expect(zoom.meetings.has(number)).toBe(true)
    const reason = await ctx.store.db.selectFrom('cancel_reasons').select('id').executeTakeFirst()
    const reasonId =
      reason?.id ??
      (
        await ctx.store.db
          .insertInto('cancel_reasons')
          .values({ label_ar: 'ظرف طارئ', label_en: 'Emergency', requires_details: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const cancel = await ctx.post(
      `/api/schedule/cancel/session/${session.id}/contributor`,
      consultant.token,
      { cancel_reason_id: reasonId },
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(zoom.meetings.has(number)).toBe(false)
  })

  it('makes an instant meeting for an instant session', async () => {
    await ctx.store.db
      .updateTable('contributors')
      .set({ available_for_instant: 1 })
      .where('id', '=', consultant.contributorId!)
      .execute()
    const res = await ctx.call({
      method: 'POST',
      url: `/api/schedule/instant/contributor/${consultant.contributorId}`,
      token: owner.token,
    })
    expect(res.statusCode, res.body).toBe(201)
    const made = zoom.meetings.get(Number(res.json().data.meeting.personal_id))
    expect(made).toMatchObject({ type: 1, start_time: null })
  })
})
