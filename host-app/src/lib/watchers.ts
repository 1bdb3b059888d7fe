import { watchConnectivity } from './live.ts'

/**
 * What the site watches in the browser from the start: going offline shows the no-connection snackbar
 * (spec section 8).
 */
export function startBrowserWatchers(): void {
  watchConnectivity(window)
}
