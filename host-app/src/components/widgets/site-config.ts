import { $language, type Language } from '@mashura/core'
import type { WidgetSeed } from '@mashura/widgets/react'
import { useStore } from '@nanostores/react'
import { useContext, useMemo } from 'react'
import { API_BASE, API_KEY } from '../../config/env.ts'
import { type ServerData, ServerDataContext, wantServerLoad } from '../../lib/server-data.ts'

/*
 * Each widget of the site has its own module here, so a page's chunk carries only the widget it shows (the
 * expert list only the search, a profile only the calendar): one module for all four put all four, their
 * messages and their stylesheets, in every page that showed any of them (issue 15).
 */

/** What every widget gets from the site: the API, its key and the language. */
export type SiteConfig = 'apiBase' | 'apiKey' | 'lang'

/** The widgets' configuration from the site and the language store. */
export function useSiteConfig() {
  return siteConfig(useStore($language))
}

/** The widgets' configuration for `lang`: for the widgets a drawn page hydrates without the app too (`islands/`). */
export function siteConfig(lang: Language) {
  return { apiBase: API_BASE, apiKey: API_KEY, lang }
}

/**
 * What the server loaded for a widget while it drew the page, for the widget's first render
 * (`WidgetSeed`): while the server draws, a widget's loads join the page's (`entry-server.tsx` runs them
 * and draws again); in the browser, the page it hydrates reads their results instead of loading them again.
 * Undefined on pages the browser drew alone.
 */
export function useWidgetSeed(): WidgetSeed | undefined {
  const server = useContext(ServerDataContext)
  return useMemo(() => (server ? widgetSeed(server) : undefined), [server])
}

/** The id of a widget's load among the page's server data. */
const seedId = (key: string) => `widget:${key}`

/**
 * A widget's seed from the page's server data (see {@link useWidgetSeed}): the app's, and that of the widgets
 * a drawn page hydrates without the app (`islands/`).
 */
export function widgetSeed(server: ServerData): WidgetSeed {
  return {
    get: (key) => server.results[seedId(key)],
    want: server.pending ? (key, load) => wantServerLoad(server, seedId(key), load) : undefined,
  }
}
