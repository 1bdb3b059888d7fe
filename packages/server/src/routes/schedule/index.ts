/** The contributor's schedule (spec section 7: five calls). Every call reads or changes the caller's own. */

import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  BookedSessionsQuerySchema,
  ContributorRangeQuerySchema,
  CreateSlotsBodySchema,
  SessionSchema,
  SlotSchema,
  WorkingHoursSchema,
} from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pageRows } from '../../db/paging.ts'
import { PAST_STATES, sessionRowsOnly, UPCOMING_STATES } from '../../domain/session-filters.ts'
import { unprocessable } from '../../http/errors.ts'
import {
  commonErrors,
  DEFAULT_PER_PAGE,
  Envelope,
  ErrorBody,
  IdParams,
  Paged,
  pageMeta,
} from '../../http/schema.ts'
import { requireContributor } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { sessionsOut, slotsOut } from '../serialize/sessions.ts'
import { createSlots, deleteSlot, MAX_RANGE_DAYS } from './slots.ts'
import { scopeBounds } from './time.ts'
import { readWorkingHours } from './working-hours.ts'

const signedIn = [{ apiKey: [], bearer: [] }]

// A signed-out caller gets 401 and a person without an expert identity 403, before any validation detail.
async function mustBeContributor(request: FastifyRequest): Promise<void> {
  requireContributor(request)
}

export async function scheduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.get(
    '/schedule/booked-sessions',
    {
      preValidation: mustBeContributor,
      schema: {
        tags: ['schedule'],
        summary:
          "The signed-in contributor's sessions (not waiting requests) by period, or by range and state.",
        description:
          '`date_scope`: today (the Riyadh day), week (the Saudi week, Sunday to Saturday), month (the Riyadh ' +
          'calendar month), upcoming (booked or ongoing), past (ended, cancelled or absent, newest first). ' +
          'With a scope, `from` and `to` are ignored; otherwise sessions starting at or after `from` and ' +
          'before `to`. `state` narrows either way.',
        security: signedIn,
        querystring: BookedSessionsQuerySchema,
        response: { 200: Paged(SessionSchema), ...commonErrors, 422: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireContributor(request)
      const { date_scope: scope, from, to, state } = request.query
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      let base = db
        .selectFrom('sessions')
        .where('contributor_id', '=', auth.contributorId)
        .where(sessionRowsOnly)
      let direction: 'asc' | 'desc' = 'asc'
      if (scope === 'upcoming') base = base.where('state', 'in', UPCOMING_STATES)
      else if (scope === 'past') {
        base = base.where('state', 'in', PAST_STATES)
        direction = 'desc'
      } else if (scope) {
        const bounds = scopeBounds(scope, new Date())
        base = base
          .where('start_at', '>=', bounds.start.toISOString())
          .where('start_at', '<', bounds.end.toISOString())
      } else {
        const fromMs = from === undefined ? null : Date.parse(from)
        const toMs = to === undefined ? null : Date.parse(to)
        if (Number.isNaN(fromMs) || Number.isNaN(toMs))
          throw unprocessable('invalid_range', 'errors.validationFailed', {
            [Number.isNaN(fromMs) ? 'from' : 'to']: 'errors.invalidDate',
          })
        if (fromMs !== null && toMs !== null && toMs <= fromMs)
          throw unprocessable('invalid_range', 'errors.validationFailed', { to: 'errors.invalidValue' })
        if (fromMs !== null) base = base.where('start_at', '>=', new Date(fromMs).toISOString())
        if (toMs !== null) base = base.where('start_at', '<', new Date(toMs).toISOString())
      }
      if (state) base = base.where('state', '=', state)
      const { rows, total: n } = await pageRows(base, { page, perPage, orderBy: 'start_at', direction })
      const data = await sessionsOut(db, rows, {
        lang: request.lang,
        publicUrl: app.config.publicUrl,
        viewer: { personId: auth.personId, contributorId: auth.contributorId },
      })
      return { data, meta: pageMeta(page, perPage, Number(n)) }
    },
  )

  app.get(
    '/schedule/working-hours',
    {
      preValidation: mustBeContributor,
      schema: {
        tags: ['schedule'],
        summary: 'The working hours (Asia/Riyadh) within which slots are published.',
        description:
          'Contributors only (403 otherwise). From the `working_hours` setting; Sunday to Thursday ' +
          '09:00–17:00 with 60-minute slots when unset.',
        security: signedIn,
        response: { 200: Envelope(WorkingHoursSchema), ...commonErrors },
      },
    },
    async (request) => ({ data: await readWorkingHours(db, request.log) }),
  )

  app.post(
    '/schedule/v5/schedules',
    {
      preValidation: mustBeContributor,
      schema: {
        tags: ['schedule'],
        summary: 'Publishes slots for the signed-in contributor, all or none.',
        description:
          'Needs `can_create_slots` (403 otherwise). Each slot must start in the future (422 slot_in_past) and ' +
          'end after it starts; at most 50 per call; slots may not overlap each other or published slots ' +
          '(422 slot_overlap, `fields` names which). `office_id` is required when `availability` includes the ' +
          'office (1 or 3) and must exist. Answers 201 with the slots and a message to show.',
        security: signedIn,
        body: CreateSlotsBodySchema,
        response: { 201: Envelope(Type.Array(SlotSchema)), ...commonErrors, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = requireContributor(request)
      const rows = await createSlots(app.store, auth.contributorId, request.body, new Date())
      // Committed: the next read of the contributor's profile, schedule or the search sees the new slots.
      await app.catalogueCache.bump(['slots', 'slotset', `contributor:${auth.contributorId}`])
      const data = await slotsOut(db, rows, {
        lang: request.lang,
        publicUrl: app.config.publicUrl,
        viewer: { personId: auth.personId, contributorId: auth.contributorId },
      })
      reply.code(201)
      return { data, message: translatorFor(request).t('common.success') }
    },
  )

  app.delete(
    '/schedule/contributor/:id',
    {
      preValidation: mustBeContributor,
      schema: {
        tags: ['schedule'],
        summary: "Deletes one of the signed-in contributor's slots that no booking has ever used.",
        description:
          'Needs `can_delete_slots` (403). Another contributor’s slot answers 404. A slot a session or request ' +
          'refers to, live or released, is kept (409 slot_has_bookings) so that the booking history stays whole.',
        security: signedIn,
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...commonErrors, 409: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireContributor(request)
      await deleteSlot(app.store, auth.contributorId, request.params.id)
      await app.catalogueCache.bump(['slots', 'slotset', `contributor:${auth.contributorId}`])
      return { data: null, message: translatorFor(request).t('common.success') }
    },
  )

  app.get(
    '/schedule/v2/contributor',
    {
      preValidation: mustBeContributor,
      schema: {
        tags: ['schedule'],
        summary: "The signed-in contributor's slots, free and booked, starting in a range of Unix seconds.",
        description: `\`start_date\` inclusive, \`end_date\` exclusive; \`end_date\` after \`start_date\` and at most ${MAX_RANGE_DAYS} days later (422 otherwise).`,
        security: signedIn,
        querystring: ContributorRangeQuerySchema,
        response: { 200: Envelope(Type.Array(SlotSchema)), ...commonErrors, 422: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireContributor(request)
      const { start_date: start, end_date: end } = request.query
      if (end <= start)
        throw unprocessable('invalid_range', 'errors.validationFailed', { end_date: 'errors.invalidValue' })
      if (end - start > MAX_RANGE_DAYS * 86_400)
        throw unprocessable('range_too_long', 'errors.validationFailed', { end_date: 'errors.invalidValue' })
      const rows = await db
        .selectFrom('slots')
        .selectAll()
        .where('contributor_id', '=', auth.contributorId)
        .where('start_at', '>=', new Date(start * 1000).toISOString())
        .where('start_at', '<', new Date(end * 1000).toISOString())
        .orderBy('start_at')
        .orderBy('id')
        .execute()
      const data = await slotsOut(db, rows, {
        lang: request.lang,
        publicUrl: app.config.publicUrl,
        viewer: { personId: auth.personId, contributorId: auth.contributorId },
      })
      return { data }
    },
  )
}
