import { beforeAll, describe, expect, it } from 'vitest'
import { schedulerTick } from '../../scheduler.ts'
import { eachDatabase, type TestPerson, usePeople, useTestContext } from '../../test-support/context.ts'
import { addSession, hoursFromNow, insertSlot } from '../../test-support/fixtures.ts'
import { useBookingCast } from '../../test-support/suite-fixtures.ts'

/** A subject without the bidi isolates that keep its two languages apart (compose.ts). */
const plainSubject = (subject: string) => subject.replace(/[\u2066-\u2069]/g, '')

eachDatabase('the business owner’s booking mails', (dialect) => {
  const ctx = useTestContext(dialect)
  const { cat, consultant, advisor, owner } = useBookingCast(ctx, { ownerEmail: 'sara@example.sa' })
  const { silent } = usePeople(ctx, { silent: { name: 'بلا بريد' } })

  beforeAll(async () => {
    await ctx.store.db.updateTable('people').set({ email: null }).where('id', '=', silent.personId).execute()
  })

  const book = (slotId: number, who: TestPerson, way: 0 | 1 = 1) =>
    ctx.post(`/api/schedule/v3/schedules/${slotId}/sessions/dashboard`, who.token, {
      communication_way: way,
      subject_id: cat.subjectId,
    })
  const mails = (key: string) =>
    ctx.store.db.selectFrom('outbox').selectAll().where('dedupe_key', '=', key).execute()

  it('queues the confirmation with the booking, with the office, the subject and the calendar file', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(50),
      availability: 1,
      officeId: cat.officeId,
    })
    const res = await book(slot.id, owner)
    expect(res.statusCode).toBe(201)
    const id = res.json().data.session.id as number
    const [mail, ...more] = await mails(`booking_confirmed:${id}`)
    expect(more).toEqual([])
    expect(mail).toMatchObject({
      kind: 'booking_confirmed',
      to_address: 'sara@example.sa',
      link: `${ctx.config.publicUrl}/session/${id}`,
      sent_at: null,
    })
    expect(plainSubject(mail!.subject)).toBe(
      'تأكيد حجز جلستك مع نورة القحطاني | Your session with نورة القحطاني is booked',
    )
    expect(mail!.body).toContain('Olaya Office')
    expect(mail!.body).toContain('التخطيط المالي')
    const [ics] = JSON.parse(mail!.attachments!) as { filename: string; content: string }[]
    expect(ics!.filename).toBe(`mashura-session-${id}.ics`)
    expect(ics!.content).toContain(`UID:session-${id}@${new URL(ctx.config.publicUrl).host}`)
    expect(mail!.message_id).toMatch(/^<booking_confirmed\.[0-9a-f-]+@localhost>$/)
  })

  it('queues nothing for a request until the advisor accepts it, then the confirmation', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: advisor.contributorId!,
      start: hoursFromNow(30),
    })
    const res = await book(slot.id, owner, 0)
    expect(res.statusCode).toBe(201)
    const requestId = res.json().data.request.id as number
    expect(await mails(`booking_confirmed:${requestId}`)).toEqual([])
    const answer = await ctx.post(`/api/schedule/requests/advisor-session/${requestId}`, advisor.token, {
      is_accepted: true,
    })
    expect(answer.statusCode).toBe(200)
    const sessionId = answer.json().data.session_id as number
    const [mail] = await mails(`booking_confirmed:${sessionId}`)
    expect(mail?.body).toContain('Online: join from the session’s page')
  })

  it('queues nothing for someone without an e-mail address', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(40),
    })
    const res = await book(slot.id, silent, 0)
    expect(res.statusCode).toBe(201)
    expect(await mails(`booking_confirmed:${res.json().data.session.id}`)).toEqual([])
  })

  describe('reminders', () => {
    const H = 3600_000
    it('go a day before a session booked earlier than that, once', async () => {
      const now = new Date()
      const start = new Date(now.getTime() + 30 * H)
      const session = await addSession(ctx.store.db, {
        contributorId: consultant.contributorId!,
        smeId: owner.personId,
        start,
        created_at: new Date(now.getTime() - 48 * H).toISOString(),
      })
      // 25 hours before: not yet.
      expect((await schedulerTick(ctx.app, new Date(start.getTime() - 25 * H))).mailed).not.toContain(
        session.id,
      )
      const due = await schedulerTick(ctx.app, new Date(start.getTime() - 23 * H))
      expect(due.mailed).toContain(session.id)
      const again = await schedulerTick(ctx.app, new Date(start.getTime() - 30 * 60_000))
      expect(again.mailed).not.toContain(session.id)
      const [mail, ...more] = await mails(`session_reminder:${session.id}`)
      expect(more).toEqual([])
      expect(plainSubject(mail!.subject)).toBe(
        'تذكير بجلستك مع نورة القحطاني | Reminder: your session with نورة القحطاني',
      )
    })

    it('go an hour before a session booked less than a day ahead, and not at all when booked within the hour', async () => {
      const now = new Date()
      const start = new Date(now.getTime() + 20 * H)
      const late = await addSession(ctx.store.db, {
        contributorId: consultant.contributorId!,
        smeId: owner.personId,
        start,
        created_at: new Date(start.getTime() - 10 * H).toISOString(),
      })
      const last = await addSession(ctx.store.db, {
        contributorId: consultant.contributorId!,
        smeId: owner.personId,
        start: new Date(start.getTime() + 2 * H),
        created_at: new Date(start.getTime() + 2 * H - 40 * 60_000).toISOString(),
      })
      expect((await schedulerTick(ctx.app, new Date(start.getTime() - 2 * H))).mailed).not.toContain(late.id)
      expect((await schedulerTick(ctx.app, new Date(start.getTime() - 50 * 60_000))).mailed).toContain(
        late.id,
      )
      const near = await schedulerTick(ctx.app, new Date(Date.parse(last.start_at) - 30 * 60_000))
      expect(near.mailed).not.toContain(last.id)
      expect(await mails(`session_reminder:${last.id}`)).toEqual([])
    })
  })
})
