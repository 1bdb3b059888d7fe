import { describe, expect, it } from 'vitest'
import { REQUEST_STATES, SESSION_STATES, type SessionState } from './index.ts'
import {
  endsEarly,
  type LifecycleSession,
  REQUEST_MOVES,
  requestMoveRefusal,
  SESSION_MOVES,
  SESSION_TRANSITIONS,
  type SessionMove,
  sessionActions,
  sessionMoveRefusal,
} from './lifecycle.ts'

/** 10:00 in Riyadh (UTC+3) on 10 March 2026; that day runs from 9 March 21:00Z to 10 March 21:00Z. */
const START = '2026-03-10T07:00:00.000Z'
const END = '2026-03-10T08:00:00.000Z'
const DAY_BEGINS = new Date('2026-03-09T21:00:00.000Z')
const at = (iso: string) => new Date(iso)
const shift = (date: Date, ms: number) => new Date(date.getTime() + ms)

function session(values: Partial<LifecycleSession> = {}): LifecycleSession {
  return {
    state: 'booked',
    instant: false,
    start: START,
    end: END,
    contributorId: 7,
    smeId: 40,
    meeting: true,
    ...values,
  }
}
const expert = { role: 'contributor', id: 7 } as const
const owner = { role: 'sme', id: 40 } as const
const MOVES = Object.keys(SESSION_MOVES) as SessionMove[]

describe('session lifecycle table (spec 4)', () => {
  it('moves booked → ongoing → ended, booked → cancelled, booked or ongoing → SME absent, and nothing else', () => {
    const allowed = SESSION_STATES.flatMap((from) =>
      SESSION_STATES.filter((to) => SESSION_TRANSITIONS[from].includes(to)).map((to) => `${from}>${to}`),
    )
    expect(allowed).toEqual([
      'booked>ongoing',
      'booked>cancelled',
      'booked>sme_absent',
      'ongoing>ended',
      'ongoing>sme_absent',
    ])
    for (const final of ['ended', 'cancelled', 'sme_absent'] as const)
      expect(SESSION_TRANSITIONS[final]).toEqual([])
  })

  it('names the states each move leaves, and refuses every other state', () => {
    const from = Object.fromEntries(
      MOVES.map((move) => [
        move,
        SESSION_STATES.filter(
          (state) =>
            sessionMoveRefusal(move, session({ state, instant: true }), expert, at(START)) !== 'wrong_state',
        ),
      ]),
    )
    expect(from).toEqual({
      start: ['booked'],
      extend: ['ongoing'],
      end: ['ongoing'],
      endInstant: ['ongoing'],
      markAbsent: ['booked', 'ongoing'],
      cancel: ['booked'],
    })
  })

  it('lets only the expert of the session move it', () => {
    for (const move of MOVES) {
      const s = session({ state: SESSION_MOVES[move].from[0] as SessionState, instant: true })
      expect(sessionMoveRefusal(move, s, expert, at(START))).toBeNull()
      expect(sessionMoveRefusal(move, s, { role: 'contributor' }, at(START))).toBeNull()
      expect(sessionMoveRefusal(move, s, { role: 'contributor', id: 8 }, at(START))).toBe('not_expert')
      expect(sessionMoveRefusal(move, s, owner, at(START))).toBe('not_expert')
    }
  })

  it('ends an instant session with its own call only', () => {
    expect(sessionMoveRefusal('endInstant', session({ state: 'ongoing' }), expert, at(START))).toBe(
      'not_instant',
    )
    expect(
      sessionMoveRefusal('end', session({ state: 'ongoing', instant: true }), expert, at(START)),
    ).toBeNull()
  })

  it('starts a booked session on its own Riyadh day only, before or after its hour', () => {
    const refusal = (now: Date) => sessionMoveRefusal('start', session(), expert, now)
    expect(refusal(shift(DAY_BEGINS, -1))).toBe('before_day')
    expect(refusal(DAY_BEGINS)).toBeNull()
    expect(refusal(shift(at(START), -1))).toBeNull()
    expect(refusal(at(END))).toBeNull()
    expect(refusal(shift(DAY_BEGINS, 24 * 3600_000 - 1))).toBeNull()
    expect(refusal(shift(DAY_BEGINS, 24 * 3600_000))).toBe('after_day')
    // The state is judged first: an ongoing session is not started again, on any day.
    expect(sessionMoveRefusal('start', session({ state: 'ongoing' }), expert, shift(DAY_BEGINS, -1))).toBe(
      'wrong_state',
    )
  })

  it('marks the business owner absent once the session has begun', () => {
    expect(sessionMoveRefusal('markAbsent', session(), expert, shift(at(START), -1))).toBe('not_started')
    expect(sessionMoveRefusal('markAbsent', session(), expert, at(START))).toBeNull()
    // An ongoing session has begun whatever its scheduled start.
    expect(
      sessionMoveRefusal('markAbsent', session({ state: 'ongoing' }), expert, shift(at(START), -60_000)),
    ).toBeNull()
  })

  it('cancels a booked session at any time', () => {
    for (const now of [shift(DAY_BEGINS, -1), at(START), shift(at(END), 86_400_000)])
      expect(sessionMoveRefusal('cancel', session(), expert, now)).toBeNull()
  })

  it('calls an end before the scheduled end early', () => {
    expect(endsEarly(session(), shift(at(END), -1))).toBe(true)
    expect(endsEarly(session(), at(END))).toBe(false)
  })
})

describe('sessionActions', () => {
  it('offers the expert of a booked session start on its day, absence once begun, and cancel', () => {
    const actions = (now: Date) => sessionActions(session(), expert, now)
    expect(actions(shift(DAY_BEGINS, -1))).toEqual(['cancel'])
    expect(actions(DAY_BEGINS)).toEqual(['start', 'cancel'])
    expect(actions(shift(at(START), -1))).toEqual(['start', 'cancel'])
    expect(actions(at(START))).toEqual(['start', 'markAbsent', 'cancel'])
    expect(actions(shift(DAY_BEGINS, 24 * 3600_000))).toEqual(['markAbsent', 'cancel'])
  })

  it('offers an ongoing session continue, end and absence; an instant one continue, extend and its own end', () => {
    expect(sessionActions(session({ state: 'ongoing' }), expert, at(START))).toEqual([
      'continue',
      'end',
      'markAbsent',
      'writeRecommendations',
    ])
    expect(sessionActions(session({ state: 'ongoing', instant: true }), expert, at(START))).toEqual([
      'continue',
      'extend',
      'endInstant',
      'writeRecommendations',
    ])
  })

  it('offers recommendations once the meeting has begun, and nothing else after the session', () => {
    expect(sessionActions(session({ state: 'ended' }), expert, at(END))).toEqual(['writeRecommendations'])
    expect(sessionActions(session({ state: 'sme_absent' }), expert, at(END))).toEqual([
      'writeRecommendations',
    ])
    expect(sessionActions(session({ state: 'cancelled' }), expert, at(START))).toEqual([])
  })

  it('offers only moves the lifecycle allows', () => {
    for (const state of SESSION_STATES)
      for (const instant of [false, true])
        for (const now of [shift(DAY_BEGINS, -1), at(START), shift(DAY_BEGINS, 24 * 3600_000)]) {
          const s = session({ state, instant })
          for (const action of sessionActions(s, expert, now))
            if (action in SESSION_MOVES)
              expect(sessionMoveRefusal(action as SessionMove, s, expert, now)).toBeNull()
        }
  })

  it('lets the business owner join an ongoing online meeting, and nothing else', () => {
    expect(sessionActions(session({ state: 'ongoing' }), owner, at(START))).toEqual(['join'])
    expect(sessionActions(session({ state: 'ongoing' }), { role: 'sme' }, at(START))).toEqual(['join'])
    expect(sessionActions(session({ state: 'ongoing', meeting: false }), owner, at(START))).toEqual([])
    for (const state of SESSION_STATES.filter((s) => s !== 'ongoing'))
      expect(sessionActions(session({ state }), owner, at(START))).toEqual([])
  })

  it("offers nothing on someone else's session", () => {
    expect(sessionActions(session({ state: 'ongoing' }), { role: 'contributor', id: 8 }, at(START))).toEqual(
      [],
    )
    expect(sessionActions(session({ state: 'ongoing' }), { role: 'sme', id: 41 }, at(START))).toEqual([])
  })
})

describe('request lifecycle (spec 4)', () => {
  it('moves a waiting request to accepted, rejected or expired; the rest are final', () => {
    expect(
      Object.entries(REQUEST_MOVES).map(([move, rule]) => `${rule.from.join('|')}>${rule.to} (${move})`),
    ).toEqual(['waiting>accepted (accept)', 'waiting>rejected (reject)', 'waiting>expired (expire)'])
    for (const state of REQUEST_STATES.filter((s) => s !== 'waiting'))
      for (const move of ['accept', 'reject', 'expire'] as const)
        expect(requestMoveRefusal(move, { state, start: START }, shift(at(START), -1))).toBe('wrong_state')
  })

  it('is answered while its slot is ahead, and expires once the slot has started', () => {
    const request = { state: 'waiting', start: START } as const
    expect(requestMoveRefusal('accept', request, shift(at(START), -1))).toBeNull()
    expect(requestMoveRefusal('reject', request, shift(at(START), -1))).toBeNull()
    expect(requestMoveRefusal('expire', request, shift(at(START), -1))).toBe('not_lapsed')
    expect(requestMoveRefusal('accept', request, at(START))).toBe('lapsed')
    expect(requestMoveRefusal('reject', request, at(START))).toBe('lapsed')
    expect(requestMoveRefusal('expire', request, at(START))).toBeNull()
  })
})
