/**
 * Fair booking through the API (issue 17): the 409 envelopes of an overlap and of a cap, in both
 * languages, with the caps taken from the configuration.
 */
import { expect, it } from 'vitest'
import { eachDatabase, type TestPerson, useTestContext } from '../../../test-support/context.ts'
import { addExpert, hoursFromNow, insertSlot } from '../../../test-support/fixtures.ts'
import { useCatalogue } from '../../../test-support/suite-fixtures.ts'

eachDatabase('fair booking over the API', (dialect) => {
  const ctx = useTestContext(dialect, {
    booking: { maxUpcomingPerExpert: 2, maxUpcoming: 3 },
    rateLimit: { signIn: 20, booking: 1000, windowMs: 60_000 },
  })
  const cat = useCatalogue(ctx)
  let experts = 0

  const expert = (kind: 'consultant' | 'advisor' = 'consultant') =>
    addExpert(ctx, { name: `خبير ${++experts}`, kind, subjects: [cat.subjectId] })

  const slotOf = async (contributorId: number, hours: number) =>
    (await insertSlot(ctx.store.db, { contributorId, start: hoursFromNow(hours) })).id

  const book = (slotId: number, sme: TestPerson, lang: 'ar' | 'en' = 'ar') =>
    ctx.post(
      `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`,
      sme.token,
      { communication_way: 0, subject_id: cat.subjectId },
      lang,
    )

  it('answers an overlap with 409 booking_overlaps, in Arabic and in English', async () => {
    const sme = await ctx.person()
    const advisor = await expert('advisor')
    const consultant = await expert()
    expect((await book(await slotOf(advisor.contributorId, 15), sme)).statusCode).toBe(201)
    const slot = await slotOf(consultant.contributorId, 15)
    const ar = await book(slot, sme, 'ar')
    expect(ar.statusCode).toBe(409)
    expect(ar.json()).toEqual({
      error: {
        code: 'booking_overlaps',
        message: 'لديك جلسة أو طلب آخر في هذا الوقت، ولا يمكن أن تتداخل مواعيد جلساتك.',
      },
    })
    const en = await book(slot, sme, 'en')
    expect(en.json().error).toEqual({
      code: 'booking_overlaps',
      message: 'You already have a session or a request at this time, and your sessions cannot overlap.',
    })
  })

  it('answers the caps from the configuration with 409 booking_limit_reached, naming the limit', async () => {
    const sme = await ctx.person()
    const a = await expert()
    for (const hours of [30, 32])
      expect((await book(await slotOf(a.contributorId, hours), sme)).statusCode).toBe(201)
    const third = await slotOf(a.contributorId, 34)
    const perExpert = await book(third, sme, 'ar')
    expect(perExpert.statusCode).toBe(409)
    expect(perExpert.json().error.code).toBe('booking_limit_reached')
    expect(perExpert.json().error.message).toContain('مع هذا الخبير، وهو جلستان')
    expect((await book(third, sme, 'en')).json().error.message).toContain(
      'the limit of 2 upcoming sessions with this expert',
    )
    const b = await expert()
    expect((await book(await slotOf(b.contributorId, 36), sme)).statusCode).toBe(201)
    const fourth = await slotOf(b.contributorId, 38)
    const total = await book(fourth, sme, 'ar')
    expect(total.statusCode).toBe(409)
    expect(total.json().error).toMatchObject({ code: 'booking_limit_reached' })
    expect(total.json().error.message).toContain('وهو ٣ جلسات مع جميع الخبراء')
    expect((await book(fourth, sme, 'en')).json().error.message).toContain(
      'the limit of 3 upcoming sessions with all experts',
    )
  })

  it('answers an instant join during a booked session with 409 booking_overlaps', async () => {
    const sme = await ctx.person()
    const live = await expert()
    await ctx.store.db
      .updateTable('contributors')
      .set({ join_now_enabled: 1, available_for_instant: 1 })
      .where('id', '=', live.contributorId)
      .execute()
    const other = await expert()
    const soon = await insertSlot(ctx.store.db, {
      contributorId: other.contributorId,
      start: new Date(Date.now() + 10 * 60_000),
    })
    expect((await book(soon.id, sme)).statusCode).toBe(201)
    const res = await ctx.call({
      method: 'POST',
      url: `/api/schedule/instant/contributor/${live.contributorId}`,
      token: sme.token,
      lang: 'en',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('booking_overlaps')
  })
})
