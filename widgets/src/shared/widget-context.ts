import type { ApiClient } from '@mashura/core'
import { atom, type ReadableAtom } from 'nanostores'
import { useCallback, useContext, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { createWidgetClient, type WidgetContext } from './api.ts'
import type { WidgetConfig } from './config.ts'
import { ElementTokenContext } from './token-property.ts'

/**
 * A widget's context with the signed-in person's token: what a signed-in widget's hooks take, made once in
 * the widget's root component by {@link useWidgetContext}.
 */
export interface SignedWidgetContext extends WidgetContext {
  /** The token's store: the element's own (its `token` property), or the component's for a React host. */
  $token: ReadableAtom<string | null>
  /** The token now, or null when signed out; the component draws again when it changes. */
  token: string | null
  /** Keeps a token the widget's own sign-in got, or forgets a refused one (null); the host hears of both. */
  setToken: (token: string | null) => void
  /**
   * The same client, asked to leave the token out: for public reads that a stale or refused token must not
   * spoil (the calendar's free slots).
   */
  tokenless: ApiClient
}

/**
 * Makes a widget's one context: its configuration, its token store and the one API client, whose bearer
 * token is read from the store as each call starts (so a call right after a sign-in already carries it).
 * Rendered in an element with a `token` property, the store is the element's (see `withTokenProperty`);
 * for a React host it is the component's own, set from `given` (a new value from the host wins again) and
 * reported through `onTokenChange` when the widget changes it.
 */
export function useWidgetContext(
  config: WidgetConfig,
  given?: string | null,
  onTokenChange?: (token: string | null) => void,
): SignedWidgetContext {
  const elementStore = useContext(ElementTokenContext)
  // A new token from the host starts a new store (setting the old one while drawing would update the
  // component in the middle of its own render).
  const [own, setOwn] = useState(() => ({ given, store: atom<string | null>(given || null) }))
  if (own.given !== given) setOwn({ given, store: atom<string | null>(given || null) })
  const $token = elementStore ?? own.store
  // React's own store hook: the atom's `listen` and `get` are all it needs.
  const token = useSyncExternalStore($token.listen, $token.get, $token.get)
  const storeRef = useRef($token)
  storeRef.current = $token
  const changeRef = useRef(onTokenChange)
  changeRef.current = onTokenChange
  const setToken = useCallback((next: string | null) => {
    storeRef.current.set(next || null)
    changeRef.current?.(next || null)
  }, [])

  const { apiBase, apiKey, lang, fetch } = config
  const client = useMemo(
    () => createWidgetClient({ apiBase, apiKey, lang, fetch }, () => storeRef.current.get()),
    [apiBase, apiKey, lang, fetch],
  )
  // The same client, every call of it anonymous (core's per-call `anonymous`).
  const tokenless = useMemo<ApiClient>(
    () => ({ request: (path, options) => client.request(path, { ...options, anonymous: true }) }),
    [client],
  )
  const resolved = useMemo(() => ({ apiBase, apiKey, lang, fetch }), [apiBase, apiKey, lang, fetch])
  return useMemo(
    () => ({ config: resolved, client, tokenless, $token, token, setToken }),
    [resolved, client, tokenless, $token, token, setToken],
  )
}
