import { beforeAll, expect, it } from 'vitest'
import type { Row } from '../db/tables.ts'
import { eachDatabase, type TestContext, useTestContext } from '../test-support/context.ts'
import { hoursFromNow, insertCatalogue, insertSession, insertSlot } from '../test-support/fixtures.ts'
import { countingQueries } from '../test-support/query-count.ts'
import { requestsOut, sessionsOut, slotsOut } from './sessions.ts'

eachDatabase('session serializers', (dialect) => {
  const ctx = useTestContext(dialect)
  let sessions: Row<'sessions'>[]
  let requests: Row<'sessions'>[]
  let slots: Row<'slots'>[]
  let contributorIds: number[]

  beforeAll(async () => {
    const { db } = ctx.store
    const cat = await insertCatalogue(db)
    await db
      .insertInto('cancel_reasons')
      .values({ label_ar: 'سبب', label_en: 'A reason', requires_details: 0 })
      .execute()
    sessions = []
    requests = []
    slots = []
    contributorIds = []
    for (let i = 0; i < 12; i++) {
      const c = await ctx.person({ contributor: { kind: i % 2 ? 'advisor' : 'partner' } })
      const o = await ctx.person()
      contributorIds.push(c.contributorId!)
      const slot = await insertSlot(db, {
        contributorId: c.contributorId!,
        start: hoursFromNow(10 + i),
        officeId: cat.officeId,
      })
      slots.push(slot)
      if (i % 2) {
        requests.push(
          await insertSession(db, slot, o.personId, {
            state: 'pending',
            request_state: 'waiting',
            subject_id: cat.subjectId,
          }),
        )
      } else {
        sessions.push(
          await insertSession(db, slot, o.personId, {
            state: i % 4 ? 'cancelled' : 'booked',
            cancel_reason_id: 1,
            communication_way: 1,
            office_id: cat.officeId,
          }),
        )
      }
    }
  })

  /** Counts the queries a function runs. */
  async function queriesOf(run: (db: TestContext['store']['db']) => Promise<unknown>): Promise<number> {
    const counter = countingQueries(ctx.store.db)
    await run(counter.db)
    return counter.count()
  }

  it('serializes sessions with a fixed number of queries, whatever the batch size', async () => {
    const options = { lang: 'en' as const, publicUrl: 'http://x' }
    const one = await queriesOf((db) => sessionsOut(db, sessions.slice(0, 2), options))
    const all = await queriesOf((db) => sessionsOut(db, sessions, options))
    expect(all).toBe(one)
    const out = await sessionsOut(ctx.store.db, sessions, options)
    expect(out.map((s) => s.id)).toEqual(sessions.map((s) => s.id))
    expect(out[0]).toMatchObject({
      type: 4,
      state: 'booked',
      cancel_reason: null,
      office: { name: 'Olaya Office' },
    })
    expect(out[1]).toMatchObject({ state: 'cancelled', cancel_reason: 'A reason' })
    // Without a viewer, nobody's meeting data is given out.
    expect(out.every((s) => s.meeting === null)).toBe(true)
  })

  it('serializes requests and slots with a fixed number of queries', async () => {
    const options = { lang: 'ar' as const, publicUrl: 'http://x' }
    const one = await queriesOf((db) => requestsOut(db, requests.slice(0, 1), options))
    const all = await queriesOf((db) => requestsOut(db, requests, options))
    expect(all).toBe(one)
    const out = await requestsOut(ctx.store.db, requests, options)
    expect(out[0]).toMatchObject({
      state: 'waiting',
      subject: { name: 'التخطيط المالي' },
      slot: { is_booked: true },
    })
    const oneSlot = await queriesOf((db) => slotsOut(db, slots.slice(0, 1), options))
    const allSlots = await queriesOf((db) => slotsOut(db, slots, options))
    expect(allSlots).toBe(oneSlot)
  })

  it("shows a slot's session id only to its contributor", async () => {
    const booked = slots[0]!
    const [forOwner] = await slotsOut(ctx.store.db, [booked], {
      lang: 'ar',
      publicUrl: 'http://x',
      viewer: { personId: 0, contributorId: contributorIds[0]! },
    })
    expect(forOwner!.session_id).toBe(sessions[0]!.id)
    const [forOthers] = await slotsOut(ctx.store.db, [booked], { lang: 'ar', publicUrl: 'http://x' })
    expect(forOthers!.session_id).toBeNull()
    expect(forOthers!.is_booked).toBe(true)
  })

  it('refuses to serialize a pending request as a session', async () => {
    await expect(
      sessionsOut(ctx.store.db, requests.slice(0, 1), { lang: 'ar', publicUrl: '' }),
    ).rejects.toThrow(/pending request/)
  })
})
