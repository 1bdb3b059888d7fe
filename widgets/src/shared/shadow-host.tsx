import { type ReactNode, useCallback, useState } from 'react'
import { createPortal } from 'react-dom'
import { adoptStyles } from './styles.ts'

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
}

/**
 * Renders a widget's React component into a shadow root on a `<div>`, with the same stylesheets the custom
 * element adopts: React hosts (the agency's host app) keep one React tree, with real callbacks instead of
 * DOM events and no JSON round trip of props, and the widget looks exactly as it does on a partner's page.
 */
export function ShadowHost({ widget, css, children, className }: ShadowHostProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const attach = useCallback(
    (host: HTMLDivElement | null) => {
      if (!host) return
      const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
      adoptStyles(shadow, widget, css)
      setRoot(shadow)
    },
    [widget, css],
  )
  return (
    <div ref={attach} data-widget={widget} className={className}>
      {root ? createPortal(children, root) : null}
    </div>
  )
}
