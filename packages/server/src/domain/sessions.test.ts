import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Row } from '../db/tables.ts'
import { requestsOut, sessionsOut, slotsOut } from '../routes/serialize/sessions.ts'
import { createTestContext, eachDatabase, type TestContext } from '../test-support/context.ts'
import {
  coverSubjects,
  hoursFromNow,
  insertCatalogue,
  insertSession,
  insertSlot,
} from '../test-support/fixtures.ts'
import { bookSlot, newMeetingCredentials } from './booking.ts'
import { isForeignKeyViolation, isUniqueViolation } from './db-errors.ts'

describe('database error recognition', () => {
  it('recognises unique violations on both databases, and on a given column', () => {
    const sqlite = Object.assign(new Error('UNIQUE constraint failed: sessions.active_slot_id'), {
      errcode: 2067,
    })
    const pg = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'sessions_active_slot_id_key',
    })
    expect(isUniqueViolation(sqlite, 'active_slot_id')).toBe(true)
    expect(isUniqueViolation(pg, 'active_slot_id')).toBe(true)
    expect(isUniqueViolation(pg, 'email')).toBe(false)
    expect(isUniqueViolation(new Error('boom'))).toBe(false)
    expect(isUniqueViolation(null)).toBe(false)
  })

  it('recognises foreign-key violations', () => {
    expect(isForeignKeyViolation({ code: '23503' })).toBe(true)
    expect(isForeignKeyViolation(new Error('FOREIGN KEY constraint failed'))).toBe(true)
    expect(isForeignKeyViolation({ code: '23505' })).toBe(false)
  })
})

describe('newMeetingCredentials', () => {
  it('makes a 10-digit meeting number and an 8-character password, different each time', () => {
    const a = newMeetingCredentials()
    const b = newMeetingCredentials()
    expect(a.number).toMatch(/^[1-9]\d{9}$/)
    expect(a.password).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(a).not.toEqual(b)
  })
})

eachDatabase('session serializers', (dialect) => {
  let ctx: TestContext
  let sessions: Row<'sessions'>[]
  let requests: Row<'sessions'>[]
  let slots: Row<'slots'>[]
  let contributorIds: number[]
  let smeIds: number[]

  beforeAll(async () => {
    ctx = await createTestContext(dialect)
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
    smeIds = []
    for (let i = 0; i < 12; i++) {
      const c = await ctx.person({ contributor: { kind: i % 2 ? 'advisor' : 'partner' } })
      const o = await ctx.person()
      contributorIds.push(c.contributorId!)
      smeIds.push(o.personId)
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
  afterAll(() => ctx.close())

  /** Counts the queries a function runs. */
  async function queriesOf(run: (db: TestContext['store']['db']) => Promise<unknown>): Promise<number> {
    let n = 0
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        n++
        return args.node
      },
      transformResult: async (args) => args.result,
    }
    await run(ctx.store.db.withPlugin(counter))
    return n
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

  it('books through bookSlot and reports a taken slot as 409', async () => {
    const { db } = ctx.store
    const cat = await insertCatalogue(db)
    const c = await ctx.person({ contributor: { kind: 'bsa' } })
    await coverSubjects(db, c.contributorId!, [cat.subjectId])
    const slot = await insertSlot(db, { contributorId: c.contributorId!, start: hoursFromNow(3) })
    const input = {
      slotId: slot.id,
      smeId: smeIds[0]!,
      bookerContributorId: null,
      communicationWay: 0 as const,
      subjectId: cat.subjectId,
      description: null,
      meetingProvider: 'webrtc' as const,
    }
    const row = await bookSlot(db, input)
    expect(row).toMatchObject({ state: 'booked', active_slot_id: slot.id, meeting_provider: 'webrtc' })
    await expect(bookSlot(db, { ...input, smeId: smeIds[1]! })).rejects.toMatchObject({
      status: 409,
      code: 'slot_already_booked',
    })
    await expect(bookSlot(db, { ...input, now: hoursFromNow(4) })).rejects.toMatchObject({
      status: 422,
      code: 'slot_in_past',
    })
  })
})
