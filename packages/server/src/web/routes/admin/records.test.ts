import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import {
  eachDatabase,
  jsonOf,
  useFixtures,
  usePeople,
  useTestContext,
} from '../../../test-support/context.ts'
import { addCenter, addSession, addSubject, insertPerson } from '../../../test-support/fixtures.ts'
import { BOM } from '../../../wire/csv.ts'

/** Reads an RFC 4180 text (after its byte-order mark) into rows of fields. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith(BOM)).toBe(true)
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.slice(1)
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else if (c === '\n') throw new Error('a bare LF ends no record in RFC 4180')
    else field += c
  }
  expect(field).toBe('')
  expect(row).toEqual([])
  return rows
}

const RANGE = 'from=2026-03-01&to=2026-03-31'
/** The UTC times the March range spans: Riyadh midnight is 21:00 UTC the day before. */
const UTC = { from: '2026-02-28T21:00:00.000Z', to: '2026-03-31T21:00:00.000Z' }
const at = (iso: string) => new Date(iso)

eachDatabase('the back office: records', (dialect) => {
  const ctx = useTestContext(dialect)
  const cat = useFixtures({
    catalogue: async () => {
      const { db } = ctx.store
      const riyadh = await addCenter(db, 'مركز الرياض', 'Riyadh Center')
      const north = await addCenter(db, 'مركز الشمال', 'North "Hub", Jeddah')
      const planning = await addSubject(db, { name_ar: 'التخطيط المالي', name_en: 'Financial planning' })
      const evil = await addSubject(db, { name_ar: '=cmd|"/c calc"!A1', name_en: '@SUM(1)' })
      return { riyadh: riyadh.id, north: north.id, planning: planning.id, evil: evil.id }
    },
  }).catalogue
  const who = usePeople(ctx, {
    admin: { backOffice: 'admin', name: 'مديرة النظام' },
    analyst: { backOffice: 'analyst', name: 'محلل التقارير' },
    sme: { name: 'صاحب المنشأة', email: 'owner@example.sa' },
    consultant: () => ({
      name: 'خبير الاستشارات',
      contributor: { kind: 'consultant', center_id: cat.riyadh },
    }),
    advisor: () => ({ name: 'مرشد الأعمال', contributor: { kind: 'advisor', center_id: cat.north } }),
    partner: { name: 'شريك', contributor: { kind: 'partner' } },
  })
  const made = useFixtures({
    sessions: async () => {
      const { db } = ctx.store
      const smeId = who.sme.personId
      const a = who.consultant.contributorId
      const b = who.advisor.contributorId
      const c = who.partner.contributorId
      const s = (contributorId: number, start: string, values: Record<string, unknown> = {}) =>
        addSession(db, { contributorId, start: at(start), smeId, ...values })
      const rated = []
      await s(a, '2026-03-02T07:00:00Z', { subject_id: cat.planning })
      rated.push(await s(a, '2026-03-03T07:00:00Z', { subject_id: cat.planning, state: 'ended' }))
      rated.push(await s(a, '2026-03-10T07:00:00Z', { subject_id: cat.evil, state: 'ended' }))
      await s(a, '2026-03-17T12:00:00Z', { subject_id: cat.planning, state: 'sme_absent' })
      await s(b, '2026-03-18T07:00:00Z', { state: 'cancelled', cancel_reason: '=1+1' })
      await s(b, '2026-03-24T07:00:00Z', { state: 'ongoing' })
      // 01:00 on 1 March in Riyadh: inside the range although 28 February in UTC.
      rated.push(await s(c, '2026-02-28T22:00:00Z', { state: 'ended', end_reason: 'قال "شكرًا", ثم غادر' }))
      // 00:30 on 1 April in Riyadh, and 23:00 on 28 February: outside.
      rated.push(await s(c, '2026-03-31T21:30:00Z', { state: 'ended' }))
      await s(c, '2026-02-28T20:00:00Z')
      // Requests: waiting, rejected after 30 minutes, accepted after 90, expired.
      await s(b, '2026-03-25T07:00:00Z', {
        state: 'pending',
        request_state: 'waiting',
        created_at: '2026-03-05T08:00:00.000Z',
      })
      await s(b, '2026-03-25T09:00:00Z', {
        state: 'cancelled',
        request_state: 'rejected',
        created_at: '2026-03-06T08:00:00.000Z',
        answered_at: '2026-03-06T08:30:00.000Z',
      })
      await s(b, '2026-03-26T07:00:00Z', {
        request_state: 'accepted',
        created_at: '2026-03-07T08:00:00.000Z',
        answered_at: '2026-03-07T09:30:00.000Z',
      })
      await s(b, '2026-03-27T07:00:00Z', {
        state: 'cancelled',
        request_state: 'expired',
        created_at: '2026-03-08T08:00:00.000Z',
      })
      const stars = [5, 4, 2, 1]
      await db
        .insertInto('ratings')
        .values(
          rated.map((r, i) => ({
            session_id: r.id,
            contributor_id: r.contributor_id,
            stars: stars[i]!,
            comment: null,
            created_at: new Date().toISOString(),
          })),
        )
        .execute()
      return {}
    },
  })
  void made

  /** The sessions in the March range counted straight from the table, by a query of the test's own. */
  async function rawSessionCounts(
    groupBy: 'sessions.state' | 'contributors.kind' | 'contributors.center_id',
  ) {
    const rows = await ctx.store.db
      .selectFrom('sessions')
      .innerJoin('contributors', 'contributors.id', 'sessions.contributor_id')
      .select([sql<string>`${sql.ref(groupBy)}`.as('key'), sql<number>`count(*)`.as('n')])
      .where('sessions.state', '!=', 'pending')
      .where((eb) => eb.or([eb('request_state', 'is', null), eb('request_state', '=', 'accepted')]))
      .where('sessions.start_at', '>=', UTC.from)
      .where('sessions.start_at', '<', UTC.to)
      .groupBy(groupBy)
      .execute()
    return Object.fromEntries(rows.map((r) => [String(r.key), Number(r.n)]))
  }

  describe('the sessions report', () => {
    it('counts what the table holds, by state, kind and center', async () => {
      const { data } = await jsonOf(
        ctx.get(`/api/admin/reports/sessions?${RANGE}&period=week`, who.analyst.token),
      )
      const byState = await rawSessionCounts('sessions.state')
      expect(data.totals).toEqual({
        total: Object.values(byState).reduce((s, n) => s + n, 0),
        booked: byState.booked ?? 0,
        ongoing: byState.ongoing ?? 0,
        ended: byState.ended ?? 0,
        cancelled: byState.cancelled ?? 0,
        sme_absent: byState.sme_absent ?? 0,
      })
      // And the figures known from the rows made: the Riyadh day decides, requests never accepted are not sessions.
      expect(data.totals).toEqual({ total: 8, booked: 2, ongoing: 1, ended: 3, cancelled: 1, sme_absent: 1 })

      const byKind = await rawSessionCounts('contributors.kind')
      expect(
        Object.fromEntries(data.by_kind.map((g: { kind: string; total: number }) => [g.kind, g.total])),
      ).toEqual(byKind)
      const byCenter = await rawSessionCounts('contributors.center_id')
      expect(
        Object.fromEntries(
          data.by_center.map((g: { center_id: number | null; total: number }) => [
            String(g.center_id),
            g.total,
          ]),
        ),
      ).toEqual(byCenter)
      expect(data.by_center[0]).toMatchObject({ center_id: cat.riyadh, name_ar: 'مركز الرياض', total: 4 })

      expect(data.by_subject).toContainEqual(
        expect.objectContaining({ subject_id: cat.planning, total: 3, booked: 1, ended: 1, sme_absent: 1 }),
      )
      expect(
        data.by_period.map((p: { period_start: string; total: number }) => [p.period_start, p.total]),
      ).toEqual([
        ['2026-03-01', 3],
        ['2026-03-08', 1],
        ['2026-03-15', 2],
        ['2026-03-22', 2],
      ])
      expect(data.no_shows).toEqual({
        total: 1,
        rate: 0.25,
        by_expert: [
          {
            contributor_id: who.consultant.contributorId,
            full_name: 'خبير الاستشارات',
            sessions: 4,
            sme_absent: 1,
          },
        ],
      })
      // Tuesday 10:00 in Riyadh: three sessions not cancelled start then.
      expect(data.busiest_hours[0]).toEqual({ weekday: 2, hour: 10, sessions: 3 })
      expect(data.busiest_hours.reduce((s: number, h: { sessions: number }) => s + h.sessions, 0)).toBe(7)
    })

    it('groups by month and defaults the range', async () => {
      const { data } = await jsonOf(ctx.get(`/api/admin/reports/sessions?${RANGE}`, who.admin.token))
      expect(data.period).toBe('month')
      expect(data.by_period).toEqual([expect.objectContaining({ period_start: '2026-03-01', total: 8 })])
      const fallback = await jsonOf(ctx.get('/api/admin/reports/sessions', who.admin.token))
      const days = (Date.parse(fallback.data.to) - Date.parse(fallback.data.from)) / 86_400_000 + 1
      expect(days).toBe(30)
    })

    it('refuses a range longer than two years, backwards, or of a day that does not exist', async () => {
      const long = await jsonOf(
        ctx.get('/api/admin/reports/sessions?from=2024-01-01&to=2026-03-01', who.admin.token),
        400,
      )
      expect(long.error.code).toBe('range_too_long')
      const back = await jsonOf(
        ctx.get('/api/admin/reports/sessions?from=2026-03-02&to=2026-03-01', who.admin.token, 'en'),
        400,
      )
      expect(back.error.message).toMatch(/start date/)
      await jsonOf(ctx.get('/api/admin/reports/sessions?from=2026-02-30&to=2026-03-01', who.admin.token), 400)
      await jsonOf(ctx.get('/api/admin/reports/sessions?from=yesterday', who.admin.token), 400)
      await jsonOf(ctx.get('/api/admin/reports/sessions?period=year', who.admin.token), 400)
    })

    it('exports the same figures as CSV: BOM, CRLF, Arabic intact, quotes doubled, formulas neutralised', async () => {
      const res = await ctx.get(`/api/admin/reports/sessions.csv?${RANGE}&period=week`, who.analyst.token)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="sessions-report-2026-03-01-2026-03-31.csv"',
      )
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
      expect(res.body).toContain('\r\n')
      expect(res.body).toContain('"North ""Hub"", Jeddah"')
      expect(res.body).toContain(`"'=cmd|""/c calc""!A1",'@SUM(1)`)
      const rows = parseCsv(res.body)
      const { data } = await jsonOf(
        ctx.get(`/api/admin/reports/sessions?${RANGE}&period=week`, who.analyst.token),
      )
      const header = rows[0]!
      expect(header).toEqual([
        'group',
        'key',
        'name_ar',
        'name_en',
        'total',
        'booked',
        'ongoing',
        'ended',
        'cancelled',
        'sme_absent',
      ])
      const figures = (r: string[]) => r.slice(4).map(Number)
      const counts = (c: Record<string, number>) => header.slice(4).map((k) => c[k])
      expect(rows[1]!.slice(0, 2)).toEqual(['totals', '2026-03-01..2026-03-31'])
      expect(figures(rows[1]!)).toEqual(counts(data.totals))
      const groups = rows.slice(2)
      expect(groups.filter((r) => r[0] === 'kind').map((r) => [r[1], ...figures(r)])).toEqual(
        data.by_kind.map((g: Record<string, number> & { kind: string }) => [g.kind, ...counts(g)]),
      )
      expect(groups.filter((r) => r[0] === 'center').map((r) => [r[1], r[2], r[3], ...figures(r)])).toEqual(
        data.by_center.map(
          (
            g: Record<string, number> & {
              center_id: number | null
              name_ar: string | null
              name_en: string | null
            },
          ) => [
            g.center_id === null ? '' : String(g.center_id),
            g.name_ar ?? '',
            g.name_en ?? '',
            ...counts(g),
          ],
        ),
      )
      expect(groups.filter((r) => r[0] === 'week').map((r) => [r[1], ...figures(r)])).toEqual(
        data.by_period.map((g: Record<string, number> & { period_start: string }) => [
          g.period_start,
          ...counts(g),
        ]),
      )
      expect(groups.filter((r) => r[0] === 'subject')).toHaveLength(data.by_subject.length)
      expect(rows.find((r) => r[0] === 'subject' && r[1] === String(cat.evil))?.[2]).toBe(
        `'=cmd|"/c calc"!A1`,
      )
    })

    it('exports the session list as CSV, one row a counted session, times in Riyadh', async () => {
      const res = await ctx.get(`/api/admin/reports/session-list.csv?${RANGE}`, who.analyst.token)
      expect(res.statusCode, res.body).toBe(200)
      const rows = parseCsv(res.body)
      expect(rows).toHaveLength(1 + 8)
      const header = rows[0]!
      const first = Object.fromEntries(header.map((h, i) => [h, rows[1]![i]]))
      expect(first).toMatchObject({ start_riyadh: '2026-03-01 01:00', state: 'ended', expert: 'شريك' })
      expect(first.end_reason).toBe('قال "شكرًا", ثم غادر')
      expect(res.body).toContain(`"قال ""شكرًا"", ثم غادر"`)
      const cancelled = rows.find((r) => r[header.indexOf('state')] === 'cancelled')!
      expect(cancelled[header.indexOf('cancel_reason')]).toBe("'=1+1")
    })
  })

  describe('the requests and ratings reports', () => {
    it('counts requests by state and the median answer time', async () => {
      const { data } = await jsonOf(ctx.get(`/api/admin/reports/requests?${RANGE}`, who.analyst.token))
      const raw = await ctx.store.db
        .selectFrom('sessions')
        .select(['request_state', sql<number>`count(*)`.as('n')])
        .where('request_state', 'is not', null)
        .where('created_at', '>=', UTC.from)
        .where('created_at', '<', UTC.to)
        .groupBy('request_state')
        .execute()
      const counts = Object.fromEntries(raw.map((r) => [r.request_state, Number(r.n)]))
      expect(data).toMatchObject({ ...counts, total: 4, waiting: 1, accepted: 1, rejected: 1, expired: 1 })
      expect(data.median_answer_minutes).toBe(60)
      expect(data.by_period).toEqual([
        {
          period_start: '2026-03-01',
          total: 4,
          waiting: 1,
          accepted: 1,
          rejected: 1,
          expired: 1,
          withdrawn: 0,
        },
      ])
    })

    it('averages and distributes ratings, overall, per expert and per center', async () => {
      const { data } = await jsonOf(ctx.get(`/api/admin/reports/ratings?${RANGE}`, who.analyst.token))
      const raw = await ctx.store.db
        .selectFrom('ratings')
        .innerJoin('sessions', 'sessions.id', 'ratings.session_id')
        .select([sql<number>`count(*)`.as('n'), sql<number>`sum(ratings.stars)`.as('sum')])
        .where('sessions.start_at', '>=', UTC.from)
        .where('sessions.start_at', '<', UTC.to)
        .executeTakeFirstOrThrow()
      expect(data.overall.count).toBe(Number(raw.n))
      expect(data.overall.average).toBe(Math.round((Number(raw.sum) / Number(raw.n)) * 100) / 100)
      expect(data.overall).toEqual({ count: 3, average: 3.67, distribution: [0, 1, 0, 1, 1] })
      expect(data.by_expert).toEqual([
        {
          contributor_id: who.consultant.contributorId,
          full_name: 'خبير الاستشارات',
          count: 2,
          average: 4.5,
          distribution: [0, 0, 0, 1, 1],
        },
        {
          contributor_id: who.partner.contributorId,
          full_name: 'شريك',
          count: 1,
          average: 2,
          distribution: [0, 1, 0, 0, 0],
        },
      ])
      expect(data.by_center).toEqual([
        {
          center_id: cat.riyadh,
          name_ar: 'مركز الرياض',
          name_en: 'Riyadh Center',
          count: 2,
          average: 4.5,
          distribution: [0, 0, 0, 1, 1],
        },
        {
          center_id: null,
          name_ar: null,
          name_en: null,
          count: 1,
          average: 2,
          distribution: [0, 1, 0, 0, 0],
        },
      ])
    })
  })

  describe('the requests and ratings CSVs', () => {
    it('hold the figures of the JSON reports', async () => {
      const requests = (
        await jsonOf(ctx.get(`/api/admin/reports/requests?${RANGE}&period=week`, who.analyst.token))
      ).data
      const res = await ctx.get(`/api/admin/reports/requests.csv?${RANGE}&period=week`, who.analyst.token)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-disposition']).toContain('requests-report-2026-03-01-2026-03-31.csv')
      const rows = parseCsv(res.body)
      expect(rows[0]).toEqual([
        'group',
        'key',
        'total',
        'waiting',
        'accepted',
        'rejected',
        'expired',
        'withdrawn',
        'median_answer_minutes',
      ])
      const r = requests
      expect(rows[1]).toEqual(
        [
          'totals',
          '2026-03-01..2026-03-31',
          r.total,
          r.waiting,
          r.accepted,
          r.rejected,
          r.expired,
          r.withdrawn,
          60,
        ].map(String),
      )
      expect(rows.slice(2).map((row) => row.slice(0, 3))).toEqual(
        r.by_period.map((p: { period_start: string; total: number }) => [
          'week',
          p.period_start,
          String(p.total),
        ]),
      )

      const ratings = (await jsonOf(ctx.get(`/api/admin/reports/ratings?${RANGE}`, who.analyst.token))).data
      const csv = parseCsv((await ctx.get(`/api/admin/reports/ratings.csv?${RANGE}`, who.analyst.token)).body)
      expect(csv[1]).toEqual([
        'overall',
        '2026-03-01..2026-03-31',
        '',
        '',
        '3',
        '3.67',
        '0',
        '1',
        '0',
        '1',
        '1',
      ])
      expect(
        csv.filter((row) => row[0] === 'expert').map((row) => [Number(row[1]), row[2], Number(row[5])]),
      ).toEqual(
        ratings.by_expert.map((e: { contributor_id: number; full_name: string; average: number }) => [
          e.contributor_id,
          e.full_name,
          e.average,
        ]),
      )
      expect(csv.filter((row) => row[0] === 'center').map((row) => row.slice(2, 4))).toEqual([
        ['مركز الرياض', 'Riyadh Center'],
        ['', ''],
      ])
    })
  })

  describe('deletion requests', () => {
    const requests = useFixtures({
      ids: async () => {
        const { db } = ctx.store
        const silent = await insertPerson(db, {
          issuer: 'test',
          subject: 'no-mail',
          fullName: 'بلا بريد',
          email: null,
        })
        // Not `who.sme`: an approval erases its person (issue 34), and the tests below still sign in as her.
        const leaving = await insertPerson(db, {
          issuer: 'test',
          subject: 'leaving',
          fullName: 'صاحبة طلب الحذف',
          email: 'leaving@example.sa',
        })
        const day = 86_400_000
        const rows = await db
          .insertInto('deletion_requests')
          .values([
            {
              person_id: leaving,
              reason: 'لم أعد أحتاج الحساب',
              created_at: new Date(Date.now() - 40 * day).toISOString(),
            },
            {
              person_id: silent,
              reason: 'خصوصية',
              created_at: new Date(Date.now() - 5 * day - 3_600_000).toISOString(),
            },
          ])
          .returning('id')
          .execute()
        return { old: rows[0]!.id, recent: rows[1]!.id, leaving }
      },
    }).ids

    it('queues them oldest first, with their age against the 30-day deadline', async () => {
      const page = await jsonOf(ctx.get('/api/admin/deletion-requests?state=pending', who.admin.token))
      expect(page.meta.total).toBe(2)
      const [old, recent] = page.data
      expect(old).toMatchObject({
        id: requests.old,
        person: { id: requests.leaving, full_name: 'صاحبة طلب الحذف', email: 'leaving@example.sa' },
        state: 'pending',
        age_days: 40,
        days_left: -10,
        overdue: true,
        decided_at: null,
        decided_by: null,
      })
      expect(Date.parse(old.deadline_at) - Date.parse(old.created_at)).toBe(30 * 86_400_000)
      expect(recent).toMatchObject({ id: requests.recent, age_days: 5, days_left: 25, overdue: false })
    })

    it('records that the admin read each requester’s e-mail the queue shows, in the person’s contact reads', async () => {
      const readsOf = (subject: number) =>
        ctx.store.db
          .selectFrom('personal_data_reads')
          .selectAll()
          .where('subject_person_id', '=', subject)
          .where('via', '=', 'adminListDeletionRequests')
          .execute()
      const before = (await readsOf(requests.leaving)).length
      await jsonOf(ctx.get('/api/admin/deletion-requests?state=pending', who.admin.token))
      const reads = await readsOf(requests.leaving)
      expect(reads).toHaveLength(before + 1)
      expect(reads.at(-1)).toMatchObject({
        reader_person_id: who.admin.personId,
        reader_label: 'مديرة النظام',
        reader_role: 'admin',
        fields: 'email',
      })
      // Nobody's address was shown for the request without one, and the admin's own name is not contact data.
      const silentReads = await ctx.store.db
        .selectFrom('personal_data_reads')
        .select('subject_person_id')
        .where('via', '=', 'adminListDeletionRequests')
        .where('subject_person_id', '!=', requests.leaving)
        .execute()
      expect(silentReads).toEqual([])
    })

    it('records a decision once, with its audit entry and the mail, in Arabic and English', async () => {
      const url = `/api/admin/deletion-requests/${requests.old}/decision`
      const { data } = await jsonOf(
        ctx.post(url, who.admin.token, { decision: 'approved', reason: 'تمت المراجعة' }),
      )
      expect(data).toMatchObject({
        state: 'approved',
        decision_reason: 'تمت المراجعة',
        decided_by: { person_id: who.admin.personId, full_name: 'مديرة النظام' },
        overdue: false,
      })
      // Approval erased her (issue 34; domain/erasure.test.ts looks for her everywhere).
      expect(data.person).toEqual({ id: requests.leaving, full_name: 'مستخدم محذوف', email: null })
      const again = await jsonOf(ctx.post(url, who.admin.token, { decision: 'rejected', reason: 'x' }), 409)
      expect(again.error.code).toBe('deletion_already_decided')
      await jsonOf(
        ctx.post('/api/admin/deletion-requests/999999/decision', who.admin.token, {
          decision: 'rejected',
          reason: 'x',
        }),
        404,
      )
      await jsonOf(ctx.post(url, who.admin.token, { decision: 'maybe', reason: 'x' }), 400)
      await jsonOf(ctx.post(url, who.admin.token, { decision: 'approved', reason: '   ' }), 400)

      const mails = await ctx.store.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'deletion_decision')
        .execute()
      expect(mails).toHaveLength(1)
      expect(mails[0]!.to_address).toBe('leaving@example.sa')
      expect(mails[0]!.body).toContain('تمت المراجعة')
      expect(mails[0]!.body.indexOf('قُبل')).toBeLessThan(mails[0]!.body.indexOf('approved'))

      const audit = await jsonOf(
        ctx.get('/api/admin/audit-log?action=deletion_request.decide', who.analyst.token),
      )
      expect(audit.meta.total).toBe(1)
      expect(audit.data[0]).toMatchObject({
        actor: { person_id: who.admin.personId, label: 'مديرة النظام' },
        target_type: 'deletion_request',
        target_id: String(requests.old),
        before: { decision: null },
        after: { decision: 'approved', decision_reason: 'تمت المراجعة' },
      })

      // A person without an address is told nothing by mail; the decision stands.
      await jsonOf(
        ctx.post(`/api/admin/deletion-requests/${requests.recent}/decision`, who.admin.token, {
          decision: 'rejected',
          reason: 'لدينا جلسات قائمة',
        }),
      )
      expect(
        await ctx.store.db
          .selectFrom('outbox')
          .select('id')
          .where('kind', '=', 'deletion_decision')
          .execute(),
      ).toHaveLength(1)
      const rejected = await jsonOf(ctx.get('/api/admin/deletion-requests?state=rejected', who.admin.token))
      expect(rejected.data.map((r: { id: number }) => r.id)).toEqual([requests.recent])
    })

    it('searches the audit trail and exports it as CSV', async () => {
      const found = await jsonOf(
        ctx.get(`/api/admin/audit-log?q=${encodeURIComponent('جلسات قائمة')}`, who.analyst.token),
      )
      expect(found.data.map((e: { target_id: string }) => e.target_id)).toEqual([String(requests.recent)])
      const area = await jsonOf(ctx.get('/api/admin/audit-log?action=deletion_request.', who.analyst.token))
      expect(area.meta.total).toBe(2)
      const other = await jsonOf(ctx.get('/api/admin/audit-log?action=deletion_requests.', who.analyst.token))
      expect(other.meta.total).toBe(0)
      const none = await jsonOf(ctx.get('/api/admin/audit-log?q=nothing-like-this', who.analyst.token))
      expect(none.meta.total).toBe(0)
      const res = await ctx.get('/api/admin/audit-log.csv?target_type=deletion_request', who.analyst.token)
      expect(res.statusCode, res.body).toBe(200)
      const rows = parseCsv(res.body)
      expect(rows[0]).toEqual([
        'id',
        'occurred_at',
        'actor_person_id',
        'actor',
        'action',
        'target_type',
        'target_id',
        'before',
        'after',
      ])
      expect(rows).toHaveLength(3)
      expect(rows[1]![3]).toBe('مديرة النظام')
      expect(JSON.parse(rows[1]![8]!)).toMatchObject({ decision: 'rejected' })
    })
  })

  describe('who may call', () => {
    const calls: [method: 'GET' | 'POST', url: string, analyst: number][] = [
      // The queue names people: admins only.
      ['GET', '/api/admin/deletion-requests', 403],
      ['POST', '/api/admin/deletion-requests/1/decision', 403],
      ['GET', '/api/admin/reports/sessions', 200],
      ['GET', '/api/admin/reports/sessions.csv', 200],
      ['GET', '/api/admin/reports/session-list.csv', 200],
      ['GET', '/api/admin/reports/requests', 200],
      ['GET', '/api/admin/reports/ratings', 200],
      ['GET', '/api/admin/reports/requests.csv', 200],
      ['GET', '/api/admin/reports/ratings.csv', 200],
      ['GET', '/api/admin/audit-log', 200],
      ['GET', '/api/admin/audit-log.csv', 200],
    ]
    it.each(calls)(
      '%s %s: 401 signed out, 403 to business owners and experts',
      async (method, url, analyst) => {
        const payload = method === 'POST' ? { decision: 'rejected', reason: 'x' } : undefined
        const as = (token: string | null) => ctx.call({ method, url, token, ...(payload ? { payload } : {}) })
        expect((await as(null)).statusCode).toBe(401)
        expect((await as(who.sme.token)).statusCode).toBe(403)
        expect((await as(who.consultant.token)).statusCode).toBe(403)
        const res = await as(who.analyst.token)
        expect(res.statusCode, res.body).toBe(analyst)
      },
    )
  })
})
