/**
 * Registers a route from its entry in core's contract (`calls`): the method, the path, the path
 * parameters, query, body and success answer are written once, there, so the server cannot drift from
 * the client, and the OpenAPI operation is named after the call (`operationId`, the name core's client
 * function has). A route adds only its documentation, who may call it and the errors it may give beyond
 * the common ones.
 */
import type { Call } from '@mashura/core/contract'
import type { ApiMessageKey } from '@mashura/core/i18n/server'
import type { TSchema } from 'typebox'
import type { Config } from '../../config.ts'
import { ApiHttpError } from '../http/errors.ts'
import { commonErrors } from '../http/schema.ts'
import { mustBeAdmin, mustBeAnalyst, mustBeContributor, mustBeSignedIn } from '../plugins/auth.ts'

/** The OpenAPI security of calls made with the site's API key and a signed-in person's bearer token. */
export const SIGNED_IN = [{ apiKey: [], bearer: [] }]

/**
 * Who may call a route: its OpenAPI security, and the check that runs as the request arrives, before its body
 * is read: a caller who may not call it gets 401 or 403 before any detail about a body they may not send
 * anyway, and without the server reading or parsing that body (a signed-out 1 MiB `[[[…]]]` cost up to 0.85 s
 * of CPU when the check waited for validation; issue 30). The check runs after the auth plugin's own
 * `onRequest` hook, which has settled `request.auth`, and before the route's rate limit, so a refused caller
 * is not counted.
 */
const ACCESS = {
  /** The site's API key alone. */
  public: { security: [{ apiKey: [] }] },
  /** A signed-in person. */
  signedIn: { security: SIGNED_IN, onRequest: mustBeSignedIn },
  /** A signed-in expert. */
  contributor: { security: SIGNED_IN, onRequest: mustBeContributor },
  /** A signed-in admin (the back office's changes). */
  admin: { security: SIGNED_IN, onRequest: mustBeAdmin },
  /** A signed-in admin or analyst (the back office's reads). */
  analyst: { security: SIGNED_IN, onRequest: mustBeAnalyst },
}

/** The OpenAPI documentation of a route, and who may call it. */
export interface RouteDoc {
  tags?: string[]
  summary?: string
  description?: string
  /** Who may call it; `security` given as well documents another scheme (the check is the route's). */
  access?: keyof typeof ACCESS
  security?: Record<string, string[]>[]
  /** Errors the route gives beyond `commonErrors`, by status. */
  errors?: Record<number, TSchema>
  /** The route's errors instead of `commonErrors`, for a route that cannot give some of them. */
  ownErrors?: Record<number, TSchema>
}

/** A part of a call's schema, or `undefined` when the call has none (the type provider then sees none). */
type PartOf<C, K extends string> = C extends Record<K, infer S> ? S : undefined

/** The status of a call's success: 201 when the contract says so, else 200. */
type StatusOf<C> = C extends { status: 201 } ? 201 : 200

/** A call's success answer as Fastify takes it: the schema, or for a file the schema of its media type. */
type AnswerOf<C extends Call> = C extends { media: infer M extends string }
  ? { content: Record<M, { schema: C['response'] }> }
  : C['response']

/** The schema `callRoute` gives Fastify, typed so that the type provider types the handler from it. */
type SchemaOf<C extends Call, D extends RouteDoc> = Omit<D, 'errors' | 'ownErrors' | 'access'> & {
  operationId: C['name']
  params: PartOf<C, 'params'>
  querystring: PartOf<C, 'querystring'>
  body: PartOf<C, 'body'>
  response: Record<StatusOf<C>, AnswerOf<C>> &
    (D extends { ownErrors: infer O } ? O : typeof commonErrors & PartOf<D, 'errors'>)
}

/**
 * The method, url, schema and access check of the route that answers `call`, to spread into
 * `app.route({ ..., handler })`; the handler's request and reply are typed from the contract's schemas.
 */
export function callRoute<const C extends Call, const D extends RouteDoc>(call: C, doc: D) {
  const { errors, ownErrors, access, ...docs } = doc
  const { onRequest, ...who }: { security?: unknown; onRequest?: typeof mustBeSignedIn } = access
    ? ACCESS[access]
    : {}
  const answer = call.media ? { content: { [call.media]: { schema: call.response } } } : call.response
  const schema = {
    ...who,
    ...docs,
    operationId: call.name,
    ...(call.params ? { params: call.params } : {}),
    ...(call.querystring ? { querystring: call.querystring } : {}),
    ...(call.body ? { body: call.body } : {}),
    response: { [call.status ?? 200]: answer, ...(ownErrors ?? { ...commonErrors, ...errors }) },
  }
  const route = { method: call.method, url: call.path, schema: schema as SchemaOf<C, D> }
  // Fastify refuses a hook key that holds no function, so a route without a check has none.
  return onRequest ? { ...route, onRequest } : (route as typeof route & { onRequest?: undefined })
}

/** `callRoute` with documentation shared by a group of routes (their tags, who may call them). */
export function callRoutes<const F extends RouteDoc>(defaults: F) {
  return <const C extends Call, const D extends RouteDoc>(call: C, doc: D) =>
    callRoute(call, { ...defaults, ...doc } as Omit<F, keyof D> & D)
}

/**
 * A route's rate limit, for its `config`: at most `max` calls (a number, or the configured sign-in or
 * booking limit) per the configured window. The 429 is `rate_limited` with the common message ("too many
 * attempts"), or with `message` (given `seconds`) where the route has words of its own for it.
 */
export function rateLimited(
  config: Pick<Config, 'rateLimit'>,
  max: number | 'signIn' | 'booking',
  message?: ApiMessageKey,
) {
  const { rateLimit } = config
  return {
    rateLimit: {
      max: typeof max === 'number' ? max : rateLimit[max],
      timeWindow: rateLimit.windowMs,
      ...(message
        ? {
            errorResponseBuilder: (_request: unknown, { ttl }: { ttl: number }) =>
              new ApiHttpError(429, 'rate_limited', message, {
                values: { seconds: Math.max(1, Math.ceil(ttl / 1000)) },
              }),
          }
        : {}),
    },
  }
}
