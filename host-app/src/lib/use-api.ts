import { isApiError } from '@mashura/core'
import {
  type DependencyList,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { ServerDataContext, wantServerLoad } from './server-data.ts'

/** What {@link useApi} returns. */
export interface ApiState<T> {
  /** The loaded data; undefined while the first load runs or after a failure. */
  data: T | undefined
  /** The failure, if the last load failed. */
  error: unknown
  /** Whether a load is running. */
  loading: boolean
  /** Loads again (after a change, or from a retry button). */
  reload: () => void
}

/** The signal of a load the server starts while drawing: it runs to the end (or its timeout there). */
const NEVER_ABORTED = new AbortController().signal

/**
 * Runs `load` on mount and whenever `deps` change, aborting the previous run, and keeps its outcome. Most list
 * loads only log a failure (spec section 8); a page decides what to show from `error`.
 *
 * On a page the server drew (`entry-server.tsx`), the server ran `load` too: its result, under this call's
 * `useId`, is the first state here, and the first load is skipped. While the server draws, the call only
 * hands `load` to it and shows its loading state.
 */
export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): ApiState<T> {
  const id = useId()
  const server = useContext(ServerDataContext)
  const seeded = server !== null && Object.hasOwn(server.results, id)
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>(() => ({
    data: seeded ? (server.results[id] as T) : undefined,
    error: undefined,
    loading: !seeded,
  }))
  if (server) wantServerLoad(server, id, () => load(NEVER_ABORTED))
  const [tick, setTick] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const skipFirst = useRef(seeded)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load again
  useEffect(() => {
    if (skipFirst.current) {
      // The server's data serves this first render only: a later mount at this place loads afresh.
      skipFirst.current = false
      if (server) delete server.results[id]
      return
    }
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true }))
    loadRef.current(controller.signal).then(
      (data) => {
        // A transition: drawing what arrived yields to the browser instead of blocking a phone (issue 15).
        if (!controller.signal.aborted)
          startTransition(() => setState({ data, error: undefined, loading: false }))
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (!isApiError(error) || error.status >= 500) console.error(error)
        setState({ data: undefined, error, loading: false })
      },
    )
    return () => controller.abort()
  }, [...deps, tick])

  const reload = useCallback(() => setTick((n) => n + 1), [])
  return { ...state, reload }
}
