// The docs site as a reader gets it: the BUILT site (docs-site/dist, built here when missing) on a plain static
// server, in Chromium, with `npm start` as the reference server its live demos call.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts'
import { axeViolations } from './support/axe.ts'
import { docsDist, ensureDocsBuilt, type StaticServer, serveStatic } from './support/docs.ts'
import { type NpmStart, startNpm } from './support/npm-start.ts'

let site: StaticServer
let platform: NpmStart
let browser: Browser
let page: Page

beforeAll(async () => {
  ensureDocsBuilt()
  site = await serveStatic(docsDist)
  platform = await startNpm()
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await site?.close()
  await platform?.stop()
})

async function open(path: string, width = 1280): Promise<Page> {
  await page?.close()
  page = await browser.newPage({ viewport: { width, height: 900 } })
  const response = await page.goto(new URL(path, site.base).toString())
  expect(response?.status(), path).toBe(200)
  return page
}

describe('the docs site', () => {
  it('is Arabic and right to left at the root, English and left to right under /en/', async () => {
    await open('/')
    expect(await page.locator('html').getAttribute('lang')).toBe('ar')
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await open('/en/')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
  })

  it('runs a live demo against the reference server given by ?api-base=', async () => {
    const apiBase = `${platform.base}api`
    await open(`/demos/expert-search/?api-base=${encodeURIComponent(apiBase)}`)
    const demo = page.locator('[data-demo="expert-search"]')
    await demo.waitFor()
    // The widget's result cards, in its open shadow root (Playwright's CSS locators pierce it).
    const results = demo.locator('expert-search [part~="result"]')
    await results.first().waitFor({ timeout: 30_000 })
    expect(await results.count()).toBeGreaterThan(0)
    expect(await results.first().locator('[part~="name"]').textContent()).toMatch(/\S/)
  })

  for (const path of [
    '/',
    '/en/',
    '/widgets/booking-calendar/',
    '/en/widgets/rate-form/',
    '/api/',
    '/api/contributors/',
    '/en/api/sme-sessions/',
    '/guides/webhooks/',
    '/en/guides/webhooks/',
  ]) {
    it(`has no WCAG 2.1 A/AA violation on ${path} (axe-core)`, async () => {
      await open(path)
      // Expressive Code makes a code block that overflows focusable (tabindex) once the browser is idle: wait
      // for the page's own script, with the web fonts in place, as a reader's browser would.
      await page.evaluate(() => document.fonts.ready)
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.expressive-code pre')].every(
          (pre) => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute('tabindex'),
        ),
      )
      expect(await axeViolations(page)).toEqual([])
    })
  }

  it('renders every OpenAPI operation once per language, each under its own anchor', async () => {
    const document = JSON.parse(
      readFileSync(join(docsDist, '..', 'src', 'data', 'generated', 'openapi.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, unknown>> }
    const anchors = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) =>
        `${method}-${path}`
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      ),
    )
    expect(anchors).toContain('get-profile-contributors')
    for (const prefix of ['api', join('en', 'api')]) {
      const ids = readdirSync(join(docsDist, prefix), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => {
          const html = readFileSync(join(docsDist, prefix, entry.name, 'index.html'), 'utf8')
          return [...html.matchAll(/<section class="api-op"[^>]*>\s*<h2 id="([^"]+)"/g)].map((m) => m[1])
        })
      expect(ids.sort(), prefix).toEqual([...anchors].sort())
    }
  })

  it('links every call from the API index to an anchor that exists', async () => {
    for (const index of ['/api/', '/en/api/']) {
      await open(index)
      const links = await page
        .locator('.api-overview a[href*="#"]')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''))
      expect(links.length).toBeGreaterThan(50)
      const pages = new Map<string, string>()
      for (const href of links) {
        const [path = '', id = ''] = href.split('#')
        if (!pages.has(path)) pages.set(path, readFileSync(join(docsDist, path, 'index.html'), 'utf8'))
        expect(pages.get(path), href).toContain(`id="${id}"`)
      }
    }
  })

  it('gives copy-pasteable curl lines that reach the reference server', async () => {
    await open('/en/api/contributors/#get-profile-contributors')
    const curl = await page
      .locator('#get-profile-contributors')
      .locator('xpath=ancestor::section[1]')
      .locator('[data-code^="curl"]')
      .getAttribute('data-code')
    // Expressive Code keeps line breaks as U+007F in data-code.
    const lines = (curl ?? '').split('\u007f').join('\n')
    expect(lines).toContain("curl 'http://localhost:8080/api/profile/contributors'")
    expect(lines).toContain("-H 'X-API-Key: mashura-dev-key'")
    const url = lines.match(/'(http:\/\/localhost:8080\/api\/[^']+)'/)?.[1] ?? ''
    const response = await fetch(url.replace('http://localhost:8080/', platform.base), {
      headers: { 'X-API-Key': 'mashura-dev-key', 'Accept-Language': 'en' },
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: unknown[]; meta: { total: number } }
    expect(body.data.length).toBeGreaterThan(0)
  })
})
