/**
 * A call of the API by its name: the method and path come from the contract's TypeBox-free `endpoints` table,
 * the types of its path parameters, query, body and answer from the contract's schemas (`calls`, a type-only
 * import), so an endpoint function writes neither a path nor a type of its own, and TypeBox never reaches a
 * bundle.
 */
import type { Static, TSchema } from 'typebox'
import type { calls } from '../contract/calls.ts'
import { type CallName, endpoints, type SiteCallName } from '../contract/endpoints.ts'
import type { ApiClient, CallOptions, HttpMethod, JsonBody, QueryParams } from './client.ts'

export type { CallName }

/** A part of a call (`params`, `querystring`, `body`) as a type, or `undefined` when the call has none. */
type PartOf<N extends CallName, K extends string> = (typeof calls)[N] extends {
  [P in K]: infer S extends TSchema
}
  ? Static<S>
  : undefined

/** The path parameters of a call, named as its path names them. */
export type CallParams<N extends CallName> = PartOf<N, 'params'>
/** The query of a call. */
export type CallQuery<N extends CallName> = PartOf<N, 'querystring'>
/** The JSON body of a call. */
export type CallBody<N extends CallName> = PartOf<N, 'body'>
/** The success answer of a call: its whole envelope (`{ data, message? }`, with `meta` for a page). */
export type CallAnswer<N extends CallName> = Static<(typeof calls)[N]['response']>
/** The `data` of a call's success answer. */
export type CallData<N extends CallName> = CallAnswer<N> extends { data: infer D } ? D : never

/**
 * What a call sends: its path parameters (required when its path has any), its query and its body (a JSON
 * body, or `FormData` for a call whose body is multipart).
 */
export type CallInput<N extends CallName> = ([CallParams<N>] extends [undefined]
  ? { params?: undefined }
  : { params: CallParams<N> }) & {
  query?: CallQuery<N>
  body?: [CallBody<N>] extends [undefined] ? FormData : CallBody<N>
}

/**
 * Sends the call `name` through `client`: its method, and its path with each `:name` replaced by the
 * parameter of that name (encoded with `encodeURIComponent`). Resolves with the success answer, or rejects
 * with an `ApiError`, as `client.request` does.
 */
export function callApi<N extends SiteCallName>(
  client: ApiClient,
  name: N,
  input: CallInput<N>,
  options?: CallOptions,
): Promise<CallAnswer<N>> {
  return sendCall(client, endpoints[name], input, options) as Promise<CallAnswer<N>>
}

/**
 * Sends a call given its `'<METHOD> <path>'` from a contract table: `callApi` for the site's table, the back
 * office's client (`@mashura/core/admin`) for its own.
 */
export function sendCall(
  client: ApiClient,
  endpoint: string,
  input: { params?: unknown; query?: unknown; body?: unknown },
  options?: CallOptions,
): Promise<unknown> {
  const [method, template] = endpoint.split(' ') as [HttpMethod, string]
  const params = input.params as Record<string, string | number> | undefined
  const path = template.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key])))
  return client.request(path, {
    ...options,
    method,
    query: input.query as QueryParams | undefined,
    body: input.body as JsonBody | FormData | undefined,
  })
}
