// `npm run bench`: prints the figures the size targets are judged by.
// Each entry is bundled from core's source the way an app would (minified ES,
// dependencies included, tree-shaken) and measured raw and gzipped.
// Budgets live in packages/core/package.json ("sizeBudgets", gzip bytes);
// `--check` exits non-zero when an entry is over its budget (npm test runs that).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const core = `${root}packages/core/src/index.ts`
const budgets = JSON.parse(readFileSync(`${root}packages/core/package.json`, 'utf8')).sizeBudgets ?? {}

const entries = {
  // Everything core exports.
  'core (all)': `export * from '${core}'`,
  // What the rate-form widget needs: API client and rating calls, rating crypto, i18n.
  'core for rate-form': `export {
    createApiClient, validateRating, getSessionQuestionnaires, submitSessionRating,
    decryptRatingToken, createTranslator, direction, isAlreadyRated,
  } from '${core}'`,
}

const dir = `${root}.cache/bench`
mkdirSync(dir, { recursive: true })
const rows = []
let over = false
for (const [name, source] of Object.entries(entries)) {
  const file = `${dir}/${name.replace(/\W+/g, '-')}.ts`
  writeFileSync(file, `${source}\n`)
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: { lib: { entry: file, formats: ['es'], fileName: 'out' }, write: false, minify: true },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output)
  const code = outputs
    .filter((o) => o.type === 'chunk')
    .map((o) => o.code)
    .join('\n')
  const gzip = gzipSync(code, { level: 9 }).length
  const budget = budgets[name]
  const verdict = budget ? (gzip <= budget ? `ok (budget ${budget})` : `OVER budget ${budget}`) : 'no budget'
  if (budget && gzip > budget) over = true
  rows.push({ entry: name, 'min bytes': code.length, 'gzip bytes': gzip, verdict })
}
console.table(rows)
if (process.argv.includes('--check') && over) {
  console.error('size: an entry is over its budget (packages/core/package.json sizeBudgets)')
  process.exit(1)
}
