import { describe, expect, it } from 'vitest'
import { KIND_FOR_SUBJECT_TYPE, riyadhDayRange } from './contributors.ts'

describe('riyadhDayRange', () => {
  it('spans a Riyadh day from 21:00 UTC the day before', () => {
    expect(riyadhDayRange('2025-03-02')).toEqual({
      start: '2025-03-01T21:00:00.000Z',
      end: '2025-03-02T21:00:00.000Z',
    })
    expect(riyadhDayRange('2024-12-31').end).toBe('2024-12-31T21:00:00.000Z')
  })
})

describe('KIND_FOR_SUBJECT_TYPE', () => {
  it('maps consulting, guidance and partnerships to consultants, advisors and partners', () => {
    expect(KIND_FOR_SUBJECT_TYPE).toEqual({ 1: 'consultant', 2: 'advisor', 4: 'partner' })
  })
})
