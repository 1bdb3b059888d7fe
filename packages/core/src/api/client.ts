import { createFetch } from 'ofetch'
import type { ApiResponse, PagedResponse } from '../contract/index.ts'
import { type ApiError, errorFromFailure, errorFromResponse } from './errors.ts'
import { beginLoading, resetLoading } from './loading.ts'

/** A language the API answers in. */
export type ApiLanguage = 'ar' | 'en'

/** A `fetch` implementation, such as `globalThis.fetch` or a test's recording function. */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/** The options of `createApiClient`. */
export interface ApiClientOptions {
  /** The API base, such as `https://example.org/api`; paths are appended to it. */
  baseURL: string
  /** The API key of the calling site, sent as `X-API-Key`. */
  apiKey: string
  /** Returns the bearer token, or nothing when signed out; read before every call. */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>
  /** The language to answer in, or a function returning it (to follow a store); `ar` by default. */
  language?: ApiLanguage | (() => ApiLanguage)
  /** Called with the error when a call answers 401, before the call rejects with it. */
  onUnauthorized?: (error: ApiError) => void
  /** The `fetch` to use; `globalThis.fetch` (looked up at call time) by default. */
  fetch?: FetchLike
}

/** An HTTP method the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A query value: `undefined` and `null` are left out, arrays repeat the key, booleans are `true`/`false`. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** The query of a call. */
export type QueryParams = { readonly [name: string]: QueryValue }

/** A JSON request body. */
export type JsonBody = { readonly [name: string]: unknown } | readonly unknown[]

/** The options every endpoint function accepts last. */
export interface CallOptions {
  /** Whether the call counts for the global loader; true by default (false for voice-note uploads). */
  loader?: boolean
  /** Aborts the call; it then rejects with an `ApiError` of status 0 and code `aborted`. */
  signal?: AbortSignal
}

/** The options of one call through `ApiClient.request`. */
export interface ApiRequestOptions extends CallOptions {
  /** The HTTP method; `GET` by default. */
  method?: HttpMethod
  /** The query parameters. */
  query?: QueryParams
  /** The body: JSON, or multipart `FormData` (whose boundary the runtime sets); `{}` when a non-GET call has none. */
  body?: JsonBody | FormData
  /** Sends no bearer token even when there is one: a public read that a stale or refused token must not spoil. */
  anonymous?: boolean
}

/** A configured API client; the endpoint functions take it as their first argument. */
export interface ApiClient {
  /**
   * Calls `path` (relative to the base) and resolves with the success envelope, or rejects with an
   * `ApiError`.
   */
  request<T>(path: string, options?: ApiRequestOptions): Promise<ApiResponse<T>>
}

function cleanQuery(query: QueryParams | undefined): Record<string, string | number | boolean | unknown[]> {
  const clean: Record<string, string | number | boolean | unknown[]> = {}
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    clean[name] = Array.isArray(value) ? [...value] : (value as string | number | boolean)
  }
  return clean
}

/**
 * Creates an API client. Every call sends `X-API-Key`, `Accept-Language`, `Accept` and (except
 * for multipart bodies) `Content-Type: application/json`, plus `Authorization: Bearer <token>`
 * when `getToken` returns a token. Calls count for the global loader (`$loadingCount`) unless made
 * with `loader: false`. A 401 hides the loader, calls `onUnauthorized` and rejects. Calls are not
 * retried.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const $fetch = createFetch({ fetch: fetchImpl as typeof globalThis.fetch })
  const language = (): ApiLanguage =>
    (typeof options.language === 'function' ? options.language() : options.language) ?? 'ar'

  async function headersFor(body: ApiRequestOptions['body'], anonymous: boolean): Promise<Headers> {
    const headers = new Headers({
      Accept: 'application/json',
      'Accept-Language': language(),
      'X-API-Key': options.apiKey,
    })
    if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json')
    const token = anonymous ? null : await options.getToken?.()
    if (token) headers.set('Authorization', `Bearer ${token}`)
    return headers
  }

  async function request<T>(path: string, init: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    const method = init.method ?? 'GET'
    // A JSON Content-Type with an empty body is a 400 for many servers (Fastify among them).
    const body = init.body ?? (method === 'GET' ? undefined : {})
    const end = init.loader === false ? () => {} : beginLoading()
    try {
      const headers = await headersFor(body, init.anonymous === true)
      let response: Response & { _data?: unknown }
      try {
        response = await $fetch.raw(path, {
          baseURL: options.baseURL,
          method,
          query: cleanQuery(init.query),
          body: body as Record<string, unknown> | FormData | undefined,
          headers,
          signal: init.signal,
          retry: false,
          ignoreResponseError: true,
        })
      } catch (cause) {
        throw errorFromFailure(cause)
      }
      if (!response.ok) {
        const error = errorFromResponse(response.status, response._data)
        if (error.status === 401) {
          resetLoading()
          try {
            options.onUnauthorized?.(error)
          } catch (callbackError) {
            // A failing callback must not replace the ApiError the caller awaits, nor vanish.
            console.error('onUnauthorized failed', callbackError)
          }
        }
        throw error
      }
      return response._data as ApiResponse<T>
    } finally {
      end()
    }
  }

  return { request }
}

/** Calls a paged read: like `client.request`, typed with the `meta` paged reads always carry. */
export function requestPage<T>(
  client: ApiClient,
  path: string,
  options?: ApiRequestOptions,
): Promise<PagedResponse<T>> {
  return client.request<T[]>(path, options) as Promise<PagedResponse<T>>
}
