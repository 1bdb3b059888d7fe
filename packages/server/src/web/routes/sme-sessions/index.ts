/**
 * The business owner's sessions and booking (spec section 7: five calls), joining an expert who is
 * available now (an instant session, issue 7; a reference-server extension), and cancelling or moving her own
 * upcoming session until its cut-off (issue 34).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { formatDateWithHijri, formatTime } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { releaseZoomMeeting, withZoomMeeting } from '../../../adapters/zoom/meetings.ts'
import { answerPage } from '../../../db/paging.ts'
import { PAST_STATES, UPCOMING_STATES } from '../../../db/queries/session-filters.ts'
import { participantSessionRow, smeSessionRows } from '../../../db/queries/sessions.ts'
import { slotTimesAndKind } from '../../../db/queries/slots.ts'
import type { Row } from '../../../db/tables.ts'
import { bookSlot } from '../../../domain/booking.ts'
import { runFollowUps } from '../../../domain/follow-ups.ts'
import { INSTANT_SESSION_MINUTES, startInstantSession } from '../../../domain/instant.ts'
import { expireAndAnnounce } from '../../../domain/lifecycle.ts'
import { cancelMySession, rescheduleMySession } from '../../../domain/owner-changes.ts'
import { requestsOut, requestsPage, sessionsOut } from '../../../wire/sessions.ts'
import { notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { callRoutes, rateLimited } from '../call-route.ts'
import { viewerOptions } from '../viewer.ts'

const route = callRoutes({ tags: ['sme-sessions'], access: 'signedIn' })

export async function smeSessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const deps = app.followUps

  const options = (request: FastifyRequest) => viewerOptions(request, app.config.publicUrl)

  /** A page of the caller's sessions in some states, ordered by start. */
  async function sessionPage(
    request: FastifyRequest,
    query: { page?: number; per_page?: number },
    states: readonly Row<'sessions'>['state'][],
    direction: 'asc' | 'desc',
  ) {
    const auth = requireAuth(request)
    const base = smeSessionRows(db, auth.personId, states)
    return answerPage(base, query, { orderBy: 'start_at', direction }, (rows) =>
      sessionsOut(db, rows, options(request)),
    )
  }

  app.route({
    ...route(calls.getSmeSessions, {
      summary: "The signed-in business owner's upcoming sessions (booked or ongoing), earliest first.",
    }),
    handler: async (request) => sessionPage(request, request.query, UPCOMING_STATES, 'asc'),
  })

  app.route({
    ...route(calls.getSmeSessionHistory, {
      summary: "The signed-in business owner's past sessions (ended, cancelled, absent), newest first.",
    }),
    handler: async (request) => sessionPage(request, request.query, PAST_STATES, 'desc'),
  })

  app.route({
    ...route(calls.getSessionDetails, {
      summary:
        'One session of the signed-in person, as its business owner or its contributor; 404 for anyone else.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const row = await participantSessionRow(db, request.params.id, auth)
      // Someone else's session answers exactly like a missing one, so ids reveal nothing.
      if (!row) throw notFound('errors.sessionNotFound')
      const [session] = await sessionsOut(db, [row], options(request))
      return { data: session! }
    },
  })

  app.route({
    ...route(calls.getSmeSessionRequests, {
      summary: "The signed-in business owner's requests to advisors with their states, newest first.",
      description:
        'Waiting requests whose slot has started are expired before reading, so a request is never listed ' +
        'as waiting after its time.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      // The scheduler may not have run since a request's slot started; its people are told as it expires.
      await expireAndAnnounce(deps, new Date(), { smeId: auth.personId })
      return requestsPage(db, { smeId: auth.personId }, request.query, options(request))
    },
  })

  app.route({
    ...route(calls.startInstantSession, {
      summary: 'Joins an expert who is available now: starts an instant session with the signed-in person.',
      description:
        'A reference-server extension (issue 7). The expert is available now when the admin permits ' +
        'instant sessions (join_now_enabled) and their own toggle (available_for_instant) is on; the ' +
        "public profiles' available_now says so. The session starts at once: ongoing, online " +
        `(communication_way 0, the platform's meeting), ${INSTANT_SESSION_MINUTES} minutes long, ` +
        'is_instant true. The expert is notified (push with session_id) and both sides hear of it on ' +
        'the realtime sessions topic. 404 for an unknown expert; 409 expert_not_available when the ' +
        'expert is not available now, expert_busy when they are in an ongoing session, instant_own ' +
        'for the expert themself, booking_overlaps when its half hour overlaps a session or waiting ' +
        'request of the signed-in person.',
      errors: { 404: ErrorBody, 409: ErrorBody },
    }),
    config: rateLimited(app.config, 'booking'),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      // An instant Zoom meeting, made before the session that names it (deleted if the session is refused).
      const plan = {
        end: new Date(Date.now() + INSTANT_SESSION_MINUTES * 60_000),
        contributorId: request.params.contributorId,
      }
      const row = await withZoomMeeting(app, plan, (meeting) =>
        startInstantSession(db, {
          contributorId: request.params.contributorId,
          smeId: auth.personId,
          meetingProvider: app.zoomApi ? 'zoom' : 'webrtc',
          meeting,
          apiKey: request.apiKey,
        }),
      )
      await runFollowUps(deps, [row.id])
      const [session] = await sessionsOut(db, [row], options(request))
      reply.code(201)
      return { data: session! }
    },
  })

  app.route({
    ...route(calls.bookSlot, {
      summary:
        'Books a slot for the signed-in person as business owner: a session, or with an advisor a waiting request.',
      description:
        'Exactly one of many concurrent bookings of a slot wins; the others get 409 slot_already_booked. ' +
        'The slot must be in the future, offer the chosen communication way (0 online needs availability ' +
        'bit 2, 1 office bit 1), and its contributor must cover the subject (422 otherwise). A contributor ' +
        'cannot book their own slot (422 booking_own_slot). Fair booking: a business owner cannot hold ' +
        'sessions that overlap in time, with any experts, waiting requests included (409 booking_overlaps), ' +
        'nor more than BOOKING_MAX_UPCOMING_PER_EXPERT (3) upcoming sessions and waiting requests with one ' +
        'expert or BOOKING_MAX_UPCOMING (10) in all (409 booking_limit_reached, the message naming the limit); ' +
        'concurrent bookings by one person are decided one after the other. The rate limit counts per person.',
      errors: { 409: ErrorBody, 422: ErrorBody },
    }),
    config: rateLimited(app.config, 'booking'),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const body = request.body
      const description = body.description?.trim() ? body.description : null
      // An online session with an expert who books directly gets its Zoom meeting now (an advisor's request
      // gets one when accepted); nothing is booked when Zoom cannot make it.
      const slot =
        app.zoomApi && body.communication_way === 0
          ? await slotTimesAndKind(db, request.params.id)
          : undefined
      const plan =
        slot && slot.kind !== 'advisor' && Date.parse(slot.start_at) > Date.now()
          ? { start: new Date(slot.start_at), end: new Date(slot.end_at), contributorId: slot.contributor_id }
          : null
      const row = await withZoomMeeting(app, plan, (meeting) =>
        bookSlot(db, {
          slotId: request.params.id,
          smeId: auth.personId,
          bookerContributorId: auth.contributorId,
          communicationWay: body.communication_way,
          subjectId: body.subject_id,
          description,
          meetingProvider: app.zoomApi ? 'zoom' : 'webrtc',
          meeting,
          limits: app.config.booking,
          apiKey: request.apiKey,
        }),
      )
      const t = translatorFor(request)
      const opts = options(request)
      // Tell the contributor (a new booking, or for an advisor a request to answer) before answering.
      await runFollowUps(deps, [row.id])
      reply.code(201)
      if (row.state === 'pending') {
        const [pending] = await requestsOut(db, [row], opts)
        return {
          data: { kind: 'request' as const, request: pending! },
          message: t.t('booking.requestPending'),
        }
      }
      const [session] = await sessionsOut(db, [row], opts)
      return {
        data: { kind: 'session' as const, session: session! },
        message: t.t('booking.successBody', {
          name: session!.contributor.sso_user.full_name,
          date: formatDateWithHijri(row.start_at, request.lang),
          time: formatTime(row.start_at, request.lang),
        }),
      }
    },
  })

  /** The cut-off and caps a business owner's own change is judged by. */
  const changeRules = () => ({
    cutoffHours: app.config.ownerChangeCutoffHours,
    limits: app.config.booking,
  })

  const ownChangeErrors = { 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

  app.route({
    ...route(calls.cancelMySession, {
      summary:
        "Cancels the signed-in business owner's own upcoming session, with a reason, until its cut-off.",
      description:
        'A reference-server extension (issue 34). Only her own booked session that has not started, until ' +
        '`changeable_until` (its start less OWNER_CHANGE_CUTOFF_HOURS, 24 by default): 422 change_closed after ' +
        'it, the message saying when it closed. cancel_reason_id comes from GET /schedule/cancel/reasons (422 ' +
        'for an unknown one); a reason that requires details needs `reason` (422). 404 for a session that is ' +
        'not hers (403 for its expert); 409 session_not_upcoming (cancelled, ended) or session_already_started. ' +
        'The slot is free at once and the fair-booking caps count it no more. Her expert is notified (in the ' +
        "app and by push) and both are mailed, with a calendar file that cancels the booking's event " +
        '(METHOD:CANCEL, the same UID, a higher SEQUENCE).',
      errors: ownChangeErrors,
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const row = await cancelMySession(
        db,
        request.params.id,
        auth,
        { reasonId: request.body.cancel_reason_id, details: request.body.reason ?? null },
        changeRules(),
      )
      // Its Zoom meeting goes with it (no one can join a cancelled session's meeting).
      await releaseZoomMeeting(app, row)
      await runFollowUps(deps, [row.id])
      const [session] = await sessionsOut(db, [row], options(request))
      return { data: session! }
    },
  })

  app.route({
    ...route(calls.rescheduleMySession, {
      summary:
        "Moves the signed-in business owner's own upcoming session to another free slot of the same expert.",
      description:
        "A reference-server extension (issue 34). Until the session's `changeable_until` (422 change_closed " +
        'after it), to a slot of the same expert (422 slot_other_expert, same_slot) that starts after the ' +
        "cut-off too (422 slot_too_soon, slot_in_past) and offers the session's communication way (422). In one " +
        'transaction: the old slot freed, the new one taken; of two bookings or moves of one slot exactly one ' +
        'wins (409 slot_already_booked), and the fair-booking rules hold (409 booking_overlaps, ' +
        'booking_limit_reached). The session keeps its id; a Zoom session gets a new meeting at its new time. ' +
        "Her expert is notified and both are mailed, with a calendar file that moves the booking's event " +
        '(METHOD:REQUEST, the same UID, a higher SEQUENCE). 404 not hers (403 for its expert).',
      errors: ownChangeErrors,
    }),
    config: rateLimited(app.config, 'booking'),
    handler: async (request) => {
      const auth = requireAuth(request)
      const slotId = request.body.schedule_id
      // An online Zoom session gets a meeting at its new time, made before the move (deleted if it is refused).
      const current = app.zoomApi ? await participantSessionRow(db, request.params.id, auth) : undefined
      const slot =
        current?.meeting_provider === 'zoom' &&
        current.communication_way === 0 &&
        current.sme_id === auth.personId &&
        current.state === 'booked'
          ? await slotTimesAndKind(db, slotId)
          : undefined
      const plan =
        slot && slot.contributor_id === current?.contributor_id && Date.parse(slot.start_at) > Date.now()
          ? { start: new Date(slot.start_at), end: new Date(slot.end_at), contributorId: slot.contributor_id }
          : null
      const { row, previous } = await withZoomMeeting(app, plan, (meeting) =>
        rescheduleMySession(db, request.params.id, auth, slotId, { ...changeRules(), meeting }),
      )
      // The meeting at the old time is no one's now.
      if (previous.meeting_number !== row.meeting_number) await releaseZoomMeeting(app, previous)
      await runFollowUps(deps, [row.id])
      const [session] = await sessionsOut(db, [row], options(request))
      return { data: session! }
    },
  })
}
