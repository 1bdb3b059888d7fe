import { type Center, getCenters, getContributorSubjects, type Subject } from '@mashura/core'
import { useEffect, useRef, useState } from 'react'
import type { WidgetContext } from '../shared/api.ts'
import { seeded, type WidgetSeed } from '../shared/seed.ts'

/** The choices of the subject and center filters. */
export interface FilterOptions {
  /** The subjects at least one expert covers. */
  subjects: Subject[]
  /** The agency's centers. */
  centers: Center[]
}

/**
 * Loads the subject and center choices once per configuration. Spec section 8 says list loads only log
 * their failures: a filter whose list failed just offers "all". Lists the host already has (`seed`) are the
 * first state, and are not loaded again.
 */
export function useFilterOptions(context: WidgetContext, seed?: WidgetSeed): FilterOptions {
  const { client } = context
  const { lang } = context.config
  // Whether the host had both lists: then there is nothing to load at first (an empty list counts).
  const bothSeeded = useRef(false)
  const [options, setOptions] = useState<FilterOptions>(() => {
    const subjects = seeded(seed, `expert-search:${lang}:subjects`, () =>
      getContributorSubjects(client, { loader: false }).then((response) => response.data),
    )
    const centers = seeded(seed, `expert-search:${lang}:centers`, () =>
      getCenters(client, { loader: false }).then((response) => response.data),
    )
    bothSeeded.current = subjects !== undefined && centers !== undefined
    return { subjects: subjects ?? [], centers: centers ?? [] }
  })

  useEffect(() => {
    if (bothSeeded.current) {
      bothSeeded.current = false
      return
    }
    const controller = new AbortController()
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
  }, [client])

  return options
}
