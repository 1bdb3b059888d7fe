/**
 * The authorization matrix: every protected route of parts 1 and 2 (the calls whose success changes nothing), called as a visitor, the
 * business owner who owns the data, another business owner, the contributor who owns
 * the data, and another contributor. Each cell is the status that actor must get.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  createTestContext,
  eachDatabase,
  type TestContext,
  type TestPerson,
} from '../test-support/context.ts'
import { insertSession, insertSlot } from '../test-support/fixtures.ts'

type Actor = 'visitor' | 'sme' | 'otherSme' | 'contributor' | 'otherContributor'
const ACTORS: Actor[] = ['visitor', 'sme', 'otherSme', 'contributor', 'otherContributor']

interface Case {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: (f: Fixture) => string
  body?: (f: Fixture) => unknown
  expect: Record<Actor, number>
}

interface Fixture {
  sme: TestPerson
  otherSme: TestPerson
  contributor: TestPerson
  otherContributor: TestPerson
  sessionId: number
  freeSlotId: number
  weekStart: number
  requestId: number
}

const allOk = (status = 200): Record<Actor, number> => ({
  visitor: 401,
  sme: status,
  otherSme: status,
  contributor: status,
  otherContributor: status,
})
const expertsOnly = (status = 200): Record<Actor, number> => ({
  visitor: 401,
  sme: 403,
  otherSme: 403,
  contributor: status,
  otherContributor: status,
})

const CASES: Case[] = [
  {
    name: 'own contributor profile',
    method: 'GET',
    url: () => '/api/profile/contributor',
    expect: expertsOnly(),
  },
  { name: 'own companies', method: 'GET', url: () => '/api/profile/sme/companies', expect: allOk() },
  {
    name: "a business owner's history",
    method: 'GET',
    url: (f) => `/api/profile/sme/${f.sme.personId}/history/`,
    expect: { visitor: 401, sme: 200, otherSme: 404, contributor: 200, otherContributor: 404 },
  },
  {
    name: "a business owner's profile",
    method: 'GET',
    url: (f) => `/api/profile/v2/sme/show/${f.sme.personId}`,
    expect: { visitor: 401, sme: 200, otherSme: 404, contributor: 200, otherContributor: 404 },
  },
  { name: 'upcoming sessions', method: 'GET', url: () => '/api/schedule/sme/sessions', expect: allOk() },
  {
    name: 'session history',
    method: 'GET',
    url: () => '/api/schedule/sme/sessions/history',
    expect: allOk(),
  },
  { name: 'own requests', method: 'GET', url: () => '/api/schedule/requests/sme-session', expect: allOk() },
  {
    name: 'session details',
    method: 'GET',
    url: (f) => `/api/schedule/sessions/${f.sessionId}/details`,
    expect: { visitor: 401, sme: 200, otherSme: 404, contributor: 200, otherContributor: 404 },
  },
  {
    name: "the ICE servers of a session's call",
    method: 'GET',
    url: (f) => `/api/schedule/webrtc/ice-servers/${f.sessionId}`,
    expect: { visitor: 401, sme: 200, otherSme: 404, contributor: 200, otherContributor: 404 },
  },
  {
    name: 'booked sessions',
    method: 'GET',
    url: () => '/api/schedule/booked-sessions?date_scope=upcoming',
    expect: expertsOnly(),
  },
  { name: 'working hours', method: 'GET', url: () => '/api/schedule/working-hours', expect: expertsOnly() },
  {
    name: 'own slots in a range',
    method: 'GET',
    url: (f) => `/api/schedule/v2/contributor?start_date=${f.weekStart}&end_date=${f.weekStart + 7 * 86400}`,
    expect: expertsOnly(),
  },
  {
    name: 'push token',
    method: 'POST',
    url: () => '/api/profile/contributor/fcm-token',
    body: () => ({ token: `tok-${Math.random()}`, device_type: 3 }),
    expect: expertsOnly(),
  },
  {
    name: 'instant availability (not enabled by the admin)',
    method: 'PUT',
    url: () => '/api/profile/contributor/available-for-instant',
    body: () => ({ available_for_instant: true }),
    expect: expertsOnly(403),
  },
  { name: 'realtime token', method: 'GET', url: () => '/api/firebase/auth', expect: allOk() },
  // Part 2.
  {
    name: 'advisor requests',
    method: 'GET',
    url: () => '/api/schedule/requests/advisor-session',
    expect: expertsOnly(),
  },
  {
    name: 'request details',
    method: 'GET',
    url: (f) => `/api/schedule/requests/${f.requestId}/details`,
    expect: { visitor: 401, sme: 200, otherSme: 404, contributor: 200, otherContributor: 404 },
  },
  { name: 'cancel reasons', method: 'GET', url: () => '/api/schedule/cancel/reasons', expect: allOk() },
  {
    name: "a session's business owner",
    method: 'GET',
    url: (f) => `/api/schedule/sessions/${f.sessionId}/sme`,
    expect: { visitor: 401, sme: 403, otherSme: 403, contributor: 200, otherContributor: 404 },
  },
  {
    name: 'start a session that is not today (refused for its owner, hidden from others)',
    method: 'POST',
    url: (f) => `/api/schedule/v2/${f.sessionId}/validate/contributor`,
    body: () => ({ start_from: 0 }),
    expect: { visitor: 401, sme: 403, otherSme: 403, contributor: 422, otherContributor: 404 },
  },
  {
    name: 'cancel with an unknown reason (refused for its owner, hidden from others)',
    method: 'POST',
    url: (f) => `/api/schedule/cancel/session/${f.sessionId}/contributor`,
    body: () => ({ cancel_reason_id: 999_999 }),
    expect: { visitor: 401, sme: 403, otherSme: 403, contributor: 422, otherContributor: 404 },
  },
  {
    name: "a session's recommendations",
    method: 'GET',
    url: (f) => `/api/rating/v2/sme/sessions/${f.sessionId}`,
    expect: { visitor: 401, sme: 200, otherSme: 404, contributor: 200, otherContributor: 404 },
  },
  {
    name: 'chatting possibility with a business owner',
    method: 'GET',
    url: (f) => `/api/schedule/v2/chatting-possibility/${f.sme.personId}?user_type=sme`,
    expect: expertsOnly(),
  },
  {
    name: 'notifications',
    method: 'GET',
    url: () => '/api/schedule/v2/notifications-list/contributor',
    expect: allOk(),
  },
  {
    name: 'session statistics',
    method: 'GET',
    url: () => '/api/schedule/contributor_report/session_statistics',
    expect: expertsOnly(),
  },
  {
    name: 'SME statistics',
    method: 'GET',
    url: () => '/api/schedule/contributor_report/sme_statistics',
    expect: expertsOnly(),
  },
  {
    name: 'academy categories',
    method: 'GET',
    url: () => '/api/integration/academy/categories',
    expect: allOk(),
  },
  {
    name: 'platform services',
    method: 'GET',
    url: () => '/api/integration/services/v2/services',
    expect: allOk(),
  },
  {
    name: 'delete a free slot',
    method: 'DELETE',
    url: (f) => `/api/schedule/contributor/${f.freeSlotId}`,
    // Only its owner may; the owner's call comes last, so the others see it still there.
    expect: { visitor: 401, sme: 403, otherSme: 403, otherContributor: 404, contributor: 200 },
  },
]

eachDatabase('authorization matrix', (dialect) => {
  let ctx: TestContext
  let f: Fixture

  beforeAll(async () => {
    ctx = await createTestContext(dialect)
    const db = ctx.store.db
    const contributor = await ctx.person({ contributor: { kind: 'advisor' } })
    const otherContributor = await ctx.person({ contributor: { kind: 'consultant' } })
    const sme = await ctx.person()
    const otherSme = await ctx.person()
    const now = Date.now()
    const slot = (daysAhead: number) =>
      insertSlot(db, {
        contributorId: contributor.contributorId!,
        start: new Date(now + daysAhead * 86400_000),
        availability: 2,
      })
    const booked = await slot(2)
    const free = await slot(3)
    const subject = await db
      .insertInto('subjects')
      .values({ name_ar: 'التسويق', name_en: 'Marketing', type: 1, bsa: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const session = await insertSession(db, booked, sme.personId, { subject_id: subject.id })
    const request = await insertSession(db, await slot(4), sme.personId, {
      subject_id: subject.id,
      state: 'pending',
      request_state: 'waiting',
    })
    f = {
      requestId: request.id,
      sme,
      otherSme,
      contributor,
      otherContributor,
      sessionId: session.id,
      freeSlotId: free.id,
      weekStart: Math.floor(now / 1000),
    }
  })
  afterAll(() => ctx.close())

  for (const c of CASES) {
    it(`${c.method} ${c.name}`, async () => {
      const got: Partial<Record<Actor, number>> = {}
      const order = Object.keys(c.expect) as Actor[]
      for (const actor of order.filter((a) => ACTORS.includes(a))) {
        const person = actor === 'visitor' ? null : f[actor]
        const res = await ctx.call({
          method: c.method,
          url: c.url(f),
          token: person?.token ?? null,
          ...(c.body ? { payload: c.body(f) as object } : {}),
        })
        got[actor] = res.statusCode
      }
      expect(got).toEqual(c.expect)
    })
  }
})
