/**
 * The authorization matrix: every protected route of parts 1 and 2 (the calls whose success changes nothing), called as a visitor, the
 * business owner who owns the data, another business owner, the contributor who owns
 * the data, and another contributor. Each cell is the status that actor must get.
 *
 * The second matrix (issue 17, least privilege) is what an expert may read of a business owner, by what
 * stands between them: only a booked, ongoing, ended or SME-absent session opens her contact details,
 * history, and other experts' recommendations and files (domain/access.ts).
 */
import { beforeAll, expect, it } from 'vitest'
import { eachDatabase, type TestPerson, usePeople, useTestContext } from '../../test-support/context.ts'
import {
  addRecommendationWithAttachment,
  addSession,
  fromNow,
  hoursFromNow,
  insertSession,
  insertSlot,
} from '../../test-support/fixtures.ts'

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
  const ctx = useTestContext(dialect)
  let f: Fixture

  beforeAll(async () => {
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

/** What lies between an advisor and the business owner: a request in some state, or a session in some state. */
type Standing =
  | 'nothing'
  | 'waiting request'
  | 'waiting request whose slot has started'
  | 'rejected request'
  | 'expired request'
  | 'cancelled session'
  | 'booked session'
  | 'ongoing session'
  | 'ended session'
  | 'SME-absent session'

/** What the advisor gets: statuses, and whether the profile carried her e-mail and mobile. */
interface Reach {
  profile: number
  contact: boolean
  history: number
  otherRecommendations: number
  otherAttachment: number
  /** `GET /schedule/sessions/{id}/sme` of the advisor's own row: status, and contact details. */
  ownRowSme: [number, boolean] | null
}

const NONE: Reach = {
  profile: 404,
  contact: false,
  history: 404,
  otherRecommendations: 404,
  otherAttachment: 404,
  ownRowSme: [404, false],
}
const FULL: Reach = {
  profile: 200,
  contact: true,
  history: 200,
  otherRecommendations: 200,
  otherAttachment: 200,
  ownRowSme: [200, true],
}

/** A row between the advisor and the business owner, as `addSession` takes it without the two people. */
type Between = Omit<Parameters<typeof addSession>[1], 'contributorId' | 'smeId'>

const STANDINGS: Record<Standing, { row: Between | null; reach: Reach }> = {
  nothing: { row: null, reach: { ...NONE, ownRowSme: null } },
  // Her profile without contact details: what an advisor needs to decide the request, and no more.
  'waiting request': {
    row: { start: fromNow(2), state: 'pending', request_state: 'waiting' },
    reach: { ...NONE, profile: 200 },
  },
  'waiting request whose slot has started': {
    row: { start: hoursFromNow(-1), state: 'pending', request_state: 'waiting' },
    reach: NONE,
  },
  'rejected request': {
    row: { start: fromNow(2), state: 'pending', request_state: 'rejected', request_reason: 'لا يناسب' },
    reach: NONE,
  },
  'expired request': {
    row: { start: fromNow(-1), state: 'pending', request_state: 'expired' },
    reach: NONE,
  },
  // Its own session stays the advisor's, with her profile, but no longer her contact details.
  'cancelled session': {
    row: { start: fromNow(2), state: 'cancelled', request_state: 'accepted' },
    reach: { ...NONE, ownRowSme: [200, false] },
  },
  'booked session': { row: { start: fromNow(2), state: 'booked', request_state: 'accepted' }, reach: FULL },
  'ongoing session': {
    row: { start: hoursFromNow(-0.25), state: 'ongoing', request_state: 'accepted' },
    reach: FULL,
  },
  'ended session': { row: { start: fromNow(-2), state: 'ended', request_state: 'accepted' }, reach: FULL },
  'SME-absent session': {
    row: { start: fromNow(-2), state: 'sme_absent', request_state: 'accepted' },
    reach: FULL,
  },
}

eachDatabase('authorization matrix: an advisor reading a business owner (issue 17)', (dialect) => {
  const ctx = useTestContext(dialect)
  const { sme } = usePeople(ctx, { sme: { name: 'منيرة القحطاني', email: 'munira@example.sa' } })
  let earlierSessionId: number
  let attachmentId: string

  beforeAll(async () => {
    const db = ctx.store.db
    await db.updateTable('people').set({ phone: '+966500000001' }).where('id', '=', sme.personId).execute()
    // An earlier expert's ended session with her, with recommendations and a file.
    const earlier = await ctx.person({ contributor: { kind: 'consultant' } })
    const session = await addSession(db, {
      contributorId: earlier.contributorId!,
      start: fromNow(-7),
      smeId: sme.personId,
      state: 'ended',
    })
    earlierSessionId = session.id
    attachmentId = (await addRecommendationWithAttachment(ctx, session.id, earlier.personId)).fileId
  })

  for (const [standing, { row, reach }] of Object.entries(STANDINGS)) {
    it(`an advisor with a ${standing}`, async () => {
      const db = ctx.store.db
      const advisor = await ctx.person({ contributor: { kind: 'advisor' } })
      const own = row
        ? await addSession(db, {
            ...row,
            contributorId: advisor.contributorId!,
            smeId: sme.personId,
          })
        : null
      const get = (url: string) => ctx.get(url, advisor.token)
      const profile = await get(`/api/profile/v2/sme/show/${sme.personId}`)
      const data = profile.statusCode === 200 ? profile.json().data : null
      if (data) {
        // Her name and companies whatever the access; contact details only with it.
        expect(data.full_name).toBe('منيرة القحطاني')
        expect([data.email, data.mobile]).toEqual(
          reach.contact ? ['munira@example.sa', '+966500000001'] : [null, null],
        )
      }
      const ownSme = own ? await get(`/api/schedule/sessions/${own.id}/sme`) : null
      const got: Reach = {
        profile: profile.statusCode,
        contact: data?.email === 'munira@example.sa',
        history: (await get(`/api/profile/sme/${sme.personId}/history/`)).statusCode,
        otherRecommendations: (await get(`/api/rating/v2/sme/sessions/${earlierSessionId}`)).statusCode,
        otherAttachment: (await get(`/api/uploader/files/${attachmentId}`)).statusCode,
        ownRowSme: ownSme
          ? [ownSme.statusCode, ownSme.statusCode === 200 && ownSme.json().data.mobile === '+966500000001']
          : null,
      }
      expect(got).toEqual(reach)
      if (ownSme?.statusCode === 200 && !reach.contact) expect(ownSme.json().data.email).toBeNull()
    })
  }
})
