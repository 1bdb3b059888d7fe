import { atom, type WritableAtom } from 'nanostores'
import { useCallback, useSyncExternalStore } from 'react'

/** What an element with a `token` property hands its component, besides its attributes. */
export interface TokenAttributes {
  /** The element's bearer token, or null when signed out. */
  token: string | null
  /** Keeps a token the widget's own sign-in got, or forgets a refused one (null), on the element. */
  onTokenChange: (token: string | null) => void
}

/** Each element's token store, made by its constructor: the token belongs to the element, never the DOM. */
const stores = new WeakMap<Element, WritableAtom<string | null>>()

/** The store read before the element is known (r2wc's first render has no container yet): signed out. */
const SIGNED_OUT = atom<string | null>(null)

/** The per-element token store of `element`, the one the element's `token` property reads and writes. */
export function tokenStore(element: Element | undefined): WritableAtom<string | null> {
  return (element && stores.get(element)) || SIGNED_OUT
}

/**
 * The token of the element the component renders in (`container` is the shadow root r2wc passes), kept
 * current: setting the element's `token` property draws the component again through the store, and the
 * component's own sign-in (or a 401) writes back to it, so the token outlives a remount.
 */
export function useElementToken(container: unknown): TokenAttributes {
  const host = (container as ShadowRoot | undefined)?.host
  const $token = tokenStore(host)
  // React's own store hook: the atom's `listen` and `get` are all it needs.
  const token = useSyncExternalStore($token.listen, $token.get, $token.get)
  const onTokenChange = useCallback(
    (next: string | null) => {
      if ($token !== SIGNED_OUT) $token.set(next || null)
    },
    [$token],
  )
  return { token, onTokenChange }
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base class takes any constructor arguments (TS2545)
type ElementClass = new (...args: any[]) => HTMLElement

/**
 * Gives the element class r2wc returns its own `token` property, a plain accessor on the class backed by a
 * per-element nanostores atom ({@link tokenStore}); the component reads it with {@link useElementToken}.
 * Nothing of r2wc's internals is touched: r2wc knows nothing of the token.
 */
export function withTokenProperty<Base extends ElementClass>(base: Base) {
  return class extends base {
    // biome-ignore lint/suspicious/noExplicitAny: see ElementClass
    constructor(...args: any[]) {
      super(...args)
      // A token set before the element was upgraded sits on the instance and hides the class's accessor.
      const early = Object.hasOwn(this, 'token') ? (this as { token?: string | null }).token : undefined
      delete (this as { token?: string | null }).token
      stores.set(this, atom<string | null>(early || null))
    }

    /** The bearer token, or null when signed out. */
    get token(): string | null {
      return tokenStore(this).get()
    }

    /** Sets (or, with an empty value, forgets) the token; the component draws again. */
    set token(value: string | null | undefined) {
      tokenStore(this).set(value || null)
    }
  }
}
