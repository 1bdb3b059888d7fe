import type { Session } from '@mashura/core'
import { describe, expect, it } from 'vitest'
import { recommendable } from './session-lifecycle.ts'

/** A booked online session an hour from now, with what the lifecycle reads of it changed by `values`. */
function session(values: Partial<Session> = {}): Session {
  const start = new Date(Date.now() + 3_600_000)
  return {
    state: 'booked',
    is_instant: false,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    contributor: { id: 7 },
    sme: { id: 9 },
    communication_way: 0,
    meeting: null,
    ...values,
  } as Session
}

describe('recommendable', () => {
  it('follows core: recommendations once the meeting has begun, not before and not after a cancellation', () => {
    expect(recommendable(session({ state: 'booked' }))).toBe(false)
    expect(recommendable(session({ state: 'cancelled' }))).toBe(false)
    expect(recommendable(session({ state: 'ongoing' }))).toBe(true)
    expect(recommendable(session({ state: 'ended' }))).toBe(true)
    expect(recommendable(session({ state: 'sme_absent' }))).toBe(true)
  })
})
