import { type ContributorProfile, isApiError, type PageMeta } from '@mashura/core'
import { startTransition, useEffect, useRef, useState } from 'react'
import type { ExpertRole } from '../events.ts'
import { createWidgetClient } from '../shared/api.ts'
import type { WidgetConfig } from '../shared/config.ts'
import { seeded, type WidgetSeed } from '../shared/seed.ts'
import { fetchExperts, type SearchFilters, searchParams } from './search-query.ts'

/**
 * Where a results load stands. An error's `message` is the server's, or empty when there is none (then
 * `network` tells a failed connection from anything else).
 */
export type ResultsView =
  | { kind: 'loading' }
  | { kind: 'results'; experts: ContributorProfile[]; meta: PageMeta }
  | { kind: 'error'; message: string; network: boolean }

/**
 * Loads one page of experts whenever the role, filters, page or `attempt` change. The previous request is
 * aborted first and an aborted answer is dropped, so a slow stale page never overwrites a newer one. A page
 * the host already has (`seed`: the server drew it) is the first state, and is not loaded again.
 */
export function useExpertResults(
  config: WidgetConfig,
  role: ExpertRole | null,
  filters: SearchFilters,
  page: number,
  perPage: number | undefined,
  attempt: number,
  seed?: WidgetSeed,
): ResultsView {
  const { apiBase, apiKey, lang, fetch } = config
  // One string stands for the whole query, so a new filters object with equal values does not reload.
  const query = JSON.stringify(searchParams(filters, page, perPage))
  const [view, setView] = useState<ResultsView>(() => {
    const first = seeded(seed, `expert-search:${lang}:${role ?? ''}:${query}`, () =>
      fetchExperts(createWidgetClient({ apiBase, apiKey, lang, fetch }), role, JSON.parse(query), {
        loader: false,
      }).then(({ data, meta }) => ({ data, meta })),
    )
    return first ? { kind: 'results', experts: first.data, meta: first.meta } : { kind: 'loading' }
  })
  const skipFirst = useRef(view.kind === 'results')

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` only asks for the same query again
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false
      return
    }
    const controller = new AbortController()
    setView({ kind: 'loading' })
    const client = createWidgetClient({ apiBase, apiKey, lang, fetch })
    fetchExperts(client, role, JSON.parse(query), { signal: controller.signal, loader: false }).then(
      (response) => {
        // A transition: drawing a page of cards yields to the browser instead of blocking a phone (issue 15).
        if (!controller.signal.aborted)
          startTransition(() => setView({ kind: 'results', experts: response.data, meta: response.meta }))
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        // Spec section 8 reads the server's `error.message`; anything else gets the generic message.
        const message = isApiError(error) && error.status !== 0 ? error.message : ''
        setView({ kind: 'error', message, network: isApiError(error) && error.code === 'network_error' })
      },
    )
    return () => controller.abort()
  }, [apiBase, apiKey, lang, fetch, role, query, attempt])

  return view
}
