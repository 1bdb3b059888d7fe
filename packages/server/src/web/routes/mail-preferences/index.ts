/**
 * Each signed-in person's mail preferences (issue 34): the kinds of mail that apply to their role, each on or
 * off, and the change of one kind. The outbox leaves out a mail of a kind its recipient turned off.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { mailPreferences, updateMailPreference } from '../../../domain/mail-preferences.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const route = callRoutes({ tags: ['profile'], access: 'signedIn' })

export async function mailPreferencesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...route(calls.getMailPreferences, {
      summary:
        "The signed-in person's mail preferences: each kind of mail that applies to their role, on or off.",
      description:
        'A business owner has `session_reminders`, `rating_requests` and `session_changes`; a person with ' +
        'an expert identity has these and `expert_news` and `recommendations_reminders` (an expert may book ' +
        'as a business owner too). Every kind is on until turned off. The booking confirmation and the deletion and security mails cannot be turned off.',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      return { data: { preferences: await mailPreferences(db, auth) } }
    },
  })

  app.route({
    ...route(calls.updateMailPreferences, {
      summary: 'Turns one kind of mail on or off for the signed-in person.',
      description:
        'Answers the preferences after the change. 400 `mail_kind_not_applicable` for a kind that does not ' +
        "apply to the caller (an expert's kind, asked by a business owner).",
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      return { data: { preferences: await updateMailPreference(db, auth, request.body) } }
    },
  })
}
