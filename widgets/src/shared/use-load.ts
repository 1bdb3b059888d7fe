import { type DependencyList, startTransition, useCallback, useEffect, useRef, useState } from 'react'

/** What {@link useLoad} returns. */
export interface LoadState<T> {
  /** The loaded data; undefined while the first load runs or after a failure. */
  data: T | undefined
  /** The failure, if the last load failed. */
  error: unknown
  /** Whether a load is running. */
  loading: boolean
  /** Loads again, keeping what is shown meanwhile (after a change, or from a retry button). */
  reload(): void
  /** Replaces the data with a newer version from elsewhere (an action's answer), clearing any error; a load still running is dropped. */
  set(data: T): void
}

/** The options of {@link useLoad}. */
export interface LoadOptions<T> {
  /**
   * The data the page already has for the first deps (a page the server drew): it is the first state, and
   * the first load is skipped. Called on the first render only, like a state's initializer.
   */
  initial?: (() => { data: T } | undefined) | undefined
  /**
   * Whether new deps drop the data and error at once (they name something else: another week, another
   * query), instead of keeping them on screen until the new answer. A reload keeps them either way.
   */
  clearOnChange?: boolean | undefined
  /** False: nothing to load (a missing id), and `loading` is false. True by default; what decides it goes in `deps`. */
  enabled?: boolean | undefined
}

interface Outcome<T> {
  data: T | undefined
  error: unknown
  loading: boolean
}

const changed = (before: DependencyList, after: DependencyList) =>
  before.length !== after.length || before.some((value, i) => !Object.is(value, after[i]))

/**
 * Runs `load` on mount and whenever `deps` change, aborting the previous run and dropping its late answer,
 * and keeps its outcome. Data arrives in a transition: drawing it yields to the browser instead of blocking
 * a phone (issue 15). The host app's `useApi` and the widgets' loads are both this hook.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: LoadOptions<T> = {},
): LoadState<T> {
  const { clearOnChange, enabled = true } = options
  const [first] = useState(() => options.initial?.())
  const [state, setState] = useState<Outcome<T>>(() => ({
    data: first?.data,
    error: undefined,
    loading: !first && enabled,
  }))
  // New deps show as loading in the same render, so a changed query never draws the previous answer as its own.
  const [seen, setSeen] = useState(deps)
  if (changed(seen, deps)) {
    setSeen(deps)
    setState((s) =>
      clearOnChange ? { data: undefined, error: undefined, loading: enabled } : { ...s, loading: enabled },
    )
  }
  const [tick, setTick] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const skipFirst = useRef(first !== undefined)
  const running = useRef<AbortController | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load again
  useEffect(() => {
    if (!enabled || skipFirst.current) {
      // Given data serves this first render only: a later mount at this place loads afresh.
      skipFirst.current = false
      return
    }
    const controller = new AbortController()
    running.current = controller
    setState((s) => (s.loading ? s : { ...s, loading: true }))
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          startTransition(() => setState({ data, error: undefined, loading: false }))
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error, loading: false })
      },
    )
    return () => controller.abort()
  }, [...deps, enabled, tick])

  const reload = useCallback(() => setTick((n) => n + 1), [])
  const set = useCallback((data: T) => {
    // A load on its way answers for an earlier moment than this data: it must not replace it.
    running.current?.abort()
    setState({ data, error: undefined, loading: false })
  }, [])
  return { ...state, reload, set }
}
