import { describe, expect, it } from 'vitest'
import { parseWorkingHours } from './working-hours.ts'

describe('parseWorkingHours', () => {
  it('reads valid hours', () => {
    const value = {
      time_zone: 'Asia/Riyadh',
      slot_minutes: 45,
      days: [{ day: 0, start: '08:30', end: '12:00' }],
    }
    expect(parseWorkingHours(JSON.stringify(value))).toEqual(value)
  })

  it.each([
    'not json',
    'null',
    '{"slot_minutes": 0, "days": []}',
    '{"slot_minutes": 60}',
    '{"slot_minutes": 60, "days": [{"day": 7, "start": "09:00", "end": "10:00"}]}',
    '{"slot_minutes": 60, "days": [{"day": 1, "start": "9:00", "end": "10:00"}]}',
    '{"slot_minutes": 60, "days": [{"day": 1, "start": "11:00", "end": "10:00"}]}',
  ])('refuses %s', (raw) => {
    expect(parseWorkingHours(raw)).toBeNull()
  })
})
