/** r2wc's own props object and render method (registry symbols): the token is a property r2wc knows nothing of. */
const R2WC_PROPS = Symbol.for('r2wc.props')
const R2WC_RENDER = Symbol.for('r2wc.render')

/** What an element with a `token` property hands its component, besides its attributes. */
export interface TokenAttributes {
  /** Set by the `token` property, never from an attribute. */
  token?: string | null
  /** Set by the element: keeps a token the widget's own sign-in got, or forgets a refused one (null). */
  onTokenChange?: (token: string | null) => void
}

/** The props r2wc hands the component, where the `token` property keeps its value. */
function r2wcProps(element: HTMLElement): TokenAttributes {
  return (element as unknown as Record<symbol, TokenAttributes>)[R2WC_PROPS]!
}

/** Takes a token set before the element was upgraded, and keeps the component's changes to it. */
function adoptToken(element: HTMLElement): void {
  // A token set before the element was upgraded sits on the instance and hides the class's accessor.
  const early = Object.hasOwn(element, 'token') ? (element as { token?: string | null }).token : undefined
  delete (element as { token?: string | null }).token
  const props = r2wcProps(element)
  props.token = early || null
  // The component's own sign-in (or a 401) changes the token: kept here, it outlives a remount.
  props.onTokenChange = (token: string | null) => {
    props.token = token
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base class takes any constructor arguments (TS2545)
type ElementClass = new (...args: any[]) => HTMLElement

/**
 * Gives an r2wc element class its own `token` property. The token lives in r2wc's props, so it belongs to each
 * element, never sits in the DOM, and outlives a remount when the element is moved; the component gets it
 * with `onTokenChange` ({@link TokenAttributes}).
 */
export function withTokenProperty<Base extends ElementClass>(base: Base) {
  return class extends base {
    // biome-ignore lint/suspicious/noExplicitAny: see ElementClass
    constructor(...args: any[]) {
      super(...args)
      adoptToken(this)
    }

    /** The bearer token, or null when signed out. */
    get token(): string | null {
      return r2wcProps(this).token ?? null
    }

    /** Sets (or, with an empty value, forgets) the token and draws the component again. */
    set token(value: string | null | undefined) {
      r2wcProps(this).token = value || null
      ;(this as unknown as Record<symbol, () => void>)[R2WC_RENDER]?.()
    }
  }
}
