import { type Center, getCenters, getContributorSubjects, type Subject } from '@mashura/core'
import { useEffect, useState } from 'react'
import { createWidgetClient } from '../shared/api.ts'
import type { WidgetConfig } from '../shared/config.ts'

/** The choices of the subject and center filters. */
export interface FilterOptions {
  /** The subjects at least one expert covers. */
  subjects: Subject[]
  /** The agency's centers. */
  centers: Center[]
}

/**
 * Loads the subject and center choices once per configuration. Spec section 8 says list loads only log
 * their failures: a filter whose list failed just offers "all".
 */
export function useFilterOptions(config: WidgetConfig): FilterOptions {
  const [options, setOptions] = useState<FilterOptions>({ subjects: [], centers: [] })
  const { apiBase, apiKey, lang, fetch } = config

  useEffect(() => {
    const controller = new AbortController()
    const client = createWidgetClient({ apiBase, apiKey, lang, fetch })
    const call = { signal: controller.signal, loader: false }
    const log = (error: unknown) => {
      if (!controller.signal.aborted) console.warn('expert-search: a filter list failed to load', error)
    }
    getContributorSubjects(client, call).then((response) => {
      if (!controller.signal.aborted) setOptions((current) => ({ ...current, subjects: response.data }))
    }, log)
    getCenters(client, call).then((response) => {
      if (!controller.signal.aborted) setOptions((current) => ({ ...current, centers: response.data }))
    }, log)
    return () => controller.abort()
  }, [apiBase, apiKey, lang, fetch])

  return options
}
