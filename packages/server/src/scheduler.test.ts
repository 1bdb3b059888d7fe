import { expect, it } from 'vitest'
import { schedulerTick } from './scheduler.ts'
import { eachDatabase, useBusEvents, usePeople, useTestContext } from './test-support/context.ts'
import { addSession, hoursFromNow } from './test-support/fixtures.ts'

const MIN = 60_000

eachDatabase('scheduler tick', (dialect) => {
  const ctx = useTestContext(dialect)
  const { contributor, advisor, owner } = usePeople(ctx, {
    contributor: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    advisor: { name: 'خالد العتيبي', contributor: { kind: 'advisor' } },
    owner: { name: 'سارة الشمري' },
  })
  const events = useBusEvents(ctx)

  const notes = (sessionId: number) =>
    ctx.store.db
      .selectFrom('notifications')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('kind', '=', 'session_starting')
      .orderBy('person_id')
      .execute()

  it('expires waiting requests whose slot has started, freeing the slot; leaves the rest', async () => {
    const due = await addSession(ctx.store.db, {
      contributorId: advisor.contributorId!,
      smeId: owner.personId,
      start: hoursFromNow(-0.1),
      state: 'pending',
      request_state: 'waiting',
    })
    const later = await addSession(ctx.store.db, {
      contributorId: advisor.contributorId!,
      smeId: owner.personId,
      start: hoursFromNow(5),
      state: 'pending',
      request_state: 'waiting',
    })
    const result = await schedulerTick(ctx.app)
    expect(result.expired).toContain(due.id)
    expect(result.expired).not.toContain(later.id)
    const rows = await ctx.store.db
      .selectFrom('sessions')
      .select(['id', 'request_state', 'active_slot_id'])
      .where('id', 'in', [due.id, later.id])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: due.id, request_state: 'expired', active_slot_id: null },
      { id: later.id, request_state: 'waiting', active_slot_id: later.slot_id },
    ])
    expect(events).toContainEqual(expect.objectContaining({ type: 'session.changed', sessionId: due.id }))
    expect((await schedulerTick(ctx.app)).expired).not.toContain(due.id)
  })

  it('tells both participants 15 minutes before a booked session, once', async () => {
    const now = new Date()
    const soon = await addSession(ctx.store.db, {
      contributorId: contributor.contributorId!,
      smeId: owner.personId,
      start: new Date(now.getTime() + 10 * MIN),
    })
    const later = await addSession(ctx.store.db, {
      contributorId: contributor.contributorId!,
      smeId: owner.personId,
      start: new Date(now.getTime() + 40 * MIN),
    })
    const cancelled = await addSession(ctx.store.db, {
      contributorId: contributor.contributorId!,
      smeId: owner.personId,
      start: new Date(now.getTime() + 5 * MIN),
      state: 'cancelled',
    })
    const first = await schedulerTick(ctx.app, now)
    expect(first.reminded).toContain(soon.id)
    expect(first.reminded).not.toContain(later.id)
    expect(first.reminded).not.toContain(cancelled.id)
    const sent = await notes(soon.id)
    expect(sent.map((n) => n.person_id).sort((a, b) => a - b)).toEqual(
      [contributor.personId, owner.personId].sort((a, b) => a - b),
    )
    expect(sent.find((n) => n.person_id === owner.personId)!.body_ar).toContain('نورة القحطاني')
    expect(sent.find((n) => n.person_id === contributor.personId)!.body_ar).toContain('سارة الشمري')

    // A minute later the same session is not reminded again; the later one is, once it is 15 minutes away.
    const second = await schedulerTick(ctx.app, new Date(now.getTime() + MIN))
    expect(second.reminded).not.toContain(soon.id)
    expect(await notes(soon.id)).toHaveLength(2)
    const third = await schedulerTick(ctx.app, new Date(now.getTime() + 26 * MIN))
    expect(third.reminded).toContain(later.id)
    expect(await notes(later.id)).toHaveLength(2)
    expect(await notes(cancelled.id)).toHaveLength(0)
  })
})
