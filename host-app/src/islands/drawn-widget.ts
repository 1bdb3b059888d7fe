import type { WidgetSeed } from '@mashura/widgets/react'
import { widgetSeed } from '../components/widgets/site-config.ts'
import { readServerData } from '../lib/server-data.ts'

/** What a widget island module offers `islands.ts`: hydrating the widget drawn in `host` with its drawn props. */
export type HydrateWidget<P> = (host: Element, props: P) => Promise<{ unmount(): void } | null>

/** The page's server data, read once (and left in the page for the app, should it take the page over). */
let seed: WidgetSeed | undefined | null = null

/** The widget's seed: what the server loaded while drawing. */
export function drawnSeed(): WidgetSeed | undefined {
  if (seed === null) {
    const data = readServerData()
    seed = data ? widgetSeed(data) : undefined
  }
  return seed
}
