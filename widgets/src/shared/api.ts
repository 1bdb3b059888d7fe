import { type ApiClient, createApiClient } from '@mashura/core'
import type { WidgetConfig } from './config.ts'

/**
 * Creates core's API client for a widget's configuration. `getToken` supplies a bearer token, such as a
 * decrypted rating token; widgets never read the host app's sign-in.
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
