// `npm run bench:size`: prints the figures the size targets are judged by, for core and for the widgets.
//
// Core: each entry is bundled from core's source the way an app would (minified ES, dependencies included,
// tree-shaken, messages precompiled) and measured raw and gzipped; budgets in packages/core/package.json ("sizeBudgets").
//
// Widgets: measured from the real build in widgets/dist (built first when missing or older than a source):
// every file gzipped and brotli'd on its own, as a browser fetches them, and for each entry the total a page
// showing only that widget loads (the entry plus every file it imports statically, found by reading the
// built import statements), against issue 15's targets (TARGETS below). Budgets (that total, gzip bytes) live in
// widgets/package.json ("sizeBudgets").
//
// `--check` exits non-zero when an entry is over its budget, a budgeted entry is missing, or a one-widget
// page is lighter than rate-form's (npm test runs that). `--markdown` also prints the tables as Markdown for
// docs/performance.md; `--composition` adds what the shared chunks are made of.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build, loadConfigFromFile } from 'vite'
import { precompileMessages } from './precompile-messages.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = new Set(process.argv.slice(2))
const check = args.has('--check')
const markdown = args.has('--markdown')
const problems = []

const gzip = (data) => gzipSync(data, { level: 9 }).length
const brotli = (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
const fmt = (n) => n.toLocaleString('en-US')

function printMarkdown(rows) {
  if (!markdown || rows.length === 0) return
  const columns = Object.keys(rows[0])
  console.log(`\n| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`)
  for (const row of rows) console.log(`| ${columns.map((c) => row[c]).join(' | ')} |`)
}

// ---------------------------------------------------------------------------------------------- core
const core = `${root}packages/core/src/index.ts`
const coreBudgets = JSON.parse(readFileSync(`${root}packages/core/package.json`, 'utf8')).sizeBudgets ?? {}

const coreEntries = {
  // Everything core exports.
  'core (all)': `export * from '${core}'`,
  // What the rate-form widget needs: API client and rating calls, rating crypto, i18n.
  'core for rate-form': `export {
    createApiClient, validateRating, getSessionQuestionnaires, submitSessionRating,
    decryptRatingToken, createTranslator, direction,
  } from '${core}'`,
}

const cacheDir = `${root}.cache/bench`
mkdirSync(cacheDir, { recursive: true })
const coreRows = []
for (const [name, source] of Object.entries(coreEntries)) {
  const file = `${cacheDir}/${name.replace(/\W+/g, '-')}.ts`
  writeFileSync(file, `${source}\n`)
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    // As the widgets and the site bundle core: messages precompiled, no ICU parser (all keys kept).
    plugins: [precompileMessages()],
    build: { lib: { entry: file, formats: ['es'], fileName: 'out' }, write: false, minify: true },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output)
  const code = outputs
    .filter((o) => o.type === 'chunk')
    .map((o) => o.code)
    .join('\n')
  const size = gzip(code)
  const budget = coreBudgets[name]
  const verdict = budget ? (size <= budget ? `ok (budget ${budget})` : `OVER budget ${budget}`) : 'no budget'
  if (budget && size > budget) problems.push(`${name}: ${size} B gzip is over its budget of ${budget} B`)
  coreRows.push({ entry: name, 'min bytes': code.length, 'gzip bytes': size, verdict })
}
console.log('\n@mashura/core (packages/core/package.json sizeBudgets)')
console.table(coreRows)
printMarkdown(coreRows)

// ------------------------------------------------------------------------------------------- widgets
const widgetsConfig = `${root}widgets/vite.config.ts`
const dist = `${root}widgets/dist`
const widgetBudgets = JSON.parse(readFileSync(`${root}widgets/package.json`, 'utf8')).sizeBudgets ?? {}
/**
 * Issue 15's targets for a partner page, gzip bytes with static imports (KB counted as 1,000 bytes): what
 * the budgets (the figures `npm test` enforces) are meant to reach. React 19.2 (React, React DOM and the scheduler) is about 60 KB of each; 19.3 would add 9 KB (see docs/performance.md).
 */
const TARGETS = {
  'rate-form': 80_000,
  'booking-calendar': 100_000,
  'session-room': 105_000,
  'expert-search': 110_000,
  index: 160_000,
}
/** The entries that are widgets: a page shows one of them (or all of them, `index`). */
const WIDGET_ENTRIES = ['rate-form', 'expert-search', 'booking-calendar', 'session-room', 'index']

/** The newest modification time under `dir`, skipping tests. */
function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue
    const path = `${entry.parentPath}/${entry.name}`
    if (path.includes('/test-support/')) continue
    latest = Math.max(latest, statSync(path).mtimeMs)
  }
  return latest
}

/** True when widgets/dist is missing or older than any source it is built from. */
function distIsStale() {
  if (!existsSync(dist)) return true
  const built = readdirSync(dist).filter((name) => name.endsWith('.js'))
  if (built.length === 0) return true
  const oldestBuilt = Math.min(...built.map((name) => statSync(`${dist}/${name}`).mtimeMs))
  const sources = Math.max(
    newest(`${root}widgets/src`),
    newest(`${root}packages/core/src`),
    statSync(widgetsConfig).mtimeMs,
  )
  return sources > oldestBuilt
}

/**
 * Builds widgets/dist with widgets/vite.config.ts. If that fails because some widget's entry does not exist
 * yet, builds the entries that do exist (without `index`, which imports them all, and without the IIFE),
 * says so loudly, and measures that.
 */
async function buildWidgets() {
  console.log('\nbuilding the widgets (widgets/dist is missing or older than its sources)…')
  const nodeEnv = process.env.NODE_ENV
  try {
    await build({ configFile: widgetsConfig, logLevel: 'warn' })
    return
  } catch (error) {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, widgetsConfig)
    const entries = loaded.config.build.lib.entry
    const missing = Object.entries(entries).filter(([, file]) => !existsSync(file))
    if (missing.length === 0) throw error
    const present = Object.fromEntries(
      Object.entries(entries).filter(([name, file]) => existsSync(file) && name !== 'index'),
    )
    const note = `PARTIAL widget build: ${missing.map(([name]) => name).join(', ')} not written yet; index.js and the IIFE left out`
    console.warn(`\n!!! ${note}\n`)
    problems.push(note)
    await build({
      ...loaded.config,
      configFile: false,
      logLevel: 'warn',
      plugins: loaded.config.plugins.filter((plugin) => plugin?.name !== 'mashura-widgets-iife'),
      build: { ...loaded.config.build, lib: { ...loaded.config.build.lib, entry: present } },
    })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}

if (distIsStale() || args.has('--build')) await buildWidgets()

/** The relative modules a built file imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(code) {
  const found = new Set()
  // Minified output: `import{a as b}from"./runtime-x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
  // `import(` (dynamic, loaded on demand) does not match: a `(` cannot follow `import` here.
  const pattern = /(?:^|[\s;}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\/[^"']+)["']/g
  for (const match of code.matchAll(pattern)) found.add(match[1].slice(2))
  return [...found]
}

const files = new Map()
for (const name of readdirSync(dist).filter((file) => file.endsWith('.js'))) {
  const code = readFileSync(`${dist}/${name}`)
  // The messages are precompiled (scripts/precompile-messages.ts): no ICU parser may ship, and no widget
  // may import core from outside the bundle (a build that could not resolve it leaves the bare import).
  if (code.includes('EXPECT_ARGUMENT_CLOSING_BRACE'))
    problems.push(`${name}: carries the ICU message parser; the messages are precompiled, it must not`)
  // Firebase loads only where a page is given a Firebase configuration (issue 16): never in a widget's build.
  if (code.includes('firestore.googleapis.com') || code.includes('fcmregistrations.googleapis.com'))
    problems.push(`${name}: carries the Firebase SDK; it must load only by dynamic import, when configured`)
  if (/from\s*["']@mashura\/core["']/.test(code))
    problems.push(`${name}: imports "@mashura/core" unbundled (was packages/core built before the widgets?)`)
  files.set(name, {
    raw: code.length,
    gzip: gzip(code),
    brotli: brotli(code),
    imports: staticImports(code.toString('utf8')),
    lazy: [...code.toString('utf8').matchAll(/\bimport\(\s*["'`](\.\/[^"'`]+)["'`]\s*\)/g)].map((m) =>
      m[1].slice(2),
    ),
  })
}

/** An entry and every file reachable from it through static imports. */
function graph(entry) {
  const seen = new Set()
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift()
    if (seen.has(file) || !files.has(file)) continue
    seen.add(file)
    queue.push(...files.get(file).imports)
  }
  return [...seen]
}

const entries = [...files.keys()].filter((name) => !name.startsWith('runtime-'))
const chunks = [...files.keys()].filter((name) => name.startsWith('runtime-'))
const importers = (chunk) =>
  entries.filter((entry) => graph(entry).includes(chunk) && entry !== chunk).join(', ')
/** Who asks for a chunk that no page loads up front: the files that `import()` it on demand. */
const lazyImporters = (chunk) =>
  [...files]
    .filter(([, file]) => file.lazy.includes(chunk))
    .map(([name]) => name)
    .join(', ')
const describe = (chunk) =>
  importers(chunk)
    ? `shared chunk (${importers(chunk)})`
    : `on demand (import() in ${lazyImporters(chunk) || '?'})`

const fileRows = [...entries, ...chunks].map((name) => {
  const file = files.get(name)
  return {
    file: name,
    kind: name.startsWith('runtime-') ? describe(name) : 'entry',
    'min bytes': fmt(file.raw),
    gzip: fmt(file.gzip),
    brotli: fmt(file.brotli),
  }
})
console.log('\nwidgets/dist: each file on its own')
console.table(fileRows)
printMarkdown(fileRows)

const totals = new Map()
const pageRows = entries.map((entry) => {
  const loaded = graph(entry)
  const sum = (key) => loaded.reduce((total, file) => total + files.get(file)[key], 0)
  const total = { gzip: sum('gzip'), brotli: sum('brotli'), raw: sum('raw') }
  totals.set(entry, total)
  // Budgets are keyed by entry name without `.js`.
  const budget = widgetBudgets[entry.replace(/\.js$/, '')]
  let verdict = 'no budget'
  if (budget) {
    verdict = total.gzip <= budget ? `ok (budget ${fmt(budget)})` : `OVER budget ${fmt(budget)}`
    if (total.gzip > budget)
      problems.push(`${entry}: a one-widget page loads ${total.gzip} B gzip, over its budget of ${budget} B`)
  }
  const target = TARGETS[entry.replace(/\.js$/, '')]
  const gap = target - total.gzip
  return {
    'page loads': entry,
    files: loaded.length,
    'min bytes': fmt(total.raw),
    gzip: fmt(total.gzip),
    brotli: fmt(total.brotli),
    target: target ? `${fmt(target)}: ${gap >= 0 ? `${fmt(gap)} under` : `${fmt(-gap)} OVER`}` : '–',
    verdict,
  }
})
console.log('\nA page with only this entry: the entry plus its static imports (what the browser fetches)')
console.table(pageRows)
printMarkdown(pageRows)

for (const name of Object.keys(widgetBudgets)) {
  if (!totals.has(`${name}.js`) && !totals.has(name))
    problems.push(`${name}: budgeted but not in widgets/dist`)
}
// rate-form is the lightest embed (an e-mail landing page): no other widget page may be lighter.
const rateForm = totals.get('rate-form.js')
if (!rateForm) problems.push('rate-form.js is not in widgets/dist')
else {
  for (const name of WIDGET_ENTRIES.filter((entry) => entry !== 'rate-form')) {
    const other = totals.get(`${name}.js`)
    if (other && other.gzip <= rateForm.gzip)
      problems.push(
        `${name}.js (${other.gzip} B gzip with its imports) is not heavier than rate-form.js (${rateForm.gzip} B): rate-form must be the lightest widget page`,
      )
  }
}

if (args.has('--composition')) await composition()

/**
 * What the shared chunks are made of: an in-memory build of the same config, with each chunk's modules
 * grouped by package and gzipped group by group (so the shares add up to a little more than the chunk).
 */
async function composition() {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, widgetsConfig)
  const entry = Object.fromEntries(
    Object.entries(loaded.config.build.lib.entry).filter(([, file]) => existsSync(file)),
  )
  const result = await build({
    ...loaded.config,
    configFile: false,
    logLevel: 'silent',
    plugins: loaded.config.plugins.filter((plugin) => plugin?.name !== 'mashura-widgets-iife'),
    build: { ...loaded.config.build, write: false, lib: { ...loaded.config.build.lib, entry } },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output)
  for (const chunk of outputs.filter((o) => o.type === 'chunk')) {
    const groups = new Map()
    for (const [id, module] of Object.entries(chunk.modules)) {
      const path = id.replace(/\\/g, '/')
      const pkg =
        path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ??
        path.match(/packages\/([^/]+)\//)?.[1]?.replace(/^/, '@mashura/') ??
        path.match(/widgets\/src\/([^/]+)\//)?.[1]?.replace(/^/, 'widgets/') ??
        path
      groups.set(pkg, (groups.get(pkg) ?? '') + (module.code ?? ''))
    }
    const rows = [...groups]
      .map(([pkg, code]) => ({ package: pkg, 'min bytes': code.length, gzip: gzip(code) }))
      .filter((row) => row['min bytes'] > 0)
      .sort((a, b) => b.gzip - a.gzip)
    console.log(`\n${chunk.fileName}: ${fmt(gzip(chunk.code))} B gzip, by package`)
    console.table(rows)
    printMarkdown(rows)
  }
}

if (problems.length) {
  console.error(`\nsize problems:\n  - ${[...new Set(problems)].join('\n  - ')}`)
  if (check) process.exit(1)
}
