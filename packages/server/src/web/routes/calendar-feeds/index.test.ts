/**
 * Private calendar feeds (issue 36), through the API on both databases: a person makes an address, a calendar
 * app reads it with no key and no bearer, and sees the booked session with the UID its mails use; the
 * cancelled session as `STATUS:CANCELLED`; the ETag and 304; a revoked or replaced address is 404; one
 * person's address never shows another's sessions; the table keeps only the token's hash.
 */
import ICAL from 'ical.js'
import { beforeAll, expect, it } from 'vitest'
import { feedTokenHash } from '../../../domain/calendar-feeds.ts'
import { eachDatabase, jsonOf, type TestPerson, useTestContext } from '../../../test-support/context.ts'
import { addCancelReasons, addSession, hoursFromNow, insertSlot } from '../../../test-support/fixtures.ts'
import { useBookingCast } from '../../../test-support/suite-fixtures.ts'

/** The VEVENTs of a feed, as ical.js reads them. */
function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body))
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue('uid')),
    status: String(vevent.getFirstPropertyValue('status')),
    summary: String(vevent.getFirstPropertyValue('summary')),
  }))
}

eachDatabase('calendar feeds', (dialect) => {
  const ctx = useTestContext(dialect, {
    rateLimit: { signIn: 50, booking: 1000, windowMs: 60_000 },
  })
  const { cat, owner } = useBookingCast(ctx, { ownerEmail: 'sara@example.sa' })
  let expert: TestPerson
  let other: TestPerson
  let reasons: { reasonId: number }
  beforeAll(async () => {
    expert = await ctx.person({
      name: 'نورة القحطاني',
      contributor: { kind: 'consultant', subjects: [cat.subjectId] },
    })
    other = await ctx.person({ name: 'لمى العتيبي', email: 'lama@example.sa' })
    reasons = await addCancelReasons(ctx.store.db)
  })
  const host = () => new URL(ctx.config.publicUrl).host
  const feedPath = (httpsUrl: string) => httpsUrl.replace(ctx.config.publicUrl, '')
  /** Reads a feed as a calendar app does: no API key, no bearer token. */
  const read = (path: string, headers: Record<string, string> = {}) =>
    ctx.call({ method: 'GET', url: path, apiKey: null, token: null, headers })
  const create = async (who: TestPerson, role: 'sme' | 'contributor') =>
    (await jsonOf(ctx.post('/api/profile/calendar-feeds', who.token, { role }))).data as {
      httpsUrl: string
      webcalUrl: string
    }

  let sessionId = 0
  let ownerFeed = ''

  it('lists the booked session, with the UID of its mails, in the owner’s and the expert’s feeds', async () => {
    const slot = await insertSlot(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(48),
    })
    const booked = await jsonOf(
      ctx.post(`/api/schedule/v3/schedules/${slot.id}/sessions/dashboard`, owner.token, {
        communication_way: 0,
        subject_id: cat.subjectId,
      }),
      201,
    )
    sessionId = booked.data.session.id
    const made = await create(owner, 'sme')
    expect(made.httpsUrl).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(made.webcalUrl).toBe(made.httpsUrl.replace(/^https?:\/\//, 'webcal://'))
    ownerFeed = feedPath(made.httpsUrl)

    const response = await read(ownerFeed)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers['cache-control']).toBe('private, max-age=300')
    const events = eventsOf(response.body)
    expect(events).toEqual([
      expect.objectContaining({ uid: `session-${sessionId}@${host()}`, status: 'CONFIRMED' }),
    ])
    expect(events[0]!.summary).toContain('جلسة مشورة مع')
    expect(events[0]!.summary).toContain('Mashura session with')
    // No address of the other party.
    expect(response.body).not.toContain('@example.sa')
    expect(response.body).not.toContain('mailto:')

    // The confirmation mail's file has the same UID.
    const mails = await ctx.store.db
      .selectFrom('outbox')
      .select('attachments')
      .where('attachments', 'is not', null)
      .execute()
    const withUid = mails.filter((mail) =>
      (mail.attachments ?? '').includes(`session-${sessionId}@${host()}`),
    )
    if (mails.length > 0) expect(withUid.length).toBeGreaterThan(0)

    const expertFeed = feedPath((await create(expert, 'contributor')).httpsUrl)
    expect(eventsOf((await read(expertFeed)).body).map((e) => e.uid)).toEqual([
      `session-${sessionId}@${host()}`,
    ])
  })

  it('answers 304 to the ETag it gave', async () => {
    const first = await read(ownerFeed)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    const again = await read(ownerFeed, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect((await read(ownerFeed, { 'if-none-match': '"other"' })).statusCode).toBe(200)
  })

  it('shows the session cancelled once it is cancelled', async () => {
    const etag = String((await read(ownerFeed)).headers.etag)
    await jsonOf(
      ctx.post(`/api/schedule/sme/sessions/${sessionId}/cancel`, owner.token, {
        cancel_reason_id: reasons.reasonId,
      }),
    )
    const response = await read(ownerFeed, { 'if-none-match': etag })
    expect(response.statusCode).toBe(200)
    expect(eventsOf(response.body)).toEqual([
      expect.objectContaining({ uid: `session-${sessionId}@${host()}`, status: 'CANCELLED' }),
    ])
    expect(response.body.replace(/\r\n /g, '')).toMatch(/SEQUENCE:[1-9]/)
  })

  it('never shows another person’s sessions', async () => {
    await addSession(ctx.store.db, {
      contributorId: expert.contributorId!,
      start: hoursFromNow(72),
      smeId: other.personId,
    })
    const otherFeed = feedPath((await create(other, 'sme')).httpsUrl)
    const theirs = eventsOf((await read(otherFeed)).body)
    expect(theirs).toHaveLength(1)
    expect(theirs[0]!.uid).not.toBe(`session-${sessionId}@${host()}`)
    expect(eventsOf((await read(ownerFeed)).body).map((e) => e.uid)).toEqual([
      `session-${sessionId}@${host()}`,
    ])
    // A business owner has no expert feed.
    expect(
      (await ctx.post('/api/profile/calendar-feeds', other.token, { role: 'contributor' })).statusCode,
    ).toBe(400)
  })

  it('keeps only the token’s SHA-256, and lists the feed without its address', async () => {
    const made = await create(owner, 'sme')
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(made.httpsUrl)![1]!
    const rows = await ctx.store.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('person_id', '=', owner.personId)
      .execute()
    expect(rows.some((row) => row.token_hash === feedTokenHash(token))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(token)
    const list = await jsonOf(ctx.get('/api/profile/calendar-feeds', owner.token))
    expect(list.data.feeds).toEqual([{ role: 'sme', createdAt: expect.any(String) }])
    expect(list.data.roles).toEqual(['sme'])
    expect(JSON.stringify(list)).not.toContain(token)
    // Making it again revoked the earlier address.
    expect((await read(ownerFeed)).statusCode).toBe(404)
    ownerFeed = feedPath(made.httpsUrl)
    expect((await read(ownerFeed)).statusCode).toBe(200)
  })

  it('answers 404 once revoked, for unknown tokens, and for an erased person', async () => {
    const left = await jsonOf(
      ctx.call({ method: 'DELETE', url: '/api/profile/calendar-feeds/sme', token: owner.token }),
    )
    expect(left.data.feeds).toEqual([])
    expect((await read(ownerFeed)).statusCode).toBe(404)
    expect((await read(`/api/calendar-feeds/${'A'.repeat(43)}.ics`)).statusCode).toBe(404)
    expect((await read('/api/calendar-feeds/short.ics')).statusCode).toBe(404)
    const otherFeed = feedPath((await create(other, 'sme')).httpsUrl)
    expect((await read(otherFeed)).statusCode).toBe(200)
    await ctx.store.db
      .updateTable('people')
      .set({ erased_at: new Date().toISOString() })
      .where('id', '=', other.personId)
      .execute()
    expect((await read(otherFeed)).statusCode).toBe(404)
    // Signed out, the person's own calls are 401.
    expect((await ctx.get('/api/profile/calendar-feeds', null)).statusCode).toBe(401)
  })
})
