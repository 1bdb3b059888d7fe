import type { ReactNode } from 'react'
import { LoadFailed } from './load-failed.tsx'
import { PageLoading } from './page-loading.tsx'

/** What {@link Loaded} reads of a load (`useApi`'s state). */
export interface LoadOutcome<T> {
  data: T | null | undefined
  error: unknown
  loading: boolean
  reload: () => void
}

/**
 * A load's content once it is there: "loading" while the first load runs, the failure with a retry when
 * it failed, else `children` drawn from the data (a reload keeps the data shown).
 */
export function Loaded<T>({ state, children }: { state: LoadOutcome<T>; children: (data: T) => ReactNode }) {
  const { data, error, loading, reload } = state
  if (loading && (data === undefined || data === null)) return <PageLoading />
  if (error || data === undefined || data === null) return <LoadFailed onRetry={reload} />
  return children(data)
}
