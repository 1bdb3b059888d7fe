/** The contributor's schedule (spec section 7: five calls). Every call reads or changes the caller's own. */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { answerPage } from '../../../db/paging.ts'
import { PAST_STATES, UPCOMING_STATES } from '../../../db/queries/session-filters.ts'
import { contributorSessionRows } from '../../../db/queries/sessions.ts'
import { contributorSlotsStarting } from '../../../db/queries/slots.ts'
import { createSlots, deleteSlot, MAX_RANGE_DAYS } from '../../../domain/slots.ts'
import { sessionsOut, slotsOut } from '../../../wire/sessions.ts'
import { unprocessable } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireContributor } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { callRoutes } from '../call-route.ts'
import { viewerOptions } from '../viewer.ts'
import { scopeBounds } from './time.ts'
import { readWorkingHours } from './working-hours.ts'

const route = callRoutes({ tags: ['schedule'], access: 'contributor' })

export async function scheduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const options = (request: FastifyRequest) => viewerOptions(request, app.config.publicUrl)

  app.route({
    ...route(calls.getBookedSessions, {
      summary:
        "The signed-in contributor's sessions (not waiting requests) by period, or by range and state.",
      description:
        '`date_scope`: today (the Riyadh day), week (the Saudi week, Sunday to Saturday), month (the Riyadh ' +
        'calendar month), upcoming (booked or ongoing), past (ended, cancelled or absent, newest first). ' +
        'With a scope, `from` and `to` are ignored; otherwise sessions starting at or after `from` and ' +
        'before `to`. `state` narrows either way.',
      errors: { 422: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const { date_scope: scope, from, to, state } = request.query
      const filters: Parameters<typeof contributorSessionRows>[2] = {}
      let direction: 'asc' | 'desc' = 'asc'
      if (scope === 'upcoming') filters.states = UPCOMING_STATES
      else if (scope === 'past') {
        filters.states = PAST_STATES
        direction = 'desc'
      } else if (scope) {
        const bounds = scopeBounds(scope, new Date())
        filters.from = bounds.start.toISOString()
        filters.to = bounds.end.toISOString()
      } else {
        const fromMs = from === undefined ? null : Date.parse(from)
        const toMs = to === undefined ? null : Date.parse(to)
        if (Number.isNaN(fromMs) || Number.isNaN(toMs))
          throw unprocessable('invalid_range', 'errors.validationFailed', {
            [Number.isNaN(fromMs) ? 'from' : 'to']: 'errors.invalidDate',
          })
        if (fromMs !== null && toMs !== null && toMs <= fromMs)
          throw unprocessable('invalid_range', 'errors.validationFailed', { to: 'errors.invalidValue' })
        if (fromMs !== null) filters.from = new Date(fromMs).toISOString()
        if (toMs !== null) filters.to = new Date(toMs).toISOString()
      }
      if (state) filters.state = state
      const base = contributorSessionRows(db, auth.contributorId, filters)
      return answerPage(base, request.query, { orderBy: 'start_at', direction }, (rows) =>
        sessionsOut(db, rows, options(request)),
      )
    },
  })

  app.route({
    ...route(calls.getWorkingHours, {
      summary: 'The working hours (Asia/Riyadh) within which slots are published.',
      description:
        'Contributors only (403 otherwise). From the `working_hours` setting; Sunday to Thursday ' +
        '09:00–17:00 with 60-minute slots when unset.',
    }),
    handler: async (request) => ({ data: await readWorkingHours(db, request.log) }),
  })

  app.route({
    ...route(calls.createSlots, {
      summary: 'Publishes slots for the signed-in contributor, all or none.',
      description:
        'Needs `can_create_slots` (403 otherwise). Each slot must start in the future (422 slot_in_past) and ' +
        'end after it starts; at most 50 per call; slots may not overlap each other or published slots ' +
        '(422 slot_overlap, `fields` names which). `office_id` is required when `availability` includes the ' +
        'office (1 or 3) and must exist. Answers 201 with the slots and a message to show.',
      errors: { 422: ErrorBody },
    }),
    handler: async (request, reply) => {
      const auth = requireContributor(request)
      const rows = await createSlots(app.store, auth.contributorId, request.body, new Date())
      // Committed: the next read of the contributor's profile, schedule or the search sees the new slots.
      await app.catalogueCache.bump(['slots', 'slotset', `contributor:${auth.contributorId}`])
      const data = await slotsOut(db, rows, options(request))
      reply.code(201)
      return { data, message: translatorFor(request).t('common.success') }
    },
  })

  app.route({
    ...route(calls.deleteSlot, {
      summary: "Deletes one of the signed-in contributor's slots that no booking has ever used.",
      description:
        'Needs `can_delete_slots` (403). Another contributor’s slot answers 404. A slot a session or request ' +
        'refers to, live or released, is kept (409 slot_has_bookings) so that the booking history stays whole.',
      errors: { 409: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      await deleteSlot(app.store, auth.contributorId, request.params.id)
      await app.catalogueCache.bump(['slots', 'slotset', `contributor:${auth.contributorId}`])
      return { data: null, message: translatorFor(request).t('common.success') }
    },
  })

  app.route({
    ...route(calls.getContributorSlots, {
      summary: "The signed-in contributor's slots, free and booked, starting in a range of Unix seconds.",
      description: `\`start_date\` inclusive, \`end_date\` exclusive; \`end_date\` after \`start_date\` and at most ${MAX_RANGE_DAYS} days later (422 otherwise).`,
      errors: { 422: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const { start_date: start, end_date: end } = request.query
      if (end <= start)
        throw unprocessable('invalid_range', 'errors.validationFailed', { end_date: 'errors.invalidValue' })
      if (end - start > MAX_RANGE_DAYS * 86_400)
        throw unprocessable('range_too_long', 'errors.validationFailed', { end_date: 'errors.invalidValue' })
      const rows = await contributorSlotsStarting(
        db,
        auth.contributorId,
        new Date(start * 1000).toISOString(),
        new Date(end * 1000).toISOString(),
      )
      const data = await slotsOut(db, rows, options(request))
      return { data }
    },
  })
}
