/**
 * Rating links, questionnaires, ratings and recommendations (spec section 7: five calls).
 *
 * The two questionnaire calls are authorised by the rating access token (decrypted from the link's
 * `sme_access_token`), not by an API token: it travels in its own header, `X-Rating-Token: <token>`, so
 * the auth plugin never mistakes it for a sign-in.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { encryptRatingToken } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { canReadSessionRecords } from '../../../domain/access.ts'
import {
  checkRatingAccess,
  createRatingLink,
  openRatingLink,
  questionnairesOut,
  ratingSessionOut,
  ratingTokenInvalid,
  submitRating,
} from '../../../domain/rating.ts'
import { saveRecommendations } from '../../../domain/recommendations.ts'
import { recommendationsFor } from '../../../wire/recommendations.ts'
import { notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth, requireContributor } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { callRoutes, rateLimited } from '../call-route.ts'

/** The rating access token travels in `X-Rating-Token` beside the API key, not as a sign-in. */
const ratingAuth = [{ apiKey: [] }]

/** The rating access token a request carries in `X-Rating-Token`, or null. */
export function ratingTokenOf(request: FastifyRequest): string | null {
  const header = request.headers['x-rating-token']
  return typeof header === 'string' && header.trim() ? header.trim() : null
}

const route = callRoutes({ tags: ['rating'] })

export async function ratingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...route(calls.validateRating, {
      summary:
        'Opens a rating link: the session, its questionnaires and a fresh encrypted rating access token.',
      description:
        '400 already_rated when the session was rated; one generic 400 rating_link_invalid for an unknown, ' +
        'tampered or expired token. `sme_access_token` is AES-256-CBC as design section 4 says; decrypted, it ' +
        'authorises the two questionnaire calls for this session only, once, until the link expires. Opening ' +
        'the link again replaces the access token. `session` (added by this server) names the ' +
        'rated session for the form: its start, its expert and its subject, in the request language.',
      ownErrors: { 400: ErrorBody, 429: ErrorBody },
    }),
    config: rateLimited(app.config, 'signIn'),
    handler: async (request) => {
      const { sessionId, accessToken } = await openRatingLink(db, request.params.token)
      const [sme_access_token, questionnaires, session] = await Promise.all([
        encryptRatingToken(accessToken, app.config.ratingPassphrase),
        questionnairesOut(db, request.lang),
        ratingSessionOut(db, sessionId, request.lang),
      ])
      return { data: { session_id: sessionId, sme_access_token, questionnaires, session } }
    },
  })

  app.route({
    ...route(calls.getSessionQuestionnaires, {
      summary: 'The rating questionnaires, for the holder of the rating access token of this session.',
      description:
        'Send the decrypted rating access token in the `X-Rating-Token` header. 403 ' +
        'rating_token_invalid when it is missing, unknown, expired, used or for another session.',
      security: ratingAuth,
      ownErrors: { 400: ErrorBody, 403: ErrorBody },
    }),
    handler: async (request) => {
      await checkRatingAccess(db, request.params.id, ratingTokenOf(request), { forSubmit: false })
      return { data: await questionnairesOut(db, request.lang) }
    },
  })

  app.route({
    ...route(calls.submitSessionRating, {
      summary: "Submits the business owner's rating of a session, with the rating access token.",
      description:
        'Answers are checked against the questions (required ones, stars 1–5, yes_no a boolean, text); a ' +
        'bad answer is 400 validation_failed. A second submission is 422 already_rated. Send the decrypted ' +
        'rating access token in the `X-Rating-Token` header. 403 ' +
        'rating_token_invalid for a missing, unknown or expired token or another session.',
      security: ratingAuth,
      ownErrors: { 400: ErrorBody, 403: ErrorBody, 422: ErrorBody },
    }),
    // No rating token: 403 before anything about the body, which is then not even read (issues 17 and 30).
    onRequest: async (request) => {
      if (!ratingTokenOf(request)) throw ratingTokenInvalid()
    },
    handler: async (request, reply) => {
      await submitRating(db, {
        sessionId: request.params.id,
        accessToken: ratingTokenOf(request),
        body: request.body,
      })
      reply.code(201)
      return { data: null, message: translatorFor(request).t('rating.succeeded') }
    },
  })

  app.route({
    ...route(calls.getSessionRecommendations, {
      summary: "A session's recommendations, or null before they are written.",
      description:
        'For its business owner, its contributor, and other experts with a booked, ongoing, ended or SME-absent session with that business owner (a waiting, rejected or expired request, or a cancelled session, is not enough). Anyone else gets 404, as for a missing session.',
      access: 'signedIn',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      if (!(await canReadSessionRecords(db, auth, request.params.id)))
        throw notFound('errors.sessionNotFound')
      const found = await recommendationsFor(db, [request.params.id], app.config.publicUrl)
      return { data: found.get(request.params.id) ?? null }
    },
  })

  app.route({
    ...route(calls.submitRecommendations, {
      summary:
        "Saves the session contributor's recommendations (replacing earlier ones) and attaches the files.",
      description:
        "Only the session's contributor (404 otherwise); the session must be ongoing, ended or SME-absent " +
        '(409). `voice_note` and `attachments` are `path`s from the upload calls, uploaded by the caller. ' +
        'For an ended session the first save makes the rating link and e-mails it to the business owner.',
      access: 'contributor',
      errors: { 409: ErrorBody },
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const session = await saveRecommendations(db, {
        personId: auth.personId,
        contributorId: auth.contributorId,
        body: request.body,
        integration: app.config.integrationBaseUrl !== null,
      })
      if (session.state === 'ended') {
        const link = await createRatingLink(db, { sessionId: session.id, publicUrl: app.config.publicUrl })
        if (link && app.config.development)
          console.log(`Rating link for session ${session.id} (${link.to}): ${link.url}`)
      }
      const found = await recommendationsFor(db, [session.id], app.config.publicUrl)
      return { data: found.get(session.id)!, message: translatorFor(request).t('recommendations.saved') }
    },
  })
}
