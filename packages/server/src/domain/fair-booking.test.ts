import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Row } from '../db/tables.ts'
import { eachDatabase, useTestContext } from '../test-support/context.ts'
import {
  addExpert,
  hoursFromNow,
  insertCatalogue,
  insertSession,
  insertSlot,
  readSession,
} from '../test-support/fixtures.ts'
import { useCatalogue } from '../test-support/suite-fixtures.ts'
import { bookSlot } from './booking.ts'
import { DEFAULT_BOOKING_LIMITS } from './fair-booking.ts'
import { startInstantSession } from './instant.ts'
import { answerRequest } from './lifecycle.ts'

const HOUR = 3_600_000

eachDatabase('fair booking', (dialect) => {
  const ctx = useTestContext(dialect)
  const cat = useCatalogue(ctx)
  let experts = 0

  /** An expert of a kind who covers the catalogue's subject. */
  const expert = (kind: Row<'contributors'>['kind'] = 'consultant') =>
    addExpert(ctx, { name: `خبير ${++experts}`, kind, subjects: [cat.subjectId] })

  /** A slot of an expert's, `hours` from now. */
  const slotOf = (contributorId: number, hours: number, minutes = 60) =>
    insertSlot(ctx.store.db, { contributorId, start: hoursFromNow(hours), minutes })

  /** Books a slot for a business owner. */
  const book = (slotId: number, smeId: number, limits = DEFAULT_BOOKING_LIMITS) =>
    bookSlot(ctx.store.db, {
      slotId,
      smeId,
      bookerContributorId: null,
      communicationWay: 0,
      subjectId: cat.subjectId,
      description: null,
      meetingProvider: 'webrtc',
      limits,
    })

  it('refuses a consultant booking at the hour of a waiting advisor request (the issue’s 15:00 case)', async () => {
    const sme = await ctx.person()
    const advisor = await expert('advisor')
    const consultant = await expert()
    const request = await book((await slotOf(advisor.contributorId, 20)).id, sme.personId)
    expect(request).toMatchObject({ state: 'pending', request_state: 'waiting' })
    const other = await slotOf(consultant.contributorId, 20.5)
    await expect(book(other.id, sme.personId)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'booking_overlaps',
    })
    // Nothing was written, and the consultant's slot is still free for someone else.
    const someoneElse = await ctx.person()
    await expect(book(other.id, someoneElse.personId)).resolves.toMatchObject({ state: 'booked' })
  })

  it('lets sessions touch end to start, and ignores rows that hold no time', async () => {
    const sme = await ctx.person()
    const a = await expert()
    const b = await expert()
    await book((await slotOf(a.contributorId, 30)).id, sme.personId)
    // Back to back: 31:00 starts when 30:00–31:00 ends.
    await expect(book((await slotOf(b.contributorId, 31)).id, sme.personId)).resolves.toMatchObject({
      state: 'booked',
    })
    // Cancelled, rejected, expired and ended rows at 40:00, and a booked one long over.
    const db = ctx.store.db
    await insertSession(db, await slotOf(a.contributorId, 40), sme.personId, { state: 'cancelled' })
    await insertSession(db, await slotOf(a.contributorId, 40), sme.personId, {
      state: 'pending',
      request_state: 'rejected',
    })
    await insertSession(db, await slotOf(a.contributorId, 40), sme.personId, {
      state: 'pending',
      request_state: 'expired',
    })
    await insertSession(db, await slotOf(a.contributorId, 40), sme.personId, { state: 'ended' })
    await insertSession(db, await slotOf(a.contributorId, -5), sme.personId, { state: 'booked' })
    await expect(book((await slotOf(b.contributorId, 40)).id, sme.personId)).resolves.toMatchObject({
      state: 'booked',
    })
  })

  it('reports a slot the business owner holds already as taken, not as an overlap', async () => {
    const sme = await ctx.person()
    const slot = await slotOf((await expert()).contributorId, 50)
    await book(slot.id, sme.personId)
    await expect(book(slot.id, sme.personId)).rejects.toMatchObject({ code: 'slot_already_booked' })
  })

  it('caps upcoming sessions with one expert, waiting requests included, and names the cap', async () => {
    const sme = await ctx.person()
    const advisor = await expert('advisor')
    for (let i = 0; i < 3; i++) await book((await slotOf(advisor.contributorId, 60 + 2 * i)).id, sme.personId)
    const refused = await book((await slotOf(advisor.contributorId, 70)).id, sme.personId).catch((e) => e)
    expect(refused).toMatchObject({
      kind: 'conflict',
      code: 'booking_limit_reached',
      key: 'errors.bookingLimitPerExpert',
      values: { max: 3 },
    })
    // Another expert is still fine, and so is the first once a request is rejected.
    await expect(
      book((await slotOf((await expert()).contributorId, 70)).id, sme.personId),
    ).resolves.toBeTruthy()
    const [first] = await ctx.store.db
      .selectFrom('sessions')
      .select('id')
      .where('sme_id', '=', sme.personId)
      .where('contributor_id', '=', advisor.contributorId)
      .execute()
    await answerRequest(ctx.store.db, {
      id: first!.id,
      contributorId: advisor.contributorId,
      accept: false,
      reason: 'مشغول',
    })
    await expect(book((await slotOf(advisor.contributorId, 72)).id, sme.personId)).resolves.toMatchObject({
      request_state: 'waiting',
    })
  })

  it('caps upcoming sessions in all, counting neither ongoing nor past ones', async () => {
    const sme = await ctx.person()
    const limits = { maxUpcomingPerExpert: 3, maxUpcoming: 4 }
    const db = ctx.store.db
    // An ongoing session now and an ended one do not count toward the cap.
    const now = await expert()
    await insertSession(db, await slotOf(now.contributorId, -0.25, 30), sme.personId, { state: 'ongoing' })
    await insertSession(db, await slotOf(now.contributorId, -3), sme.personId, { state: 'ended' })
    for (let i = 0; i < 4; i++)
      await book((await slotOf((await expert()).contributorId, 80 + 2 * i)).id, sme.personId, limits)
    const refused = await book(
      (await slotOf((await expert()).contributorId, 90)).id,
      sme.personId,
      limits,
    ).catch((e) => e)
    expect(refused).toMatchObject({
      code: 'booking_limit_reached',
      key: 'errors.bookingLimitTotal',
      values: { max: 4 },
    })
    // The ongoing session still counts for overlap: nothing can be booked inside its half hour.
    const during = await insertSlot(db, {
      contributorId: (await expert()).contributorId,
      start: new Date(Date.now() + 60_000),
    })
    await expect(
      book(during.id, sme.personId, { maxUpcomingPerExpert: 9, maxUpcoming: 99 }),
    ).rejects.toMatchObject({
      code: 'booking_overlaps',
    })
  })

  it('lets exactly one of many concurrent overlapping bookings by one business owner win', async () => {
    const sme = await ctx.person()
    const slots: Row<'slots'>[] = []
    for (let i = 0; i < 6; i++) slots.push(await slotOf((await expert()).contributorId, 120 + i * 0.1))
    const results = await Promise.allSettled(slots.map((s) => book(s.id, sme.personId)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ kind: 'conflict', code: 'booking_overlaps' })
    const held = await ctx.store.db
      .selectFrom('sessions')
      .select('id')
      .where('sme_id', '=', sme.personId)
      .execute()
    expect(held).toHaveLength(1)
  })

  it('holds the total cap under 12 concurrent bookings of separate hours', async () => {
    const sme = await ctx.person()
    const slots: Row<'slots'>[] = []
    for (let i = 0; i < 12; i++) slots.push(await slotOf((await expert()).contributorId, 200 + i * 2))
    const results = await Promise.allSettled(slots.map((s) => book(s.id, sme.personId)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ kind: 'conflict', code: 'booking_limit_reached' })
    const { n } = await ctx.store.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sme_id', '=', sme.personId)
      .executeTakeFirstOrThrow()
    expect(Number(n)).toBe(10)
  })

  it('refuses to accept a request that would overlap a session; the first of two accepted wins', async () => {
    const sme = await ctx.person()
    const db = ctx.store.db
    const a = await expert('advisor')
    const b = await expert('advisor')
    // Two waiting requests at one hour, as could be made before the rules.
    const waiting = {
      state: 'pending' as const,
      request_state: 'waiting' as const,
      subject_id: cat.subjectId,
    }
    const first = await insertSession(db, await slotOf(a.contributorId, 300), sme.personId, waiting)
    const second = await insertSession(db, await slotOf(b.contributorId, 300.5), sme.personId, waiting)
    await expect(
      answerRequest(db, { id: first.id, contributorId: a.contributorId, accept: true, reason: null }),
    ).resolves.toMatchObject({ state: 'booked' })
    await expect(
      answerRequest(db, { id: second.id, contributorId: b.contributorId, accept: true, reason: null }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'booking_overlaps', key: 'errors.requestOverlaps' })
    // Still waiting: the advisor can reject it.
    const after = await readSession(db, second.id)
    expect(after).toMatchObject({ state: 'pending', request_state: 'waiting' })
    await expect(
      answerRequest(db, { id: second.id, contributorId: b.contributorId, accept: false, reason: 'تعارض' }),
    ).resolves.toMatchObject({ request_state: 'rejected' })
  })

  it('refuses an instant session that overlaps a booked session or waiting request, not one later', async () => {
    const sme = await ctx.person()
    const db = ctx.store.db
    const live = await expert()
    await db
      .updateTable('contributors')
      .set({ join_now_enabled: 1, available_for_instant: 1 })
      .where('id', '=', live.contributorId)
      .execute()
    const join = () =>
      startInstantSession(db, {
        contributorId: live.contributorId,
        smeId: sme.personId,
        meetingProvider: 'webrtc',
      })
    // A session in twenty minutes overlaps the instant half hour.
    const soon = await insertSession(
      db,
      await insertSlot(db, {
        contributorId: (await expert()).contributorId,
        start: new Date(Date.now() + HOUR / 3),
      }),
      sme.personId,
    )
    await expect(join()).rejects.toMatchObject({ kind: 'conflict', code: 'booking_overlaps' })
    await db
      .updateTable('sessions')
      .set({ state: 'cancelled', active_slot_id: null })
      .where('id', '=', soon.id)
      .execute()
    await insertSession(db, await slotOf((await expert()).contributorId, 2), sme.personId)
    await expect(join()).resolves.toMatchObject({ state: 'ongoing', is_instant: 1 })
    // And while it runs, nothing can be booked within it.
    const inside = await insertSlot(db, {
      contributorId: (await expert()).contributorId,
      start: new Date(Date.now() + 10 * 60_000),
    })
    await expect(book(inside.id, sme.personId)).rejects.toMatchObject({ code: 'booking_overlaps' })
  })
})

/** A booking in a process of its own (test-support/book-in-process.ts), started when told. */
function bookingProcess(args: (string | number)[]) {
  const script = fileURLToPath(new URL('../test-support/book-in-process.ts', import.meta.url))
  const child = spawn(process.execPath, [script, ...args.map(String)], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const lines = createInterface({ input: child.stdout })
  let markReady: () => void
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })
  const result = new Promise<Record<string, unknown>>((resolve, reject) => {
    lines.on('line', (line) => (line === 'ready' ? markReady() : resolve(JSON.parse(line))))
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`booking process exited with ${code}: ${stderr}`))
    })
  })
  return { ready, result, go: () => child.stdin.write('go\n') }
}

describe('fair booking across server instances on one SQLite file', () => {
  const ctx = useTestContext('sqlite')

  it('lets one of four processes booking overlapping slots win; the others get a conflict (409), not a crash (500)', async () => {
    const db = ctx.store.db
    const cat = await insertCatalogue(db)
    const sme = await ctx.person()
    const slots: Row<'slots'>[] = []
    for (let i = 0; i < 4; i++) {
      const expert = await addExpert(ctx, { name: `خبير ${i}`, subjects: [cat.subjectId] })
      slots.push(
        await insertSlot(db, { contributorId: expert.contributorId, start: hoursFromNow(24 + i / 6) }),
      )
    }
    // Each process has its own connection to the file, as separate instances would.
    const processes = slots.map((slot) =>
      bookingProcess([ctx.config.dataDir, 'test.sqlite', sme.personId, cat.subjectId, slot.id]),
    )
    await Promise.all(processes.map((p) => p.ready))
    for (const p of processes) p.go()
    const outcomes = await Promise.all(processes.map((p) => p.result))
    expect(outcomes.filter((o) => 'ok' in o)).toHaveLength(1)
    expect(outcomes.filter((o) => !('ok' in o))).toEqual(
      Array(3).fill({ kind: 'conflict', code: 'booking_overlaps' }),
    )
  }, 30_000)
})
