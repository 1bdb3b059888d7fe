import { riyadhDay, riyadhInstant } from '@mashura/core'
import { expect, it } from 'vitest'
import type { NewRow } from '../db/tables.ts'
import { eachDatabase, useFixtures, usePeople, useTestContext } from '../test-support/context.ts'
import { addCancelReasons, addSession } from '../test-support/fixtures.ts'
import {
  answerRequest,
  cancelSession,
  endInstantSession,
  endSession,
  extendSession,
  markSmeAbsent,
  startSession,
} from './lifecycle.ts'

const MIN = 60_000
/** Noon in Riyadh today: every session below is on today's Riyadh day. */
const NOW = riyadhInstant(riyadhDay(new Date()), '12:00')

eachDatabase('the audit trail of an expert’s session and request actions', (dialect) => {
  const ctx = useTestContext(dialect)
  const { consultant, advisor, owner } = usePeople(ctx, {
    consultant: { name: 'نورة القحطاني', contributor: { kind: 'consultant' } },
    advisor: { name: 'خالد العتيبي', contributor: { kind: 'advisor' } },
    owner: { name: 'سارة' },
  })
  const { reasons } = useFixtures({ reasons: () => addCancelReasons(ctx.store.db) })
  const me = () => ({ personId: consultant.personId, contributorId: consultant.contributorId! })

  const session = (values: Partial<NewRow<'sessions'>> & { startsIn?: number } = {}) => {
    const { startsIn = -5, ...rest } = values
    return addSession(ctx.store.db, {
      contributorId: consultant.contributorId!,
      smeId: owner.personId,
      start: new Date(NOW.getTime() + startsIn * MIN),
      ...rest,
    })
  }
  const request = async () =>
    addSession(ctx.store.db, {
      contributorId: advisor.contributorId!,
      smeId: (await ctx.person()).personId,
      start: new Date(NOW.getTime() + 60 * MIN),
      state: 'pending',
      request_state: 'waiting',
    })
  const trail = (targetType: string, id: number) =>
    ctx.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', targetType)
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute()
  const parsed = (row: { before_json: string | null; after_json: string | null }) => ({
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
  })

  it('records the start, the extension and the end, each with the expert as the actor', async () => {
    const row = await session()
    await startSession(ctx.store.db, row.id, me(), NOW)
    await extendSession(ctx.store.db, row.id, me(), NOW)
    await endSession(ctx.store.db, row.id, me(), { forceEnd: true, endReason: 'انتهينا' }, NOW)
    const entries = await trail('session', row.id)
    expect(entries.map((e) => e.action)).toEqual(['session.start', 'session.extend', 'session.end'])
    for (const entry of entries) {
      expect(entry.actor_person_id).toBe(consultant.personId)
      expect(entry.actor_label).toBe('نورة القحطاني')
      expect(entry.occurred_at).toBe(NOW.toISOString())
    }
    expect(parsed(entries[0]!).after).toEqual({ state: 'ongoing', started_at: NOW.toISOString() })
    expect(parsed(entries[1]!)).toEqual({
      before: { end_at: row.end_at },
      after: { state: 'ongoing', end_at: new Date(Date.parse(row.end_at) + 15 * MIN).toISOString() },
    })
    expect(parsed(entries[2]!).after).toEqual({
      state: 'ended',
      ended_at: NOW.toISOString(),
      end_reason: 'انتهينا',
    })
  })

  it('records the end of an instant session', async () => {
    const row = await session({ state: 'ongoing', is_instant: 1 })
    await endInstantSession(ctx.store.db, row.id, me(), NOW)
    expect((await trail('session', row.id)).map((e) => e.action)).toEqual(['session.end'])
  })

  it('records marking the business owner absent', async () => {
    const row = await session()
    await markSmeAbsent(ctx.store.db, row.id, me(), NOW)
    const [entry, ...more] = await trail('session', row.id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({ action: 'session.mark_owner_absent', actor_person_id: consultant.personId })
    expect(parsed(entry!).after).toMatchObject({ state: 'sme_absent', ended_at: NOW.toISOString() })
  })

  it('records the expert’s cancellation with its reason', async () => {
    const row = await session({ startsIn: 24 * 60 })
    await cancelSession(ctx.store.db, row.id, me(), { reasonId: reasons.reasonId, details: ' سفر ' }, NOW)
    const [entry] = await trail('session', row.id)
    expect(entry).toMatchObject({ action: 'session.cancel', actor_person_id: consultant.personId })
    expect(parsed(entry!).after).toMatchObject({
      state: 'cancelled',
      cancel_reason_id: reasons.reasonId,
      cancel_reason: 'سفر',
    })
  })

  it('records accepting and rejecting a request, with the advisor as the actor', async () => {
    const accepted = await request()
    const rejected = await request()
    await answerRequest(ctx.store.db, {
      id: accepted.id,
      contributorId: advisor.contributorId!,
      accept: true,
      reason: null,
      now: NOW,
    })
    await answerRequest(ctx.store.db, {
      id: rejected.id,
      contributorId: advisor.contributorId!,
      accept: false,
      reason: 'لا يناسبني الموعد',
      now: NOW,
    })
    const [accept] = await trail('request', accepted.id)
    expect(accept).toMatchObject({
      action: 'request.accept',
      actor_person_id: advisor.personId,
      actor_label: 'خالد العتيبي',
    })
    expect(parsed(accept!)).toEqual({
      before: { request_state: 'waiting' },
      after: { request_state: 'accepted', state: 'booked', reason: null },
    })
    const [reject] = await trail('request', rejected.id)
    expect(reject).toMatchObject({ action: 'request.reject', actor_person_id: advisor.personId })
    expect(parsed(reject!).after).toEqual({
      request_state: 'rejected',
      state: 'pending',
      reason: 'لا يناسبني الموعد',
    })
  })

  it('records nothing for a move that is refused', async () => {
    const row = await session({ state: 'ended' })
    await expect(startSession(ctx.store.db, row.id, me(), NOW)).rejects.toMatchObject({
      code: 'invalid_state_transition',
    })
    expect(await trail('session', row.id)).toEqual([])
  })
})
