/**
 * The mobile app's way into the site (spec sections 3 and 6: "a mobile-app token overrides both"). The spec
 * stores a mobile-app token in the browser but never says how it arrives; its one open-ended route,
 * `/redirection/{token}`, is where it does.
 *
 * The app, signed in through its own API key (`"app": true` in `API_KEYS`), asks for a link
 * (`POST /authentication/app-link`) with that key and opens it in its web view. The link names a one-time
 * handle, never a token: addresses end up in histories, logs and `Referer` headers. The handle keeps, for a
 * minute, whose link it is and where it goes (`adapters/auth/app-links.ts`). The site's `/redirection/{handle}` page
 * redeems it once (`POST /authentication/app-link/redeem`), from the site's own origin only, into a new API
 * session of the link's person, stores its token as the mobile-app token and goes on to the path the app asked
 * for. The web view gets its own API session, so logging out there leaves the app signed in and the other way
 * round.
 *
 * Issue 30 closed a login CSRF here: any signed-in person could make a link, and whoever opened it became that
 * person on the site, whatever account they were signed in to (the mobile-app token overrides both others),
 * typing into the link maker's account from then on. Now only a session the app's key signed in makes links,
 * and only in a call carrying that key; and a browser signed in as someone else is asked first: the redeem
 * carries its token, and for another person answers 409 with both names, redeeming nothing, until the person
 * chooses to continue (`confirm`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { sitePaths } from '@mashura/core'
import { AppLinkOtherPersonSchema, calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { APP_LINK_TTL_MS, createAppLink, findAppLink, takeAppLink } from '../../../adapters/auth/app-links.ts'
import { authSessionApiKey, authSessionState } from '../../../db/queries/auth.ts'
import { personById, personNameIfAny } from '../../../db/queries/people.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { isAppApiKey } from '../../plugins/api-key.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { translatorFor } from '../../plugins/language.ts'
import { callRoute, rateLimited } from '../call-route.ts'
import { signInResult } from './index.ts'

/** Registers the mobile app's link and its redemption. */
export async function appLinkRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { config, store } = app
  const siteOrigin = new URL(config.publicUrl).origin

  /** A person's display name, as the site's header shows it. */
  async function nameOf(personId: number): Promise<string> {
    const row = await personNameIfAny(store.db, personId)
    return row?.full_name ?? ''
  }

  /** Whether an API session is still live: a link dies with the app session that made it. */
  async function sessionLive(sessionId: string, personId: number): Promise<boolean> {
    const session = await authSessionState(store.db, sessionId)
    return (
      !!session &&
      session.person_id === personId &&
      !session.revoked_at &&
      session.expires_at > new Date().toISOString()
    )
  }

  app.route({
    // Signed in first, before the body is even read.
    ...callRoute(calls.createAppLink, {
      tags: ['authentication'],
      summary:
        "Makes a one-time link that opens the site, signed in as the caller, in the mobile app's web view.",
      description:
        'For the mobile app only: the caller\'s token must come from a sign-in made with the app\'s API key (an `API_KEYS` entry with `"app": true`), and the call must carry that same key; anyone else gets 403 `app_link_app_only`. ' +
        'The answer is a `/redirection/{handle}` address on the site, valid for a minute and for one visit. ' +
        'The page it opens signs in with a new API session of the caller (its token becomes the mobile-app token, which every request of that browser carries) and goes to `to`; a browser already signed in as someone else is asked first. ' +
        'The address holds no token.',
      access: 'signedIn',
    }),
    // A bodiless call asks for the home page.
    preValidation: async (request) => {
      request.body ??= {}
    },
    config: rateLimited(config, 'signIn'),
    handler: async (request) => {
      const auth = requireAuth(request)
      // Both the call and the session it is made with must be the app's, with the same key: a site or partner
      // token (or the app's key with someone else's token) makes no link anybody could be signed in with.
      const session = await authSessionApiKey(store.db, auth.sessionId)
      if (!isAppApiKey(config, request.apiKey) || session?.api_key !== request.apiKey) {
        throw new ApiHttpError(403, 'app_link_app_only', 'errors.appLinkAppOnly')
      }
      const { handle } = await createAppLink(store, {
        personId: auth.personId,
        sessionId: auth.sessionId,
        to: request.body.to ?? '/',
      })
      return {
        data: {
          url: new URL(sitePaths.redirection.to(handle), siteOrigin).toString(),
          expires_in: APP_LINK_TTL_MS / 1000,
        },
      }
    },
  })

  app.route({
    ...callRoute(calls.redeemAppLink, {
      tags: ['authentication'],
      summary: "Redeems, once, a mobile app's link: a new session's login result and the path to go to.",
      description:
        "Called by the site's `/redirection/{handle}` page, from the site's own origin (its `Origin` header must be the site's; 403 otherwise), with the browser's current token when it has one. " +
        "When that token is another person's than the link's, nothing is redeemed: 409 `app_link_other_person` names both people, and the link keeps working for its minute; the page asks, and calls again with `confirm: true` only if the person chose to continue. " +
        'A link unknown, expired or already used (or whose app session has ended) answers 404 `app_link_unknown`.',
      access: 'public',
      errors: { 409: AppLinkOtherPersonSchema },
    }),
    // The site redeems each link once (twice after a question); a burst means someone guessing handles.
    config: rateLimited(config, 30),
    handler: async (request, reply) => {
      // Only the site's page signs in with a link: a page elsewhere (or no browser at all) gets nothing, and
      // burns nothing, since the redeem below never runs for it.
      if (request.headers.origin !== siteOrigin) {
        throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
      }
      const { handle, confirm } = request.body
      const unknown = () => new ApiHttpError(404, 'app_link_unknown', 'errors.appLinkUnknown')
      const current = request.auth
      if (current && !confirm) {
        // Read, not taken: the person may still choose to continue within the link's minute.
        const link = await findAppLink(store, handle)
        if (!link) throw unknown()
        if (link.personId !== current.personId) {
          const [signedInAs, linkFor] = await Promise.all([nameOf(current.personId), nameOf(link.personId)])
          const t = translatorFor(request)
          return reply.code(409).send({
            error: {
              code: 'app_link_other_person' as const,
              message: t.t('errors.appLinkOtherPerson', { current: signedInAs, other: linkFor }),
              signed_in_as: signedInAs,
              link_for: linkFor,
            },
          })
        }
      }
      const link = await takeAppLink(store, handle)
      if (!link || !(await sessionLive(link.sessionId, link.personId))) throw unknown()
      const person = await personById(store.db, link.personId)
      if (!person) throw unknown()
      // The web view's session is signed in through the site's key, not the app's: it makes no links itself.
      return { data: { result: await signInResult(store, config, person, request.apiKey), to: link.to } }
    },
  })
}
