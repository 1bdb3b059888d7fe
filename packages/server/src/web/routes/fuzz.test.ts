/**
 * Property-based fuzzing of the whole API (issue 17), on SQLite and PostgreSQL.
 *
 * What it generates: for every operation of `/api/openapi.json` (read from the app itself, so a new route is
 * fuzzed without editing this file), fast-check draws requests from the operation's own schemas
 * (test-support/fuzz.ts):
 * - path parameters: existing ids and strings, bounds and just past them, negative, huge (2^31, 10^23),
 *   `Infinity`/`NaN`/`1e309`, non-numeric and Arabic text, NUL, lone surrogates, over 100 characters, and
 *   broken percent-encoding sent raw (`%`, `%FF`, `%ED%A0%80`, `%2F`, `..`);
 * - query parameters: absent, fitting, repeated (arrays), empty, key-only, bracketed, wrong types, infinite or
 *   NaN numbers, long, plus undeclared keys such as `__proto__`;
 * - bodies: objects built from the request-body schema with each field fitting, just off, hostile or missing,
 *   extra and prototype-poisoning keys, deep nesting (to 100,000 levels), huge strings, NUL and lone surrogates,
 *   out-of-range and infinite numbers (`1e309` as JSON text), malformed JSON text, and wrong, absent or odd
 *   content types; for the upload routes, multipart bodies with wrong field and file names, truncated or
 *   foreign bytes, and broken framing (no or another boundary, cut short, no closing line, bare LF);
 * - the caller: a visitor, the business owner, a consultant, an advisor, a forged token or a non-Bearer
 *   scheme; the dev API key, none or a wrong one; Accept-Language ar, en or something else; now and then a
 *   foreign Origin.
 *
 * What it asserts, for every answer: the status is below 500; an error (4xx) is JSON of exactly
 * `{ error: { code: string, message: string, fields?: { [field]: string } } }` with a non-empty message in the
 * requested language (Arabic letters for ar, none for en); a success has a documented content type and, when
 * JSON, parses.
 *
 * Bounded: a random seed each run (fast-check prints it and the shrunk request on failure) and `RUNS`
 * requests per operation, so each database takes well under a minute. Logout runs last and on fresh tokens,
 * so it never signs the shared test people out; the rate limits are raised so the fuzzing reaches the
 * handlers behind them (a 429 would still have to be in the envelope).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueApiToken } from '../../adapters/auth/tokens.ts'
import { DEFAULT_UPLOAD_LIMITS } from '../../config.ts'
import {
  createTestContext,
  eachDatabase,
  type TestPerson,
  useTestContext,
} from '../../test-support/context.ts'
import {
  addExpert,
  addSession,
  fromNow,
  hoursFromNow,
  insertCatalogue,
  insertSlot,
} from '../../test-support/fixtures.ts'
import {
  answerProblem,
  describeRequest,
  type FuzzPools,
  type FuzzRequest,
  type Operation,
  operationsOf,
  requestArbitrary,
  type SignedInPersona,
} from '../../test-support/fuzz.ts'

/**
 * Requests per operation; about 75 operations make this a few thousand per database. FUZZ_RUNS asks for more in
 * a local hunt, FUZZ_STATS=1 prints how often each operation answered each status, and FUZZ_SEED (with
 * FUZZ_PATH) replays the failure fast-check reported (run that operation's test alone, with `-t`).
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 50
const STATS = process.env.FUZZ_STATS === '1'

/** Operations that end the caller's API session: they run last, each on a token of its own. */
const SESSION_ENDING = new Set(['POST /authentication/logout'])

/**
 * Body fields whose fitting values would only make the fuzzing slow. None today: the sign-in hand-off's
 * redeem no longer long-polls (issue 30).
 */
const PINNED: Record<string, Record<string, fc.Arbitrary<unknown>>> = {}

// The operations name the tests, so they are read before the suites are declared; each database's app is
// checked below to serve the same list.
const OPERATIONS: Operation[] = await (async () => {
  const ctx = await createTestContext('sqlite')
  try {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    return operationsOf(doc).sort(
      (a, b) => Number(SESSION_ENDING.has(a.key)) - Number(SESSION_ENDING.has(b.key)),
    )
  } finally {
    await ctx.close()
  }
})()

describe('the API document', () => {
  it('lists the operations the fuzzing covers', () => {
    expect(OPERATIONS.length).toBeGreaterThan(60)
    expect(OPERATIONS.filter((op) => op.multipart).map((op) => op.key)).toEqual(
      expect.arrayContaining([
        'POST /uploader/voice_note/upload/dashboard',
        'POST /uploader/attachments/upload',
      ]),
    )
    // A renamed operation must not leave its special handling behind unnoticed.
    const keys = OPERATIONS.map((op) => op.key)
    expect(keys).toEqual(expect.arrayContaining([...SESSION_ENDING, ...Object.keys(PINNED)]))
    expect(keys.at(-1)).toBe('POST /authentication/logout')
  })
})

eachDatabase('fuzzing every operation', (dialect) => {
  const ctx = useTestContext(dialect, {
    rateLimit: { signIn: 1_000_000, booking: 1_000_000, windowMs: 60_000 },
    uploads: { ...DEFAULT_UPLOAD_LIMITS, perWindow: 1_000_000 },
  })
  let pools: FuzzPools
  const people: Record<SignedInPersona, TestPerson> = {} as never

  beforeAll(async () => {
    const { db } = ctx.store
    const catalogue = await insertCatalogue(db)
    people.owner = await ctx.person({ name: 'سارة صاحبة المنشأة', email: 'owner@example.sa' })
    people.admin = await ctx.person({ name: 'ريم المشرفة', backOffice: 'admin' })
    people.analyst = await ctx.person({ name: 'فهد المحلل', backOffice: 'analyst' })
    people.contributor = await addExpert(ctx, {
      name: 'خالد المستشار',
      kind: 'consultant',
      subjects: [catalogue.subjectId],
      center_id: catalogue.centerId,
    })
    people.advisor = await addExpert(ctx, {
      name: 'منى المرشدة',
      kind: 'advisor',
      subjects: [catalogue.otherSubjectId],
    })
    const consultantId = people.contributor.contributorId!
    const advisorId = people.advisor.contributorId!
    const slots = [
      await insertSlot(db, { contributorId: consultantId, start: fromNow(2) }),
      await insertSlot(db, {
        contributorId: consultantId,
        start: fromNow(3),
        availability: 2,
        officeId: catalogue.officeId,
      }),
      await insertSlot(db, { contributorId: advisorId, start: fromNow(2, 3) }),
    ]
    const smeId = people.owner.personId
    const sessions = [
      await addSession(db, { contributorId: consultantId, start: fromNow(1), smeId }),
      await addSession(db, {
        contributorId: consultantId,
        start: hoursFromNow(-0.25),
        smeId,
        state: 'ongoing',
      }),
      await addSession(db, { contributorId: consultantId, start: fromNow(-2), smeId, state: 'ended' }),
      await addSession(db, { contributorId: advisorId, start: fromNow(4), smeId, request_state: 'waiting' }),
    ]
    const ids = new Set<number>([
      ...Object.values(catalogue),
      ...Object.values(people).flatMap((p) => [p.personId, p.contributorId ?? 1]),
      ...slots.map((s) => s.id),
      ...sessions.flatMap((s) => [s.id, s.slot_id]),
    ])
    pools = {
      ids: [...ids],
      strings: {
        meetingNumber: ['room-secret', '1234567890'],
        name: [`c-${consultantId}.svg`, `p-${smeId}.svg`, `c-${advisorId}.svg`],
      },
    }
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    expect(
      operationsOf(doc)
        .map((op) => op.key)
        .sort(),
    ).toEqual(OPERATIONS.map((op) => op.key).sort())
  })
  const statuses = new Map<string, Record<number, number>>()
  afterAll(() => {
    if (STATS) for (const [key, counts] of statuses) console.info(dialect, key, JSON.stringify(counts))
  })

  /** Sends a generated request as its caller. */
  async function send(op: Operation, request: FuzzRequest) {
    let authorization: string | undefined
    if (request.persona === 'forged-token') authorization = `Bearer ${people.owner.token.slice(0, -4)}AAAA`
    else if (request.persona === 'not-bearer') authorization = 'Basic Zm9vOmJhcg=='
    else if (request.persona !== 'visitor') {
      const person = people[request.persona]
      // A logout must not sign the shared person out: it ends a session made for it alone.
      const token = SESSION_ENDING.has(op.key)
        ? (await issueApiToken(ctx.store, ctx.config, person.personId)).token
        : person.token
      authorization = `Bearer ${token}`
    }
    const headers: Record<string, string> = {}
    if (authorization) headers.authorization = authorization
    if (request.apiKey === 'dev') headers['x-api-key'] = 'mashura-dev-key'
    if (request.apiKey === 'wrong') headers['x-api-key'] = 'not-a-key'
    if (request.language !== null) headers['accept-language'] = request.language
    if (request.origin !== null) headers.origin = request.origin
    if (request.contentType !== null) headers['content-type'] = request.contentType
    return ctx.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload === null ? {} : { payload: request.payload }),
    })
  }

  for (const op of OPERATIONS) {
    it(`${op.key} answers malformed input below 500, in the envelope`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op, pools, PINNED[op.key]), async (request) => {
          const res = await send(op, request)
          if (STATS) {
            const counts = statuses.get(op.key) ?? {}
            counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1
            statuses.set(op.key, counts)
          }
          const problem = answerProblem(op, request, {
            statusCode: res.statusCode,
            headers: res.headers,
            body: res.body,
          })
          if (problem) throw new Error(`${problem}\n  request: ${describeRequest(request)}`)
        }),
        {
          numRuns: RUNS,
          ...(process.env.FUZZ_SEED
            ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH }
            : {}),
        },
      )
    })
  }
})
