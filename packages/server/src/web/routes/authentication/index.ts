/**
 * Authentication and the chat backend token (spec section 7: three calls).
 *
 * - `POST /authentication/auth/login`: the browser hands over the provider's code
 *   and its PKCE verifier; the server exchanges them as a confidential client,
 *   validates the ID token and signs the person in. The person is found by the
 *   provider's issuer and subject only, never by anything the browser says.
 * - `POST /authentication/logout`: ends the API session (and forgets a push token).
 * - `GET /firebase/auth`: a short-lived realtime token for the live features.
 *
 * And the sign-in hand-off of widgets on partner pages (design section 10, issue 30, `adapters/auth/sign-in-handoff.ts`):
 * the platform's popup signs in for the widget's challenge (`POST /authentication/handoff/login`) and gets a
 * one-time code, never the token; the popup hands the code to the opening page only, and the widget redeems
 * it once with the verifier it kept (`POST /authentication/handoff/redeem`).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { LoginResult } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createOidcClient, type OidcIdentity, OidcLoginError } from '../../../adapters/auth/oidc-client.ts'
import { issueRealtimeToken } from '../../../adapters/auth/realtime-token.ts'
import { depositHandoff, HANDOFF_TTL_MS, redeemHandoff } from '../../../adapters/auth/sign-in-handoff.ts'
import { issueApiToken, revokeApiSession } from '../../../adapters/auth/tokens.ts'
import { DEV_ISSUER_KEY } from '../../../adapters/oidc/dev-accounts.ts'
import { inProcessFetch } from '../../../adapters/oidc/in-process-fetch.ts'
import type { Config } from '../../../config.ts'
import type { Store } from '../../../db/database.ts'
import { deletePushTokenOf } from '../../../db/queries/auth.ts'
import {
  contributorIdOfPerson,
  contributorSignInRow,
  insertPersonOnce,
  personByIdentity,
  setProviderRoles,
  updatePerson,
} from '../../../db/queries/people.ts'
import type { Row } from '../../../db/tables.ts'
import { backOfficeRole, rolesOfClaim } from '../../../domain/back-office-roles.ts'
import { rebuildSearchText } from '../../../domain/contributors.ts'
import { acceptInvitationAtSignIn } from '../../../domain/expert-onboarding.ts'
import { fileRef } from '../../../wire/common.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { originAllowed } from '../../plugins/api-key.ts'
import { mustBeSignedIn, requireAuth } from '../../plugins/auth.ts'
import { callRoute, callRoutes, rateLimited, SIGNED_IN } from '../call-route.ts'

/**
 * Finds the person a provider vouches for by (issuer, subject), refreshing name and e-mail; creates them on
 * first sign-in. `renamed` runs after a refreshed name is stored (a contributor's name is in the catalogue).
 */
async function findOrCreatePerson(
  store: Store,
  issuerKey: string,
  identity: OidcIdentity,
  renamed: () => Promise<void>,
): Promise<Row<'people'>> {
  const { db } = store
  const find = () => personByIdentity(db, issuerKey, identity.subject)
  let person = await find()
  if (!person) {
    // Two first sign-ins at once both insert; the unique (issuer, subject) lets one win.
    await insertPersonOnce(db, {
      issuer: issuerKey,
      subject: identity.subject,
      full_name: identity.name ?? identity.email ?? identity.subject,
      email: identity.email,
      phone: null,
      photo_path: null,
      created_at: new Date().toISOString(),
    })
    person = await find()
    if (!person) throw new Error('person vanished after insert')
    return person
  }
  const changes: { full_name?: string; email?: string } = {}
  if (identity.name && identity.name !== person.full_name) changes.full_name = identity.name
  if (identity.email && identity.email !== person.email) changes.email = identity.email
  if (changes.full_name !== undefined || changes.email !== undefined) {
    await updatePerson(db, person.id, changes)
    if (changes.full_name !== undefined) {
      // A contributor is found and ranked by name: their search text follows it.
      const contributor = await contributorIdOfPerson(db, person.id)
      if (contributor) await rebuildSearchText(db, [contributor.id])
      await renamed()
    }
    person = { ...person, ...changes }
  }
  return person
}

/**
 * Signs a person in: a new API session and its login result (the token, the roles, the contributor id and
 * what the site shows of the person). The sign-in route and the mobile app's link both answer it.
 */
export async function signInResult(
  store: Store,
  config: Config,
  person: Row<'people'>,
  /** The API key of the call that signs the person in, kept with the session (`issueApiToken`). */
  apiKey: string | null = null,
): Promise<LoginResult> {
  const contributor = await contributorSignInRow(store.db, person.id)
  const { token } = await issueApiToken(store, config, person.id, apiKey)
  const roles = ['sme']
  if (contributor) roles.push('contributor')
  const backOffice = backOfficeRole(person)
  if (backOffice) roles.push(backOffice)
  return {
    access_token: token,
    roles,
    contributor_id: contributor?.id ?? null,
    user: {
      full_name: person.full_name,
      ...(person.email ? { email: person.email } : {}),
      sme: { file: fileRef(person.photo_path, config.publicUrl) },
      contributor: contributor ? { file: fileRef(contributor.photo_path, config.publicUrl) } : null,
      can_create_slots: contributor?.can_create_slots === 1,
      can_delete_slots: contributor?.can_delete_slots === 1,
    },
  }
}

const route = callRoutes({ tags: ['authentication'], access: 'public' })

/** Registers the three calls; the sign-in client is made once per app. */
export async function authenticationRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { config, store } = app
  const oidc = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    timeoutMs: config.outboundTimeoutMs,
    // The dev provider lives in this app: reach it in-process rather than through the public address.
    ...(config.oidc.dev ? { fetch: inProcessFetch(app, config.publicUrl) } : {}),
  })
  // People of the dev provider keep the key `dev` whatever its URL (it changes with PORT/PUBLIC_URL).
  const issuerKey = config.oidc.dev ? DEV_ISSUER_KEY : config.oidc.issuer
  const siteOrigin = new URL(config.publicUrl).origin

  /** Exchanges the provider's code and finds (or creates) the person it vouches for. */
  async function personOfCode(
    request: FastifyRequest,
    body: { code: string; code_verifier: string; redirect_uri: string },
  ): Promise<Row<'people'>> {
    let identity: OidcIdentity
    try {
      identity = await oidc.exchangeCode({
        code: body.code,
        codeVerifier: body.code_verifier,
        redirectUri: body.redirect_uri,
      })
    } catch (error) {
      const reason = error instanceof OidcLoginError ? error.reason : 'failed'
      request.log.warn(
        { reason, detail: error instanceof OidcLoginError ? error.detail : String(error) },
        'sign-in failed',
      )
      throw new ApiHttpError(reason === 'rejected' ? 400 : 401, 'login_failed', 'errors.loginFailed')
    }
    const person = await findOrCreatePerson(store, issuerKey, identity, () =>
      app.catalogueCache.bump(['catalogue']),
    )
    // An invited expert becomes one at a sign-in with the invited address, verified by the provider (issue 33).
    await acceptInvitationAtSignIn(
      {
        db: store.db,
        bus: app.bus,
        push: app.push,
        catalogueCache: app.catalogueCache,
        publicUrl: config.publicUrl,
      },
      { personId: person.id, email: identity.email, emailVerified: identity.emailVerified },
    )
    // The provider's word on back-office roles replaces what it said before (it can take a role back).
    if (config.oidc.rolesClaim) {
      const roles = rolesOfClaim(identity.claims[config.oidc.rolesClaim])
      const provider_roles = roles.join(',')
      if (provider_roles !== person.provider_roles) {
        await setProviderRoles(store.db, person.id, roles)
        return { ...person, provider_roles }
      }
    }
    return person
  }

  app.route({
    ...route(calls.login, {
      summary: "Signs in with the sign-in provider's authorization code and PKCE verifier.",
      description:
        'The server exchanges the code at the provider as a confidential client, validates the ID token and answers the login result. Refused codes answer 400, any other failure 401, both with `login_failed`.',
    }),
    config: rateLimited(config, 'signIn'),
    handler: async (request) => {
      const person = await personOfCode(request, request.body)
      // The session remembers the key it was signed in through: the mobile app's key lets it make app links.
      return { data: await signInResult(store, config, person, request.apiKey) }
    },
  })

  app.route({
    ...route(calls.handoffLogin, {
      summary:
        "The platform's sign-in popup signs in for the widget that opened it; answers a one-time code.",
      description:
        "Called by the platform's own `/sign-in/popup` page only (its `Origin` must be the platform's; 403 otherwise), with the provider's code and the widget's `challenge` and page `origin` (one the API key allows; 403 otherwise). " +
        'The login result is kept for a minute under a new one-time code, which is the answer: the popup hands it to the opening page alone, and only the verifier whose S256 hash is `challenge` redeems it (`POST /authentication/handoff/redeem`). The token never reaches the popup.',
    }),
    config: rateLimited(config, 'signIn'),
    handler: async (request) => {
      const { challenge, origin } = request.body
      const apiKey = request.apiKey ?? ''
      // Only the platform's popup page completes a hand-off; a partner page signs in through it.
      if (request.headers.origin !== siteOrigin) {
        throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
      }
      if (!originAllowed(config, apiKey, origin)) {
        throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
      }
      const person = await personOfCode(request, request.body)
      const result = await signInResult(store, config, person, apiKey)
      const code = await depositHandoff(store, { challenge, apiKey, origin, result })
      return { data: { code, expires_in: HANDOFF_TTL_MS / 1000 } }
    },
  })

  app.route({
    ...route(calls.redeemHandoff, {
      summary:
        "Redeems, once, a widget's popup sign-in: the popup's one-time code and the widget's verifier.",
      description:
        "The widget's side of the hand-off: answers the login result kept under the code, and forgets it. It takes the code the popup handed to the page, the verifier whose S256 hash the popup was opened with, the same API key, and a browser page at the origin the popup signed in for (its `Origin` header). Anything else, an expired code (a minute) or a spent one answers 404 `handoff_unknown` and spends nothing.",
    }),
    // The page redeems each sign-in once; a burst means someone guessing.
    config: rateLimited(config, 30),
    handler: async (request) => {
      const origin = request.headers.origin
      // A caller without an Origin header (not a browser) never matches a hand-off.
      const result = origin
        ? await redeemHandoff(store, {
            code: request.body.code,
            verifier: request.body.verifier,
            apiKey: request.apiKey ?? '',
            origin,
          })
        : null
      if (!result) throw new ApiHttpError(404, 'handoff_unknown', 'errors.handoffUnknown')
      return { data: result as LoginResult }
    },
  })

  app.route({
    ...callRoute(calls.logoutSession, {
      tags: ['authentication'],
      summary: 'Ends the API session; its token is refused afterwards. Forgets the given push token.',
      security: SIGNED_IN,
    }),
    // Signed in first, before the body is even read (401 before anything about it; issues 17 and 30). A
    // bodiless POST still logs out: no body means no push token to forget.
    onRequest: mustBeSignedIn,
    preValidation: async (request) => {
      request.body ??= {}
    },
    handler: async (request) => {
      const auth = requireAuth(request)
      await revokeApiSession(store, auth.sessionId)
      // Its realtime sockets close at once, on every instance.
      await app.bus.publish({ type: 'api_session.ended', apiSessionId: auth.sessionId })
      const fcmToken = request.body?.fcm_token
      if (fcmToken) {
        await deletePushTokenOf(store.db, fcmToken, auth.personId)
      }
      return { data: null }
    },
  })

  app.route({
    ...callRoute(calls.getChatToken, {
      tags: ['authentication'],
      summary: "The chat backend's custom token for the live features (Firebase's, where Firebase is on).",
      security: SIGNED_IN,
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const identity = {
        personId: auth.personId,
        contributorId: auth.contributorId,
        sessionId: auth.sessionId,
      }
      const payload = app.firebase
        ? await app.firebase.customToken(identity)
        : await issueRealtimeToken(config, identity)
      return { data: { payload } }
    },
  })
}
