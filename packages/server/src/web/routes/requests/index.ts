/**
 * Advisors' booking requests (spec section 7: three calls), and a business owner withdrawing or moving her own
 * waiting request until its cut-off (issue 34). A request waits for its advisor's answer until its slot
 * starts, then expires; expiry is applied on every read here and by the scheduler.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { withZoomMeeting } from '../../../adapters/zoom/meetings.ts'
import { participantRequestRow, requestPlanOfContributor } from '../../../db/queries/requests.ts'
import { runFollowUps } from '../../../domain/follow-ups.ts'
import { answerRequest, expireAndAnnounce } from '../../../domain/lifecycle.ts'
import { moveMyRequest, withdrawMyRequest } from '../../../domain/owner-changes.ts'
import { requestsOut, requestsPage } from '../../../wire/sessions.ts'
import { notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth, requireContributor } from '../../plugins/auth.ts'
import { callRoutes, rateLimited } from '../call-route.ts'
import { viewerOptions } from '../viewer.ts'

const route = callRoutes({ tags: ['requests'], access: 'signedIn' })

export async function requestsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const deps = app.followUps

  const options = (request: FastifyRequest) => viewerOptions(request, app.config.publicUrl)

  app.route({
    ...route(calls.getAdvisorRequests, {
      summary: 'The requests addressed to the signed-in advisor, newest first, optionally in one state.',
      description:
        'Contributors only (403 otherwise). Waiting requests whose slot has started are expired before reading.',
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      await expireAndAnnounce(deps, new Date(), { contributorId: auth.contributorId })
      return requestsPage(db, { contributorId: auth.contributorId }, request.query, options(request))
    },
  })

  app.route({
    ...route(calls.answerRequest, {
      summary: 'Accepts or rejects a waiting request, as its advisor, once.',
      description:
        'Accepting turns the request into a booked session (`session_id` is set); rejecting needs a ' +
        'reason (422 otherwise) and frees the slot. Only the advisor the request is addressed to may ' +
        'answer (404 for anyone else); a second answer is 409 request_already_answered, and a request ' +
        'whose slot has started is 409 request_expired. Accepting is 409 booking_overlaps when the business ' +
        'owner already has a session at that time (the request stays waiting, to be rejected). The business ' +
        'owner is notified.',
      errors: { 409: ErrorBody, 422: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      // A request whose slot has started expires first (and its people are told), then answers 409.
      await expireAndAnnounce(deps, new Date(), { id: request.params.id, contributorId: auth.contributorId })
      // Accepting an online request books it: its Zoom meeting is made first (deleted if the answer fails).
      const waiting =
        app.zoomApi && request.body.is_accepted
          ? await requestPlanOfContributor(db, request.params.id, auth.contributorId)
          : undefined
      const plan =
        waiting?.communication_way === 0 &&
        waiting.request_state === 'waiting' &&
        Date.parse(waiting.start_at) > Date.now()
          ? {
              start: new Date(waiting.start_at),
              end: new Date(waiting.end_at),
              contributorId: auth.contributorId,
            }
          : null
      let row: Awaited<ReturnType<typeof answerRequest>>
      try {
        row = await withZoomMeeting(app, plan, (meeting) =>
          answerRequest(db, {
            id: request.params.id,
            contributorId: auth.contributorId,
            accept: request.body.is_accepted,
            reason: request.body.reason ?? null,
            meeting,
          }),
        )
      } finally {
        // The answer's follow-up, or the expiry's when the answer came too late (a 409 request_expired).
        await runFollowUps(deps, [request.params.id])
      }
      const [answered] = await requestsOut(db, [row], options(request))
      return { data: answered! }
    },
  })

  app.route({
    ...route(calls.getRequestDetails, {
      summary: 'One request, to its advisor or its business owner; 404 for anyone else.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const visible = (id: number) => participantRequestRow(db, id, auth)
      if (!(await visible(request.params.id))) throw notFound('errors.requestNotFound')
      await expireAndAnnounce(deps, new Date(), { id: request.params.id })
      const row = await visible(request.params.id)
      if (!row) throw notFound('errors.requestNotFound')
      const [details] = await requestsOut(db, [row], options(request))
      return { data: details! }
    },
  })

  /** The cut-off and caps a business owner's own change is judged by. */
  const changeRules = () => ({
    cutoffHours: app.config.ownerChangeCutoffHours,
    limits: app.config.booking,
  })

  const ownChangeErrors = { 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

  app.route({
    ...route(calls.withdrawMyRequest, {
      summary:
        "Withdraws the signed-in business owner's own waiting request, with a reason, until its cut-off.",
      description:
        'A reference-server extension (issue 34). Only her own waiting request, until `changeable_until` (its ' +
        "slot's start less OWNER_CHANGE_CUTOFF_HOURS, 24 by default): 422 change_closed after it. The reason " +
        'as for a cancellation (cancel_reason_id, and `reason` when required; 422 otherwise). 404 not hers (403 ' +
        'for its advisor); 409 request_not_waiting (answered, withdrawn) or request_expired. The request ' +
        'becomes `withdrawn` and its slot is free at once. Her advisor is notified (in the app and by push) ' +
        'and both are mailed.',
      errors: ownChangeErrors,
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      // A request whose slot has started expires first (and its people are told), then answers 409.
      await expireAndAnnounce(deps, new Date(), { id: request.params.id, smeId: auth.personId })
      const row = await withdrawMyRequest(
        db,
        request.params.id,
        auth,
        { reasonId: request.body.cancel_reason_id, details: request.body.reason ?? null },
        changeRules(),
      )
      await runFollowUps(deps, [row.id])
      const [withdrawn] = await requestsOut(db, [row], options(request))
      return { data: withdrawn! }
    },
  })

  app.route({
    ...route(calls.moveMyRequest, {
      summary:
        "Moves the signed-in business owner's own waiting request to another free slot of the same advisor.",
      description:
        'A reference-server extension (issue 34). It stays a waiting request; its expiry (`expires_at`) ' +
        "follows the new slot. Until the request's `changeable_until` (422 change_closed), to a slot of the " +
        'same advisor (422 slot_other_expert, same_slot) that starts after the cut-off too (422 slot_too_soon) ' +
        "and offers the request's communication way (422); one of two bookings or moves of a slot wins (409 " +
        'slot_already_booked), and the fair-booking rules hold (409). Her advisor is notified and both are ' +
        'mailed. 404 not hers (403 for its advisor).',
      errors: ownChangeErrors,
    }),
    config: rateLimited(app.config, 'booking'),
    handler: async (request) => {
      const auth = requireAuth(request)
      await expireAndAnnounce(deps, new Date(), { id: request.params.id, smeId: auth.personId })
      const { row } = await moveMyRequest(
        db,
        request.params.id,
        auth,
        request.body.schedule_id,
        changeRules(),
      )
      await runFollowUps(deps, [row.id])
      const [moved] = await requestsOut(db, [row], options(request))
      return { data: moved! }
    },
  })
}
