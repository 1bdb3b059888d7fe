/**
 * The signed-in person's consents (issue 34): where each role's terms stand for them, and accepting the
 * published version. The rule is `domain/consent.ts`; the acceptance is stored with its audit entry.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { acceptTerms, myConsents } from '../../../domain/consent.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const route = callRoutes({ tags: ['profile'], access: 'signedIn' })

/** Registers the consent calls, as an encapsulated plugin under `/api`. */
export async function consentRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...route(calls.getMyConsents, {
      summary: "The signed-in person's acceptance of each role's terms.",
      description:
        'For the business owners’ terms, and the experts’ for a person with an expert identity (else `null`): the published version, the newest one accepted and when, and `needs_acceptance`, whether to show the terms. Signing out changes nothing; a new version published in the back office asks again.',
    }),
    handler: async (request) => ({ data: await myConsents(db, requireAuth(request)) }),
  })

  app.route({
    ...route(calls.acceptTerms, {
      summary: 'Accepts the published version of a role’s terms.',
      description:
        'Stored per person, role and version with its time (the earlier acceptances are kept), and recorded in the audit trail (`consent.accept`). Accepting the same version again answers the first acceptance. 403 `role_not_held` for the experts’ terms without an expert identity; 409 `terms_outdated` for any version but the published one.',
      errors: { 409: ErrorBody },
    }),
    handler: async (request) => ({ data: await acceptTerms(db, requireAuth(request), request.body) }),
  })
}
