/**
 * Serves the built pages beside the API: the host app at `/` (any page address that is not a file gets its
 * `index.html`, so the browser's router renders the route or its not-found page), the examples at
 * `/examples/`, and the widget bundles at `/widgets/` (the Zoom page with its own policy). Each file is sent
 * as its brotli or gzip copy when the build made one (`scripts/precompress.mjs`) and the browser accepts it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { loadSiteRenderer, requestLanguage, requestSignedIn } from './site-render.ts'
import { isZoomPagePath, zoomPagePolicy } from './zoom-page.ts'

/** Where the built pages are; a folder that does not exist (not built yet) is skipped. */
export interface SiteRoots {
  /** The built host app, served at `/`. */
  siteRoot?: string | undefined
  /**
   * The host app's server build (`host-app/dist-server/entry-server.js`): public pages are sent drawn
   * (web/site-render.ts). Without it, or if it fails, every page address gets the plain `index.html`.
   */
  siteServerEntry?: string | undefined
  /** The built examples (playground, partner portal, rating landing page), served at `/examples/`. */
  examplesRoot?: string | undefined
  /** The built widget bundles, served at `/widgets/`. */
  widgetsRoot?: string | undefined
}

/** Addresses that belong to the server itself, never to the site's client routes. */
const SERVER_PREFIXES = [
  '/assets/',
  '/api/',
  '/oidc/',
  '/widgets/',
  '/examples/',
  '/sign-in/',
  '/uploads/',
  '/files/',
]

/** Whether a GET of `path` should get the host app's page (a client route) rather than a 404. */
export function isSitePath(path: string): boolean {
  return !SERVER_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix))
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The path of a file under `root` that `urlPath` names, relative to `root`; null for anything else. */
function builtFile(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const file = resolve(root, `.${decoded}`)
  if (!file.startsWith(root + sep) || decoded.includes('\0')) return null
  try {
    return statSync(file).isFile() ? relative(root, file) : null
  } catch {
    return null
  }
}

/** Registers the built pages on the app (before it is ready). */
export async function registerSite(app: FastifyInstance, config: Config, roots: SiteRoots): Promise<void> {
  const site = roots.siteRoot && resolve(roots.siteRoot)
  if (site && existsSync(join(site, 'index.html'))) {
    const assets = join(site, 'assets') + sep
    const renderer = roots.siteServerEntry
      ? await loadSiteRenderer(site, resolve(roots.siteServerEntry), config.publicUrl).catch(
          (error: unknown) => {
            app.log.warn(
              { err: error },
              'the site renderer did not load: pages are drawn in the browser only',
            )
            return null
          },
        )
      : null
    // The renderer matches routes by path: any origin serves for the address it parses.
    const origin = 'http://localhost'
    /** The page drawn for its address, or null (the plain index.html then) when it cannot be. */
    const drawPage = async (url: string, cookie: string | undefined): Promise<string | null> => {
      try {
        const address = new URL(url, origin).href
        return (await renderer?.page(address, requestLanguage(cookie), !requestSignedIn(cookie))) ?? null
      } catch (error) {
        app.log.error({ err: error, url }, 'drawing a page failed: sent for the browser to draw')
        return null
      }
    }
    // One route for the site: a built file by its name, else a page address to the app. The API's, the
    // provider's and the bundles' own addresses keep their JSON 404, and so does a missing asset. The
    // plugin only lends `reply.sendFile` (`serve: false`): a route per built file (`wildcard: false`)
    // listed the whole build at every start and cost the release a third of a second (docs/performance.md).
    await app.register(fastifyStatic, {
      root: site,
      serve: false,
      // Not `index.html` for `/`: the home page goes through the renderer below, as every page does.
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Vite names every asset by its content hash: a changed file gets a new name.
        if (file.startsWith(assets)) reply.header('cache-control', IMMUTABLE)
      },
    })
    app.get('/*', async (request, reply) => {
      const path = request.url.split('?')[0] ?? ''
      // `setHeaders` above marks the assets immutable.
      const built = builtFile(site, path)
      if (built) return reply.sendFile(built)
      if (!isSitePath(path)) return reply.callNotFound()
      // The page names the current build's chunks: never keep an old one.
      reply.header('cache-control', 'no-cache')
      const page = renderer && (await drawPage(request.url, request.headers.cookie))
      if (!page) return reply.sendFile('index.html', { cacheControl: false })
      reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding, cookie')
      const accepts = String(request.headers['accept-encoding'] ?? '')
      if (/\bbr\b/.test(accepts))
        return reply
          .header('content-encoding', 'br')
          .send(brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(page))
      return reply.send(page)
    })
  }
  const examples = roots.examplesRoot && resolve(roots.examplesRoot)
  if (examples && existsSync(join(examples, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: examples,
      prefix: '/examples/',
      decorateReply: false,
      preCompressed: true,
    })
  }
  const widgets = roots.widgetsRoot && resolve(roots.widgetsRoot)
  if (widgets && existsSync(widgets)) {
    // Partner pages load these cross-origin: CORP cross-origin is already set app-wide. The same build
    // answers at `/widgets/` ("latest", a short cache), `/widgets/v<major>/` (moves with each release of that
    // major: short too) and `/widgets/v<version>/` (pinned: a year, immutable), the version being the one
    // the build's integrity.json names (scripts/widget-integrity.mjs). A content-hashed chunk is immutable
    // at every address. A folder `v<older version>/` an operator copies into the widgets folder is served
    // as it is, pinned too, so partners on an old version keep it (docs: widgets/versions).
    const version = widgetsVersion(widgets)
    const pinned = version ? [`/widgets/v${version}/`, `/widgets/v${version.split('.')[0]}/`] : []
    for (const prefix of ['/widgets/', ...pinned]) {
      await app.register(fastifyStatic, {
        root: widgets,
        prefix,
        decorateReply: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, file) => {
          const path = relative(widgets, file).split(sep).join('/')
          const fixed =
            HASHED_WIDGET_FILE.test(path) ||
            (prefix === '/widgets/' ? KEPT_VERSION.test(path) : prefix === pinned[0])
          reply.header('cache-control', fixed ? IMMUTABLE : WIDGETS_LATEST)
        },
      })
    }
    // The Zoom page is framed by partner pages and runs Zoom's SDK: it gets its own policy (web/zoom-page.ts).
    const zoomPolicy = zoomPagePolicy(config)
    app.addHook('onSend', async (request, reply) => {
      if (!isZoomPagePath(request.url.split('?')[0] ?? '')) return
      reply.header('content-security-policy', zoomPolicy)
      reply.removeHeader('x-frame-options')
    })
  }
}

/** The cache of the addresses that move with each release: `/widgets/…` and `/widgets/v<major>/…`. */
const WIDGETS_LATEST = 'public, max-age=300'
/** A chunk named by its content hash (`runtime-<hash>.js`, the Zoom page's `assets/`): never changes. */
const HASHED_WIDGET_FILE = /(?:^|\/)(?:runtime-[\w-]{8}\.js|zoom\/assets\/.+)$/
/** A file of an older version an operator keeps beside the build (`v1.2.3/…`). */
const KEPT_VERSION = /^v\d+\.\d+\.\d+(?:-[\w.]+)?\//

/** The kit's version, from the build's integrity.json; null when it has none (an older build). */
function widgetsVersion(widgets: string): string | null {
  try {
    const { version } = JSON.parse(readFileSync(join(widgets, 'integrity.json'), 'utf8')) as {
      version?: unknown
    }
    return typeof version === 'string' && /^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version) ? version : null
  } catch {
    return null
  }
}
