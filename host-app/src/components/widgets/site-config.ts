import { $language } from '@mashura/core'
import { useStore } from '@nanostores/react'
import { API_BASE, API_KEY } from '../../config/env.ts'

/*
 * Each widget of the site has its own module here, so a page's chunk carries only the widget it shows (the
 * expert list only the search, a profile only the calendar): one module for all four put all four, their
 * messages and their stylesheets, in every page that showed any of them (issue 15).
 */

/** What every widget gets from the site: the API, its key and the language. */
export type SiteConfig = 'apiBase' | 'apiKey' | 'lang'

/** The widgets' configuration from the site and the language store. */
export function useSiteConfig() {
  const lang = useStore($language)
  return { apiBase: API_BASE, apiKey: API_KEY, lang }
}
