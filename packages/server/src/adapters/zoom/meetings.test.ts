import type { Kysely } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../db/tables.ts'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'
import {
  addCancelReasons,
  hoursFromNow,
  insertSession,
  insertSlot,
  readSession,
} from '../../test-support/fixtures.ts'
import { useBookingCast, useZoomStandIn } from '../../test-support/suite-fixtures.ts'
import { zoomTestConfig } from '../../test-support/zoom-stand-in.ts'
import { ZOOM_HOST_BUSY_CODE, ZoomApi } from './api.ts'
import { zoomHostPool } from './hosts.ts'
import { withZoomMeeting } from './meetings.ts'

/** The sessions booked on a slot: none after a refused booking. */
const sessionsOf = (db: Kysely<Database>, slotId: number) =>
  db.selectFrom('sessions').select('id').where('slot_id', '=', slotId).execute()

eachDatabase('sessions’ Zoom meetings', (dialect) => {
  const zoom = useZoomStandIn()
  // One business owner books the consultant again and again: no fair-booking caps here.
  const ctx = useTestContext(dialect, () => ({
    ...zoomTestConfig(zoom),
    booking: { maxUpcomingPerExpert: 1000, maxUpcoming: 1000 },
    // A silent Zoom is given up on quickly here (OUTBOUND_TIMEOUT_MS).
    outboundTimeoutMs: 3000,
  }))
  const { cat, consultant, advisor, owner } = useBookingCast(ctx, { consultantJoinsNow: true })
  beforeEach(() => {
    zoom.requests.length = 0
  })

  const book = (slotId: number, way: 0 | 1 = 0, lang?: 'en') =>
    ctx.post(
      `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`,
      owner.token,
      { communication_way: way, subject_id: cat.subjectId },
      lang,
    )
  const creates = () => zoom.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/meetings'))

  it('makes a scheduled meeting for an online booking, at its time and length, and the session joins it', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(30),
      minutes: 45,
    })
    const res = await book(slot.id)
    expect(res.statusCode, res.body).toBe(201)
    const meeting = res.json().data.session.meeting
    expect(meeting.provider).toBe('zoom')
    const made = zoom.meetings.get(Number(meeting.personal_id))
    expect(made).toMatchObject({
      type: 2,
      start_time: slot.start_at.replace(/\.\d{3}Z$/, 'Z'),
      duration: 45,
      timezone: 'Asia/Riyadh',
    })
    expect(made?.password).toBe(meeting.meeting_password)
    // An office booking asks Zoom for nothing.
    zoom.requests.length = 0
    const office = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(33),
      availability: 1,
      officeId: cat.officeId,
    })
    expect((await book(office.id, 1)).statusCode).toBe(201)
    expect(zoom.requests).toEqual([])
  })

  it('makes an advisor’s meeting when the request is accepted, not when it is sent', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: advisor.contributorId!,
      start: hoursFromNow(40),
    })
    const res = await book(slot.id)
    expect(res.statusCode).toBe(201)
    expect(creates()).toEqual([])
    const id = res.json().data.request.id
    const answer = await ctx.post(`/api/schedule/requests/advisor-session/${id}`, advisor.token, {
      is_accepted: true,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(creates()).toHaveLength(1)
    const row = await readSession(ctx.store.db, id)
    expect(zoom.meetings.has(Number(row.meeting_number))).toBe(true)
    expect(row.meeting_provider).toBe('zoom')
  })

  it('books nothing when Zoom fails, says so in both languages, and deletes a meeting a refused booking made', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(50),
    })
    zoom.failNext(/meetings$/, 500, {}, { code: 500, message: 'Internal error.' })
    const refused = await book(slot.id)
    expect(refused.statusCode).toBe(503)
    expect(refused.json().error.code).toBe('meeting_service_unavailable')
    expect(refused.json().error.message).toMatch(/[\u0600-\u06ff]/)
    zoom.failNext(/meetings$/, 500, {}, { code: 500, message: 'Internal error.' })
    expect((await book(slot.id, 0, 'en')).json().error.message).toMatch(/unavailable/i)
    expect(await sessionsOf(ctx.store.db, slot.id)).toEqual([])
    // The slot is then booked; a second booking of it is refused, and the meeting made for it is deleted.
    expect((await book(slot.id)).statusCode).toBe(201)
    const before = zoom.meetings.size
    expect((await book(slot.id)).statusCode).toBe(409)
    expect(zoom.meetings.size).toBe(before)
    expect(zoom.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1)
  })

  it('refuses a booking when Zoom goes silent, within OUTBOUND_TIMEOUT_MS, holding neither slot nor host', {
    timeout: 30_000,
  }, async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(52),
    })
    zoom.hangNext(/meetings$/)
    const started = performance.now()
    const refused = await book(slot.id, 0, 'en')
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(refused.statusCode, refused.body).toBe(503)
    expect(refused.json().error).toMatchObject({
      code: 'meeting_service_unavailable',
      message: expect.stringMatching(/unavailable/i),
    })
    expect(await sessionsOf(ctx.store.db, slot.id)).toEqual([])
    // The slot is free and its host too: booked at once, with a meeting of the host the silent call had.
    const again = await book(slot.id)
    expect(again.statusCode, again.body).toBe(201)
    const made = zoom.meetings.get(Number(again.json().data.session.meeting.personal_id))
    expect(made?.user).toBe(creates().at(0)?.path.split('/')[3])
  })

  it('deletes a cancelled session’s meeting', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(60),
    })
    const session = (await book(slot.id)).json().data.session
    const number = Number(session.meeting.personal_id)
    expect(zoom.meetings.has(number)).toBe(true)
    const reason = await ctx.store.db.selectFrom('cancel_reasons').select('id').executeTakeFirst()
    const reasonId =
      reason?.id ??
      (
        await ctx.store.db
          .insertInto('cancel_reasons')
          .values({ label_ar: 'ظرف طارئ', label_en: 'Emergency', requires_details: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const cancel = await ctx.post(
      `/api/schedule/cancel/session/${session.id}/contributor`,
      consultant.token,
      { cancel_reason_id: reasonId },
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(zoom.meetings.has(number)).toBe(false)
  })

  it('makes an instant meeting for an instant session', async () => {
    await ctx.store.db
      .updateTable('contributors')
      .set({ available_for_instant: 1 })
      .where('id', '=', consultant.contributorId!)
      .execute()
    const res = await ctx.call({
      method: 'POST',
      url: `/api/schedule/instant/contributor/${consultant.contributorId}`,
      token: owner.token,
    })
    expect(res.statusCode, res.body).toBe(201)
    const made = zoom.meetings.get(Number(res.json().data.meeting.personal_id))
    expect(made).toMatchObject({ type: 1, start_time: null })
  })
})

eachDatabase('Zoom hosts: one meeting at a time per host', (dialect) => {
  const zoom = useZoomStandIn()
  const pool = ['host-a@mashura.test', 'host-b@mashura.test']
  const ctx = useTestContext(dialect, () => ({
    ...zoomTestConfig(zoom, pool),
    booking: { maxUpcomingPerExpert: 1000, maxUpcoming: 1000 },
  }))
  const { cat, consultant, owner } = useBookingCast(ctx)

  /** Another consultant covering the catalogue's subject. */
  const anotherConsultant = (name: string) =>
    ctx.person({ name, contributor: { kind: 'consultant', subjects: [cat.subjectId] } })

  /** Books a slot online, for a new business owner each time (one owner's sessions never overlap). */
  const book = async (slotId: number, lang?: 'en') =>
    ctx.post(
      `/api/schedule/v3/schedules/${slotId}/sessions/dashboard`,
      (await ctx.person()).token,
      { communication_way: 0, subject_id: cat.subjectId },
      lang,
    )

  /** A slot of an expert at `hours` from now (an hour long unless said). */
  const slotOf = (contributorId: number, hours: number, minutes = 60) =>
    insertSlot(ctx.store.db, { contributorId, start: hoursFromNow(hours), minutes })

  it('gives two experts’ sessions at the same hour two hosts, and refuses a third (503, nothing booked)', async () => {
    const second = await anotherConsultant('ريم الحربي')
    const third = await anotherConsultant('فهد الدوسري')
    const first = await book((await slotOf(consultant.contributorId!, 100)).id)
    expect(first.statusCode, first.body).toBe(201)
    // Half an hour later, still overlapping the first.
    const other = await book((await slotOf(second.contributorId!, 100.5)).id)
    expect(other.statusCode, other.body).toBe(201)
    const hostOf = (res: typeof first) =>
      zoom.meetings.get(Number(res.json().data.session.meeting.personal_id))?.user
    expect(hostOf(first)).toBe('host-a@mashura.test')
    expect(hostOf(other)).toBe('host-b@mashura.test')
    const rows = await ctx.store.db
      .selectFrom('sessions')
      .select(['id', 'zoom_host'])
      .where('id', 'in', [first.json().data.session.id, other.json().data.session.id])
      .orderBy('id')
      .execute()
    expect(rows.map((r) => r.zoom_host)).toEqual(['host-a@mashura.test', 'host-b@mashura.test'])

    const made = zoom.meetings.size
    const slot = await slotOf(third.contributorId!, 100.25, 30)
    const refused = await book(slot.id)
    expect(refused.statusCode).toBe(503)
    expect(refused.json().error.code).toBe('zoom_hosts_busy')
    expect(refused.json().error.message).toMatch(/[\u0600-\u06ff]/)
    expect((await book(slot.id, 'en')).json().error.message).toMatch(/Zoom/)
    expect(zoom.meetings.size).toBe(made)
    expect(await sessionsOf(ctx.store.db, slot.id)).toEqual([])

    // Right after the first session ends its host is free again.
    const later = await book((await slotOf(third.contributorId!, 101)).id)
    expect(later.statusCode, later.body).toBe(201)
    expect(hostOf(later)).toBe('host-a@mashura.test')
  })

  it('frees a cancelled session’s host', async () => {
    const second = await anotherConsultant('هند السبيعي')
    const first = await book((await slotOf(consultant.contributorId!, 120)).id)
    await book((await slotOf(second.contributorId!, 120)).id)
    const third = await anotherConsultant('ماجد الغامدي')
    const slot = await slotOf(third.contributorId!, 120)
    expect((await book(slot.id)).statusCode).toBe(503)
    const { reasonId } = await addCancelReasons(ctx.store.db)
    const cancel = await ctx.post(
      `/api/schedule/cancel/session/${first.json().data.session.id}/contributor`,
      consultant.token,
      { cancel_reason_id: reasonId },
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await book(slot.id)).statusCode).toBe(201)
  })

  it('passes over a host Zoom finds busy (a meeting made elsewhere) for the next one', async () => {
    const api = new ZoomApi(ctx.config.zoomApi!)
    const start = hoursFromNow(140)
    await api.createMeeting({
      topic: 'Elsewhere',
      start,
      durationMinutes: 60,
      password: 'abc12345',
      host: pool[0],
    })
    // The stand-in refuses a second meeting of that host at that time, as Zoom does.
    await expect(
      api.createMeeting({ topic: 'Twice', start, durationMinutes: 30, password: 'abc12345', host: pool[0] }),
    ).rejects.toMatchObject({ status: 400, code: ZOOM_HOST_BUSY_CODE })
    const res = await book((await slotOf(consultant.contributorId!, 140)).id)
    expect(res.statusCode, res.body).toBe(201)
    expect(zoom.meetings.get(Number(res.json().data.session.meeting.personal_id))?.user).toBe(pool[1])
  })

  it('makes the meeting under the expert’s own Zoom user, even when the pool is busy', async () => {
    const own = await anotherConsultant('ليلى الزهراني')
    await ctx.store.db
      .updateTable('contributors')
      .set({ zoom_user: 'layla@agency.sa' })
      .where('id', '=', own.contributorId!)
      .execute()
    const slot = await slotOf(own.contributorId!, 160)
    // Both pool hosts are taken at that hour.
    for (const name of ['عمر', 'سلمان']) {
      const busy = await anotherConsultant(name)
      expect((await book((await slotOf(busy.contributorId!, 160)).id)).statusCode).toBe(201)
    }
    const plan = {
      start: new Date(slot.start_at),
      end: new Date(slot.end_at),
      contributorId: own.contributorId!,
    }
    const session = await withZoomMeeting(ctx.app, plan, (meeting) =>
      insertSession(ctx.store.db, slot, owner.personId, {
        meeting_provider: 'zoom',
        meeting_number: meeting!.number,
        meeting_password: meeting!.password,
      }),
    )
    expect(zoom.meetings.get(Number(session.meeting_number))?.user).toBe('layla@agency.sa')
    expect((await readSession(ctx.store.db, session.id)).zoom_host).toBe('layla@agency.sa')
    // Without the expert, the pool is exhausted: refused before anything is written.
    let wrote = false
    await expect(
      withZoomMeeting(ctx.app, { start: plan.start, end: plan.end }, async () => {
        wrote = true
      }),
    ).rejects.toMatchObject({ kind: 'unavailable', code: 'zoom_hosts_busy' })
    expect(wrote).toBe(false)
  })

  it('never gives one host to two bookings made at the same moment', async () => {
    const experts = await Promise.all(['أ', 'ب', 'ج'].map((n) => anotherConsultant(`خبير ${n}`)))
    const slots = await Promise.all(experts.map((e) => slotOf(e.contributorId!, 180)))
    const answers = await Promise.all(slots.map((s) => book(s.id)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 503])
    const hosts = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => zoom.meetings.get(Number(a.json().data.session.meeting.personal_id))?.user)
    expect(new Set(hosts).size).toBe(2)
  })
})

describe('the host pool', () => {
  it('is ZOOM_HOST_POOL when set, else ZOOM_HOST_USER alone', () => {
    expect(zoomHostPool({ hostUser: 'me' })).toEqual(['me'])
    expect(zoomHostPool({ hostUser: 'me', hostPool: ['a@x.sa', 'b@x.sa'] })).toEqual(['a@x.sa', 'b@x.sa'])
  })
})
