import { describe, expect, it } from 'vitest'
import { DomainError } from './errors.ts'
import { median, periodStart, reportRange, riyadhParts } from './reports.ts'

describe('report ranges and periods', () => {
  it('spans Riyadh days: from the first midnight to the one after the last day', () => {
    const range = reportRange({ from: '2026-03-01', to: '2026-03-31' }, new Date())
    expect(range.utc).toEqual({ from: '2026-02-28T21:00:00.000Z', to: '2026-03-31T21:00:00.000Z' })
  })

  it('defaults to the 30 days up to today in Riyadh', () => {
    // 22:30 UTC on 9 May is already 10 May in Riyadh.
    const range = reportRange({}, new Date('2026-05-09T22:30:00Z'))
    expect(range).toMatchObject({ from: '2026-04-11', to: '2026-05-10' })
  })

  it('takes two years and refuses a day more, a backward range and a day that does not exist', () => {
    expect(reportRange({ from: '2024-02-29', to: '2026-02-28' }, new Date()).from).toBe('2024-02-29')
    const refusal = (query: { from?: string; to?: string }) => {
      try {
        reportRange(query, new Date())
      } catch (error) {
        return error instanceof DomainError ? [error.kind, error.code] : error
      }
      return null
    }
    expect(refusal({ from: '2024-02-28', to: '2026-02-28' })).toEqual(['invalid', 'range_too_long'])
    expect(refusal({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['invalid', 'invalid_range'])
    expect(refusal({ from: '2026-02-29', to: '2026-03-01' })).toEqual(['invalid', 'invalid_range'])
  })

  it('puts a time in its Riyadh week (Sunday first) and month', () => {
    expect(riyadhParts('2025-12-31T21:30:00Z')).toMatchObject({ date: '2026-01-01', hour: 0, weekday: 4 })
    expect(periodStart('2025-12-31T21:30:00Z', 'week')).toBe('2025-12-28')
    expect(periodStart('2025-12-31T21:30:00Z', 'month')).toBe('2026-01-01')
    expect(periodStart('2026-03-07T20:59:00Z', 'week')).toBe('2026-03-01')
    expect(periodStart('2026-03-07T21:00:00Z', 'week')).toBe('2026-03-08')
  })

  it('takes the median of an odd and an even count', () => {
    expect(median([])).toBeNull()
    expect(median([5, 1, 3])).toBe(3)
    expect(median([90, 30])).toBe(60)
  })
})
