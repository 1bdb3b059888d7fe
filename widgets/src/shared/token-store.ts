import { map } from 'nanostores'
import { useSyncExternalStore } from 'react'

/** A widget's bearer tokens, one per API base. */
export interface TokenStore {
  /** The token stored for `apiBase`, if any. */
  get(apiBase: string): string | undefined
  /** Stores (or, with an empty value, forgets) the token for `apiBase`. */
  set(apiBase: string, token: string | null | undefined): void
  /** Reads the token for `apiBase` in a component and re-renders when it changes. */
  use(apiBase: string): string | undefined
  /** Forgets every token (tests). */
  clear(): void
}

/**
 * Makes a module-level token store. Tokens live outside the element because r2wc remounts a moved element
 * with a fresh React root, and they must outlive that; keyed by API base, so widgets on one page pointing at
 * two platforms keep their own sign-ins. Tokens are never written to the DOM.
 */
export function createTokenStore(): TokenStore {
  const $tokens = map<Record<string, string | undefined>>({})
  return {
    get: (apiBase) => $tokens.get()[apiBase],
    set: (apiBase, token) => {
      if ($tokens.get()[apiBase] !== (token || undefined)) $tokens.setKey(apiBase, token || undefined)
    },
    use: (apiBase) =>
      useSyncExternalStore(
        (onChange) => $tokens.listen(onChange),
        () => $tokens.get()[apiBase],
        // A page drawn on the server is drawn signed out; the browser's token follows its hydration.
        () => undefined,
      ),
    clear: () => {
      for (const key of Object.keys($tokens.get())) $tokens.setKey(key, undefined)
    },
  }
}
