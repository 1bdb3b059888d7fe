import { isApiError } from '@mashura/core'
import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'

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

/**
 * Runs `load` on mount and whenever `deps` change, aborting the previous run, and keeps its outcome. Most list
 * loads only log a failure (spec section 8); a page decides what to show from `error`.
 */
export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): ApiState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  })
  const [tick, setTick] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load again
  useEffect(() => {
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true }))
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: undefined, loading: false })
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
