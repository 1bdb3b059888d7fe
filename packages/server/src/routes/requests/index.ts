/**
 * Advisors' booking requests (spec section 7: three calls). A request waits for its advisor's answer
 * until its slot starts, then expires; expiry is applied on every read here and by the scheduler.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { RequestAnswerBodySchema, RequestListQuerySchema, SessionRequestSchema } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pageRows } from '../../db/paging.ts'
import { announce, answerRequest, expireRequests, namesOf } from '../../domain/lifecycle.ts'
import { participantOf, requestRowsOnly } from '../../domain/session-filters.ts'
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
import { mustBeSignedIn, requireAuth, requireContributor } from '../../plugins/auth.ts'
import { withZoomMeeting } from '../../zoom/meetings.ts'
import { requestsOut, type SerializeOptions } from '../serialize/sessions.ts'

const signedIn = [{ apiKey: [], bearer: [] }]

export async function requestsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const deps = { db, bus: app.bus, push: app.push }

  function options(request: FastifyRequest): SerializeOptions {
    const auth = requireAuth(request)
    return {
      lang: request.lang,
      publicUrl: app.config.publicUrl,
      viewer: { personId: auth.personId, contributorId: auth.contributorId },
    }
  }

  /** Applies expiry, and tells the people of each expired request. */
  async function expire(where: { contributorId?: number; id?: number }) {
    const expired = await expireRequests(db, new Date(), where)
    for (const row of expired) await announce(deps, row)
  }

  app.get(
    '/schedule/requests/advisor-session',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['requests'],
        summary: 'The requests addressed to the signed-in advisor, newest first, optionally in one state.',
        description:
          'Contributors only (403 otherwise). Waiting requests whose slot has started are expired before reading.',
        security: signedIn,
        querystring: RequestListQuerySchema,
        response: { 200: Paged(SessionRequestSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireContributor(request)
      await expire({ contributorId: auth.contributorId })
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      let base = db
        .selectFrom('sessions')
        .where('contributor_id', '=', auth.contributorId)
        .where(requestRowsOnly)
      if (request.query.state) base = base.where('request_state', '=', request.query.state)
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
    '/schedule/requests/advisor-session/:id',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['requests'],
        summary: 'Accepts or rejects a waiting request, as its advisor, once.',
        description:
          'Accepting turns the request into a booked session (`session_id` is set); rejecting needs a ' +
          'reason (422 otherwise) and frees the slot. Only the advisor the request is addressed to may ' +
          'answer (404 for anyone else); a second answer is 409 request_already_answered, and a request ' +
          'whose slot has started is 409 request_expired. Accepting is 409 booking_overlaps when the business ' +
          'owner already has a session at that time (the request stays waiting, to be rejected). The business ' +
          'owner is notified.',
        security: signedIn,
        params: IdParams,
        body: RequestAnswerBodySchema,
        response: { 200: Envelope(SessionRequestSchema), ...commonErrors, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireContributor(request)
      // A request whose slot has started expires first (and its people are told), then answers 409.
      await expire({ id: request.params.id, contributorId: auth.contributorId })
      // Accepting an online request books it: its Zoom meeting is made first (deleted if the answer fails).
      const waiting =
        app.zoomApi && request.body.is_accepted
          ? await db
              .selectFrom('sessions')
              .select(['start_at', 'end_at', 'communication_way', 'request_state'])
              .where('id', '=', request.params.id)
              .where('contributor_id', '=', auth.contributorId)
              .executeTakeFirst()
          : undefined
      const plan =
        waiting?.communication_way === 0 &&
        waiting.request_state === 'waiting' &&
        Date.parse(waiting.start_at) > Date.now()
          ? { start: new Date(waiting.start_at), end: new Date(waiting.end_at) }
          : null
      const row = await withZoomMeeting(app, plan, (meeting) =>
        answerRequest(db, {
          id: request.params.id,
          contributorId: auth.contributorId,
          accept: request.body.is_accepted,
          reason: request.body.reason ?? null,
          mail: { publicUrl: app.config.publicUrl },
          meeting,
        }),
      )
      const names = await namesOf(db, row)
      await announce(deps, row, {
        to: 'sme',
        kind: 'request_answered',
        title:
          row.request_state === 'accepted' ? 'notify.requestAccepted.title' : 'notify.requestRejected.title',
        body:
          row.request_state === 'accepted' ? 'notify.requestAccepted.body' : 'notify.requestRejected.body',
        values: { name: names.contributor },
      })
      const [answered] = await requestsOut(db, [row], options(request))
      return { data: answered! }
    },
  )

  app.get(
    '/schedule/requests/:id/details',
    {
      preValidation: mustBeSignedIn,
      schema: {
        tags: ['requests'],
        summary: 'One request, to its advisor or its business owner; 404 for anyone else.',
        security: signedIn,
        params: IdParams,
        response: { 200: Envelope(SessionRequestSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const visible = (id: number) =>
        db
          .selectFrom('sessions')
          .selectAll()
          .where('id', '=', id)
          .where(requestRowsOnly)
          .where(participantOf(auth))
          .executeTakeFirst()
      if (!(await visible(request.params.id))) throw notFound('errors.requestNotFound')
      await expire({ id: request.params.id })
      const row = await visible(request.params.id)
      if (!row) throw notFound('errors.requestNotFound')
      const [details] = await requestsOut(db, [row], options(request))
      return { data: details! }
    },
  )
}
