import { expect, it } from 'vitest'
import { queueMail } from '../adapters/mail/outbox.ts'
import { schedulerTick } from '../scheduler.ts'
import { eachDatabase, jsonOf, usePeople, useTestContext } from '../test-support/context.ts'
import { addSession, hoursFromNow, insertSlot } from '../test-support/fixtures.ts'
import { useBookingCast } from '../test-support/suite-fixtures.ts'
import { createRatingLink } from './rating.ts'

const H = 3600_000
const URL_ = '/api/profile/mail-preferences'

eachDatabase('mail preferences', (dialect) => {
  const ctx = useTestContext(dialect)
  const { cat, consultant, owner } = useBookingCast(ctx, { ownerEmail: 'sara@example.sa' })
  const { otherOwner } = usePeople(ctx, { otherOwner: { name: 'ريم', email: 'reem@example.sa' } })

  const mails = (key: string) =>
    ctx.store.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', key).execute()
  const set = (token: string, kind: string, enabled: boolean) => ctx.put(URL_, token, { kind, enabled })

  it('lists the kinds that apply to each role, all on until turned off', async () => {
    const mine = await jsonOf(ctx.get(URL_, otherOwner.token))
    expect(mine.data.preferences).toEqual([
      { kind: 'session_reminders', enabled: true },
      { kind: 'rating_requests', enabled: true },
      { kind: 'session_changes', enabled: true },
    ])
    const expert = await jsonOf(ctx.get(URL_, consultant.token))
    expect(expert.data.preferences).toEqual([
      { kind: 'session_reminders', enabled: true },
      { kind: 'rating_requests', enabled: true },
      { kind: 'expert_news', enabled: true },
      { kind: 'recommendations_reminders', enabled: true },
      { kind: 'session_changes', enabled: true },
    ])
    const off = await jsonOf(set(otherOwner.token, 'rating_requests', false))
    expect(off.data.preferences[1]).toEqual({ kind: 'rating_requests', enabled: false })
    // Twice is the same; on again is on.
    await jsonOf(set(otherOwner.token, 'rating_requests', false))
    expect((await jsonOf(ctx.get(URL_, otherOwner.token))).data.preferences[1].enabled).toBe(false)
    const on = await jsonOf(set(otherOwner.token, 'rating_requests', true))
    expect(on.data.preferences[1]).toEqual({ kind: 'rating_requests', enabled: true })
  })

  it('refuses bad input with 400 in Arabic and English, and a signed-out caller with 401', async () => {
    for (const body of [
      { kind: 'newsletter', enabled: false },
      { kind: 'session_reminders' },
      { kind: 'session_reminders', enabled: 'no' },
      { kind: 'session_reminders', enabled: false, extra: 1 },
    ]) {
      const res = await ctx.put(URL_, otherOwner.token, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    // A kind of the other role: 400 with the field, in each language.
    const ar = await ctx.put(URL_, otherOwner.token, { kind: 'expert_news', enabled: false }, 'ar')
    expect(ar.statusCode).toBe(400)
    expect(ar.json().error).toMatchObject({ code: 'mail_kind_not_applicable' })
    expect(ar.json().error.message).toMatch(/[\u0600-\u06FF]/)
    const en = await ctx.put(URL_, otherOwner.token, { kind: 'expert_news', enabled: false }, 'en')
    expect(en.json().error.message).toMatch(/^[^\u0600-\u06FF]+$/)
    expect(en.json().error.fields).toHaveProperty('kind')
    const bad = await ctx.put(URL_, otherOwner.token, { kind: 'newsletter', enabled: false }, 'en')
    expect(bad.json().error.message).toMatch(/^[^\u0600-\u06FF]+$/)
    expect((await ctx.get(URL_, null)).statusCode).toBe(401)
    expect((await ctx.put(URL_, null, { kind: 'session_reminders', enabled: false })).statusCode).toBe(401)
  })

  it('stops each kind it turns off and never the booking confirmation', async () => {
    await jsonOf(set(owner.token, 'session_reminders', false))
    await jsonOf(set(owner.token, 'rating_requests', false))
    await jsonOf(set(owner.token, 'session_changes', false))
    await jsonOf(set(consultant.token, 'expert_news', false))
    await jsonOf(set(consultant.token, 'recommendations_reminders', false))
    await jsonOf(set(consultant.token, 'session_changes', false))

    // A booking: the owner's confirmation goes; the expert's news does not.
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(50),
      availability: 1,
      officeId: cat.officeId,
    })
    const booked = await ctx.post(`/api/schedule/v3/schedules/${slot.id}/sessions/dashboard`, owner.token, {
      communication_way: 1,
      subject_id: cat.subjectId,
    })
    expect(booked.statusCode).toBe(201)
    const id = booked.json().data.session.id as number
    await schedulerTick(ctx.app)
    const [confirmation] = await mails(`booking_confirmed:${id}`)
    expect(confirmation?.to_address).toBe('sara@example.sa')
    // The confirmation cannot be turned off, so it carries no line to do so.
    expect(confirmation?.body).not.toContain('/mail-preferences')
    expect(await mails(`expert_booking:${id}`)).toEqual([])

    // The owner's reminder before a session.
    const start = new Date(Date.now() + 30 * H)
    const soon = await addSession(ctx.store.db, {
      contributorId: consultant.contributorId!,
      smeId: owner.personId,
      start,
      created_at: new Date(Date.now() - 48 * H).toISOString(),
    })
    expect((await schedulerTick(ctx.app, new Date(start.getTime() - 23 * H))).mailed).not.toContain(soon.id)
    expect(await mails(`session_reminder:${soon.id}`)).toEqual([])

    // The rating request.
    const done = await addSession(ctx.store.db, {
      contributorId: consultant.contributorId!,
      smeId: owner.personId,
      start: new Date(Date.now() - 2 * H),
      state: 'ended',
      ended_at: new Date(Date.now() - H).toISOString(),
    })
    const link = await createRatingLink(ctx.store.db, { sessionId: done.id, publicUrl: ctx.config.publicUrl })
    expect(link).not.toBeNull()
    expect(
      await ctx.store.db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'rating')
        .where('to_address', '=', 'sara@example.sa')
        .execute(),
    ).toEqual([])

    // The recommendations reminder.
    const ended = await addSession(ctx.store.db, {
      contributorId: consultant.contributorId!,
      smeId: owner.personId,
      start: new Date(Date.now() - 4 * H),
      state: 'ended',
      ended_at: new Date(Date.now() - 3 * H).toISOString(),
    })
    const tick = await schedulerTick(ctx.app)
    expect(tick.recommendationsReminded.map((r) => r.sessionId)).not.toContain(ended.id)
    expect(await mails(`recommendations_reminder:${ended.id}:2h`)).toEqual([])

    // A session's cancellation or move, to either person, whatever the kind's suffix.
    const { email: expertEmail } = await ctx.store.db
      .selectFrom('people')
      .select('email')
      .where('id', '=', consultant.personId)
      .executeTakeFirstOrThrow()
    for (const [kind, to] of [
      ['session_cancelled', 'sara@example.sa'],
      ['session_moved_expert', expertEmail],
    ] as const) {
      const queued = await queueMail(ctx.store.db, {
        kind,
        dedupeKey: `${kind}:test:${id}`,
        to: to!,
        mail: { subject: 's', text: 't', html: '<p>t</p>', attachments: [] },
        link: `${ctx.config.publicUrl}/session/${id}`,
        domain: 'localhost',
      })
      expect(queued, kind).toBe(false)
    }
  })

  it('keeps sending the kinds left on, each with the line to turn them off', async () => {
    await jsonOf(set(otherOwner.token, 'rating_requests', false))
    const start = new Date(Date.now() + 30 * H)
    const soon = await addSession(ctx.store.db, {
      contributorId: consultant.contributorId!,
      smeId: otherOwner.personId,
      start,
      created_at: new Date(Date.now() - 48 * H).toISOString(),
    })
    expect((await schedulerTick(ctx.app, new Date(start.getTime() - 23 * H))).mailed).toContain(soon.id)
    const [reminder] = await mails(`session_reminder:${soon.id}`)
    expect(reminder?.to_address).toBe('reem@example.sa')
    expect(reminder?.body).toContain(
      `Turn them off in your mail settings: ${ctx.config.publicUrl}/mail-preferences`,
    )
    expect(reminder?.body).toContain(
      `أوقفها من صفحة إعدادات البريد: ${ctx.config.publicUrl}/mail-preferences`,
    )
    expect(reminder?.html).toContain(`href="${ctx.config.publicUrl}/mail-preferences"`)
  })
})
