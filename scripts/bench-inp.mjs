// `node scripts/bench-inp.mjs [--base <url>] [--runs N] [--markdown]`: Interaction to Next Paint (issue 37) for
// the two interactions a phone visitor waits on, in Debian's Chromium at 390 px with the CPU slowed 4× (the
// DevTools protocol's CPU throttling): typing a search on the home page and submitting it (the list then
// shows), and choosing a slot in an expert's booking calendar. Each runs RUNS times (5 by default) per
// language in a fresh browser context, once the page has said it answers (`html[data-ready]`); the figure of
// a run is its slowest interaction's duration as the Event Timing API reports it (`event` entries grouped by
// interactionId, the longest of each: what web-vitals' INP takes on a page with so few interactions). The table
// shows the median and the spread against the target of 200 ms.
//
// Without --base it starts `npm start` as bench-lighthouse.mjs does, and stops it after.
import { cpus } from 'node:os'
import { chromium } from 'playwright'
import { chromiumArgs, chromiumPath } from './chromium.ts'
import { printTable, profilePath, publicExperts, siteUnderTest } from './site-under-test.mjs'

const args = process.argv.slice(2)
const option = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const runs = Number(option('--runs') ?? 5)
const markdown = args.includes('--markdown')
const TARGET_MS = 200

const site = await siteUnderTest(option('--base'))
const { base } = site

/** Experts with a subject, for a profile whose calendar has something to choose. */
async function profileWithSlots() {
  return (await publicExperts(base)).filter((e) => e.subjects.length).map(profilePath)
}

/** Starts recording Event Timing entries before the page's own scripts run. */
function recordInteractions() {
  const longest = new Map()
  window.__interactions = longest
  const keep = (list) => {
    for (const entry of list) {
      if (!entry.interactionId) continue
      const known = longest.get(entry.interactionId)
      if (!known || entry.duration > known.duration)
        longest.set(entry.interactionId, { name: entry.name, duration: entry.duration })
    }
  }
  // A search from home is a page load now (the results page is drawn by the server, issue 37): what was
  // recorded on the page it left is carried over, by the tab's session storage, to the page it opened.
  try {
    for (const [id, entry] of JSON.parse(sessionStorage.getItem('bench-inp') ?? '[]'))
      longest.set(`before:${id}`, entry)
  } catch {}
  const observer = new PerformanceObserver((list) => keep(list.getEntries()))
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true })
  addEventListener('pagehide', () => {
    keep(observer.takeRecords())
    sessionStorage.setItem('bench-inp', JSON.stringify([...longest.entries()]))
  })
}

/** A fresh phone-sized page in `lang` with the CPU slowed 4×. */
async function openPage(browser, lang) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
  await context.addCookies([{ name: 'mashura_lang', value: lang, url: base }])
  await context.addInitScript((value) => localStorage.setItem('language', value), lang)
  await context.addInitScript(recordInteractions)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return page
}

/** The slowest interaction the page has recorded (ms), with its event name. */
async function slowest(page) {
  // Event Timing reports an interaction once its next paint is in: two frames later, every entry is there.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  )
  const all = await page.evaluate(() => [...window.__interactions.values()])
  return all.reduce((worst, entry) => (entry.duration > worst.duration ? entry : worst), {
    name: '–',
    duration: 0,
  })
}

/** Types a search on the home page and submits it; the list of experts then shows. */
async function searchFromHome(page) {
  await page.goto(base)
  await page.locator('html[data-ready]').waitFor({ state: 'attached' })
  const input = page.locator('[data-region="home-search"] input[type="search"]')
  await input.click()
  await page.keyboard.type('ma')
  await page.locator('[data-region="home-search"] button[type="submit"]').click()
  await page.waitForURL((url) => url.pathname.startsWith('/contributers/search/'))
  await page.locator('[data-page]').first().waitFor()
  return slowest(page)
}

/** Opens an expert's profile and chooses the first free slot in the booking calendar. */
function chooseSlot(paths) {
  return async (page) => {
    for (const path of paths) {
      await page.goto(new URL(path, base).href)
      await page.locator('html[data-ready]').waitFor({ state: 'attached' })
      const slot = page.locator('[part~="slot"]:not([part~="slot-clash"])').first()
      try {
        await slot.waitFor({ timeout: 10_000 })
      } catch {
        continue // no free slot in this expert's first weeks: the next expert
      }
      await slot.click()
      await page.locator('[part~="slot-selected"]').first().waitFor()
      return slowest(page)
    }
    throw new Error('no expert in the first page of the list has a free slot')
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const scenarios = [
  { name: 'submit a search (home)', run: searchFromHome },
  { name: 'choose a slot (profile)', run: chooseSlot(await profileWithSlots()) },
]
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const rows = []
try {
  for (const lang of ['ar', 'en']) {
    for (const scenario of scenarios) {
      const results = []
      for (let i = 0; i < runs; i++) {
        const page = await openPage(browser, lang)
        try {
          results.push(await scenario.run(page))
        } finally {
          await page.context().close()
        }
      }
      const durations = results.map((r) => r.duration)
      rows.push({
        name: `${scenario.name} (${lang})`,
        median: median(durations),
        min: Math.min(...durations),
        max: Math.max(...durations),
        events: [...new Set(results.map((r) => r.name))].join(', '),
      })
    }
  }
} finally {
  await browser.close()
  await site.stop()
}

const cpu = cpus()
console.log(`INP, Chromium at 390 px, CPU slowed 4×, median of ${runs} run${runs === 1 ? '' : 's'}, ${base}`)
console.log(`machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${new Date().toISOString()}`)
const header = ['interaction', `INP (target ≤ ${TARGET_MS} ms)`, 'runs', 'slowest event']
const cells = rows.map((r) => [
  r.name,
  // Event Timing reports nothing under 16 ms: no entry is an interaction that answered within 16 ms.
  `${r.median ? r.median.toFixed(0) : '< 16'} ms${r.median <= TARGET_MS ? '' : ' ✗'}`,
  `${r.min ? r.min.toFixed(0) : '< 16'}–${r.max ? r.max.toFixed(0) : '< 16'} ms`,
  r.events,
])
printTable(header, cells, markdown)
