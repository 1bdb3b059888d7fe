/**
 * Authentication and the chat backend token (spec section 7: three calls).
 *
 * - `POST /authentication/auth/login`: the browser hands over the provider's code
 *   and its PKCE verifier; the server exchanges them as a confidential client,
 *   validates the ID token and signs the person in. The person is found by the
 *   provider's issuer and subject only, never by anything the browser says.
 * - `POST /authentication/logout`: ends the API session (and forgets a push token).
 * - `GET /firebase/auth`: a short-lived realtime token for the live features.
 */

import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { LoginResult } from '@mashura/core'
import type { FastifyInstance } from 'fastify'
import { createOidcClient, type OidcIdentity, OidcLoginError } from '../../auth/oidc-client.ts'
import { issueRealtimeToken } from '../../auth/realtime-token.ts'
import { issueApiToken, revokeApiSession } from '../../auth/tokens.ts'
import type { Store } from '../../db/database.ts'
import type { Row } from '../../db/tables.ts'
import { fileRef } from '../../domain/serializers.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { commonErrors, Envelope, Nullable } from '../../http/schema.ts'
import { FileRefSchema } from '../../http/wire-schemas.ts'
import { DEV_ISSUER_KEY } from '../../oidc/dev-accounts.ts'
import { inProcessFetch } from '../../oidc/in-process-fetch.ts'
import { requireAuth } from '../../plugins/auth.ts'

const LoginBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2048, description: "The provider's authorization code." }),
    code_verifier: Type.String({
      minLength: 43,
      maxLength: 128,
      pattern: '^[A-Za-z0-9._~-]+$',
      description: 'The PKCE verifier whose S256 challenge started the sign-in (RFC 7636).',
    }),
    redirect_uri: Type.String({
      minLength: 1,
      maxLength: 2048,
      format: 'uri',
      description: 'The redirect URI the sign-in started with.',
    }),
  },
  { additionalProperties: false },
)

const LoginUser = Type.Object({
  full_name: Type.String(),
  email: Type.Optional(Type.String()),
  sme: Nullable(Type.Object({ file: Nullable(FileRefSchema) })),
  contributor: Nullable(Type.Object({ file: Nullable(FileRefSchema) })),
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
})

const LoginResultSchema = Type.Object({
  access_token: Type.String(),
  roles: Type.Array(Type.String(), {
    description: '`sme` always; `contributor` for experts; `admin` for the agency.',
  }),
  contributor_id: Nullable(Type.Integer()),
  user: LoginUser,
})

const LogoutBody = Type.Object(
  { fcm_token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  { additionalProperties: false },
)

const ChatAuth = Type.Object({
  payload: Type.String({ description: 'A realtime token, valid for 10 minutes.' }),
})

/** Finds the person a provider vouches for by (issuer, subject), refreshing name and e-mail; creates them on first sign-in. */
async function findOrCreatePerson(
  store: Store,
  issuerKey: string,
  identity: OidcIdentity,
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
    person = { ...person, ...changes }
  }
  return person
}

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

  app.post(
    '/authentication/auth/login',
    {
      config: { rateLimit: { max: config.rateLimit.signIn, timeWindow: config.rateLimit.windowMs } },
      schema: {
        tags: ['authentication'],
        summary: "Signs in with the sign-in provider's authorization code and PKCE verifier.",
        description:
          'The server exchanges the code at the provider as a confidential client, validates the ID token and answers the login result. Refused codes answer 400, any other failure 401, both with `login_failed`.',
        security: [{ apiKey: [] }],
        body: LoginBody,
        response: { 200: Envelope(LoginResultSchema), ...commonErrors },
      },
    },
    async (request) => {
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
        throw new ApiHttpError(reason === 'rejected' ? 400 : 401, 'login_failed', 'errors.loginFailed')
      }
      const person = await findOrCreatePerson(store, issuerKey, identity)
      const contributor = await store.db
        .selectFrom('contributors')
        .select(['id', 'photo_path', 'can_create_slots', 'can_delete_slots'])
        .where('person_id', '=', person.id)
        .executeTakeFirst()
      const { token } = await issueApiToken(store, config, person.id)
      const roles = ['sme']
      if (contributor) roles.push('contributor')
      if (person.is_admin) roles.push('admin')
      const data: LoginResult = {
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
      return { data }
    },
  )

  app.post(
    '/authentication/logout',
    {
      // A bodiless POST still logs out: no body means no push token to forget.
      preValidation: async (request) => {
        request.body ??= {}
      },
      schema: {
        tags: ['authentication'],
        summary: 'Ends the API session; its token is refused afterwards. Forgets the given push token.',
        security: [{ apiKey: [], bearer: [] }],
        body: LogoutBody,
        response: { 200: Envelope(Type.Null()), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      await revokeApiSession(store, auth.sessionId)
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
  )

  app.get(
    '/firebase/auth',
    {
      schema: {
        tags: ['authentication'],
        summary: "A realtime token (10 minutes) for the live features: the chat backend's custom token.",
        security: [{ apiKey: [], bearer: [] }],
        response: { 200: Envelope(ChatAuth), ...commonErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request)
      const payload = await issueRealtimeToken(config, {
        personId: auth.personId,
        contributorId: auth.contributorId,
        sessionId: auth.sessionId,
      })
      return { data: { payload } }
    },
  )
}
