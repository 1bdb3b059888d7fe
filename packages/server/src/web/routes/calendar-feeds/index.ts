/**
 * Private calendar subscription addresses (issue 36): each signed-in person's own (`/profile/calendar-feeds`:
 * list, make, revoke), and the feed a calendar app reads (`/calendar-feeds/<token>.ics`), with no API key and
 * no bearer token (calendar apps send neither): the token in the address is the credential.
 */
import { createHash } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  calendarFeedFile,
  calendarFeeds,
  createCalendarFeed,
  revokeCalendarFeed,
} from '../../../domain/calendar-feeds.ts'
import { notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoute, callRoutes } from '../call-route.ts'

const route = callRoutes({ tags: ['profile'], access: 'signedIn' })

/** How long a calendar app may keep the feed before asking again, privately (it names a person's sessions). */
const FEED_CACHE = 'private, max-age=300'

export async function calendarFeedsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const { publicUrl } = app.config

  app.route({
    ...route(calls.getMyCalendarFeeds, {
      summary: "The signed-in person's calendar subscription addresses, without their tokens.",
      description:
        'At most one working address per role: `sme` (their bookings as business owner) and `contributor` ' +
        '(their sessions as expert, only with an expert identity); `roles` lists the roles the caller may have. ' +
        'The address itself is shown only when it is made.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      return { data: await calendarFeeds(db, auth) }
    },
  })

  app.route({
    ...route(calls.createMyCalendarFeed, {
      summary: 'Makes a private calendar subscription address for a role, replacing the earlier one.',
      description:
        'Answers the address as `https://…/api/calendar-feeds/<token>.ics` and `webcal://…`, this once: the ' +
        'server keeps only the SHA-256 of the token. The earlier address for the role stops working. 400 ' +
        '`calendar_role_not_applicable` for `contributor` without an expert identity.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      return { data: await createCalendarFeed(db, auth, request.body.role, publicUrl) }
    },
  })

  app.route({
    ...route(calls.revokeMyCalendarFeed, {
      summary: "Revokes the signed-in person's calendar subscription address for a role.",
      description: 'The address answers 404 from now on. Answers the feeds left.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      return { data: await revokeCalendarFeed(db, auth, request.params.role) }
    },
  })

  app.route({
    ...callRoute(calls.getCalendarFeed, {
      tags: ['profile'],
      summary: 'A private calendar feed (iCalendar): the sessions of the person whose address it is.',
      description:
        '`<token>.ics`, the address made by `createMyCalendarFeed`. No API key, no bearer token: the token is ' +
        'the credential. Sessions from 30 days ago on, each with the UID and SEQUENCE of the `.ics` the ' +
        "session's mails attach; a cancelled one is `STATUS:CANCELLED`. An `ETag` answers `If-None-Match` " +
        'with 304. 404 for an unknown or revoked token, or a person whose data was erased.',
      security: [],
      ownErrors: { 404: ErrorBody },
    }),
    handler: async (request, reply) => {
      const body = await calendarFeedFile(db, request.params.name, publicUrl)
      if (body === null) throw notFound()
      const etag = `"${createHash('sha256').update(body, 'utf8').digest('base64url')}"`
      reply.headers({
        'content-type': 'text/calendar; charset=utf-8',
        'cache-control': FEED_CACHE,
        etag,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      })
      const asked = request.headers['if-none-match']
      if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        // Not modified: the contract documents the file's 200; a 304 has no body to describe.
        return (reply as FastifyReply).code(304).send()
      return reply.send(body)
    },
  })
}
