import { type CallOptions, type ContributorProfile, isApiError, type PageMeta } from '@mashura/core'
import type { ExpertRole } from '../events.ts'
import type { WidgetContext } from '../shared/api.ts'
import { seeded, type WidgetSeed } from '../shared/seed.ts'
import { useLoad } from '../shared/use-load.ts'
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
  context: WidgetContext,
  role: ExpertRole | null,
  filters: SearchFilters,
  page: number,
  perPage: number | undefined,
  attempt: number,
  seed?: WidgetSeed,
): ResultsView {
  const { config, client } = context
  const { lang } = config
  // One string stands for the whole query, so a new filters object with equal values does not reload.
  const query = JSON.stringify(searchParams(filters, page, perPage))
  // Only the data and meta: the seed carries them from the server to the page.
  const results = (options: CallOptions) =>
    fetchExperts(client, role, JSON.parse(query), {
      ...options,
      loader: false,
    }).then(({ data, meta }) => ({ data, meta }))
  // Every change, `attempt` too, shows the loading state until its own page arrives.
  const { data, error } = useLoad((signal) => results({ signal }), [client, role, query, attempt], {
    clearOnChange: true,
    initial: () => {
      const first = seeded(seed, `expert-search:${lang}:${role ?? ''}:${query}`, () => results({}))
      return first ? { data: first } : undefined
    },
  })
  if (data) return { kind: 'results', experts: data.data, meta: data.meta }
  if (error === undefined) return { kind: 'loading' }
  // Spec section 8 reads the server's `error.message`; anything else gets the generic message.
  const message = isApiError(error) && error.status !== 0 ? error.message : ''
  return { kind: 'error', message, network: isApiError(error) && error.code === 'network_error' }
}
