/**
 * Data a host already has for a widget's first render. The agency's site draws its public pages on the
 * server (issue 15), widgets included: while it draws, a widget's loads are handed to the host (`want`), which
 * runs them and draws again with their results; the browser then hydrates the widget with the same results
 * (`get`) instead of loading them a second time. Partner pages have no seed: their widgets load as before.
 */
export interface WidgetSeed {
  /** What the host loaded under `key`, if it has it. */
  get(key: string): unknown
  /** While the server draws: asks the host to run `load` under `key` before it draws again. */
  want?: ((key: string, load: () => Promise<unknown>) => void) | undefined
}

/**
 * A hook's first value from the seed: what the host has under `key`, or undefined (then, while the server
 * draws, `load` is handed to it). Read once, as a state's initial value: later keys load as they always did.
 */
export function seeded<T>(seed: WidgetSeed | undefined, key: string, load: () => Promise<T>): T | undefined {
  if (!seed) return undefined
  const value = seed.get(key) as T | undefined
  if (value === undefined) seed.want?.(key, load)
  return value
}
