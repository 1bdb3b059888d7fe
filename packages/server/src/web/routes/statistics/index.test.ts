import { riyadhMonth } from '@mashura/core'
import { ar } from '@mashura/core/i18n/server'
import type { Kysely } from 'kysely'
import { beforeAll, expect, it } from 'vitest'
import type { Database, NewRow, Row } from '../../../db/tables.ts'
import { eachDatabase, type TestPerson, useTestContext } from '../../../test-support/context.ts'
import { addSession, hoursFromNow } from '../../../test-support/fixtures.ts'
import {
  lastRiyadhMonths,
  STATISTICS_MONTHS,
  sessionStatesByMonth,
  sessionsByMonth,
  smesByMonth,
} from './index.ts'

async function recommend(
  db: Kysely<Database>,
  sessionId: number,
  phase: Row<'recommendations'>['company_phase'],
): Promise<void> {
  const now = new Date().toISOString()
  await db
    .insertInto('recommendations')
    .values({
      session_id: sessionId,
      challenges: 'السيولة',
      recommendations: 'خطة تدفق نقدي',
      need_another_session: 0,
      need_academy_course: 0,
      academy_course_ids: '[]',
      need_platform_feature: 0,
      service_ids: '[]',
      company_phase: phase,
      success_story: 0,
      success_story_summary: null,
      comment: null,
      voice_note_file_id: null,
      attachment_file_ids: '[]',
      supported_file_urls: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute()
}

eachDatabase('contributor statistics', (dialect) => {
  const ctx = useTestContext(dialect)
  let expert: TestPerson
  let otherExpert: TestPerson
  let owners: TestPerson[]

  beforeAll(async () => {
    const { db } = ctx.store
    expert = await ctx.person({ name: 'نورة القحطاني', contributor: { kind: 'advisor' } })
    otherExpert = await ctx.person({ name: 'خالد العتيبي', contributor: {} })
    owners = [
      await ctx.person({ name: 'سارة' }),
      await ctx.person({ name: 'فهد' }),
      await ctx.person({ name: 'منيرة' }),
      await ctx.person({ name: 'عبدالله' }),
    ]
    const [a, b, c, d] = owners.map((o) => o.personId) as [number, number, number, number]
    const cid = expert.contributorId!
    const s = (smeId: number, start: Date, extra: Partial<NewRow<'sessions'>> & { minutes?: number }) =>
      addSession(db, { contributorId: cid, smeId, start, ...extra })
    await s(a, hoursFromNow(24), {})
    await s(b, hoursFromNow(30), { communication_way: 1 })
    const endedA1 = await s(a, hoursFromNow(-72), { state: 'ended' })
    // Held for half an hour of its hour.
    const endedA2 = await s(a, hoursFromNow(-48), {
      state: 'ended',
      started_at: hoursFromNow(-48).toISOString(),
      ended_at: hoursFromNow(-47.5).toISOString(),
    })
    const endedB = await s(b, hoursFromNow(-24), { state: 'ended', minutes: 90 })
    await s(c, hoursFromNow(-20), { state: 'cancelled' })
    await s(c, hoursFromNow(-10), { state: 'sme_absent' })
    await s(c, hoursFromNow(-0.25), { state: 'ongoing' })
    // Requests that never became sessions do not count.
    await s(d, hoursFromNow(40), { state: 'pending', request_state: 'waiting' })
    await s(d, hoursFromNow(41), { state: 'cancelled', request_state: 'rejected' })
    // Nor do another expert's sessions.
    const others = await addSession(db, {
      contributorId: otherExpert.contributorId!,
      smeId: d,
      start: hoursFromNow(-5),
      state: 'ended',
    })
    await recommend(db, endedA1.id, 'idea_owner')
    await recommend(db, endedA2.id, 'growing')
    await recommend(db, endedB.id, 'facing_challenge')
    await recommend(db, others.id, 'launched_project')
  })

  const get = (path: string, token: string | null) =>
    ctx.get(`/api/schedule/contributor_report/${path}`, token)

  it('counts sessions by state and communication way, and the hours of ended ones', async () => {
    const res = await get('session_statistics', expert.token)
    expect(res.statusCode).toBe(200)
    const { by_month, last_months, ...counts } = res.json().data
    expect(counts).toEqual({
      total: 8,
      booked: 2,
      ongoing: 1,
      ended: 3,
      cancelled: 1,
      sme_absent: 1,
      online: 7,
      office: 1,
      hours: 3,
    })
    // The chart series: the last six Riyadh months, each present. The two booked sessions (tomorrow and
    // the day after) fall in the next month on a month's last day, after the series ends.
    const months = lastRiyadhMonths(new Date())
    expect(last_months.map((m: { month: string }) => m.month)).toEqual(months)
    const sum = (key: string) => last_months.reduce((n: number, m: Record<string, number>) => n + m[key]!, 0)
    const bookedIn = [24, 30].filter((h) => months.includes(riyadhMonth(hoursFromNow(h)))).length
    expect([
      sum('total'),
      sum('booked'),
      sum('ongoing'),
      sum('ended'),
      sum('cancelled'),
      sum('sme_absent'),
    ]).toEqual([6 + bookedIn, bookedIn, 1, 3, 1, 1])
    // The months (which depend on today) account for every session and every ended one.
    expect(by_month.reduce((n: number, m: { total: number }) => n + m.total, 0)).toBe(8)
    expect(by_month.reduce((n: number, m: { ended: number }) => n + m.ended, 0)).toBe(3)
  })

  it('groups sessions by Riyadh calendar month, oldest first', () => {
    expect(
      sessionsByMonth([
        { state: 'ended', start_at: '2026-11-30T20:59:00.000Z' }, // 23:59 on 30 November in Riyadh
        { state: 'booked', start_at: '2026-11-30T21:00:00.000Z' }, // midnight, 1 December in Riyadh
        { state: 'ended', start_at: '2026-10-15T09:00:00.000Z' },
        { state: 'cancelled', start_at: '2026-11-02T09:00:00.000Z' },
      ]),
    ).toEqual([
      { month: '2026-10', total: 1, ended: 1 },
      { month: '2026-11', total: 2, ended: 1 },
      { month: '2026-12', total: 1, ended: 0 },
    ])
  })

  it('counts business owners met, new and returning, and by the phase of their latest recommendation', async () => {
    const res = await get('sme_statistics', expert.token)
    expect(res.statusCode).toBe(200)
    const { by_month, ...data } = res.json().data
    expect(data).toEqual({
      total: 3,
      new: 2,
      returning: 1,
      by_company_phase: { idea_owner: 0, launched_project: 0, facing_challenge: 1, growing: 1 },
    })
    expect(by_month.map((m: { month: string }) => m.month)).toEqual(lastRiyadhMonths(new Date()))
    // Three owners met within the last days (one or two months); each is new in the month first met.
    const met = by_month.reduce((n: number, m: { new: number }) => n + m.new, 0)
    expect(met).toBe(3)
  })

  it('lists the last six Riyadh months, crossing a year', () => {
    expect(STATISTICS_MONTHS).toBe(6)
    // 21:30 UTC on 31 January is already 1 February in Riyadh.
    expect(lastRiyadhMonths(new Date('2027-01-31T21:30:00Z'))).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ])
  })

  it('counts sessions by state per month, with empty months as zeros', () => {
    expect(
      sessionStatesByMonth(
        [
          { state: 'ended', start_at: '2026-11-30T20:59:00.000Z' },
          { state: 'booked', start_at: '2026-11-30T21:00:00.000Z' },
          { state: 'sme_absent', start_at: '2026-12-02T09:00:00.000Z' },
          { state: 'ended', start_at: '2026-08-15T09:00:00.000Z' },
        ],
        ['2026-10', '2026-11', '2026-12'],
      ),
    ).toEqual([
      { month: '2026-10', total: 0, booked: 0, ongoing: 0, ended: 0, cancelled: 0, sme_absent: 0 },
      { month: '2026-11', total: 1, booked: 0, ongoing: 0, ended: 1, cancelled: 0, sme_absent: 0 },
      { month: '2026-12', total: 2, booked: 1, ongoing: 0, ended: 0, cancelled: 0, sme_absent: 1 },
    ])
  })

  it('counts owners met per month, new the month they were first met and returning after', () => {
    expect(
      smesByMonth(
        [
          { sme_id: 1, start_at: '2026-08-15T09:00:00.000Z' }, // before the window: 1 is never new in it
          { sme_id: 1, start_at: '2026-11-10T09:00:00.000Z' },
          { sme_id: 2, start_at: '2026-11-11T09:00:00.000Z' },
          { sme_id: 2, start_at: '2026-11-20T09:00:00.000Z' },
          { sme_id: 2, start_at: '2026-12-01T09:00:00.000Z' },
        ],
        ['2026-10', '2026-11', '2026-12'],
      ),
    ).toEqual([
      { month: '2026-10', met: 0, new: 0, returning: 0 },
      { month: '2026-11', met: 2, new: 1, returning: 1 },
      { month: '2026-12', met: 1, new: 0, returning: 1 },
    ])
  })

  it("answers only the signed-in contributor's own numbers", async () => {
    expect((await get('session_statistics', otherExpert.token)).json().data).toMatchObject({
      total: 1,
      ended: 1,
      hours: 1,
    })
    expect((await get('sme_statistics', otherExpert.token)).json().data).toMatchObject({
      total: 1,
      new: 1,
      returning: 0,
      by_company_phase: { idea_owner: 0, launched_project: 1, facing_challenge: 0, growing: 0 },
    })
    const fresh = await ctx.person({ contributor: {} })
    const months = lastRiyadhMonths(new Date())
    expect((await get('sme_statistics', fresh.token)).json().data).toEqual({
      total: 0,
      new: 0,
      returning: 0,
      by_company_phase: { idea_owner: 0, launched_project: 0, facing_challenge: 0, growing: 0 },
      by_month: months.map((month) => ({ month, met: 0, new: 0, returning: 0 })),
    })
    for (const path of ['session_statistics', 'sme_statistics']) {
      expect((await get(path, null)).statusCode).toBe(401)
      const owner = await get(path, owners[0]!.token)
      expect(owner.statusCode).toBe(403)
      expect(owner.json().error.message).toBe(ar['errors.contributorOnly'])
    }
  })

  it('publishes both calls in the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    for (const path of ['session_statistics', 'sme_statistics']) {
      const op = doc.paths[`/schedule/contributor_report/${path}`]?.get
      expect(op.security).toEqual([{ apiKey: [], bearer: [] }])
      expect(op.tags).toEqual(['statistics'])
    }
  })
})
