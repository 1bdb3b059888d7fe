import { describe, expect, it } from 'vitest'
import { canOwnerChange, ownerChangeWindow } from './owner-changes.ts'

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
