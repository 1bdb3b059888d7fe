import { atom, computed } from 'nanostores'

/** The number of API calls in flight that show the global loader. */
export const $loadingCount = atom<number>(0)

/** Whether the global loader shows: true while at least one counted call is in flight. */
export const $isLoading = computed($loadingCount, (count) => count > 0)

// Bumped by every reset, so calls that started before a reset do not decrement the new count.
let generation = 0

/**
 * Counts one call in flight and returns the function that ends it. Ending is idempotent, and a
 * no-op after `resetLoading()` ran in the meantime.
 */
export function beginLoading(): () => void {
  const started = generation
  let ended = false
  $loadingCount.set($loadingCount.get() + 1)
  return () => {
    if (ended || started !== generation) return
    ended = true
    $loadingCount.set(Math.max(0, $loadingCount.get() - 1))
  }
}

/** Hides the loader: sets the count to 0 and forgets the calls in flight (a 401 does this). */
export function resetLoading(): void {
  generation += 1
  $loadingCount.set(0)
}
