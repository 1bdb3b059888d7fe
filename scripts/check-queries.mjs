// Checks that no query starts outside the data folder (issue 32): every read and write of the server lives in
// `packages/server/src/db/queries/`. dependency-cruiser sees imports, not calls, so this script reads the
// source instead. Run by `npm run check:imports`, after dependency-cruiser:
//   node scripts/check-queries.mjs [root]
// It prints each offending line as `file:line` and exits 1 when there is one.
//
// What counts as starting a query: `selectFrom(`, `insertInto(`, `updateTable(`, `deleteFrom(`,
// `selectNoFrom(` and a `sql` template (`sql` or `sql<T>` followed by a backtick). Where queries may start:
// anything under `db/` (the queries, the migrations and the database's own files), `seed/`, `test-support/`
// and test files. Comment lines (`//`, `/*`, ` *`) are not read, so prose may name the calls.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
/** The server's sources, from the root. */
const SERVER = 'packages/server/src'
/** What every offending line is told. */
export const MESSAGE = 'queries live in packages/server/src/db/queries/'
/** Folders of the server's sources where queries may start. */
const ALLOWED_FOLDERS = ['db', 'seed', 'test-support']
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const TEST_FILE = /\.test\.(ts|tsx|mts|js|mjs)$/
/** A call that starts a query, or a `sql` template (also `sql<T>`). */
const QUERY_START = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)\(|\bsql(?:<[^`;=]*>)?`/

/** Whether a file (relative to the server's sources, with `/`) may start queries. */
export function mayStartQueries(path) {
  return ALLOWED_FOLDERS.some((folder) => path.startsWith(`${folder}/`)) || TEST_FILE.test(path)
}

/** The lines of a source text that start a query, 1-based, skipping comment lines and trailing `//` comments. */
export function queryLines(source) {
  const found = []
  source.split('\n').forEach((line, index) => {
    const trimmed = line.trimStart()
    if (trimmed.startsWith('//') || trimmed.startsWith('/*') || trimmed.startsWith('*')) return
    const code = line.replace(/\s\/\/\s.*$/, '')
    if (QUERY_START.test(code)) found.push(index + 1)
  })
  return found
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every line of the server's sources under `root` that starts a query where none may start, as `file:line`. */
export function checkQueries(root = ROOT) {
  const server = join(root, SERVER)
  return sourceFiles(server).flatMap((file) => {
    const path = relative(server, file).split('\\').join('/')
    if (mayStartQueries(path)) return []
    return queryLines(readFileSync(file, 'utf8')).map((line) => `${SERVER}/${path}:${line}`)
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = checkQueries(process.argv[2] ?? ROOT)
  for (const problem of problems) console.error(`${problem}: ${MESSAGE}`)
  if (problems.length > 0) {
    console.error(
      `check-queries: ${problems.length} ${problems.length === 1 ? 'query starts' : 'queries start'} outside the data folder`,
    )
    process.exit(1)
  }
  console.log('check-queries: no query starts outside packages/server/src/db/')
}
