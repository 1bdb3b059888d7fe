/**
 * The agency's public pages as HTML (issue 15: first paint without waiting for script). The host app's
 * server build (`host-app/dist-server/entry-server.js`, from `host-app/src/entry-server.tsx`) draws a page
 * as a visitor who is not signed in sees it on arrival; this module puts that into the built `index.html`
 * with the page's language on `<html>`, and names the page's chunk, its imports and its styles in the head
 * (read from the build's manifest) so the browser fetches them beside the entry instead of after it.
 *
 * Anything that goes wrong here costs only the head start: the caller sends the plain `index.html`.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The languages the site speaks: Arabic unless the visitor chose English (the `mashura_lang` cookie). */
export type SiteLanguage = 'ar' | 'en'

/** The cookie the site sets when its language changes (`host-app/src/lib/i18n.ts`). */
export const LANGUAGE_COOKIE = 'mashura_lang'

/** What the host app's renderer exports. */
interface Renderer {
  render(
    url: string,
    lang: SiteLanguage,
    draw: boolean,
  ): Promise<{ html: string | null; data?: string; modules: string[]; islands?: string[] }>
}

/** One file of Vite's build manifest. */
interface ManifestChunk {
  file: string
  css?: string[]
  assets?: string[]
  imports?: string[]
  isEntry?: boolean
}

/** The cookie the site sets while someone is signed in (`host-app/src/lib/session.ts`); it holds no token. */
export const SIGNED_IN_COOKIE = 'mashura_signed_in'

/** A cookie's value in a `Cookie` header, or undefined. */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, value] = part.trim().split('=')
    if (key === name) return value?.trim() ?? ''
  }
  return undefined
}

/** The language a page request asks for: its `mashura_lang` cookie, else Arabic (the default, spec 1.14). */
export function requestLanguage(cookieHeader: string | undefined): SiteLanguage {
  return cookie(cookieHeader, LANGUAGE_COOKIE)?.toLowerCase() === 'en' ? 'en' : 'ar'
}

/** Whether the request comes from a browser where someone is signed in (the page is then drawn there). */
export function requestSignedIn(cookieHeader: string | undefined): boolean {
  return cookie(cookieHeader, SIGNED_IN_COOKIE) === '1'
}

/** Escapes a value for an HTML attribute. */
function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

/** The files a manifest chunk needs, itself first, then its imports' (each once), and their styles. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return { js: [...js], css: [...css] }
}

/** The manifest's name of the drawn pages' script without React (host-app/src/islands.ts, issue 37). */
const ISLANDS_ENTRY = 'src/islands.ts'

/** The module scripts of a page and those to preload, as the loader takes them (`afterPaintLoader`). */
interface Scripts {
  entries: string[]
  preloads: string[]
}

/** The drawn pages' script without React and its imports (its entry first), or null when not built. */
function islandsScripts(manifest: Record<string, ManifestChunk>): Scripts | null {
  if (!manifest[ISLANDS_ENTRY]) return null
  const [entry, ...imports] = closure(manifest, [ISLANDS_ENTRY]).js.map((file) => `/${file}`)
  return { entries: [entry!], preloads: imports }
}

/** A page's islands scripts with, to preload too, the files of its own island modules (its widget's), each once. */
function withModules(manifest: Record<string, ManifestChunk>, islands: Scripts, modules: string[]): Scripts {
  const own = closure(manifest, modules).js.map((file) => `/${file}`)
  return { entries: islands.entries, preloads: [...new Set([...islands.preloads, ...own])] }
}

/** The head's module script and module preloads, as Vite writes them into index.html. */
const SCRIPT_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * A drawn page's scripts start after its first paint, so that on a slow phone the HTML, the styles and the
 * fonts have the connection to themselves until the content shows (issue 15). The loader waits for the
 * browser's paint entry; where the browser does not report paints it starts on DOMContentLoaded, and a page
 * that never paints (a tab opened in the background) starts when it is shown.
 *
 * It then loads either the app, which takes over the drawn page (host-app/src/main.tsx), or, on the pages
 * that can run without it (`islands`), the small script that wires the header, the search boxes and the
 * FAQ's filter to the drawn HTML (host-app/src/islands.ts, issue 37), and the app only when a button that
 * script does not answer is pressed (or pointed at, to start sooner).
 *
 * A button pressed before then would do nothing: the loader holds such presses and presses the same buttons
 * again when the script that answers them is running: `window.mashuraIslands(islands)` (islands.ts; presses
 * it does not answer stay held and load the app) or `window.mashuraHydrated()` (the app,
 * host-app/src/app/layout.tsx). Links work without script and are left alone. Its code never changes, so the
 * site's CSP allows it by its hash (AFTER_PAINT_HASH); the files it loads are in the JSON script
 * `#mashura-scripts` before it.
 */
const AFTER_PAINT_CODE =
  "(function(){var f=JSON.parse(document.getElementById('mashura-scripts').textContent),started=0,app=0,early=[],isl=null;" +
  "function add(u,module){var e;if(module){e=document.createElement('script');e.type='module';e.src=u}" +
  "else{e=document.createElement('link');e.rel='modulepreload';e.href=u}e.crossOrigin='';document.head.appendChild(e)}" +
  'function loadApp(){if(app)return;app=1;if(isl){isl.reset();isl=null}' +
  'f.preloads.forEach(function(u){add(u,0)});f.entries.forEach(function(u){add(u,1)})}' +
  "function button(e){return e.target&&e.target.closest?e.target.closest('button'):null}" +
  // A button pressed before a script answers it is held, and pressed again once one does (see above).
  'function hold(e){var t=button(e);if(!t||t.disabled||(isl&&isl.handles(t)))return;' +
  'e.preventDefault();e.stopImmediatePropagation();if(early.indexOf(t)===-1)early.push(t);if(isl)loadApp()}' +
  "document.addEventListener('click',hold,true);" +
  "document.addEventListener('pointerdown',function(e){var t=button(e);if(t&&isl&&!isl.handles(t))loadApp()},true);" +
  'function again(){var q=early;early=[];q.forEach(function(t){if(t.isConnected)t.click()})}' +
  'window.mashuraIslands=function(i){if(!app){isl=i;again()}};window.mashuraLoadApp=loadApp;' +
  "window.mashuraHydrated=function(){document.removeEventListener('click',hold,true);isl=null;again()};" +
  'function go(){if(started)return;started=1;var i=f.islands;if(!i)return loadApp();' +
  'i.preloads.forEach(function(u){add(u,0)});i.entries.forEach(function(u){add(u,1)})}' +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)" +
  "{new P(function(l,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true})}" +
  "else if(document.readyState==='loading'){document.addEventListener('DOMContentLoaded',go)}else{go()}})()"

/** The CSP source that allows the loader (`script-src`), added by app.ts. */
export const AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_CODE).digest('base64')}'`

/**
 * The tags that load, once the page has painted, `preloads` then `entries` (the head's order): the app; or,
 * with `islands` (host-app/src/islands.ts and its imports), those, and the app only when needed.
 */
export function afterPaintLoader(preloads: string[], entries: string[], islands?: Scripts): string {
  const files = JSON.stringify({ preloads, entries, islands }).replaceAll('<', '\\u003c')
  return `<script type="application/json" id="mashura-scripts">${files}</script><script>${AFTER_PAINT_CODE}</script>`
}

/**
 * The font files a page in `lang` draws its text with at first: the Arabic subset or the Latin one, regular
 * and semibold (`host-app/src/main.tsx`). Preloaded, they start with the styles instead of after the first
 * layout, so they are there by the first paint instead of swapping in after it and moving the text (the
 * profile measured CLS 0.09 from that swap once scripts waited for the paint; issue 15).
 */
export function fontPreloads(manifest: Record<string, ManifestChunk>, lang: SiteLanguage): string[] {
  const subset = lang === 'en' ? 'latin' : 'arabic'
  const face = new RegExp(`-${subset}-(400|600)-normal-[\\w-]+\\.woff2$`)
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry)
  return [...new Set(entries.flatMap((chunk) => chunk.assets ?? []))].filter((file) => face.test(file))
}

/** Draws the site's pages: `page` returns the whole HTML document for an address, or null to send index.html. */
export interface SiteRenderer {
  /** `draw` false: only the page's chunks and styles are named (someone is signed in). */
  page(url: string, lang: SiteLanguage, draw?: boolean): Promise<string | null>
}

/**
 * Loads the renderer from `serverEntry` for the built site in `siteRoot`, served at `siteOrigin`; null when
 * either is missing (the site is served as before). The template and the manifest are read again when the build changes them.
 */
export async function loadSiteRenderer(
  siteRoot: string,
  serverEntry: string,
  siteOrigin?: string,
): Promise<SiteRenderer | null> {
  const template = join(siteRoot, 'index.html')
  const manifestFile = join(siteRoot, '.vite', 'manifest.json')
  if (!existsSync(serverEntry) || !existsSync(template) || !existsSync(manifestFile)) return null
  // The site's address as its pages see it (host-app/src/config/env.ts reads it on import): the API calls
  // a page makes while it is drawn go there, as they would from the browser.
  if (siteOrigin) (globalThis as { MASHURA_SITE_ORIGIN?: string }).MASHURA_SITE_ORIGIN = siteOrigin
  const renderer = (await import(/* @vite-ignore */ pathToFileURL(serverEntry).href)) as Renderer
  /**
   * Per build: the template, and without its module script and preloads (`bare`, for drawn pages, which
   * load `scripts` after paint); the manifest; the entry's own files (named by index.html already); and
   * each language's font preloads.
   */
  let cached: {
    stamp: string
    html: string
    bare: string
    scripts: Scripts
    manifest: Record<string, ManifestChunk>
    entry: { js: string[]; css: string[] }
    /** The drawn pages' script without React (host-app/src/islands.ts) and its imports, if built. */
    islands: Scripts | null
    fonts: Record<SiteLanguage, string[]>
  } | null = null
  const build = () => {
    const stamp = `${statSync(template).mtimeMs}:${statSync(manifestFile).mtimeMs}`
    if (cached?.stamp !== stamp) {
      const html = readFileSync(template, 'utf8')
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
      // The app's entry (index.html) and the islands' (a second entry of the build).
      const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry && key !== ISLANDS_ENTRY)
      cached = {
        stamp,
        html,
        bare: html.replace(SCRIPT_TAG, '').replace(PRELOAD_TAG, ''),
        scripts: {
          entries: [...html.matchAll(SCRIPT_TAG)].map((m) => m[1]!),
          preloads: [...html.matchAll(PRELOAD_TAG)].map((m) => m[1]!),
        },
        manifest,
        entry: closure(manifest, entries),
        islands: islandsScripts(manifest),
        fonts: { ar: fontPreloads(manifest, 'ar'), en: fontPreloads(manifest, 'en') },
      }
    }
    return cached
  }
  return {
    async page(url, lang, draw = true) {
      const { html: template, bare, scripts, manifest, entry, islands, fonts } = build()
      const { html, data, modules, islands: islandModules } = await renderer.render(url, lang, draw)
      if (html === null && modules.length === 0) return null
      // The page's files on top of the entry's.
      const own = closure(manifest, modules)
      const ownScripts = own.js.filter((file) => !entry.js.includes(file)).map((file) => `/${file}`)
      const links = [
        ...fonts[lang].map(
          (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${attribute(file)}">`,
        ),
        ...own.css
          .filter((file) => !entry.css.includes(file))
          .map((file) => `<link rel="stylesheet" href="/${attribute(file)}">`),
      ]
      const head = (tags: string[]) => `    ${tags.join('\n    ')}\n  </head>`
      if (html === null) {
        const preloads = ownScripts.map(
          (file) => `<link rel="modulepreload" crossorigin href="${attribute(file)}">`,
        )
        return template.replace('</head>', head([...links, ...preloads]))
      }
      // Drawn: the scripts wait for the first paint (afterPaintLoader) instead of racing the content.
      return bare
        .replace('</head>', head(links))
        .replace(
          '</body>',
          `  ${afterPaintLoader(
            [...scripts.preloads, ...ownScripts],
            scripts.entries,
            islands && islandModules ? withModules(manifest, islands, islandModules) : undefined,
          )}\n  </body>`,
        )
        .replace(/<html lang="ar" dir="rtl">/, `<html lang="${lang}" dir="${lang === 'en' ? 'ltr' : 'rtl'}">`)
        .replace('<div id="root"></div>', `<div id="root" data-ssr>${html}</div>${data ?? ''}`)
    },
  }
}
