/**
 * The Zoom meetings of sessions, when Zoom is configured (`app.zoomApi`): made before the session row that
 * names them is written (a booking, an accepted request, an instant session), deleted again when that write
 * fails, and deleted when the session is cancelled. A Zoom that does not answer refuses the booking with 503
 * (nothing is booked), rather than booking a session whose meeting does not exist.
 */
import type { FastifyInstance } from 'fastify'
import type { Row } from '../db/tables.ts'
import { newMeetingCredentials } from '../domain/booking.ts'
import { unavailable } from '../domain/errors.ts'
import type { ZoomMeeting } from './api.ts'

/** What the meeting is for: a session starting at `start` (none: now, an instant meeting) until `end`. */
export interface MeetingPlan {
  start?: Date
  end: Date
}

const TOPIC = 'جلسة مشورة | Mashura session'

/** Zoom did not make the meeting: the booking is refused, and may be tried again. */
const zoomUnavailable = () => unavailable('meeting_service_unavailable', 'errors.serviceUnavailable')

/**
 * Runs `write` with a new Zoom meeting for `plan` (null when Zoom is not configured or `plan` is null), and
 * deletes the meeting when `write` throws.
 */
export async function withZoomMeeting<T>(
  app: FastifyInstance,
  plan: MeetingPlan | null,
  write: (meeting: ZoomMeeting | null) => Promise<T>,
): Promise<T> {
  const zoom = app.zoomApi
  if (!zoom || !plan) return write(null)
  let meeting: ZoomMeeting
  try {
    const minutes = Math.max(
      1,
      Math.round((plan.end.getTime() - (plan.start ?? new Date()).getTime()) / 60_000),
    )
    meeting = await zoom.createMeeting({
      topic: TOPIC,
      ...(plan.start ? { start: plan.start } : {}),
      durationMinutes: minutes,
      // Zoom's passcodes: at most 10 letters and digits; the platform's 8 do.
      password: newMeetingCredentials().password,
    })
  } catch (error) {
    app.log.error({ err: error }, 'Zoom did not create a meeting')
    throw zoomUnavailable()
  }
  try {
    return await write(meeting)
  } catch (error) {
    await zoom.deleteMeeting(meeting.number).catch((cause: unknown) => {
      app.log.error({ err: cause, meeting: meeting.number }, 'Zoom meeting of a failed booking not deleted')
    })
    throw error
  }
}

/** Deletes a cancelled session's Zoom meeting; a failure is logged, the cancellation stands. */
export async function releaseZoomMeeting(app: FastifyInstance, row: Row<'sessions'>): Promise<void> {
  if (!app.zoomApi || row.meeting_provider !== 'zoom' || !row.meeting_number) return
  await app.zoomApi.deleteMeeting(row.meeting_number).catch((error: unknown) => {
    app.log.error(
      { err: error, meeting: row.meeting_number },
      'Zoom meeting of a cancelled session not deleted',
    )
  })
}

/** The host's ZAK for starting a meeting; 503 when Zoom does not give it. */
export async function hostZak(app: FastifyInstance): Promise<string | null> {
  if (!app.zoomApi) return null
  try {
    return await app.zoomApi.hostZak()
  } catch (error) {
    app.log.error({ err: error }, 'Zoom gave no ZAK')
    throw zoomUnavailable()
  }
}
