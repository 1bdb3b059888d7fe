import { atom, type WritableAtom } from 'nanostores'
import { createContext, createElement, type ReactElement } from 'react'

/** Each element's token store, made by its constructor: the token belongs to the element, never the DOM. */
const stores = new WeakMap<Element, WritableAtom<string | null>>()

/** The store read before the element is known: signed out. */
const SIGNED_OUT = atom<string | null>(null)

/** The per-element token store of `element`, the one the element's `token` property reads and writes. */
export function tokenStore(element: Element | undefined): WritableAtom<string | null> {
  return (element && stores.get(element)) || SIGNED_OUT
}

/**
 * The token store of the element a component renders in, for `useWidgetContext`; null outside an element
 * with a `token` property (a React host), where the component keeps its own.
 */
export const ElementTokenContext = createContext<WritableAtom<string | null> | null>(null)

/**
 * Renders `child` with the token store of the element it renders in (`container` is the shadow root r2wc
 * passes; r2wc's first render has none yet), so that the component's client reads, and its own sign-in (or
 * a 401) writes, the element's `token` property, and the token outlives a remount.
 */
export function withElementToken(container: unknown, child: ReactElement): ReactElement {
  const host = (container as ShadowRoot | undefined)?.host
  const store = (host && stores.get(host)) || null
  return createElement(ElementTokenContext.Provider, { value: store }, child)
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base class takes any constructor arguments (TS2545)
type ElementClass = new (...args: any[]) => HTMLElement

/**
 * Gives the element class r2wc returns its own `token` property, a plain accessor on the class backed by a
 * per-element nanostores atom ({@link tokenStore}); the component reads it through {@link withElementToken}.
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
