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
 * And the sign-in hand-off of widgets on partner pages (design section 10, `auth/sign-in-handoff.ts`):
 * the popup's login names the widget's one-time handle, a popup that failed or was cancelled says so
 * under it (`POST /authentication/handoff`), and the widget redeems it once
 * (`POST /authentication/handoff/redeem`).
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { LoginResult } from '@mashura/core'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { createOidcClient, type OidcIdentity, OidcLoginError } from '../../auth/oidc-client.ts'
import { issueRealtimeToken } from '../../auth/realtime-token.ts'
import { depositHandoff, type RedeemedHandoff, redeemHandoff } from '../../auth/sign-in-handoff.ts'
import { issueApiToken, revokeApiSession } from '../../auth/tokens.ts'
import type { Config } from '../../config.ts'
import type { Store } from '../../db/database.ts'
import type { Row } from '../../db/tables.ts'
import { rebuildSearchText } from '../../domain/contributors.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { DEV_ISSUER_KEY } from '../../oidc/dev-accounts.ts'
import { inProcessFetch } from '../../oidc/in-process-fetch.ts'
import { originAllowed } from '../../plugins/api-key.ts'
import { mustBeSignedIn, requireAuth } from '../../plugins/auth.ts'
import { callRoute, callRoutes, rateLimited, SIGNED_IN } from '../call-route.ts'
import { fileRef } from '../serialize/common.ts'

/** How often a waiting redeem looks again, in milliseconds. */
const REDEEM_POLL_MS = 200

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
  const find = () =>
    db
      .selectFrom('people')
      .selectAll()
      .where('issuer', '=', issuerKey)
      .where('subject', '=', identity.subject)
      .executeTakeFirst()
  let person = await find()
  if (!person) {
    // Two first sign-ins at once both insert; the unique (issuer, subject) lets one win.
    await db
      .insertInto('people')
      .values({
        issuer: issuerKey,
        subject: identity.subject,
        full_name: identity.name ?? identity.email ?? identity.subject,
        email: identity.email,
        phone: null,
        photo_path: null,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
      .execute()
    person = await find()
    if (!person) throw new Error('person vanished after insert')
    return person
  }
  const changes: { full_name?: string; email?: string } = {}
  if (identity.name && identity.name !== person.full_name) changes.full_name = identity.name
  if (identity.email && identity.email !== person.email) changes.email = identity.email
  if (changes.full_name !== undefined || changes.email !== undefined) {
    await db.updateTable('people').set(changes).where('id', '=', person.id).execute()
    if (changes.full_name !== undefined) {
      // A contributor is found and ranked by name: their search text follows it.
      const contributor = await db
        .selectFrom('contributors')
        .select('id')
        .where('person_id', '=', person.id)
        .executeTakeFirst()
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
): Promise<LoginResult> {
  const contributor = await store.db
    .selectFrom('contributors')
    .select(['id', 'photo_path', 'can_create_slots', 'can_delete_slots'])
    .where('person_id', '=', person.id)
    .executeTakeFirst()
  const { token } = await issueApiToken(store, config, person.id)
  const roles = ['sme']
  if (contributor) roles.push('contributor')
  if (person.is_admin) roles.push('admin')
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
    // The dev provider lives in this app: reach it in-process rather than through the public address.
    ...(config.oidc.dev ? { fetch: inProcessFetch(app, config.publicUrl) } : {}),
  })
  // People of the dev provider keep the key `dev` whatever its URL (it changes with PORT/PUBLIC_URL).
  const issuerKey = config.oidc.dev ? DEV_ISSUER_KEY : config.oidc.issuer

  app.route({
    ...route(calls.login, {
      summary: "Signs in with the sign-in provider's authorization code and PKCE verifier.",
      description:
        'The server exchanges the code at the provider as a confidential client, validates the ID token and answers the login result. Refused codes answer 400, any other failure 401, both with `login_failed`.',
    }),
    config: rateLimited(config, 'signIn'),
    handler: async (request) => {
      const { handoff } = request.body
      if (handoff) assertHandoffOrigin(request.apiKey ?? '', handoff.origin)
      let identity: OidcIdentity
      try {
        identity = await oidc.exchangeCode({
          code: request.body.code,
          codeVerifier: request.body.code_verifier,
          redirectUri: request.body.redirect_uri,
        })
      } catch (error) {
        const reason = error instanceof OidcLoginError ? error.reason : 'failed'
        request.log.warn(
          { reason, detail: error instanceof OidcLoginError ? error.detail : String(error) },
          'sign-in failed',
        )
        // The popup reports the failure under its handle itself (POST /authentication/handoff).
        throw new ApiHttpError(reason === 'rejected' ? 400 : 401, 'login_failed', 'errors.loginFailed')
      }
      const person = await findOrCreatePerson(store, issuerKey, identity, () =>
        app.catalogueCache.bump(['catalogue']),
      )
      const data = await signInResult(store, config, person)
      if (handoff) {
        await depositHandoff(store, {
          handle: handoff.handle,
          apiKey: request.apiKey ?? '',
          origin: handoff.origin,
          outcome: 'signed_in',
          result: data,
        })
      }
      return { data }
    },
  })

  /** A hand-off's page must be one the key serves, as a page calling with that key would have to be. */
  function assertHandoffOrigin(apiKey: string, origin: string): void {
    if (!originAllowed(config, apiKey, origin)) {
      throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
    }
  }

  app.route({
    ...route(calls.reportHandoffFailure, {
      summary: "Says that a widget's popup sign-in was cancelled or failed, under the widget's handle.",
      description:
        "Called by the platform's sign-in popup when the visitor turns the sign-in down or it fails, so the widget stops waiting. A handle already deposited keeps its first outcome. `origin` must be one the API key allows (403 otherwise).",
    }),
    config: rateLimited(config, 'signIn'),
    handler: async (request) => {
      const { handle, origin, outcome } = request.body
      const apiKey = request.apiKey ?? ''
      assertHandoffOrigin(apiKey, origin)
      await depositHandoff(store, { handle, apiKey, origin, outcome })
      return { data: null }
    },
  })

  app.route({
    ...route(calls.redeemHandoff, {
      summary: "Redeems, once, the outcome of a widget's popup sign-in (the widget's handle).",
      description:
        "The widget's side of the hand-off: answers the login result the popup's sign-in kept under this handle, and forgets it. Only a browser page at the origin the popup was opened for, with the same API key, redeems it (its `Origin` header must match); a hand-off lives one minute. With `wait`, the call waits up to that many seconds for the popup before answering `pending`.",
    }),
    // One waiting call every `wait` seconds per open popup; a burst means someone guessing.
    config: rateLimited(config, 120),
    handler: async (request, reply) => {
      const origin = request.headers.origin
      const apiKey = request.apiKey ?? ''
      const { handle } = request.body
      const deadline = Date.now() + (request.body.wait ?? 0) * 1000
      // The caller went away (a cancelled sign-in, a closed page): stop looking. Not `request.raw.destroyed`,
      // which turns true as soon as the body has been read.
      const gone = () => reply.raw.destroyed || request.raw.socket?.destroyed === true
      let found: RedeemedHandoff | null = null
      // A page without an Origin header (not a browser) never matches a deposit.
      while (origin) {
        found = await redeemHandoff(store, handle, apiKey, origin)
        if (found || Date.now() >= deadline || gone()) break
        await new Promise((resolve) => setTimeout(resolve, REDEEM_POLL_MS))
      }
      if (!found) return { data: { status: 'pending' as const, result: null } }
      return {
        data: {
          status: found.outcome,
          result: found.outcome === 'signed_in' ? (found.result as LoginResult) : null,
        },
      }
    },
  })

  app.route({
    ...callRoute(calls.logoutSession, {
      tags: ['authentication'],
      summary: 'Ends the API session; its token is refused afterwards. Forgets the given push token.',
      security: SIGNED_IN,
    }),
    // Signed in first (401 before anything about the body; issue 17). A bodiless POST still logs out: no
    // body means no push token to forget.
    preValidation: [
      mustBeSignedIn,
      async (request) => {
        request.body ??= {}
      },
    ],
    handler: async (request) => {
      const auth = requireAuth(request)
      await revokeApiSession(store, auth.sessionId)
      // Its realtime sockets close at once, on every instance.
      await app.bus.publish({ type: 'api_session.ended', apiSessionId: auth.sessionId })
      const fcmToken = request.body?.fcm_token
      if (fcmToken) {
        await store.db
          .deleteFrom('push_tokens')
          .where('token', '=', fcmToken)
          .where('person_id', '=', auth.personId)
          .execute()
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
