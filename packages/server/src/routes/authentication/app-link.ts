/**
 * The mobile app's way into the site (spec sections 3 and 6: "a mobile-app token overrides both"). The spec
 * stores a mobile-app token in the browser but never says how it arrives; its one open-ended route,
 * `/redirection/{token}`, is where it does.
 *
 * The app, signed in with its own token, asks for a link (`POST /authentication/app-link`) and opens it in
 * its web view. The link names a one-time handle, never a token: addresses end up in histories, logs and
 * `Referer` headers. The handle keeps a fresh API session's login result for a minute, sealed under the
 * handle, the same way a widget's popup sign-in is kept (`auth/sign-in-handoff.ts`). The site's
 * `/redirection/{handle}` page redeems it once (`POST /authentication/app-link/redeem`), from the site's own
 * origin only, stores the token as the mobile-app token and goes on to the path the app asked for.
 *
 * The web view gets its own API session, so logging out there leaves the app signed in and the other way
 * round.
 */
import { randomBytes } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { LoginResult } from '@mashura/core'
import { AppLinkBodySchema, AppLinkSchema, calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { depositHandoff, HANDOFF_TTL_MS, redeemHandoff } from '../../auth/sign-in-handoff.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { commonErrors, Envelope } from '../../http/schema.ts'
import { mustBeSignedIn, requireAuth } from '../../plugins/auth.ts'
import { callRoute, rateLimited, SIGNED_IN } from '../call-route.ts'
import { signInResult } from './index.ts'

/**
 * The key app links are kept under in the hand-off table: never an API key (those are at least 16
 * characters of a configured list), so no widget's redeem can reach an app link, nor the other way round.
 */
const APP_LINK_KEY = 'app-link'

/** What an app link keeps under its handle. */
interface AppLinkDeposit {
  result: LoginResult
  to: string
}

/** Registers the mobile app's link and its redemption. */
export async function appLinkRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { config, store } = app
  const siteOrigin = new URL(config.publicUrl).origin

  app.post(
    '/authentication/app-link',
    {
      // Signed in first; a bodiless call asks for the home page.
      preValidation: [
        mustBeSignedIn,
        async (request) => {
          request.body ??= {}
        },
      ],
      config: rateLimited(config, 'signIn'),
      schema: {
        tags: ['authentication'],
        summary:
          "Makes a one-time link that opens the site, signed in as the caller, in the mobile app's web view.",
        description:
          'For the mobile app: the answer is a `/redirection/{handle}` address on the site, valid for a minute and for one visit. ' +
          'The page it opens signs in with a new API session of the caller (its token becomes the mobile-app token, which every request of that browser carries) and goes to `to`. ' +
          'The address holds no token.',
        security: SIGNED_IN,
        body: AppLinkBodySchema,
        response: { 200: Envelope(AppLinkSchema), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const person = await store.db
        .selectFrom('people')
        .selectAll()
        .where('id', '=', auth.personId)
        .executeTakeFirstOrThrow()
      const handle = randomBytes(32).toString('base64url')
      const deposit: AppLinkDeposit = {
        result: await signInResult(store, config, person),
        to: request.body.to ?? '/',
      }
      await depositHandoff(store, {
        handle,
        apiKey: APP_LINK_KEY,
        origin: siteOrigin,
        outcome: 'signed_in',
        result: deposit,
      })
      return {
        data: {
          url: new URL(`/redirection/${handle}`, siteOrigin).toString(),
          expires_in: HANDOFF_TTL_MS / 1000,
        },
      }
    },
  )

  app.route({
    ...callRoute(calls.redeemAppLink, {
      tags: ['authentication'],
      summary: "Redeems, once, a mobile app's link: the login result it keeps and the path to go to.",
      description:
        "Called by the site's `/redirection/{handle}` page, from the site's own origin (its `Origin` header must be the site's; 403 otherwise). " +
        'A link unknown, expired or already used answers 404 `app_link_unknown`.',
      access: 'public',
    }),
    // The site redeems each link once; a burst means someone guessing handles.
    config: rateLimited(config, 30),
    handler: async (request) => {
      // Only the site's page signs in with a link: a page elsewhere (or no browser at all) gets nothing, and
      // burns nothing, since the redeem below never runs for it.
      if (request.headers.origin !== siteOrigin) {
        throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
      }
      const found = await redeemHandoff(store, request.body.handle, APP_LINK_KEY, siteOrigin)
      if (found?.outcome !== 'signed_in')
        throw new ApiHttpError(404, 'app_link_unknown', 'errors.appLinkUnknown')
      const { result, to } = found.result as AppLinkDeposit
      return { data: { result, to } }
    },
  })
}
