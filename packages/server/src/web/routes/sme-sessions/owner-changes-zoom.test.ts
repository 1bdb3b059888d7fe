/**
 * A business owner's own change to a Zoom session (issue 34): a move makes the meeting at the new time (under
 * the host-pool rules, as a booking does) and deletes the one at the old time; a cancellation deletes it.
 */
import { expect, it } from 'vitest'
import { eachDatabase, jsonOf, useTestContext } from '../../../test-support/context.ts'
import { addCancelReasons, hoursFromNow, insertSlot, readSession } from '../../../test-support/fixtures.ts'
import { useBookingCast, useZoomStandIn } from '../../../test-support/suite-fixtures.ts'
import { zoomTestConfig } from '../../../test-support/zoom-stand-in.ts'

eachDatabase('a business owner’s change to a Zoom session', (dialect) => {
  const zoom = useZoomStandIn()
  const ctx = useTestContext(dialect, () => zoomTestConfig(zoom))
  const { cat, consultant, owner } = useBookingCast(ctx)

  it('moves the meeting with the session, and deletes it with a cancellation', async () => {
    const db = ctx.store.db
    const first = await insertSlot(db, { contributorId: consultant.contributorId!, start: hoursFromNow(50) })
    const booked = await jsonOf(
      ctx.post(`/api/schedule/v3/schedules/${first.id}/sessions/dashboard`, owner.token, {
        communication_way: 0,
        subject_id: cat.subjectId,
      }),
      201,
    )
    const before = Number(booked.data.session.meeting.personal_id)
    expect(zoom.meetings.has(before)).toBe(true)

    const next = await insertSlot(db, {
      contributorId: consultant.contributorId!,
      start: hoursFromNow(80),
      minutes: 30,
    })
    const moved = await jsonOf(
      ctx.post(`/api/schedule/sme/sessions/${booked.data.session.id}/reschedule`, owner.token, {
        schedule_id: next.id,
      }),
    )
    const after = Number(moved.data.meeting.personal_id)
    expect(after).not.toBe(before)
    expect(zoom.meetings.has(before)).toBe(false)
    expect(zoom.meetings.get(after)).toMatchObject({
      start_time: next.start_at.replace(/\.\d{3}Z$/, 'Z'),
      duration: 30,
    })
    const row = await readSession(db, booked.data.session.id)
    expect(row.meeting_number).toBe(String(after))
    expect(row.zoom_host).not.toBeNull()

    const { reasonId } = await addCancelReasons(db)
    await jsonOf(
      ctx.post(`/api/schedule/sme/sessions/${row.id}/cancel`, owner.token, { cancel_reason_id: reasonId }),
    )
    expect(zoom.meetings.has(after)).toBe(false)
  }, 30_000)
})
