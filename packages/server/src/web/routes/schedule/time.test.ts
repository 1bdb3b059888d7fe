import { describe, expect, it } from 'vitest'
import { scopeBounds } from './time.ts'

describe('scopeBounds', () => {
  // Wednesday 2026-03-04 01:30 in Riyadh is Tuesday 22:30 UTC.
  const now = new Date('2026-03-03T22:30:00Z')

  it('reads today as the Riyadh day', () => {
    expect(scopeBounds('today', now)).toEqual({
      start: new Date('2026-03-03T21:00:00Z'),
      end: new Date('2026-03-04T21:00:00Z'),
    })
  })

  it('reads the week from Sunday to Saturday, Riyadh time', () => {
    expect(scopeBounds('week', now)).toEqual({
      start: new Date('2026-02-28T21:00:00Z'),
      end: new Date('2026-03-07T21:00:00Z'),
    })
  })

  it('reads the Riyadh calendar month, also across a year end', () => {
    expect(scopeBounds('month', now)).toEqual({
      start: new Date('2026-02-28T21:00:00Z'),
      end: new Date('2026-03-31T21:00:00Z'),
    })
    expect(scopeBounds('month', new Date('2026-12-31T22:00:00Z'))).toEqual({
      start: new Date('2026-12-31T21:00:00Z'),
      end: new Date('2027-01-31T21:00:00Z'),
    })
  })
})
