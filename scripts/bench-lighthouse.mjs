// `node scripts/bench-lighthouse.mjs [--base <url>] [--runs N] [--lang ar|en] [--only <page>] [--markdown]`:
// Lighthouse (mobile, its default simulated slow 4G and mid-range phone) on the agency's site: home, an expert
// list, an expert profile and the FAQ, each in Arabic and in English (issue 37), with the machine (CPU model,
// cores) and Lighthouse's benchmark index printed beside the table.
//
// Without --base it starts `npm start` the way the end-to-end tests do (tests/e2e/support/npm-start.ts: a free
// port, a fresh seeded data directory; that builds everything first) and stops it after. Each page runs RUNS
// times (3 by default) in Debian's Chromium launched by chrome-launcher; the table shows each median:
// performance, accessibility and best-practices scores, LCP, TBT, CLS and the JavaScript the first load
// transfers (and its size uncompressed), the spread of performance and TBT over the runs, and marks each
// figure outside issue 37's targets with `✗`. English is the visitor's stored choice (localStorage and the
// `mashura_lang` cookie, as the language toggle leaves them), which Lighthouse's storage reset keeps.
// `--markdown` prints the table as Markdown for docs/performance.md.
import { createRequire } from 'node:module'
import { cpus } from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath } from './chromium.ts'
import { printTable, profilePath, publicExperts, siteUnderTest } from './site-under-test.mjs'

const { version } = createRequire(import.meta.url)('lighthouse/package.json')
const args = process.argv.slice(2)
const option = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const markdown = args.includes('--markdown')
const runs = Number(option('--runs') ?? 3)
const languages = option('--lang') ? [option('--lang')] : ['ar', 'en']
const only = option('--only')

const site = await siteUnderTest(option('--base'))
const { base } = site

/** The first consultant the public search lists, for a real profile address. */
async function expertProfilePath() {
  const data = await publicExperts(base)
  return profilePath(data.find((e) => e.role === 'consultant' && e.subjects.length) ?? data[0])
}

/** The pages, with issue 37's budget for the JavaScript of their first load (gzip, as transferred). */
const pages = [
  { name: 'home', path: '', jsBudget: 60 * 1024 },
  { name: 'expert list', path: 'contributers/consultant', jsBudget: 110 * 1024 },
  { name: 'expert profile', path: await expertProfilePath(), jsBudget: 110 * 1024 },
  { name: 'FAQ', path: 'Faq', jsBudget: 60 * 1024 },
].filter((page) => !only || page.name === only)

/** The median of some numbers. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** What one Lighthouse run says about a page. */
function measure(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (r) => r.resourceType === 'Script',
  )
  return {
    performance: lhr.categories.performance.score * 100,
    accessibility: lhr.categories.accessibility.score * 100,
    bestPractices: lhr.categories['best-practices'].score * 100,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    jsTransfer: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    jsResource: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

/**
 * Makes `lang` the visitor's stored choice on the site's origin, as the language toggle leaves it: the
 * `language` entry in localStorage (the browser's store) and the `mashura_lang` cookie (the server's drawing).
 * Lighthouse's default storage reset clears neither, only caches and service workers.
 */
async function chooseLanguage(port, lang) {
  const { default: puppeteer } = await import('puppeteer-core')
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const page = await browser.newPage()
    await page.goto(new URL('favicon.svg', base).href)
    await page.evaluate((value) => {
      localStorage.setItem('language', value)
      // biome-ignore lint/suspicious/noDocumentCookie: the site's own preference cookie, set as the site sets it
      document.cookie = `mashura_lang=${value}; path=/; max-age=31536000; samesite=lax`
    }, lang)
    await page.close()
  } finally {
    await browser.disconnect()
  }
}

const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs })
const rows = []
try {
  for (const lang of languages) {
    await chooseLanguage(chrome.port, lang)
    for (const page of pages) {
      const url = new URL(page.path, base).href
      const results = []
      let retries = 0
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        })
        // A run Lighthouse could not record (NO_NAVSTART on a busy machine) is run again, twice at most.
        if (result?.lhr.runtimeError) {
          if (++retries > 2) throw new Error(`${url}: ${result.lhr.runtimeError.message}`)
          console.error(`${url}: ${result.lhr.runtimeError.code}, running it again`)
          i--
          continue
        }
        results.push(measure(result.lhr))
      }
      const m = (key) => median(results.map((r) => r[key]))
      const spread = (key) => [
        Math.min(...results.map((r) => r[key])),
        Math.max(...results.map((r) => r[key])),
      ]
      rows.push({
        page: `${page.name} (${lang})`,
        url,
        jsBudget: page.jsBudget,
        ...Object.fromEntries(Object.keys(results[0]).map((k) => [k, m(k)])),
        performanceSpread: spread('performance'),
        tbtSpread: spread('tbt'),
      })
    }
  }
} finally {
  chrome.kill()
  await site.stop()
}

/** Issue 37's targets for each page (median of the runs): a figure outside them is marked with `✗`. */
const TARGETS = { performance: 95, accessibility: 100, lcp: 1800, tbt: 150, cls: 0.02 }
const mark = (ok) => (ok ? '' : ' ✗')
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const header = [
  'page',
  'performance',
  'accessibility',
  'best practices',
  'LCP',
  'TBT',
  'CLS',
  'JS (transferred / size)',
  'performance runs',
  'TBT runs',
  'benchmark index',
]
const cells = [
  [
    'target',
    `≥ ${TARGETS.performance}`,
    `${TARGETS.accessibility}`,
    '–',
    `≤ ${(TARGETS.lcp / 1000).toFixed(1)} s`,
    `≤ ${TARGETS.tbt} ms`,
    `≤ ${TARGETS.cls}`,
    '≤ 60 KB (home, FAQ), ≤ 110 KB (list, profile)',
    '–',
    '–',
    '–',
  ],
  ...rows.map((r) => [
    r.page,
    `${r.performance.toFixed(0)}${mark(r.performance >= TARGETS.performance)}`,
    `${r.accessibility.toFixed(0)}${mark(r.accessibility >= TARGETS.accessibility)}`,
    r.bestPractices.toFixed(0),
    `${(r.lcp / 1000).toFixed(2)} s${mark(r.lcp <= TARGETS.lcp)}`,
    `${r.tbt.toFixed(0)} ms${mark(r.tbt <= TARGETS.tbt)}`,
    `${r.cls.toFixed(3)}${mark(r.cls <= TARGETS.cls)}`,
    `${kb(r.jsTransfer)}${mark(r.jsTransfer <= r.jsBudget)} / ${kb(r.jsResource)}`,
    `${r.performanceSpread[0].toFixed(0)}–${r.performanceSpread[1].toFixed(0)}`,
    `${r.tbtSpread[0].toFixed(0)}–${r.tbtSpread[1].toFixed(0)} ms`,
    r.benchmarkIndex.toFixed(0),
  ]),
]

const cpu = cpus()
console.log(`Lighthouse ${version}, mobile, median of ${runs} run${runs === 1 ? '' : 's'}, ${base}`)
console.log(`machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${new Date().toISOString()}`)
printTable(header, cells, markdown)
