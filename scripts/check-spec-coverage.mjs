// Checks `docs/spec-coverage.md` against the tree: every file it cites must exist, and every test it cites
// by title must exist in the file cited before it. Run by `npm test` as its first, fast step:
//   node scripts/check-spec-coverage.mjs
// It prints each missing file or test and exits 1 when there is one.
//
// The document's conventions (its introduction says the same):
// - a cited path is written in backticks from the repository's root (`packages/server/src/app.ts`); a folder
//   ends with `/`; `{a,b}` lists siblings (`…/{x,y}.tsx`) and `*` matches within a folder. A path that only
//   makes sense relative to a package (`routes/x.ts`, `x.tsx`) is refused, so no reader has to guess.
// - a test is cited by its title in straight double quotes after the test file's path, as written in
//   its `describe(…)`, `it(…)` or `test(…)`: `tests/e2e/host-app.test.ts` "renders /smeRate without header
//   and footer". A `…` inside the quotes stands for any text, so a long title can be shortened.
//   Parentheses hold prose about what a test covers and are not checked.
import { existsSync, globSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const DOCUMENT = 'docs/spec-coverage.md'
const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|jsx|css|json|html|astro|md|yml|yaml|sh)$/
const TEST_FILE = /\.test\.(ts|tsx|mjs|js)$/
/** Where abbreviated paths usually come from: only used to suggest the full path in a message. */
const PACKAGE_SOURCES = ['packages/core/src/', 'packages/server/src/', 'host-app/src/', 'widgets/src/']

/** Whether a backticked token names a file or folder rather than code, a URL path or a package. */
export function looksLikePath(token) {
  if (!/^[\w.\-/{}*,]+$/.test(token)) return false
  if (token.startsWith('/') || token.startsWith('.') || token.includes('://')) return false
  return token.includes('/') || EXTENSIONS.test(token)
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
export function expandBraces(path) {
  const match = path.match(/^(.*?)\{([^}]*)\}(.*)$/)
  if (!match) return [path]
  const [, before, inner, after] = match
  return inner.split(',').flatMap((part) => expandBraces(`${before}${part}${after}`))
}

/** Whether a path from the root exists (a trailing `/` must be a folder; `*` must match something). */
export function pathExists(root, path) {
  if (path.includes('*')) return globSync(path, { cwd: root }).length > 0
  const full = `${root}${path}`
  if (!existsSync(full)) return false
  return path.endsWith('/') ? statSync(full).isDirectory() : statSync(full).isFile()
}

/**
 * The titles a test file gives its suites and tests, as patterns: the literal first argument of
 * `describe`, `it` and `test` (with `.skip`, `.each(…)` and the like), a template's `${…}` and a
 * `%s`-style placeholder standing for any text.
 */
export function testTitles(source) {
  const call = /\b(?:describe|it|test|suite)(?:\.\w+(?:\([^()]*\))?)*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g
  return [...source.matchAll(call)].map((match) => {
    const quote = match[1]
    const text = match[2].replace(/\\(.)/g, '$1')
    const parts = quote === '`' ? text.split(/\$\{[^}]*\}/) : text.split(/%[sdifjo#]|\$\w+/)
    return new RegExp(`^${parts.map(escapeRegExp).join('[^]*')}$`)
  })
}

/** Whether a cited title (where `…` stands for any text) names one of a file's titles. */
export function titleCited(cited, patterns) {
  const pieces = cited.split('…').map((piece) => piece.trim())
  const citedPattern = new RegExp(`^${pieces.map(escapeRegExp).join('[^]*')}$`)
  // A title with a placeholder matches the cited words; a cited `…` matches the title's words.
  return patterns.some((pattern) => pattern.test(cited) || citedPattern.test(patternText(pattern)))
}

function patternText(pattern) {
  return pattern.source.slice(1, -1).replaceAll('[^]*', '').replace(/\\(.)/g, '$1')
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The table cells that hold proofs: the column headed "proof" or "proved by", row by row. */
function proofCells(lines) {
  const cells = []
  let proofColumn = -1
  for (const [index, line] of lines.entries()) {
    if (!line.startsWith('|')) {
      proofColumn = -1
      continue
    }
    const row = line.slice(1, -1).split(' | ')
    if (proofColumn === -1) {
      proofColumn = row.findIndex((cell) => /^\s*(proof|proved by)\s*$/i.test(cell))
      continue
    }
    if (/^[-|\s]+$/.test(line) || proofColumn >= row.length) continue
    cells.push({ line: index + 1, text: row[proofColumn] })
  }
  return cells
}

/**
 * Every problem in the document: each cited path that does not exist or is not written from the root, and
 * each quoted test title its test file does not have. An empty list means the document is sound.
 */
export function checkSpecCoverage(text, root = ROOT) {
  const problems = []
  const lines = text.split('\n')
  for (const [index, line] of lines.entries()) {
    for (const match of line.matchAll(/`([^`]+)`/g)) {
      const token = match[1].split(' ')[0]
      if (!looksLikePath(token)) continue
      for (const path of expandBraces(token)) {
        if (pathExists(root, path)) continue
        const full = PACKAGE_SOURCES.map((dir) => dir + path).find((candidate) => pathExists(root, candidate))
        problems.push(
          full
            ? `line ${index + 1}: \`${path}\` is not a path from the repository's root (meant \`${full}\`?)`
            : `line ${index + 1}: \`${path}\` does not exist`,
        )
      }
    }
  }
  const titles = new Map()
  for (const cell of proofCells(lines)) {
    let testFile = null
    for (const match of cell.text.matchAll(/`([^`]+)`|"([^"]+)"/g)) {
      if (match[1] !== undefined) {
        const token = match[1].split(' ')[0]
        if (looksLikePath(token)) testFile = TEST_FILE.test(token) ? token : null
        continue
      }
      const cited = match[2]
      if (!testFile) {
        problems.push(`line ${cell.line}: test "${cited}" does not follow a test file's path`)
        continue
      }
      if (!pathExists(root, testFile)) continue
      if (!titles.has(testFile)) titles.set(testFile, testTitles(readFileSync(`${root}${testFile}`, 'utf8')))
      if (!titleCited(cited, titles.get(testFile))) {
        problems.push(`line ${cell.line}: \`${testFile}\` has no test "${cited}"`)
      }
    }
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkSpecCoverage(readFileSync(`${ROOT}${DOCUMENT}`, 'utf8'))
  if (problems.length) {
    console.error(`${DOCUMENT} cites ${problems.length} missing file(s) or test(s):`)
    for (const problem of problems) console.error(`  ${problem}`)
    process.exit(1)
  }
  console.log(`${DOCUMENT}: every cited file and test exists`)
}
