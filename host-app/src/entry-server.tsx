/**
 * The server's renderer of the public pages (issue 15: first paint without waiting for script). The reference
 * server imports the SSR build of this module (`host-app/dist-server/entry-server.js`) and calls `render` for
 * a page address; the browser then hydrates the same tree (`main.tsx`).
 *
 * A page is drawn as a visitor who is not signed in sees it once its data is in: the frame, the page's own
 * words, and what its `useApi` calls load (loaded here, two rounds at most; the results go to the browser
 * with the page, `lib/server-data.ts`). Only routes marked `prerender` (`app/router.tsx`) are drawn; for the
 * others `html` is null and the browser renders as before, with the page's chunk and styles still named for
 * preloading.
 */
import { $language, type Language } from '@mashura/core'
import { createShadowSlots, fillShadowSlots, ShadowSlotsContext } from '@mashura/widgets/react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import type { PageHandle } from './app/router.tsx'
import { routes } from './app/router.tsx'
import { type ServerData, ServerDataContext, serverDataScript } from './lib/server-data.ts'

/** What the server puts in the page. */
export interface RenderResult {
  /** The page's HTML for `#root`, or null when the page is drawn in the browser only. */
  html: string | null
  /** The script element with what the server loaded while drawing (after `#root`), when it drew. */
  data?: string
  /** The page modules the address shows (manifest names), whose chunks and styles the page should preload. */
  modules: string[]
  /**
   * When the drawn page runs without the app (`islands.ts`): the modules it needs besides (its widget's island,
   * manifest names). Only when its route says it can, and the drawing is whole (every load it asked for came
   * in; else the app must load the rest).
   */
  islands?: string[]
}

const handler = createStaticHandler(routes)

/**
 * Renders the page at `url` (absolute) in `lang`, as a visitor who is not signed in sees it first; with
 * `draw` false (someone is signed in), only names the page's modules.
 */
export async function render(url: string, lang: Language, draw = true): Promise<RenderResult> {
  // The handles sit on the route objects, so the page is known before any chunk loads: a page that is not
  // drawn here never has its module imported in the server (some touch the browser's globals on import).
  const handles = (matchRoutes(routes, new URL(url).pathname) ?? [])
    .map((match) => match.route.handle as PageHandle | undefined)
    .filter((handle): handle is PageHandle => Boolean(handle))
  const modules = handles.map((handle) => handle.module)
  if (!draw || !handles.some((handle) => handle.prerender)) return { html: null, modules }
  const context = await handler.query(new Request(url))
  // A loader's redirect or response (none of the site's routes has one) or an error: the browser decides.
  if (context instanceof Response || context.errors) return { html: null, modules }
  const router = createStaticRouter(handler.dataRoutes, context)
  const data: ServerData = { results: {} }
  let html = ''
  // Draw, load what the drawing asked for, draw again with it: twice at most, so a page whose parts load
  // in turn shows the first two rounds and leaves the rest to the browser.
  for (let round = 0; round <= LOAD_ROUNDS; round++) {
    data.pending = round < LOAD_ROUNDS ? new Map() : undefined
    data.missing = round < LOAD_ROUNDS ? undefined : new Set()
    // A pass is synchronous: the shared language store is this request's while it draws (and while the
    // loads it starts read their Accept-Language, in the same turn).
    $language.set(lang)
    const slots = createShadowSlots()
    html = renderToString(
      <ShadowSlotsContext value={slots}>
        <ServerDataContext value={data}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ServerDataContext>
      </ShadowSlotsContext>,
    )
    // The widgets, each drawn on its own into its shadow root (the browser hydrates each in its own root).
    html = fillShadowSlots(html, slots, (widget) => renderToString(widget))
    const pending = [...(data.pending?.entries() ?? [])]
    if (pending.length === 0) break
    await Promise.all(
      pending.map(async ([id, load]) => {
        try {
          data.results[id] = await withTimeout(load, LOAD_TIMEOUT_MS)
        } catch {
          // The browser loads it, as it would without the server.
        }
      }),
    )
  }
  const own = handles.at(-1)
  const whole = (data.missing?.size ?? 0) === 0
  const islands = own?.islands && whole ? (own.widgetIsland ? [own.widgetIsland] : []) : undefined
  return { html, data: serverDataScript(data), modules, ...(islands ? { islands } : {}) }
}

/** Rounds of loading while drawing, and how long one load may take before the browser is left to do it. */
const LOAD_ROUNDS = 2
const LOAD_TIMEOUT_MS = 1500

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
