import { isApiError } from '@mashura/core'
import { type LoadState, useLoad } from '@mashura/widgets/use-load'
import { type DependencyList, useContext, useEffect, useId } from 'react'
import { ServerDataContext, wantServerLoad } from './server-data.ts'

/** What {@link useApi} returns: the widgets' load state (`@mashura/widgets/use-load`). */
export type ApiState<T> = LoadState<T>

/** The signal of a load the server starts while drawing: it runs to the end (or its timeout there). */
const NEVER_ABORTED = new AbortController().signal

/** Most list loads only log a failure (spec section 8); a refusal that is the client's fault (4xx) is not logged. */
function logFailure(error: unknown): void {
  if (!isApiError(error) || error.status >= 500) console.error(error)
}

/**
 * Runs `load` on mount and whenever `deps` change, aborting the previous run, and keeps its outcome (the
 * widgets' `useLoad`). Most list loads only log a failure (spec section 8); a page decides what to show
 * from `error`.
 *
 * On a page the server drew (`entry-server.tsx`), the server ran `load` too: its result, under this call's
 * `useId`, is the first state here, and the first load is skipped. While the server draws, the call only
 * hands `load` to it and shows its loading state.
 */
export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): ApiState<T> {
  const id = useId()
  const server = useContext(ServerDataContext)
  const seeded = server !== null && Object.hasOwn(server.results, id)
  if (server) wantServerLoad(server, id, () => load(NEVER_ABORTED))
  const state = useLoad(
    (signal) =>
      load(signal).catch((error: unknown) => {
        if (!signal.aborted) logFailure(error)
        throw error
      }),
    deps,
    { initial: () => (seeded ? { data: server.results[id] as T } : undefined) },
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's data serves the first render only
  useEffect(() => {
    // A later mount at this place loads afresh.
    if (seeded) delete server.results[id]
  }, [])
  return state
}
