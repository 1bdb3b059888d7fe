import { describe, expect, it } from 'vitest'
import type { Slot } from '../contract/schedule.ts'
import { canOwnerChange, ownerChangeWindow, slotCanTakeMove } from './owner-changes.ts'

describe('the business owner’s change window (issue 34)', () => {
  const start = '2026-12-10T09:00:00.000Z'

  it('is open until the start less the cut-off, closed at that moment and after', () => {
    expect(ownerChangeWindow(start, 24, new Date('2026-12-09T08:59:59.999Z'))).toEqual({
      open: true,
      closesAt: '2026-12-09T09:00:00.000Z',
    })
    expect(ownerChangeWindow(start, 24, new Date('2026-12-09T09:00:00.000Z')).open).toBe(false)
    expect(ownerChangeWindow(new Date(start), 2, new Date('2026-12-10T06:00:00.000Z'))).toEqual({
      open: true,
      closesAt: '2026-12-10T07:00:00.000Z',
    })
  })

  it('with no cut-off closes at the start', () => {
    expect(ownerChangeWindow(start, 0, new Date('2026-12-10T08:59:00.000Z')).open).toBe(true)
    expect(ownerChangeWindow(start, 0, new Date(start)).open).toBe(false)
  })

  it('reads a booking as the API sends it: closed without `changeable_until`', () => {
    const until = '2026-12-09T09:00:00.000Z'
    expect(canOwnerChange({ changeable_until: until }, new Date('2026-12-09T08:00:00.000Z'))).toBe(true)
    expect(canOwnerChange({ changeable_until: until }, new Date(until))).toBe(false)
    expect(canOwnerChange({}, new Date('2026-01-01T00:00:00.000Z'))).toBe(false)
  })
})

describe('the slots a moved booking may go to (issue 34)', () => {
  const now = new Date('2026-12-01T09:00:00.000Z')
  const office = { id: 3, name: 'Al Rawdah', center_id: 1, address: null, map_url: null }
  const slot = (over: Partial<Slot>): Slot => ({
    id: 20,
    contributor_id: 5,
    start: '2026-12-03T09:00:00.000Z',
    end: '2026-12-03T10:00:00.000Z',
    availability: 3,
    office,
    is_booked: false,
    session_id: null,
    ...over,
  })
  const online = { slotId: 10, communicationWay: 0 }
  const inOffice = { slotId: 10, communicationWay: 1 }

  it('offers another free slot held the same way, before its own cut-off', () => {
    expect(slotCanTakeMove(slot({}), online, 24, now)).toBe(true)
    expect(slotCanTakeMove(slot({}), inOffice, 24, now)).toBe(true)
    expect(slotCanTakeMove(slot({ availability: 2, office: null }), online, 24, now)).toBe(true)
  })

  it('never offers its own slot, a booked one, one past its cut-off, or one held another way', () => {
    expect(slotCanTakeMove(slot({ id: 10 }), online, 24, now)).toBe(false)
    expect(slotCanTakeMove(slot({ is_booked: true }), online, 24, now)).toBe(false)
    expect(slotCanTakeMove(slot({ start: '2026-12-02T09:00:00.000Z' }), online, 24, now)).toBe(false)
    expect(slotCanTakeMove(slot({ start: '2026-12-02T09:00:00.001Z' }), online, 24, now)).toBe(true)
    expect(slotCanTakeMove(slot({ availability: 1 }), online, 24, now)).toBe(false)
    expect(slotCanTakeMove(slot({ availability: 2, office: null }), inOffice, 24, now)).toBe(false)
    expect(slotCanTakeMove(slot({ availability: 1, office: null }), inOffice, 24, now)).toBe(false)
  })
})
