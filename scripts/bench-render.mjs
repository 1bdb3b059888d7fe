// `npm run bench` (after the sizes): time to first render of each widget, from a cold page.
//
// Starts the reference server in-process (fresh temporary DATA_DIR, NODE_ENV=development so it seeds the
// demo data) serving the built widgets (widgets/dist; run `npm run bench:size` or `npm run build:widgets`
// first when they are stale) and one small page per widget, then, for each widget, opens the page RUNS
// times in Debian's Chromium, each time in a new browser context with the cache disabled, and reads two
// moments relative to navigation start (performance.now() in the page):
//   first render:  the widget's shadow root holds its [part~="base"] wrapper;
//   first content: that, and no [part~="skeleton"] left (the widget's data has arrived).
// Prints the medians. `--markdown` also prints the table as Markdown for docs/performance.md.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from './chromium.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const widgetsRoot = `${root}widgets/dist`
const RUNS = 7
const markdown = process.argv.includes('--markdown')

for (const name of ['rate-form', 'expert-search', 'booking-calendar', 'session-room', 'loader']) {
  if (!existsSync(`${widgetsRoot}/${name}.js`)) {
    console.error(`widgets/dist/${name}.js is missing: run npm run bench:size (it builds the widgets) first`)
    process.exit(1)
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'mashura-bench-render-'))
const siteRoot = mkdtempSync(join(tmpdir(), 'mashura-bench-pages-'))
Object.assign(process.env, {
  NODE_ENV: 'development',
  PORT: process.env.BENCH_PORT ?? '8199',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
})
delete process.env.PUBLIC_URL

const { start } = await import('@mashura/server')
const { addSession, createRatingLink, insertSlot, issueApiToken } = await import('@mashura/server/testing')

// The server serves the site folder only when it has an index page; write the pages before starting.
writeFileSync(`${siteRoot}/index.html`, '<!doctype html><title>bench</title>')
const server = await start({ siteRoot, widgetsRoot })
const { db } = server.store
const origin = server.config.publicUrl
const apiKey = server.config.devApiKey

/** A seeded person (by their development sign-in subject) and their contributor id, if an expert. */
async function person(subject) {
  return db
    .selectFrom('people')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select(['people.id', 'contributors.id as contributor_id'])
    .where('people.subject', '=', subject)
    .executeTakeFirstOrThrow()
}

const expert = await person('dev-consultant')
const owner = await person('dev-sme')
const inDays = (days) => new Date(Date.now() + days * 86_400_000)
// A free slot in the coming days, so the calendar has something to show.
await insertSlot(db, { contributorId: expert.contributor_id, start: inDays(2), minutes: 60 })
const upcoming = await addSession(db, {
  contributorId: expert.contributor_id,
  smeId: owner.id,
  start: inDays(3),
  minutes: 60,
  subject_id: 1,
})
const ended = await addSession(db, {
  contributorId: expert.contributor_id,
  smeId: owner.id,
  start: new Date(Date.now() - 2 * 3_600_000),
  minutes: 60,
  state: 'ended',
})
const link = await createRatingLink(db, { sessionId: ended.id, publicUrl: origin })
const { token: ownerToken } = await issueApiToken(server.store, server.config, owner.id)

const shared = `api-base="${origin}/api" api-key="${apiKey}" lang="ar"`
const esc = (value) => String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;')
/** Each page: the widget's entry, the element, and what the widget needs besides attributes. */
const pages = {
  'rate-form': {
    element: `<rate-form ${shared} token="${esc(link.token)}" rating-key="${esc(server.config.ratingPassphrase)}"></rate-form>`,
  },
  'expert-search': { element: `<expert-search ${shared} role="consultant"></expert-search>` },
  'booking-calendar': {
    element: `<booking-calendar ${shared} contributor-id="${expert.contributor_id}"></booking-calendar>`,
  },
  'session-room': {
    element: `<session-room ${shared} session-id="${upcoming.id}" role="sme"></session-room>`,
    // A property, never an attribute: set once the entry has registered the element.
    after: `document.querySelector('session-room').token = ${JSON.stringify(ownerToken)}`,
  },
  'rate-form, through loader.js': {
    tag: 'rate-form',
    entry: 'loader',
    element: `<rate-form ${shared} token="${esc(link.token)}" rating-key="${esc(server.config.ratingPassphrase)}"></rate-form>`,
  },
}

/** Records the two moments in the page, watching the widget's shadow root from the first frame on. */
const probe = (tag) => `
window.__marks = {}
;(function watch() {
  const host = document.querySelector('${tag}')
  const shadow = host && host.shadowRoot
  if (!shadow) return requestAnimationFrame(watch)
  const check = () => {
    const marks = window.__marks
    if (!marks.render && shadow.querySelector('[part~="base"]')) marks.render = performance.now()
    if (marks.render && !marks.content && !shadow.querySelector('[part~="skeleton"]')) {
      marks.content = performance.now()
      observer.disconnect()
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(shadow, { childList: true, subtree: true, attributes: true })
  check()
})()`

const urls = {}
for (const [name, page] of Object.entries(pages)) {
  // Separate files, not inline scripts: the server's Content-Security-Policy allows 'self' scripts only.
  const file = `bench-${name.replace(/\W+/g, '-')}`
  const entry = page.entry ?? name
  writeFileSync(`${siteRoot}/${file}-probe.js`, probe(page.tag ?? name))
  // The loader starts by itself only from its own script tag, as on a partner page.
  writeFileSync(`${siteRoot}/${file}.js`, `import '/widgets/${entry}.js'\n${page.after ?? ''}\n`)
  writeFileSync(
    `${siteRoot}/${file}.html`,
    `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>${name}</title>
<script src="${file}-probe.js"></script></head><body>${page.element}
<script type="module" src="${entry === 'loader' ? '/widgets/loader.js' : `${file}.js`}"></script></body></html>`,
  )
  urls[name] = `${origin}/${file}.html`
}

/** Issue 15's target for a widget's first content, median on loopback. */
const CONTENT_TARGET_MS = 300
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const rows = []
try {
  for (const [name, url] of Object.entries(urls)) {
    const renders = []
    const contents = []
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await page.goto(url)
      const marks = await page
        .waitForFunction(() => window.__marks?.content && window.__marks, null, { timeout: 20_000 })
        .then((handle) => handle.jsonValue())
        .catch(async (error) => {
          console.warn(`${name}, run ${run + 1}: ${error.message.split('\n')[0]}`)
          return page.evaluate(() => window.__marks).catch(() => undefined)
        })
      if (marks?.render) renders.push(marks.render)
      if (marks?.content) contents.push(marks.content)
      await context.close()
    }
    const ms = (values) => (values.length ? `${Math.round(median(values))} ms` : 'never')
    const content = contents.length ? median(contents) : Number.POSITIVE_INFINITY
    rows.push({
      page: name,
      'first render (median)': ms(renders),
      'first content (median)': ms(contents),
      // Issue 15: a widget's first content within 300 ms (median, loopback).
      [`target ${CONTENT_TARGET_MS} ms`]: content <= CONTENT_TARGET_MS ? 'met' : 'MISSED',
      runs: `${contents.length}/${RUNS}`,
    })
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(siteRoot, { recursive: true, force: true })
}

console.log(`\nTime to first render, cold page (new context, cache disabled), median of ${RUNS}, ${origin}`)
console.table(rows)
if (markdown) {
  const columns = Object.keys(rows[0])
  console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`)
  for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`)
}
