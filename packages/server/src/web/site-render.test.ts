import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openStore, type Store } from '../db/database.ts'
import { testConfig } from '../test-support/context.ts'
import { registerSite } from './site.ts'
import {
  AFTER_PAINT_HASH,
  afterPaintLoader,
  loadSiteRenderer,
  requestLanguage,
  requestSignedIn,
} from './site-render.ts'

/** A built site as Vite leaves it: the template naming the entry, and the manifest of chunks and styles. */
const template = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_shared.js'],
    css: ['assets/index-1.css'],
    assets: [
      'assets/ibm-plex-sans-arabic-arabic-400-normal-a1.woff2',
      'assets/ibm-plex-sans-arabic-latin-ext-400-normal-b1.woff2',
      'assets/ibm-plex-sans-arabic-latin-400-normal-c1.woff2',
      'assets/ibm-plex-sans-arabic-arabic-600-normal-d1.woff2',
      'assets/ibm-plex-sans-arabic-latin-600-normal-e1.woff2',
      'assets/logo-1.svg',
    ],
  },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_hooks.js': { file: 'assets/hooks-1.js', imports: ['_shared.js'], css: ['assets/hooks-1.css'] },
  'src/app/routes/faq.tsx': {
    file: 'assets/faq-1.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_hooks.js'],
    css: ['assets/faq-1.css'],
  },
  // The drawn pages' script without React (host-app/src/islands.ts), a second entry.
  'src/islands.ts': { file: 'assets/islands-1.js', isEntry: true, imports: ['_shared.js'] },
  'src/app/routes/dashboard.tsx': {
    file: 'assets/dashboard-1.js',
    isDynamicEntry: true,
    imports: ['_hooks.js'],
  },
}
/**
 * Stands in for the host app's server build (`host-app/dist-server/entry-server.js`, which the end-to-end
 * suite runs for real in tests/e2e/server-rendering.test.ts): the contract is `render(url, lang)`.
 */
const renderer = `export async function render(url, lang, draw) {
  const path = new URL(url).pathname
  if (path === '/Faq' && !draw) return { html: null, modules: ['src/app/routes/faq.tsx'] }
  if (path === '/Faq') return { html: '<h1>' + (lang === 'en' ? 'FAQ' : 'الأسئلة') + '</h1>', modules: ['src/app/routes/faq.tsx'] }
  if (path === '/Faq/whole') return { html: '<h1>FAQ</h1>', modules: ['src/app/routes/faq.tsx'], islands: [] }
  if (path === '/dashboard') return { html: null, modules: ['src/app/routes/dashboard.tsx'] }
  if (path === '/broken') throw new Error('a page that fails to draw')
  return { html: null, modules: [] }
}
`

function builtSite(): { siteRoot: string; serverEntry: string } {
  const root = mkdtempSync(join(tmpdir(), 'mashura-site-render-'))
  const siteRoot = join(root, 'dist')
  mkdirSync(join(siteRoot, '.vite'), { recursive: true })
  writeFileSync(join(siteRoot, 'index.html'), template)
  writeFileSync(join(siteRoot, '.vite/manifest.json'), JSON.stringify(manifest))
  mkdirSync(join(root, 'dist-server'))
  const serverEntry = join(root, 'dist-server/entry-server.js')
  writeFileSync(serverEntry, renderer)
  return { siteRoot, serverEntry }
}

describe('the language a page is drawn in', () => {
  // English only for the mashura_lang=en cookie, Arabic otherwise.
  it.each([
    [undefined, 'ar'],
    ['', 'ar'],
    ['mashura_lang=en', 'en'],
    ['a=1; mashura_lang=EN ; b=2', 'en'],
    ['mashura_lang=ar', 'ar'],
    ['mashura_lang=fr', 'ar'],
    ['xmashura_lang=en', 'ar'],
  ] as const)('reads the cookie header %j as %j', (cookie, language) => {
    expect(requestLanguage(cookie)).toBe(language)
  })

  it('is not drawn at all where someone is signed in (mashura_signed_in=1)', () => {
    expect(requestSignedIn(undefined)).toBe(false)
    expect(requestSignedIn('mashura_lang=en; mashura_signed_in=1')).toBe(true)
    expect(requestSignedIn('mashura_signed_in=')).toBe(false)
    expect(requestSignedIn('mashura_signed_in=0')).toBe(false)
  })
})

describe('a page drawn into the built template', () => {
  it('puts the page in #root, the language on <html>, and its own chunks and styles in the head', async () => {
    const { siteRoot, serverEntry } = builtSite()
    const site = await loadSiteRenderer(siteRoot, serverEntry)
    const page = (await site?.page('http://localhost/Faq', 'en')) ?? ''
    expect(page).toContain('<html lang="en" dir="ltr">')
    expect(page).toContain('<div id="root" data-ssr><h1>FAQ</h1></div>')
    // The page's files, each once, and none the entry already names.
    const head = page.slice(0, page.indexOf('</head>'))
    expect(head.match(/<link rel="stylesheet" href="\/assets\/[^"]+">/g)).toEqual([
      '<link rel="stylesheet" href="/assets/faq-1.css">',
      '<link rel="stylesheet" href="/assets/hooks-1.css">',
    ])
    // Its scripts wait for the first paint: none in the head, the loader names them in the head's order.
    expect(head).not.toMatch(/<script|modulepreload/)
    const files = /<script type="application\/json" id="mashura-scripts">([^<]*)<\/script>/.exec(page)?.[1]
    expect(JSON.parse(files ?? 'null')).toEqual({
      preloads: ['/assets/shared-1.js', '/assets/faq-1.js', '/assets/hooks-1.js'],
      entries: ['/assets/index-1.js'],
    })
    expect(await site?.page('http://localhost/Faq', 'ar')).toContain('<html lang="ar" dir="rtl">')
  })

  it('preloads the regular and semibold faces of the page language’s subset, nothing else', async () => {
    const { siteRoot, serverEntry } = builtSite()
    const site = await loadSiteRenderer(siteRoot, serverEntry)
    const preloads = (page: string) => page.match(/<link rel="preload" as="font"[^>]+>/g)
    expect(preloads((await site?.page('http://localhost/Faq', 'ar')) ?? '')).toEqual([
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/ibm-plex-sans-arabic-arabic-400-normal-a1.woff2">',
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/ibm-plex-sans-arabic-arabic-600-normal-d1.woff2">',
    ])
    expect(preloads((await site?.page('http://localhost/dashboard', 'en')) ?? '')).toEqual([
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/ibm-plex-sans-arabic-latin-400-normal-c1.woff2">',
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/ibm-plex-sans-arabic-latin-600-normal-e1.woff2">',
    ])
  })

  it('loads the scripts with a loader the content policy names by its hash', async () => {
    const { siteRoot, serverEntry } = builtSite()
    const site = await loadSiteRenderer(siteRoot, serverEntry)
    const page = (await site?.page('http://localhost/Faq', 'ar')) ?? ''
    const code = /<script>([^<]+)<\/script>\s*<\/body>/.exec(page)?.[1] ?? ''
    expect(code).toContain("observe({type:'paint',buffered:true})")
    expect(AFTER_PAINT_HASH).toBe(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
  })

  it('hands a page that runs without the app its islands script, and keeps the app for a press it needs', async () => {
    const { siteRoot, serverEntry } = builtSite()
    const site = await loadSiteRenderer(siteRoot, serverEntry)
    const files = async (path: string) => {
      const page = (await site?.page(`http://localhost${path}`, 'ar')) ?? ''
      return JSON.parse(/id="mashura-scripts">([^<]*)</.exec(page)?.[1] ?? '{}')
    }
    const whole = await files('/Faq/whole')
    expect(whole.islands).toEqual({ entries: ['/assets/islands-1.js'], preloads: ['/assets/shared-1.js'] })
    // The app's files stay named, for the loader to load when a button the islands do not answer is pressed.
    expect(whole.entries).toEqual(['/assets/index-1.js'])
    expect(whole.preloads).toEqual(['/assets/shared-1.js', '/assets/faq-1.js', '/assets/hooks-1.js'])
    // A page whose route or drawing needs the app (its loads did not all come in) loads it, as before.
    expect((await files('/Faq')).islands).toBeUndefined()
  })

  it('escapes the file list so that no name can close its script element', () => {
    const tags = afterPaintLoader(['/a</script><script>alert(1)//.js'], ['/b.js'])
    expect(tags.match(/<\/script>/g)).toHaveLength(2)
    const json = /id="mashura-scripts">([^<]*)</.exec(tags)?.[1] ?? ''
    expect(JSON.parse(json).preloads).toEqual(['/a</script><script>alert(1)//.js'])
  })

  it('leaves a page the browser draws empty, still naming its chunk; and has nothing to add elsewhere', async () => {
    const { siteRoot, serverEntry } = builtSite()
    const site = await loadSiteRenderer(siteRoot, serverEntry)
    const page = (await site?.page('http://localhost/dashboard', 'en')) ?? ''
    expect(page).toContain('<div id="root"></div>')
    expect(page).toContain('<html lang="ar" dir="rtl">')
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-1.js">')
    // Nothing drawn, nothing to wait for: the head keeps its module script.
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>')
    expect(page).not.toContain('mashura-scripts')
    expect(await site?.page('http://localhost/nothing', 'ar')).toBeNull()
  })

  it('is not offered without a server build or a manifest', async () => {
    const { siteRoot } = builtSite()
    expect(await loadSiteRenderer(siteRoot, join(siteRoot, 'missing.js'))).toBeNull()
    expect(await loadSiteRenderer(join(siteRoot, 'nowhere'), join(siteRoot, 'missing.js'))).toBeNull()
  })
})

describe('the site with its renderer', () => {
  let app: FastifyInstance
  let store: Store

  beforeAll(async () => {
    const config = testConfig()
    store = await openStore({ databaseUrl: null, dataDir: config.dataDir, sqliteFile: 'site-render.sqlite' })
    app = await buildApp({ config, store })
    const { siteRoot, serverEntry } = builtSite()
    await registerSite(app, config, { siteRoot, siteServerEntry: serverEntry })
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
    await store.destroy()
  })

  it('sends a drawn page compressed, never cached, varying by language cookie', async () => {
    const res = await app.inject({
      url: '/Faq',
      headers: { cookie: 'mashura_lang=en', 'accept-encoding': 'gzip, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers.vary).toContain('cookie')
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>FAQ</h1>')
    // Scripts run only from this origin or as the drawn pages' loader.
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${AFTER_PAINT_HASH}`)
    const signedIn = await app.inject({ url: '/Faq', headers: { cookie: 'mashura_signed_in=1' } })
    expect(signedIn.body).toContain('<div id="root"></div>')
    expect(signedIn.body).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-1.js">')
    const plain = await app.inject({ url: '/Faq' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<h1>الأسئلة</h1>')
  })

  it('sends the plain page when drawing fails or has nothing to add, and the home page through it too', async () => {
    const broken = await app.inject({ url: '/broken' })
    expect(broken.statusCode).toBe(200)
    expect(broken.body).toContain('<div id="root"></div>')
    const home = await app.inject({ url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('<div id="root"></div>')
    // The API's addresses stay the API's (its key check answers first).
    const api = await app.inject({ url: '/api/nothing' })
    expect(api.headers['content-type']).toMatch(/^application\/json/)
  })
})
