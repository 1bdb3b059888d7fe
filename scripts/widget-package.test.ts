import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from './chromium.ts'
import { packWidgets } from './pack-widgets.mjs'

/**
 * `@mashura/widgets` as a partner's application gets it from a registry (issue 36): packed with `npm pack`
 * (scripts/pack-widgets.mjs), installed from the tarball into a scratch Vite project in a temporary folder,
 * type-checked, built with Vite, and rendered in Chromium: the custom element from the package's main entry,
 * and the React component from `/react` on the project's own React (its peer dependency).
 */
const root = new URL('..', import.meta.url).pathname
const widgets = JSON.parse(readFileSync(`${root}widgets/package.json`, 'utf8')) as {
  version: string
  dependencies: Record<string, string>
}
let scratch = ''
let tarball = ''
let server: Server | undefined
let origin = ''

/** The scratch project's files: two pages, one per entry, and a file that uses the package's types. */
const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  'elements.html': `<!doctype html><html lang="en"><meta charset="utf-8"><title>elements</title>
<script type="module" src="./elements.js"></script>
<rate-form lang="en" api-base="/api" api-key="scratch-key"></rate-form></html>`,
  'elements.js': `import '@mashura/widgets'
window.defined = customElements.get('rate-form') !== undefined`,
  'react.html': `<!doctype html><html lang="en"><meta charset="utf-8"><title>react</title>
<div id="app"></div><script type="module" src="./react.js"></script></html>`,
  'react.js': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { RateForm } from '@mashura/widgets/react'
createRoot(document.getElementById('app')).render(
  createElement(RateForm, { apiBase: '/api', apiKey: 'scratch-key', lang: 'en' }),
)`,
  'types.ts': `import type { RateFormProps } from '@mashura/widgets/react'
import type { MashuraEventMap } from '@mashura/widgets/events'
import { configureWidgets } from '@mashura/widgets'
export const props: RateFormProps = { apiBase: '/api', apiKey: 'k', lang: 'en' }
// @ts-expect-error apiKey is required: the declarations are real, not any.
export const missing: RateFormProps = { apiBase: '/api' }
export const sessionId: MashuraEventMap['booking-created']['sessionId'] = 1
configureWidgets({ lang: 'en' })
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    files: ['types.ts'],
  }),
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'mashura-widget-package-'))
  tarball = await packWidgets(scratch)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text)
  // The tarball, and React at the range the widgets are made with (from the cache when it has them).
  execFileSync(
    'npm',
    [
      'install',
      tarball,
      `react@${widgets.dependencies.react}`,
      `react-dom@${widgets.dependencies['react-dom']}`,
      `@types/react@${JSON.parse(readFileSync(`${root}widgets/package.json`, 'utf8')).devDependencies['@types/react']}`,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    { cwd: scratch, stdio: 'pipe' },
  )
}, 180_000)

afterAll(async () => {
  if (server) await new Promise((resolve) => server?.close(resolve))
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('the packed @mashura/widgets', () => {
  it('ships built JavaScript, declarations, the manifest and React as an optional peer only', () => {
    const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n')
    expect(listing).toContain('package/dist/index.js')
    expect(listing).toContain('package/lib/react.js')
    expect(listing).toContain('package/types/react.d.ts')
    expect(listing).toContain('package/custom-elements.json')
    expect(listing.some((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))).toBe(false)
    const installed = `${scratch}/node_modules/@mashura/widgets/`
    const pkg = JSON.parse(readFileSync(`${installed}package.json`, 'utf8'))
    expect(pkg.private).toBeUndefined()
    expect(pkg.version).toBe(widgets.version)
    expect(pkg.license).toBeTruthy()
    expect(pkg.dependencies?.react).toBeUndefined()
    expect(pkg.peerDependenciesMeta.react.optional).toBe(true)
    expect(pkg.exports['./react'].types).toBe('./types/react.d.ts')
    // The manifest names JavaScript the package ships, for every element.
    const manifest = JSON.parse(readFileSync(`${installed}${pkg.customElements}`, 'utf8'))
    const tags = manifest.modules.flatMap(
      (module: { path: string; declarations: { tagName?: string }[] }) => {
        expect(listing).toContain(`package/${module.path}`)
        return module.declarations.map((declaration) => declaration.tagName)
      },
    )
    expect(tags).toEqual(
      expect.arrayContaining(['rate-form', 'booking-calendar', 'expert-search', 'session-room']),
    )
    // The React entry brings no React of its own.
    expect(readFileSync(`${installed}lib/react.js`, 'utf8')).toMatch(/from\s*["']react["']/)
  })

  it('type-checks a project that uses its declarations', () => {
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', scratch], {
      stdio: 'pipe',
    })
  }, 60_000)

  it('builds with Vite, and renders the element and the React component in Chromium', async () => {
    await build({
      root: scratch,
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: `${scratch}/dist`,
        rolldownOptions: { input: [`${scratch}/elements.html`, `${scratch}/react.html`] },
      },
    })
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
    }
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://scratch').pathname
      try {
        const body = readFileSync(join(scratch, 'dist', path.replace(/\.\./g, '')))
        response
          .writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
          .end(body)
      } catch {
        // The API the widgets call is not here: they show their error state, which is still a render.
        response.writeHead(404).end()
      }
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`${origin}/elements.html`)
      await page.waitForFunction(
        () => (document.querySelector('rate-form')?.shadowRoot?.textContent ?? '').trim().length > 0,
      )
      expect(await page.evaluate(() => (window as unknown as { defined: boolean }).defined)).toBe(true)
      await page.goto(`${origin}/react.html`)
      await page.waitForFunction(() => (document.getElementById('app')?.textContent ?? '').trim().length > 0)
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  }, 90_000)
})
