import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { createPortal } from 'react-dom'
import { hydrateRoot, type Root } from 'react-dom/client'
import { adoptStyles, widgetBaseCss } from './styles.ts'

/** The props of {@link ShadowHost}. */
export interface ShadowHostProps {
  /** The widget's tag name: it keys the shared stylesheet and names the host (`data-widget`). */
  widget: string
  /** The widget's stylesheet (`bookingCalendarSheet`, …). */
  css: string
  /** The widget's React component. */
  children: ReactNode
  /** A class for the host element, for the page's own layout. */
  className?: string | undefined
  /**
   * Whether a server that draws the page draws this widget too ({@link ShadowSlots}): for widgets whose first
   * render is the same on the server and in the browser (the expert search). Others arrive empty, as before.
   */
  drawOnServer?: boolean | undefined
  /**
   * The props the page drew the widget with that a script without the page's React tree needs to hydrate it
   * (the host app's `src/islands/`, issue 37), as JSON in the host's `data-props`. Plain data only.
   */
  drawnProps?: Record<string, unknown> | undefined
}

/**
 * Where a server that draws a page keeps its widgets (issue 15): {@link ShadowHost} leaves a marker in the
 * host element and hands the widget here; the server then draws each widget on its own
 * ({@link fillShadowSlots}) and puts it in place as a declarative shadow root, which the browser attaches
 * before any script runs.
 */
export interface ShadowSlots {
  /** Keeps a widget with its stylesheet; returns the marker to leave in its host element. */
  add(children: ReactNode, css: string): string
}

/** The server's {@link ShadowSlots} while it draws a page; null in the browser. */
export const ShadowSlotsContext = createContext<ShadowSlots | null>(null)

/** A new {@link ShadowSlots} for one drawing of a page. */
export function createShadowSlots(): ShadowSlots & { widgets: { children: ReactNode; css: string }[] } {
  const widgets: { children: ReactNode; css: string }[] = []
  return {
    widgets,
    add(children, css) {
      widgets.push({ children, css })
      return `<!--mashura-widget:${widgets.length - 1}-->`
    },
  }
}

/** The attribute of the style element of a widget the server drew. */
const DRAWN_STYLE = 'data-mashura-drawn'

/** A drawn widget: its stylesheets in a style element, then the widget, the same on the server and in the browser. */
function Drawn({ css, children }: { css: string; children: ReactNode }) {
  return (
    <>
      {/* The server's copy is kept whatever it says: styles do not decide what the widget hydrates. */}
      <style {...{ [DRAWN_STYLE]: '' }} suppressHydrationWarning>
        {`${widgetBaseCss}\n${css}`}
      </style>
      {children}
    </>
  )
}

/**
 * Puts each widget of `slots` into `html` (the page as drawn) as a declarative shadow root holding its
 * stylesheets and its content as `draw` renders them: each widget on its own, as the browser hydrates it in
 * its own root, so that React's generated ids agree.
 */
export function fillShadowSlots(
  html: string,
  slots: ReturnType<typeof createShadowSlots>,
  draw: (element: ReactNode) => string,
): string {
  return html.replace(/<!--mashura-widget:(\d+)-->/g, (marker, index: string) => {
    const widget = slots.widgets[Number(index)]
    if (!widget) return marker
    try {
      return `<template shadowrootmode="open">${draw(<Drawn css={widget.css}>{widget.children}</Drawn>)}</template>`
    } catch (error) {
      // The widget renders in the browser, as it does on pages the server does not draw.
      console.warn('a widget could not be drawn on the server', error)
      return ''
    }
  })
}

/** The latest children of a widget hydrated in its own root, for the root's {@link Bridge} to show. */
interface ChildrenStore {
  current: ReactNode
  listeners: Set<() => void>
}

/** Shows a store's children, so that a host's later renders reach a widget that hydrates in its own root. */
function Bridge({ store, first, css }: { store: ChildrenStore; first: ReactNode; css: string }) {
  const children = useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener)
      return () => store.listeners.delete(listener)
    },
    () => store.current,
    () => first,
  )
  return <Drawn css={css}>{children}</Drawn>
}

/**
 * Hydrates `element` (the widget wrapped as it was drawn) in `shadow`, the declarative shadow root the server
 * drew, in a root of its own. A drawing that does not match is drawn anew after the server's: React empties an
 * element or a document first, never a shadow root, so the server's copy stayed above the live one, dead
 * (issue 31); once React has committed, the nodes it added are the widget, and the drawn ones go.
 */
function hydrateShadow(shadow: ShadowRoot, widget: string, element: ReactNode): Root {
  // What the server drew, to take away if React draws the widget anew.
  const drawnNodes = [...shadow.childNodes]
  // React takes a shadow root as a container (a document fragment); its types say elements only.
  return hydrateRoot(shadow as unknown as Element, element, {
    onRecoverableError: (error) => {
      console.warn(`${widget}: the widget was drawn again in the browser`, error)
      if ([...shadow.childNodes].some((node) => !drawnNodes.includes(node)))
        for (const node of drawnNodes) node.remove()
    },
  })
}

/** Calls `onHydrated` once its widget has hydrated (its effects run after the widget's own). */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  // Rendered once, by hydrateDrawnWidget: the effect runs once.
  useEffect(onHydrated, [onHydrated])
  return children
}

/**
 * Hydrates the widget the server drew in `host` (a {@link ShadowHost} drawn with `drawOnServer`) in a root of
 * its own, outside any React tree: for a page that runs without its app (the host app's `src/islands/`,
 * issue 37). `children` are the widget as the page drew it. Resolves once it has hydrated, with its root;
 * with null when `host` holds no drawn widget. In a transition, as {@link ShadowHost} does: a phone's main
 * thread is not taken for the whole widget at once.
 */
export function hydrateDrawnWidget(
  host: Element,
  widget: string,
  css: string,
  children: ReactNode,
): Promise<Root | null> {
  const shadow = host.shadowRoot
  if (!shadow?.querySelector(`style[${DRAWN_STYLE}]`)) return Promise.resolve(null)
  return new Promise((resolve) => {
    let root: Root | null = null
    startTransition(() => {
      root = hydrateShadow(
        shadow,
        widget,
        <Hydrated onHydrated={() => resolve(root)}>
          <Drawn css={css}>{children}</Drawn>
        </Hydrated>,
      )
    })
  })
}

/**
 * Renders a widget's React component into a shadow root on a `<div>`, with the same stylesheets the custom
 * element adopts: React hosts (the agency's host app) keep real callbacks instead of DOM events and no JSON
 * round trip of props, and the widget looks exactly as it does on a partner's page.
 *
 * In the browser the widget renders through a portal in the host's own tree. Where the server drew the page
 * (see {@link ShadowSlots}), the shadow root is already there with the widget's content, and the widget
 * hydrates it in a root of its own instead (a portal cannot hydrate), fed the host's later renders through
 * a store.
 */
export function ShadowHost({ widget, css, children, className, drawOnServer, drawnProps }: ShadowHostProps) {
  const props = drawnProps ? JSON.stringify(drawnProps) : undefined
  const slots = useContext(ShadowSlotsContext)
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const store = useRef<ChildrenStore>({ current: children, listeners: new Set() })
  const hydrated = useRef<Root | null>(null)
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return
      const drawn = host.shadowRoot?.querySelector(`style[${DRAWN_STYLE}]`)
      const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
      if (drawn && !hydrated.current) {
        // The drawn style element stays (the widget renders it too): adopting the same sheets would only
        // make the browser style the widget twice.
        const first = store.current.current
        // In a transition, as the page itself hydrates (host-app/src/main.tsx): React yields to the browser
        // every few milliseconds instead of hydrating a page of results in one task.
        startTransition(() => {
          hydrated.current = hydrateShadow(
            shadow,
            widget,
            <Bridge store={store.current} first={first} css={css} />,
          )
        })
        return
      }
      if (hydrated.current) return
      adoptStyles(shadow, widget, css)
      setRoot(shadow)
    },
    [widget, css],
  )
  // The host's later renders reach a hydrated widget through its store.
  useLayoutEffect(() => {
    const current = store.current
    if (!hydrated.current || current.current === children) return
    current.current = children
    for (const listener of current.listeners) listener()
  })
  useEffect(
    () => () => {
      const own = hydrated.current
      hydrated.current = null
      // Not while React is committing the host's tree.
      if (own) setTimeout(() => own.unmount(), 0)
    },
    [],
  )
  if (slots && drawOnServer)
    return (
      <div
        data-widget={widget}
        data-props={props}
        className={className}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed marker the server replaces (fillShadowSlots)
        dangerouslySetInnerHTML={{ __html: slots.add(children, css) }}
      />
    )
  return (
    <div ref={attach} data-widget={widget} data-props={props} className={className}>
      {root ? createPortal(children, root) : null}
    </div>
  )
}
