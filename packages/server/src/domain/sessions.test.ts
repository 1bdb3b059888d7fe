import { describe, expect, it } from 'vitest'
import { eachDatabase, usePeople, useTestContext } from '../test-support/context.ts'
import { coverSubjects, hoursFromNow, insertCatalogue, insertSlot } from '../test-support/fixtures.ts'
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

eachDatabase('bookSlot', (dialect) => {
  const ctx = useTestContext(dialect)
  const { owner, otherOwner } = usePeople(ctx, { owner: {}, otherOwner: {} })

  it('books through bookSlot and reports a taken slot as 409', async () => {
    const { db } = ctx.store
    const cat = await insertCatalogue(db)
    const c = await ctx.person({ contributor: { kind: 'bsa' } })
    await coverSubjects(db, c.contributorId!, [cat.subjectId])
    const slot = await insertSlot(db, { contributorId: c.contributorId!, start: hoursFromNow(3) })
    const input = {
      slotId: slot.id,
      smeId: owner.personId,
      bookerContributorId: null,
      communicationWay: 0 as const,
      subjectId: cat.subjectId,
      description: null,
      meetingProvider: 'webrtc' as const,
    }
    const row = await bookSlot(db, input)
    expect(row).toMatchObject({ state: 'booked', active_slot_id: slot.id, meeting_provider: 'webrtc' })
    await expect(bookSlot(db, { ...input, smeId: otherOwner.personId })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'slot_already_booked',
    })
    await expect(bookSlot(db, { ...input, now: hoursFromNow(4) })).rejects.toMatchObject({
      kind: 'refused',
      code: 'slot_in_past',
    })
  })
})
