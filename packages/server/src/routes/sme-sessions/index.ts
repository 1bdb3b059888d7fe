/**
 * The business owner's sessions and booking (spec section 7: five calls), and joining an expert who is
 * available now (an instant session, issue 7; a reference-server extension).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { formatDateWithHijri, formatTime } from '@mashura/core'
import {
  BookingBodySchema,
  BookingResultSchema,
  InstantSessionParamsSchema,
  PageQuerySchema,
  RequestListQuerySchema,
  SessionRequestSchema,
  SessionSchema,
} from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pageRows } from '../../db/paging.ts'
import type { Row } from '../../db/tables.ts'
import { bookSlot } from '../../domain/booking.ts'
import { INSTANT_SESSION_MINUTES, startInstantSession } from '../../domain/instant.ts'
import { announce, expireRequests, namesOf } from '../../domain/lifecycle.ts'
import {
  PAST_STATES,
  participantOf,
  requestRowsOnly,
  sessionRowsOnly,
  UPCOMING_STATES,
} from '../../domain/session-filters.ts'
import { notFound } from '../../http/errors.ts'
import {
  commonErrors,
  DEFAULT_PER_PAGE,
  Envelope,
  ErrorBody,
  IdParams,
  Paged,
  pageMeta,
} from '../../http/schema.ts'
import { mustBeSignedIn, requireAuth } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { withZoomMeeting } from '../../zoom/meetings.ts'
import { requestsOut, type SerializeOptions, sessionsOut } from '../serialize/sessions.ts'

const signedIn = [{ apiKey: [], bearer: [] }]

export async function smeSessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  function options(request: FastifyRequest): SerializeOptions {
    const auth = requireAuth(request)
    return {
      lang: request.lang,
      publicUrl: app.config.publicUrl,
      viewer: { personId: auth.personId, contributorId: auth.contributorId },
    }
  }

  /** A page of the caller's sessions in some states, ordered by start. */
  async function sessionPage(
    request: FastifyRequest,
    query: { page?: number; per_page?: number },
    states: readonly Row<'sessions'>['state'][],
    direction: 'asc' | 'desc',
  ) {
    const auth = requireAuth(request)
    const page = query.page ?? 1
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const base = db
      .selectFrom('sessions')
      .where('sme_id', '=', auth.personId)
      .where('state', 'in', states)
      .where(sessionRowsOnly)
    const { rows, total } = await pageRows(base, { page, perPage, orderBy: 'start_at', direction })
    return { data: await sessionsOut(db, rows, options(request)), meta: pageMeta(page, perPage, total) }
  }

  app.get(
    '/schedule/sme/sessions',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['sme-sessions'],
        summary: "The signed-in business owner's upcoming sessions (booked or ongoing), earliest first.",
        security: signedIn,
        querystring: PageQuerySchema,
        response: { 200: Paged(SessionSchema), ...commonErrors },
      },
    },
    async (request) => sessionPage(request, request.query, UPCOMING_STATES, 'asc'),
  )

  app.get(
    '/schedule/sme/sessions/history',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['sme-sessions'],
        summary: "The signed-in business owner's past sessions (ended, cancelled, absent), newest first.",
        security: signedIn,
        querystring: PageQuerySchema,
        response: { 200: Paged(SessionSchema), ...commonErrors },
      },
    },
    async (request) => sessionPage(request, request.query, PAST_STATES, 'desc'),
  )

  app.get(
    '/schedule/sessions/:id/details',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['sme-sessions'],
        summary:
          'One session of the signed-in person, as its business owner or its contributor; 404 for anyone else.',
        security: signedIn,
        params: IdParams,
        response: { 200: Envelope(SessionSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', request.params.id)
        .where(sessionRowsOnly)
        .where(participantOf(auth))
        .executeTakeFirst()
      // Someone else's session answers exactly like a missing one, so ids reveal nothing.
      if (!row) throw notFound('errors.sessionNotFound')
      const [session] = await sessionsOut(db, [row], options(request))
      return { data: session! }
    },
  )

  app.get(
    '/schedule/requests/sme-session',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['sme-sessions'],
        summary: "The signed-in business owner's requests to advisors with their states, newest first.",
        description:
          'Waiting requests whose slot has started are expired before reading, so a request is never listed ' +
          'as waiting after its time.',
        security: signedIn,
        querystring: RequestListQuerySchema,
        response: { 200: Paged(SessionRequestSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      // The scheduler may not have run since a request's slot started; its people are told as it expires.
      for (const row of await expireRequests(db, new Date(), { smeId: auth.personId }))
        await announce({ db, bus: app.bus, push: app.push }, row)
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      const state = request.query.state
      let base = db.selectFrom('sessions').where('sme_id', '=', auth.personId).where(requestRowsOnly)
      if (state) base = base.where('request_state', '=', state)
      const { rows, total } = await pageRows(base, {
        page,
        perPage,
        orderBy: 'created_at',
        direction: 'desc',
      })
      return { data: await requestsOut(db, rows, options(request)), meta: pageMeta(page, perPage, total) }
    },
  )

  app.post(
    '/schedule/instant/contributor/:contributorId',
    {
      config: { rateLimit: { max: app.config.rateLimit.booking, timeWindow: app.config.rateLimit.windowMs } },
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['sme-sessions'],
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
        security: signedIn,
        params: InstantSessionParamsSchema,
        response: { 201: Envelope(SessionSchema), ...commonErrors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      // An instant Zoom meeting, made before the session that names it (deleted if the session is refused).
      const plan = { end: new Date(Date.now() + INSTANT_SESSION_MINUTES * 60_000) }
      const row = await withZoomMeeting(app, plan, (meeting) =>
        startInstantSession(db, {
          contributorId: request.params.contributorId,
          smeId: auth.personId,
          meetingProvider: app.zoomApi ? 'zoom' : 'webrtc',
          meeting,
        }),
      )
      const names = await namesOf(db, row)
      await announce({ db, bus: app.bus, push: app.push }, row, {
        to: 'contributor',
        kind: 'instant_session',
        title: 'notify.instant.title',
        body: 'notify.instant.body',
        values: { name: names.sme },
      })
      const [session] = await sessionsOut(db, [row], options(request))
      reply.code(201)
      return { data: session! }
    },
  )

  app.post(
    '/schedule/v3/schedules/:id/sessions/dashboard',
    {
      config: { rateLimit: { max: app.config.rateLimit.booking, timeWindow: app.config.rateLimit.windowMs } },
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['sme-sessions'],
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
        security: signedIn,
        params: IdParams,
        body: BookingBodySchema,
        response: {
          201: Envelope(BookingResultSchema),
          ...commonErrors,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request)
      const body = request.body
      const description = body.description?.trim() ? body.description : null
      // An online session with an expert who books directly gets its Zoom meeting now (an advisor's request
      // gets one when accepted); nothing is booked when Zoom cannot make it.
      const slot =
        app.zoomApi && body.communication_way === 0
          ? await db
              .selectFrom('slots')
              .innerJoin('contributors', 'contributors.id', 'slots.contributor_id')
              .select(['slots.start_at', 'slots.end_at', 'contributors.kind'])
              .where('slots.id', '=', request.params.id)
              .executeTakeFirst()
          : undefined
      const plan =
        slot && slot.kind !== 'advisor' && Date.parse(slot.start_at) > Date.now()
          ? { start: new Date(slot.start_at), end: new Date(slot.end_at) }
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
          mail: { publicUrl: app.config.publicUrl },
          limits: app.config.booking,
        }),
      )
      const t = translatorFor(request)
      const opts = options(request)
      // Tell the contributor: a new booking, or for an advisor a request to answer.
      const names = await namesOf(db, row)
      await announce(
        { db, bus: app.bus, push: app.push },
        row,
        row.state === 'pending'
          ? {
              to: 'contributor',
              kind: 'request_new',
              title: 'notify.requestNew.title',
              body: 'notify.requestNew.body',
              values: { name: names.sme },
            }
          : {
              to: 'contributor',
              kind: 'booking',
              title: 'notify.booking.title',
              body: 'notify.booking.body',
              values: { name: names.sme },
            },
      )
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
  )
}
