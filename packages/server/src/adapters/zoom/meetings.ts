/**
 * The Zoom meetings of sessions, when Zoom is configured (`app.zoomApi`): made before the session row that
 * names them is written (a booking, an accepted request, an instant session), deleted again when that write
 * fails, and deleted when the session is cancelled. A Zoom that does not answer refuses the booking with 503
 * (nothing is booked), rather than booking a session whose meeting does not exist.
 */
import type { FastifyInstance } from 'fastify'
import { recordSessionZoomHost } from '../../db/queries/zoom-hosts.ts'
import type { Row } from '../../db/tables.ts'
import { newMeetingCredentials } from '../../domain/booking.ts'
import { DomainError, unavailable } from '../../domain/errors.ts'
import { ZOOM_HOST_BUSY_CODE, ZoomApiError, type ZoomMeeting } from './api.ts'
import { claimZoomHost, type HostClaim, zoomHostsBusy } from './hosts.ts'

/**
 * What the meeting is for: a session starting at `start` (none: now, an instant meeting) until `end`, with
 * the expert (`contributorId`): their own Zoom user hosts it when they have one, else a free host of the pool.
 */
export interface MeetingPlan {
  start?: Date
  end: Date
  contributorId?: number
}

/** A meeting Zoom made, with the Zoom user it was made under. */
export type HostedZoomMeeting = ZoomMeeting & { host: string }

const TOPIC = 'جلسة مشورة | Mashura session'

/** Zoom did not make the meeting: the booking is refused, and may be tried again. */
const zoomUnavailable = () => unavailable('meeting_service_unavailable', 'errors.serviceUnavailable')

/**
 * Runs `write` with a new Zoom meeting for `plan` (null when Zoom is not configured or `plan` is null), and
 * deletes the meeting when `write` throws. The meeting's host is the expert's own Zoom user or a free host of
 * the pool (`adapters/zoom/hosts.ts`); a host Zoom finds busy is passed over for the next; none free is 503
 * `zoom_hosts_busy` before anything is written. Once `write` succeeded, the session is marked with its host
 * (`sessions.zoom_host`, found by the meeting's number).
 */
export async function withZoomMeeting<T>(
  app: FastifyInstance,
  plan: MeetingPlan | null,
  write: (meeting: HostedZoomMeeting | null) => Promise<T>,
): Promise<T> {
  const zoom = app.zoomApi
  if (!zoom || !plan) return write(null)
  const { db } = app.store
  const start = plan.start ?? new Date()
  const minutes = Math.max(1, Math.round((plan.end.getTime() - start.getTime()) / 60_000))
  const skip = new Set<string>()
  let claim: HostClaim
  let meeting: HostedZoomMeeting
  for (;;) {
    claim = await claimZoomHost(db, app.config.zoomApi!, {
      contributorId: plan.contributorId,
      start,
      end: plan.end,
      skip,
    })
    try {
      const made = await zoom.createMeeting({
        topic: TOPIC,
        ...(plan.start ? { start: plan.start } : {}),
        durationMinutes: minutes,
        // Zoom's passcodes: at most 10 letters and digits; the platform's 8 do.
        password: newMeetingCredentials().password,
        host: claim.host,
      })
      meeting = { ...made, host: claim.host }
      break
    } catch (error) {
      claim.release()
      if (error instanceof ZoomApiError && error.code === ZOOM_HOST_BUSY_CODE) {
        app.log.warn({ host: claim.host }, 'Zoom host busy at that time; trying another')
        if (claim.own) throw zoomHostsBusy()
        skip.add(claim.host)
        continue
      }
      if (error instanceof DomainError) throw error
      app.log.error({ err: error }, 'Zoom did not create a meeting')
      throw zoomUnavailable()
    }
  }
  try {
    const result = await write(meeting)
    await recordSessionZoomHost(db, meeting.number, meeting.host).catch((error: unknown) => {
      app.log.error({ err: error, meeting: meeting.number }, 'Zoom host of a session not recorded')
    })
    return result
  } catch (error) {
    await zoom.deleteMeeting(meeting.number).catch((cause: unknown) => {
      app.log.error({ err: cause, meeting: meeting.number }, 'Zoom meeting of a failed booking not deleted')
    })
    throw error
  } finally {
    claim.release()
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

/**
 * The ZAK of a meeting's host (`sessions.zoom_host`; none: `ZOOM_HOST_USER`, as before hosts were recorded)
 * for starting it; 503 when Zoom does not give it.
 */
export async function hostZak(app: FastifyInstance, host?: string | null): Promise<string | null> {
  if (!app.zoomApi) return null
  try {
    return await app.zoomApi.hostZak(host ?? undefined)
  } catch (error) {
    app.log.error({ err: error }, 'Zoom gave no ZAK')
    throw zoomUnavailable()
  }
}
