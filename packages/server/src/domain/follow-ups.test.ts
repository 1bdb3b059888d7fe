/**
 * The follow-ups of session changes (issue 32): recorded with the change, done once after it commits, by one
 * mechanism that tells the people, queues the mails and sends the realtime event.
 */
import { describe, expect, it } from 'vitest'
import { eachDatabase, useBusEvents, useTestContext } from '../test-support/context.ts'
import { addBookableSlot, addCancelReasons } from '../test-support/fixtures.ts'
import { bookSlot } from './booking.ts'
import { FOLLOW_UP_PLANS, type FollowUpDeps, recordFollowUp, runFollowUps } from './follow-ups.ts'
import { cancelSession } from './lifecycle.ts'

eachDatabase('follow-ups of session changes', (dialect) => {
  const ctx = useTestContext(dialect)
  const events = useBusEvents(ctx)
  const deps = (): FollowUpDeps => ctx.app.followUps

  const followUps = (sessionId: number) =>
    ctx.store.db
      .selectFrom('session_follow_ups')
      .select(['kind', 'done_at', 'attempts'])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute()
  const notices = (sessionId: number) =>
    ctx.store.db
      .selectFrom('notifications')
      .select(['person_id', 'kind'])
      .where((eb) => eb.or([eb('session_id', '=', sessionId), eb('request_id', '=', sessionId)]))
      .orderBy('id')
      .execute()
  const mails = (sessionId: number) =>
    ctx.store.db
      .selectFrom('outbox')
      .select(['kind', 'to_address'])
      .where('dedupe_key', '=', `booking_confirmed:${sessionId}`)
      .execute()

  async function book() {
    const { sme, expert, subjectId, slotId } = await addBookableSlot(ctx, 30)
    const row = await bookSlot(ctx.store.db, {
      slotId,
      smeId: sme.personId,
      bookerContributorId: null,
      communicationWay: 0,
      subjectId,
      description: null,
      meetingProvider: 'webrtc',
    })
    return { row, sme, expert }
  }

  it('records a booking’s follow-up with it, and does it once after: a notice, the mail, the event', async () => {
    const { row, sme, expert } = await book()
    // Committed with the booking, nothing done yet.
    expect(await followUps(row.id)).toEqual([{ kind: 'booked', done_at: null, attempts: 0 }])
    expect(await notices(row.id)).toEqual([])
    expect(await mails(row.id)).toEqual([])

    expect(await runFollowUps(deps(), [row.id])).toBe(1)
    expect(await followUps(row.id)).toEqual([{ kind: 'booked', done_at: expect.any(String), attempts: 0 }])
    expect(await notices(row.id)).toEqual([{ person_id: expert.personId, kind: 'booking' }])
    const [mail, ...more] = await mails(row.id)
    expect(more).toEqual([])
    expect(mail!.to_address).toBe(
      (
        await ctx.store.db
          .selectFrom('people')
          .select('email')
          .where('id', '=', sme.personId)
          .executeTakeFirstOrThrow()
      ).email,
    )
    expect(events).toContainEqual({
      type: 'session.changed',
      sessionId: row.id,
      contributorId: row.contributor_id,
      smeId: sme.personId,
    })
    expect(events).toContainEqual({ type: 'notifications.changed', personId: expert.personId })

    // Done is done: a second run finds nothing to do.
    expect(await runFollowUps(deps(), [row.id])).toBe(0)
    expect(await notices(row.id)).toHaveLength(1)
  })

  it('mails the expert too: a booking with its calendar file, a request with the link to answer it', async () => {
    const { row, expert } = await book()
    await runFollowUps(deps(), [row.id])
    const email = (
      await ctx.store.db
        .selectFrom('people')
        .select('email')
        .where('id', '=', expert.personId)
        .executeTakeFirstOrThrow()
    ).email
    const [booked] = await ctx.store.db
      .selectFrom('outbox')
      .select(['kind', 'to_address', 'subject', 'attachments', 'link'])
      .where('dedupe_key', '=', `expert_booking:${row.id}`)
      .execute()
    expect(booked).toMatchObject({ kind: 'expert_booking', to_address: email })
    expect(booked!.subject).toMatch(/^\u2067حجز جديد من/)
    // The same calendar event as the owner's file: one UID per session.
    expect(booked!.attachments).toContain(`session-${row.id}@`)
    expect(booked!.link).toMatch(new RegExp(`/session/${row.id}$`))

    // An advisor's request: the mail links to the request, with no calendar file.
    const { sme, subjectId } = await addBookableSlot(ctx, 40)
    const advisor = await ctx.person({ contributor: { kind: 'advisor', subjects: [subjectId] } })
    const slot = await ctx.store.db
      .insertInto('slots')
      .values({
        contributor_id: advisor.contributorId!,
        start_at: new Date(Date.now() + 50 * 3_600_000).toISOString(),
        end_at: new Date(Date.now() + 51 * 3_600_000).toISOString(),
        availability: 3,
        office_id: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const request = await bookSlot(ctx.store.db, {
      slotId: slot.id,
      smeId: sme.personId,
      bookerContributorId: null,
      communicationWay: 0,
      subjectId,
      description: null,
      meetingProvider: 'webrtc',
    })
    expect(request.state).toBe('pending')
    await runFollowUps(deps(), [request.id])
    const [asked] = await ctx.store.db
      .selectFrom('outbox')
      .select(['kind', 'attachments', 'link'])
      .where('dedupe_key', '=', `expert_request:${request.id}`)
      .execute()
    expect(asked).toMatchObject({ kind: 'expert_request' })
    expect(asked!.link).toMatch(new RegExp(`/request/${request.id}$`))
    expect(asked!.attachments ?? '[]').toBe('[]')
  })

  it('records nothing for a change that is refused', async () => {
    const { row, sme } = await book()
    await runFollowUps(deps(), [row.id])
    await expect(
      bookSlot(ctx.store.db, {
        slotId: row.slot_id,
        smeId: sme.personId,
        bookerContributorId: null,
        communicationWay: 0,
        subjectId: row.subject_id!,
        description: null,
        meetingProvider: 'webrtc',
      }),
    ).rejects.toMatchObject({ code: 'slot_already_booked' })
    expect((await followUps(row.id)).map((f) => f.kind)).toEqual(['booked'])
  })

  it('does each follow-up once when two dispatchers run at the same time (two instances)', async () => {
    const { row, expert } = await book()
    const [a, b] = await Promise.all([runFollowUps(deps(), [row.id]), runFollowUps(deps(), [row.id])])
    expect(a + b).toBe(1)
    expect(await notices(row.id)).toEqual([{ person_id: expert.personId, kind: 'booking' }])
    expect(await mails(row.id)).toHaveLength(1)
  })

  it('follows a cancellation: the owner is told, the slot is free', async () => {
    const { row, sme, expert } = await book()
    await runFollowUps(deps(), [row.id])
    const { reasonId } = await addCancelReasons(ctx.store.db)
    await cancelSession(ctx.store.db, row.id, expert as { personId: number; contributorId: number }, {
      reasonId,
      details: null,
    })
    expect(await runFollowUps(deps(), [row.id])).toBe(1)
    expect(await notices(row.id)).toEqual([
      { person_id: expert.personId, kind: 'booking' },
      { person_id: sme.personId, kind: 'session_cancelled' },
    ])
  })

  it('keeps a follow-up that fails pending, counts the attempt, and does the others', async () => {
    const { row } = await book()
    const { row: other } = await book()
    await ctx.store.db.transaction().execute(async (trx) => {
      // A kind no plan knows (an older or newer release's) fails; it must not stop the rest.
      await trx
        .insertInto('session_follow_ups')
        .values({
          session_id: row.id,
          kind: 'unknown',
          dedupe_key: null,
          created_at: new Date().toISOString(),
          done_at: null,
          last_error: null,
        })
        .execute()
    })
    const warnings: string[] = []
    const done = await runFollowUps({ ...deps(), log: { warn: (_d, message) => warnings.push(message) } }, [
      row.id,
      other.id,
    ])
    expect(done).toBe(2)
    expect(warnings).toEqual(['follow-up failed'])
    const left = (await followUps(row.id)).find((f) => f.kind === 'unknown')
    expect(left).toEqual({ kind: 'unknown', done_at: null, attempts: 1 })
  })

  it('records a follow-up with a key once, however often it is recorded', async () => {
    const { row } = await book()
    await runFollowUps(deps(), [row.id])
    for (let i = 0; i < 2; i++)
      await ctx.store.db
        .transaction()
        .execute((trx) => recordFollowUp(trx, row.id, 'starting', { once: `starting:${row.id}` }))
    expect((await followUps(row.id)).map((f) => f.kind)).toEqual(['booked', 'starting'])
  })
})

describe('follow-up plans', () => {
  it('tell someone of every change that concerns the other party, and confirm bookings by mail', () => {
    const told = Object.entries(FOLLOW_UP_PLANS)
      .filter(([, plan]) => plan.tell.length > 0)
      .map(([kind]) => kind)
    expect(told.sort()).toEqual(
      [
        'booked',
        'cancelled',
        'instant',
        'owner_absent',
        'owner_cancelled',
        'request_accepted',
        'request_moved',
        'request_rejected',
        'request_withdrawn',
        'requested',
        'rescheduled',
        'starting',
      ].sort(),
    )
    const confirmed = Object.entries(FOLLOW_UP_PLANS)
      .filter(([, plan]) => plan.confirm)
      .map(([kind]) => kind)
    expect(confirmed.sort()).toEqual(['booked', 'request_accepted'])
  })

  it('mail both people of a cancellation or a move, and push the one who did not make it (issue 34)', () => {
    const mailed = Object.entries(FOLLOW_UP_PLANS)
      .filter(([, plan]) => plan.mailChange)
      .map(([kind, plan]) => `${kind}:${plan.mailChange}`)
    expect(mailed.sort()).toEqual([
      'cancelled:cancelled',
      'owner_cancelled:cancelled',
      'request_moved:moved',
      'request_withdrawn:cancelled',
      'rescheduled:moved',
    ])
    for (const kind of ['owner_cancelled', 'rescheduled', 'request_withdrawn', 'request_moved'] as const) {
      const tell = FOLLOW_UP_PLANS[kind].tell
      expect(tell.find((t) => t.to === 'contributor')?.push).toBeUndefined()
      expect(tell.find((t) => t.to === 'sme')?.push).toBe(false)
    }
    expect(FOLLOW_UP_PLANS.cancelled.tell).toEqual([
      { to: 'sme', kind: 'session_cancelled', notice: 'sessionCancelled' },
    ])
  })
})
