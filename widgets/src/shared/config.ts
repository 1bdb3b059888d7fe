import { type FetchLike, type Language, normalizeLanguage } from '@mashura/core'

/** The settings every widget shares, resolved from its attributes and the page-wide configuration. */
export interface WidgetConfig {
  /** The API base, such as `https://example.org/api`. */
  apiBase: string
  /** The embedding site's API key, sent as `X-API-Key`. */
  apiKey: string
  /** The language: `ar` (right to left, the default) or `en`. */
  lang: Language
  /** The `fetch` the API client uses; the page's own `fetch` when not set. */
  fetch?: FetchLike | undefined
}

/** The shared attributes as r2wc hands them over (all optional strings). */
export interface SharedAttributes {
  /** The `api-base` attribute. */
  apiBase?: string
  /** The `api-key` attribute. */
  apiKey?: string
  /** The `lang` attribute. */
  lang?: string
}

/** The r2wc prop types of the shared attributes: strings only. */
export const sharedProps = { apiBase: 'string', apiKey: 'string', lang: 'string' } as const

/** The API base used when neither the attribute nor the page sets one: the same origin's `/api`. */
export const DEFAULT_API_BASE = '/api'

let pageConfig: Partial<WidgetConfig> = {}

/**
 * Sets values once for every widget on the page; a widget's own attributes still win. Call it before
 * the widgets connect; widgets already shown keep the values they started with.
 */
export function configureWidgets(config: Partial<WidgetConfig>): void {
  pageConfig = { ...pageConfig, ...config }
}

/** Forgets the page-wide configuration (tests, and pages that reconfigure from scratch). */
export function resetWidgetConfig(): void {
  pageConfig = {}
}

/** Resolves a widget's configuration: attribute, else page-wide value, else default. */
export function resolveConfig(attributes: SharedAttributes): WidgetConfig {
  return {
    apiBase: attributes.apiBase || pageConfig.apiBase || DEFAULT_API_BASE,
    apiKey: attributes.apiKey || pageConfig.apiKey || '',
    lang: normalizeLanguage(attributes.lang || pageConfig.lang),
    fetch: pageConfig.fetch,
  }
}
