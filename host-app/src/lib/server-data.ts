import { createContext } from 'react'

/**
 * What the server loaded while drawing a page (`entry-server.tsx`), by the `useId` of each `useApi` call:
 * the browser's first render of the same tree reads it, so the page it hydrates has the same data and no
 * call is made twice. Only successful loads are kept; anything else the browser loads itself.
 */
export interface ServerData {
  /** Loaded data by `useApi` id. */
  results: Record<string, unknown>
  /** Server only: the loads the current drawing pass asked for, by id. */
  pending?: Map<string, Promise<unknown>>
  /**
   * Server only, on the last drawing pass (no more loads are waited for): the loads it would still ask for.
   * A page drawn with some missing is not whole: the browser must run the app to load them.
   */
  missing?: Set<string>
}

/**
 * While the server draws (`pending` is set): hands it `load` under `id`, once per drawing pass, unless it has
 * that result already; on the last pass, notes it as missing. `useApi` and the widgets' seed (`useWidgetSeed`) both ask through here.
 */
export function wantServerLoad(server: ServerData, id: string, load: () => Promise<unknown>): void {
  if (Object.hasOwn(server.results, id)) return
  if (!server.pending) server.missing?.add(id)
  else if (!server.pending.has(id)) server.pending.set(id, load())
}

/** The page's server data, for `useApi`; null on pages the browser drew alone. */
export const ServerDataContext = createContext<ServerData | null>(null)

/** The id of the script element that carries the server's data into the page. */
export const SERVER_DATA_ID = 'mashura-server-data'

/** Reads the data the server put in the page (once; later pages load their own). */
export function takeServerData(): ServerData | null {
  const data = readServerData()
  document.getElementById(SERVER_DATA_ID)?.remove()
  return data
}

/**
 * Reads the data the server put in the page and leaves it there: for the widgets a drawn page hydrates
 * without the app (`islands/`), whose data the app reads again if it takes the page over.
 */
export function readServerData(): ServerData | null {
  const element = document.getElementById(SERVER_DATA_ID)
  if (!element?.textContent) return null
  try {
    return { results: JSON.parse(element.textContent) as Record<string, unknown> }
  } catch {
    return null
  }
}

/** The data as a script element's text: JSON that cannot close the element or open a comment. */
export function serverDataScript(data: ServerData): string {
  const json = JSON.stringify(data.results)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
  return `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`
}
