import { riyadhDay, riyadhInstant, type SessionState } from '@mashura/core'
import { SESSION_TRANSITIONS } from '@mashura/core/testing'
import { describe, expect, it } from 'vitest'
import type { NewRow, Row } from '../db/tables.ts'
import { eachDatabase, useFixtures, usePeople, useTestContext } from '../test-support/context.ts'
import { addCancelReasons, addSession, readSession } from '../test-support/fixtures.ts'
import type { DomainError } from './errors.ts'
import {
  answerRequest,
  cancelSession,
  EXTENSION_MINUTES,
  endInstantSession,
  endSession,
  expireRequests,
  extendSession,
  markSmeAbsent,
  sessionsStartingSoon,
  startSession,
} from './lifecycle.ts'

const MIN = 60_000
/** Noon in Riyadh today: every session below is on today's Riyadh day. */
const NOW = riyadhInstant(riyadhDay(new Date()), '12:00')
const STATES: SessionState[] = ['booked', 'ongoing', 'ended', 'cancelled', 'sme_absent']

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise
  } catch (error) {
    return error as DomainError
  }
  throw new Error('expected a refusal')
}

eachDatabase('session and request lifecycle', (dialect) => {
  const ctx = useTestContext(dialect)
  const { consultant, advisor, other, owner } = usePeople(ctx, {
    consultant: { name: 'نورة', contributor: { kind: 'consultant' } },
    advisor: { name: 'خالد', contributor: { kind: 'advisor' } },
    other: { name: 'ماجد', contributor: { kind: 'consultant' } },
    owner: { name: 'سارة' },
  })
  const { reasons } = useFixtures({ reasons: () => addCancelReasons(ctx.store.db) })

  /** A session of the consultant's, starting 5 minutes before NOW unless told. */
  function session(values: Partial<NewRow<'sessions'>> & { startsIn?: number } = {}) {
    const { startsIn = -5, ...rest } = values
    return addSession(ctx.store.db, {
      contributorId: consultant.contributorId,
      smeId: owner.personId,
      start: new Date(NOW.getTime() + startsIn * MIN),
      ...rest,
    })
  }

  /**
   * A waiting request to the advisor, an hour after NOW unless told, from a business owner of its own: one
   * owner's requests at one hour could not all be accepted (fair booking, domain/fair-booking.ts).
   */
  async function request(startsIn = 60, values: Partial<NewRow<'sessions'>> = {}) {
    return addSession(ctx.store.db, {
      contributorId: advisor.contributorId,
      smeId: (await ctx.person()).personId,
      start: new Date(NOW.getTime() + startsIn * MIN),
      state: 'pending',
      request_state: 'waiting',
      ...values,
    })
  }

  const read = (id: number) => readSession(ctx.store.db, id)

  const me = () => ({ personId: consultant.personId, contributorId: consultant.contributorId })

  type Op = (row: Row<'sessions'>) => Promise<Row<'sessions'>>
  const ops: Record<string, { to: SessionState | 'same'; run: Op; instant?: boolean }> = {
    start: { to: 'ongoing', run: (r) => startSession(ctx.store.db, r.id, me(), NOW) },
    end: {
      to: 'ended',
      run: (r) => endSession(ctx.store.db, r.id, me(), { forceEnd: true, endReason: 'انتهينا' }, NOW),
    },
    extend: { to: 'same', run: (r) => extendSession(ctx.store.db, r.id, me(), NOW) },
    endInstant: { to: 'ended', instant: true, run: (r) => endInstantSession(ctx.store.db, r.id, me(), NOW) },
    absent: { to: 'sme_absent', run: (r) => markSmeAbsent(ctx.store.db, r.id, me(), NOW) },
    cancel: {
      to: 'cancelled',
      run: (r) => cancelSession(ctx.store.db, r.id, me(), { reasonId: reasons.reasonId, details: null }, NOW),
    },
  }
  const allowedFrom: Record<string, SessionState[]> = {
    start: ['booked'],
    end: ['ongoing'],
    extend: ['ongoing'],
    endInstant: ['ongoing'],
    absent: ['booked', 'ongoing'],
    cancel: ['booked'],
  }

  it("matches core's SESSION_TRANSITIONS", () => {
    for (const [name, op] of Object.entries(ops)) {
      if (op.to === 'same') continue
      for (const from of allowedFrom[name]!) expect(SESSION_TRANSITIONS[from]).toContain(op.to)
    }
  })

  for (const [name, op] of Object.entries(ops)) {
    for (const from of STATES) {
      const allowed = allowedFrom[name]!.includes(from)
      it(`${name} from ${from}: ${allowed ? 'allowed' : '409, nothing changes'}`, async () => {
        const row = await session({ state: from, is_instant: op.instant ? 1 : 0 })
        if (allowed) {
          const after = await op.run(row)
          expect(after.state).toBe(op.to === 'same' ? from : op.to)
        } else {
          const error = await refusal(op.run(row))
          expect(error.kind).toBe('conflict')
          expect(error.code).toBe('invalid_state_transition')
          expect(error.key).toBe('errors.invalidStateTransition')
          expect(await read(row.id)).toEqual(row)
        }
      })
    }
  }

  it('records the start time, the end time and reason, and the absence', async () => {
    const row = await session()
    const started = await startSession(ctx.store.db, row.id, me(), NOW)
    expect(started.started_at).toBe(NOW.toISOString())
    const ended = await endSession(ctx.store.db, row.id, me(), { forceEnd: true, endReason: ' مبكر ' }, NOW)
    expect(ended.ended_at).toBe(NOW.toISOString())
    expect(ended.end_reason).toBe('مبكر')
  })

  it('refuses to start a session on another Riyadh day (422) and leaves it booked', async () => {
    for (const startsIn of [24 * 60, -24 * 60]) {
      const row = await session({ startsIn })
      const error = await refusal(startSession(ctx.store.db, row.id, me(), NOW))
      expect(error.kind).toBe('refused')
      expect(error.code).toBe('session_not_today')
      expect((await read(row.id)).state).toBe('booked')
    }
  })

  it("refuses someone else's session: 404 to another contributor, 403 to its business owner", async () => {
    const row = await session()
    const theirs = { personId: other.personId, contributorId: other.contributorId }
    expect((await refusal(startSession(ctx.store.db, row.id, theirs, NOW))).kind).toBe('not_found')
    const asOwner = { personId: owner.personId, contributorId: other.contributorId }
    expect((await refusal(startSession(ctx.store.db, row.id, asOwner, NOW))).kind).toBe('forbidden')
    expect((await refusal(startSession(ctx.store.db, 999_999, me(), NOW))).kind).toBe('not_found')
  })

  it('needs force_end to end before the scheduled end', async () => {
    const row = await session({ state: 'ongoing' })
    const error = await refusal(
      endSession(ctx.store.db, row.id, me(), { forceEnd: false, endReason: null }, NOW),
    )
    expect(error.kind).toBe('refused')
    expect(error.code).toBe('force_end_required')
    const late = new Date(Date.parse(row.end_at) + MIN)
    const ended = await endSession(ctx.store.db, row.id, me(), { forceEnd: false, endReason: null }, late)
    expect(ended.state).toBe('ended')
  })

  it('ends only instant sessions through end-instant', async () => {
    const row = await session({ state: 'ongoing', is_instant: 0 })
    expect((await refusal(endInstantSession(ctx.store.db, row.id, me(), NOW))).kind).toBe('conflict')
  })

  it(`extends an ongoing session by ${EXTENSION_MINUTES} minutes`, async () => {
    const row = await session({ state: 'ongoing' })
    const after = await extendSession(ctx.store.db, row.id, me(), NOW)
    expect(Date.parse(after.end_at) - Date.parse(row.end_at)).toBe(EXTENSION_MINUTES * MIN)
  })

  it('refuses to mark the business owner absent before the session starts', async () => {
    const row = await session({ startsIn: 30 })
    const error = await refusal(markSmeAbsent(ctx.store.db, row.id, me(), NOW))
    expect(error.kind).toBe('refused')
    expect((await read(row.id)).state).toBe('booked')
  })

  it('cancels with a reason, frees the slot, and checks the reason', async () => {
    const row = await session({ startsIn: 120 })
    const unknown = await refusal(
      cancelSession(ctx.store.db, row.id, me(), { reasonId: 9999, details: null }),
    )
    expect(unknown.kind).toBe('refused')
    expect(unknown.fields).toEqual({ cancel_reason_id: 'errors.invalidValue' })
    const bare = await refusal(
      cancelSession(ctx.store.db, row.id, me(), { reasonId: reasons.detailedReasonId, details: '  ' }),
    )
    expect(bare.kind).toBe('refused')
    expect(bare.fields).toEqual({ reason: 'errors.fieldRequired' })
    const after = await cancelSession(ctx.store.db, row.id, me(), {
      reasonId: reasons.detailedReasonId,
      details: 'سفر مفاجئ',
    })
    expect(after).toMatchObject({
      state: 'cancelled',
      active_slot_id: null,
      cancel_reason_id: reasons.detailedReasonId,
      cancel_reason: 'سفر مفاجئ',
    })
  })

  describe('requests', () => {
    const adv = () => advisor.contributorId

    it('accepting makes a booked session that keeps its slot', async () => {
      const row = await request()
      const after = await answerRequest(ctx.store.db, {
        id: row.id,
        contributorId: adv(),
        accept: true,
        reason: null,
        now: NOW,
      })
      expect(after).toMatchObject({ state: 'booked', request_state: 'accepted', active_slot_id: row.slot_id })
      expect(after.answered_at).toBe(NOW.toISOString())
    })

    it('rejecting needs a reason and frees the slot', async () => {
      const row = await request()
      const bare = await refusal(
        answerRequest(ctx.store.db, {
          id: row.id,
          contributorId: adv(),
          accept: false,
          reason: ' ',
          now: NOW,
        }),
      )
      expect(bare.kind).toBe('refused')
      expect((await read(row.id)).request_state).toBe('waiting')
      const after = await answerRequest(ctx.store.db, {
        id: row.id,
        contributorId: adv(),
        accept: false,
        reason: 'لا يناسبني',
        now: NOW,
      })
      expect(after).toMatchObject({
        state: 'pending',
        request_state: 'rejected',
        request_reason: 'لا يناسبني',
        active_slot_id: null,
      })
    })

    it('answers once: a second answer is 409 and changes nothing', async () => {
      const row = await request()
      const first = await answerRequest(ctx.store.db, {
        id: row.id,
        contributorId: adv(),
        accept: true,
        reason: null,
        now: NOW,
      })
      for (const accept of [true, false]) {
        const error = await refusal(
          answerRequest(ctx.store.db, { id: row.id, contributorId: adv(), accept, reason: 'x', now: NOW }),
        )
        expect(error.kind).toBe('conflict')
        expect(error.code).toBe('request_already_answered')
      }
      expect(await read(row.id)).toEqual(first)
    })

    it('is 404 to another contributor, and for a row that is not a request', async () => {
      const row = await request()
      const error = await refusal(
        answerRequest(ctx.store.db, {
          id: row.id,
          contributorId: other.contributorId,
          accept: true,
          reason: null,
          now: NOW,
        }),
      )
      expect(error.kind).toBe('not_found')
      const plain = await session({ startsIn: 90 })
      const notRequest = await refusal(
        answerRequest(ctx.store.db, {
          id: plain.id,
          contributorId: consultant.contributorId,
          accept: true,
          reason: null,
          now: NOW,
        }),
      )
      expect(notRequest.kind).toBe('not_found')
    })

    it('expires a waiting request once its slot starts: answering is 409 request_expired', async () => {
      const row = await request(-1)
      const error = await refusal(
        answerRequest(ctx.store.db, {
          id: row.id,
          contributorId: adv(),
          accept: true,
          reason: null,
          now: NOW,
        }),
      )
      expect(error.kind).toBe('conflict')
      expect(error.code).toBe('request_expired')
      expect(await read(row.id)).toMatchObject({ request_state: 'expired', active_slot_id: null })
    })

    it('expireRequests touches only waiting requests whose start has passed', async () => {
      const due = await request(-10)
      const later = await request(10)
      const accepted = await request(-10, { state: 'booked', request_state: 'accepted' })
      const expired = await expireRequests(ctx.store.db, NOW)
      const ids = expired.map((r) => r.id)
      expect(ids).toContain(due.id)
      expect(ids).not.toContain(later.id)
      expect(ids).not.toContain(accepted.id)
      expect((await read(later.id)).request_state).toBe('waiting')
      expect(await expireRequests(ctx.store.db, NOW)).toEqual([])
    })
  })

  describe('races', () => {
    it('accept and reject of one request: exactly one wins', async () => {
      const row = await request()
      const results = await Promise.allSettled([
        answerRequest(ctx.store.db, {
          id: row.id,
          contributorId: advisor.contributorId,
          accept: true,
          reason: null,
          now: NOW,
        }),
        answerRequest(ctx.store.db, {
          id: row.id,
          contributorId: advisor.contributorId,
          accept: false,
          reason: 'لا',
          now: NOW,
        }),
      ])
      const won = results.filter((r) => r.status === 'fulfilled')
      expect(won).toHaveLength(1)
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect((lost.reason as DomainError).kind).toBe('conflict')
      const final = await read(row.id)
      expect(final).toEqual((won[0] as PromiseFulfilledResult<Row<'sessions'>>).value)
      if (final.request_state === 'accepted') expect(final.active_slot_id).toBe(row.slot_id)
      else expect(final.active_slot_id).toBeNull()
    })

    it('accept and cancel of one request: one consistent state', async () => {
      const row = await request()
      const who = { personId: advisor.personId, contributorId: advisor.contributorId }
      const [accepted, cancelled] = await Promise.allSettled([
        answerRequest(ctx.store.db, {
          id: row.id,
          contributorId: who.contributorId,
          accept: true,
          reason: null,
          now: NOW,
        }),
        cancelSession(ctx.store.db, row.id, who, { reasonId: reasons.reasonId, details: null }, NOW),
      ])
      expect(accepted.status).toBe('fulfilled')
      const final = await read(row.id)
      expect(final.request_state).toBe('accepted')
      if (cancelled.status === 'fulfilled') {
        // The cancel ran after the accept: a cancelled session without its slot.
        expect(final).toMatchObject({ state: 'cancelled', active_slot_id: null })
      } else {
        // The cancel ran first, on a request that was not yet a session.
        expect((cancelled.reason as DomainError).kind).toBe('not_found')
        expect(final).toMatchObject({ state: 'booked', active_slot_id: row.slot_id })
      }
    })

    it('start and cancel of one session: exactly one wins', async () => {
      const row = await session()
      const results = await Promise.allSettled([
        startSession(ctx.store.db, row.id, me(), NOW),
        cancelSession(ctx.store.db, row.id, me(), { reasonId: reasons.reasonId, details: null }, NOW),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const final = await read(row.id)
      expect(['ongoing', 'cancelled']).toContain(final.state)
      expect(final.active_slot_id).toBe(final.state === 'cancelled' ? null : row.slot_id)
    })

    it('many concurrent cancels, ends and absences of one session: exactly one wins', async () => {
      const row = await session({ state: 'ongoing' })
      const results = await Promise.allSettled([
        endSession(ctx.store.db, row.id, me(), { forceEnd: true, endReason: null }, NOW),
        markSmeAbsent(ctx.store.db, row.id, me(), NOW),
        endSession(ctx.store.db, row.id, me(), { forceEnd: true, endReason: null }, NOW),
        markSmeAbsent(ctx.store.db, row.id, me(), NOW),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    })

    it('two concurrent extensions add the time once', async () => {
      const row = await session({ state: 'ongoing' })
      const results = await Promise.allSettled([
        extendSession(ctx.store.db, row.id, me(), NOW),
        extendSession(ctx.store.db, row.id, me(), NOW),
      ])
      const won = results.filter((r) => r.status === 'fulfilled').length
      const final = await read(row.id)
      expect(Date.parse(final.end_at) - Date.parse(row.end_at)).toBe(won * EXTENSION_MINUTES * MIN)
      expect(won).toBeGreaterThanOrEqual(1)
    })
  })

  it('finds booked sessions starting within 15 minutes that were not reminded', async () => {
    const soon = await session({ startsIn: 10 })
    const later = await session({ startsIn: 30 })
    const found = (await sessionsStartingSoon(ctx.store.db, NOW)).map((r) => r.id)
    expect(found).toContain(soon.id)
    expect(found).not.toContain(later.id)
    await ctx.store.db
      .insertInto('notifications')
      .values({
        person_id: owner.personId,
        kind: 'session_starting',
        title_ar: 'x',
        title_en: 'x',
        body_ar: 'x',
        body_en: 'x',
        request_id: null,
        session_id: soon.id,
        read_at: null,
        created_at: NOW.toISOString(),
      })
      .execute()
    expect((await sessionsStartingSoon(ctx.store.db, NOW)).map((r) => r.id)).not.toContain(soon.id)
  })
})
