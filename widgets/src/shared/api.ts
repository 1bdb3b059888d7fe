import { type ApiClient, createApiClient, type FetchLike } from '@mashura/core'
import type { WidgetConfig } from './config.ts'

/**
 * A widget's configuration and the one API client made from it: what a widget's hooks take, so that no
 * hook builds a client of its own.
 */
export interface WidgetContext {
  /** The resolved configuration. */
  config: WidgetConfig
  /** The widget's one API client. */
  client: ApiClient
}

/**
 * Creates core's API client for a widget's configuration. `getToken` supplies the bearer token as each call
 * starts; widgets never read the host app's sign-in. A widget makes its one client through
 * `useWidgetContext` (the rate-form through {@link createRatingClient}), never in a hook of its own.
 */
export function createWidgetClient(
  config: WidgetConfig,
  getToken?: () => string | null | undefined,
): ApiClient {
  return createApiClient({
    baseURL: config.apiBase,
    apiKey: config.apiKey,
    language: config.lang,
    ...(config.fetch ? { fetch: config.fetch } : {}),
    ...(getToken ? { getToken } : {}),
  })
}

/** The header that carries a rating access token: it is not a sign-in, so it never travels as the Bearer. */
export const RATING_TOKEN_HEADER = 'X-Rating-Token'

/**
 * Creates core's API client for the rate-form: every call carries the decrypted rating access token, when
 * there is one, in its own header ({@link RATING_TOKEN_HEADER}), so the server's sign-in check never sees it.
 */
export function createRatingClient(
  config: WidgetConfig,
  getRatingToken: () => string | null | undefined,
): ApiClient {
  const base: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return createWidgetClient({
    ...config,
    fetch: (input, init) => {
      const token = getRatingToken()
      if (!token) return base(input, init)
      const headers = new Headers(init?.headers)
      headers.set(RATING_TOKEN_HEADER, token)
      return base(input, { ...init, headers })
    },
  })
}
