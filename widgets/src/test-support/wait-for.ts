/** A value that passed an `if`: what a successful {@link waitFor} resolves to. */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>

/**
 * Polls `check` (React renders on its own schedule) until it returns something truthy without throwing,
 * and resolves to that; after `timeout` ms fails with the check's last error, or says what it waited for.
 */
export async function waitFor<T>(check: () => T, timeout = 5000, what?: string): Promise<Truthy<T>> {
  const started = performance.now()
  let lastError: unknown
  for (;;) {
    try {
      const value = check()
      if (value) return value as Truthy<T>
      lastError = undefined
    } catch (error) {
      lastError = error
    }
    if (performance.now() - started > timeout) {
      throw lastError ?? new Error(`Timed out after ${timeout} ms waiting for ${what ?? String(check)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
