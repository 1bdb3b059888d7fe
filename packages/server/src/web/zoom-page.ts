/**
 * The headers of the Zoom meeting page (`/widgets/zoom/`, built from `zoom-page/`). Partner pages embed it
 * in an iframe from their own origin, and the Zoom Meeting SDK loads code, WebAssembly and workers from
 * Zoom and talks to Zoom's servers, so the site-wide policy (same-origin frames, own scripts only) would
 * block it. This page alone may be framed by the origins the API keys allow, and may reach Zoom's hosts.
 */
import type { Config } from '../config.ts'

/** Zoom's hosts, which the SDK loads from and connects to. */
const ZOOM = 'https://*.zoom.us https://*.zoomgov.com'
const ZOOM_SOCKETS = 'wss://*.zoom.us wss://*.zoomgov.com'

/** The origins that may put the Zoom page in a frame: the platform and every API key's allowed origins. */
export function zoomFrameAncestors(config: Config): string[] {
  const origins = new Set(["'self'", ...Object.values(config.apiKeys).flat()])
  // The development key allows any localhost page, as the API itself does.
  if (config.devApiKey) for (const origin of ['http://localhost:*', 'http://127.0.0.1:*']) origins.add(origin)
  return [...origins]
}

/** The Content-Security-Policy of the Zoom page. */
export function zoomPagePolicy(config: Config): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' blob: ${ZOOM}`,
    `worker-src 'self' blob: ${ZOOM}`,
    `connect-src 'self' ${ZOOM} ${ZOOM_SOCKETS}`,
    `img-src 'self' data: blob: ${ZOOM}`,
    `media-src 'self' blob: mediastream: ${ZOOM}`,
    `style-src 'self' 'unsafe-inline' ${ZOOM}`,
    `font-src 'self' data: ${ZOOM}`,
    `frame-src 'self' ${ZOOM}`,
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${zoomFrameAncestors(config).join(' ')}`,
  ].join('; ')
}

/** Whether a request path is the Zoom page or one of its files. */
export function isZoomPagePath(url: string): boolean {
  return url === '/widgets/zoom' || url.startsWith('/widgets/zoom/')
}
