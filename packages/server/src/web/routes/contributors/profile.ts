/**
 * The signed-in person's own profile calls: the contributor's profile, the
 * account-deletion request, the instant-session toggle and the push token.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { endpointPolicy, parseSubscription } from '../../../adapters/push/endpoints.ts'
import {
  insertDeletionRequestOnce,
  registerPushToken,
  setAvailableForInstant,
} from '../../../db/queries/people.ts'
import { contributorProfile } from '../../../wire/contributors.ts'
import { ApiHttpError, badRequest, conflict, notFound } from '../../http/errors.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth, requireContributor } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { callRoutes } from '../call-route.ts'

const route = callRoutes({ tags: ['profile'], access: 'signedIn' })

/** Registers the signed-in person's own profile calls. */
export async function ownProfileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db, dialect } = app.store
  const { publicUrl } = app.config

  app.route({
    ...route(calls.getContributorProfile, {
      summary: "The signed-in contributor's own profile.",
      description: '403 for a person without an expert identity.',
      access: 'contributor',
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const profile = await contributorProfile(db, auth.contributorId, { lang: request.lang, publicUrl })
      // The identity was read with the token a moment ago; gone now means deleted in between.
      if (!profile) throw notFound()
      return { data: profile }
    },
  })

  app.route({
    ...route(calls.requestAccountDeletion, {
      summary: "Asks for the signed-in person's account to be deleted.",
      description:
        'The reason is required and trimmed, at most 300 characters. One open request per person: a second is 409. The message is for people, in the request language.',
      errors: { 409: ErrorBody },
    }),
    handler: async (request, reply) => {
      const auth = requireAuth(request)
      const reason = request.body.reason.trim()
      if (reason === '')
        throw badRequest('validation_failed', 'errors.validationFailed', { reason: 'errors.fieldRequired' })
      const recorded = await insertDeletionRequestOnce(db, dialect, {
        person_id: auth.personId,
        reason,
        created_at: new Date().toISOString(),
      })
      if (!recorded) throw conflict('deletion_already_requested', 'errors.deletionAlreadyRequested')
      reply.code(201)
      return { data: null, message: translatorFor(request).t('accountDeletion.sent') }
    },
  })

  app.route({
    ...route(calls.setAvailableForInstant, {
      summary: "Switches the signed-in contributor's availability for instant sessions.",
      description:
        '403 `instant_not_enabled` unless the admin has enabled instant sessions for this contributor.',
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const value = request.body.available_for_instant
      // One conditional update: an admin switching instant sessions off at the same moment wins.
      const result = await setAvailableForInstant(db, auth.contributorId, value)
      if (Number(result.numUpdatedRows) === 0)
        throw new ApiHttpError(403, 'instant_not_enabled', 'errors.instantNotEnabled')
      // The expert's open sockets show the new value at once (their live expert record).
      await app.bus.publish({ type: 'expert.changed', contributorId: auth.contributorId })
      return { data: { available_for_instant: value } }
    },
  })

  app.route({
    ...route(calls.registerPushToken, {
      summary: "Registers the signed-in contributor's push token (device type 3, the web).",
      description:
        'The token is a Web Push subscription as JSON text (`JSON.stringify(PushSubscription)`: `{ endpoint, keys: { p256dh, auth } }`), or an FCM registration token for Firebase deployments. A subscription whose endpoint is not https on an allowed push-service host is 400. Idempotent: a token already registered moves to the caller. The token is also tied to the API session, so logout (with the same token) can forget it.',
    }),
    handler: async (request) => {
      const auth = requireContributor(request)
      const { token, device_type } = request.body
      // JSON text is a Web Push subscription: it must be valid and point at an allowed push service.
      const webPush = token.trimStart().startsWith('{')
      // Allowed hosts: PUSH_HOSTS, else the browsers' push services.
      const parsed = webPush ? parseSubscription(token, endpointPolicy(app.config.push.hosts)) : null
      if (webPush && !parsed)
        throw badRequest('validation_failed', 'errors.validationFailed', { token: 'errors.invalidValue' })
      const kind = parsed ? ('webpush' as const) : ('fcm' as const)
      const subscription = parsed ? JSON.stringify(parsed) : null
      const now = new Date().toISOString()
      await registerPushToken(db, {
        token,
        personId: auth.personId,
        sessionId: auth.sessionId,
        deviceType: device_type,
        kind,
        subscription,
        now,
      })
      return { data: null }
    },
  })
}
