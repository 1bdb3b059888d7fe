import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { PLATFORM, pinnedIife, pinnedModules } from '@mashura/docs/snippets/pinned'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { freePort, type NpmStart, root, startNpm } from './support/npm-start.ts'

/**
 * The docs' pinned embeds ("Versions and integrity", `docs-site/src/snippets/pinned.mjs`) on a partner's page
 * on another origin (issue 36): the IIFE file and the ES module entry with an import map's `integrity`, both at
 * `/widgets/v<version>/` with the hashes the platform publishes in that version's `integrity.json`. They load
 * and register the widgets; served by a "CDN" that changed one byte of a file, the browser refuses it (and
 * the same tampered copy without the hashes runs, so it is the integrity check that refuses).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable'
const dist = `${root}widgets/dist/`

let app: NpmStart
let browser: Browser
let platform = ''
let partner = ''
/** Another origin that serves the kit's files with one byte of `tampered` changed. */
let cdn = ''
let tampered = ''
let version = ''
let manifest: { version: string; files: Record<string, string> }
const servers: Server[] = []
const pages = new Map<string, string>()

/** A partner page: the pinned snippet and a search element. */
function partnerPage(snippet: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Pinned widgets</title>
${snippet}
<expert-search api-base="${platform}/api" api-key="mashura-dev-key" lang="en"></expert-search>
</html>`
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const port = await freePort()
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${port}`
}

/** Whether the page's `<expert-search>` was defined and drew its shadow root. */
async function drawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (document.querySelector('expert-search')?.shadowRoot?.textContent ?? '').trim().length > 0,
    undefined,
    { timeout: 20_000 },
  )
}

/** Opens a partner page and answers once the browser has refused a file for its integrity. */
async function refused(name: string): Promise<string> {
  const page = await browser.newPage()
  const message = page.waitForEvent('console', {
    predicate: (entry) => entry.type() === 'error' && /integrity/i.test(entry.text()),
    timeout: 20_000,
  })
  await page.goto(`${partner}/${name}`)
  const text = (await message).text()
  // Nothing of the kit ran: the element was never defined.
  expect(await page.evaluate(() => customElements.get('expert-search') === undefined)).toBe(true)
  await page.close()
  return text
}

beforeAll(async () => {
  app = await startNpm()
  platform = app.base.replace(/\/$/, '')
  manifest = await (await fetch(`${platform}/widgets/integrity.json`)).json()
  version = manifest.version
  const chunk = Object.keys(manifest.files).find((file) => /^runtime-[\w-]{8}\.js$/.test(file))
  if (!chunk) throw new Error('the build has no runtime chunk')
  // The chunk the module entry imports: the one whose name index.js names.
  const entry = readFileSync(`${dist}index.js`, 'utf8')
  tampered =
    Object.keys(manifest.files).find((file) => file.startsWith('runtime-') && entry.includes(file)) ?? chunk
  cdn = await listen((request, response) => {
    const path = new URL(request.url ?? '/', 'http://cdn').pathname
    const file = path.replace(`/widgets/v${version}/`, '')
    if (!/^[\w.-]+\.js$/.test(file) || !manifest.files[file]) return response.writeHead(404).end()
    const bytes = readFileSync(`${dist}${file}`)
    // One byte changed: the last one (a newline, or the end of a statement) becomes a space; still valid JS.
    if (file === tampered || file === 'mashura-widgets.iife.js') bytes[bytes.length - 1] = 0x20
    response
      .writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' })
      .end(bytes)
  })
  partner = await listen((request, response) => {
    const body = pages.get(new URL(request.url ?? '/', 'http://partner').pathname.slice(1))
    if (body === undefined) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body)
  })
  const iifeHash = manifest.files['mashura-widgets.iife.js'] ?? ''
  pages.set('iife.html', partnerPage(pinnedIife(version, iifeHash, platform)))
  pages.set('esm.html', partnerPage(pinnedModules(version, manifest, platform)))
  pages.set('tampered-iife.html', partnerPage(pinnedIife(version, iifeHash, cdn)))
  pages.set('tampered-esm.html', partnerPage(pinnedModules(version, manifest, cdn)))
  // The same tampered copies with no hashes: they run, so the refusals above are the integrity check's.
  pages.set(
    'unchecked-iife.html',
    partnerPage(`<script src="${cdn}/widgets/v${version}/mashura-widgets.iife.js"></script>`),
  )
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
})

afterAll(async () => {
  await browser?.close()
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
  await app?.stop()
})

describe('the pinned widget kit with Subresource Integrity', () => {
  it('publishes the version’s integrity manifest, whose hashes match the files it serves', async () => {
    expect(version).toBe(JSON.parse(readFileSync(`${root}widgets/package.json`, 'utf8')).version)
    const res = await fetch(`${platform}/widgets/v${version}/integrity.json`)
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(await res.json()).toEqual(manifest)
    // The docs print the pinned snippet for the docs' platform address, swapped here as a partner would.
    expect(pinnedIife(version)).toContain(`${PLATFORM}/widgets/v${version}/mashura-widgets.iife.js`)
  })

  it('loads the pinned IIFE file from another origin, checked, with a year-long cache', async () => {
    const page = await browser.newPage()
    const loaded = page.waitForResponse((res) =>
      res.url().endsWith(`/widgets/v${version}/mashura-widgets.iife.js`),
    )
    await page.goto(`${partner}/iife.html`)
    const res = await loaded
    expect(res.status()).toBe(200)
    expect(res.headers()['cache-control']).toBe(IMMUTABLE)
    await drawn(page)
    await page.close()
  })

  it('loads the pinned ES modules with the import map’s integrity for every chunk', async () => {
    const page = await browser.newPage()
    const urls: string[] = []
    page.on('response', (res) => urls.push(res.url()))
    await page.goto(`${partner}/esm.html`)
    await drawn(page)
    const kit = urls.filter((url) => url.startsWith(`${platform}/widgets/`))
    expect(kit.length).toBeGreaterThan(1)
    for (const url of kit) expect(url).toContain(`/widgets/v${version}/`)
    await page.close()
  })

  it('refuses a tampered IIFE file, which runs when nothing checks it', async () => {
    expect(await refused('tampered-iife.html')).toContain('mashura-widgets.iife.js')
    const page = await browser.newPage()
    await page.goto(`${partner}/unchecked-iife.html`)
    await drawn(page)
    await page.close()
  })

  it('refuses a tampered chunk imported by the pinned module entry', async () => {
    expect(await refused('tampered-esm.html')).toContain(tampered)
  })
})
