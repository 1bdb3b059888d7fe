import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// @mashura/core's public entry offers only what production code uses (issue 19): a value exported from
// packages/core/src/index.ts must be named by some non-test source outside core. What only tests need goes
// through the explicit @mashura/core/testing entry; what only core's own code needs stays in its module.

const root = new URL('..', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** The value names (not types) the entry re-exports, from its `export { … } from` blocks. */
function exportedValues(source: string): string[] {
  const blocks = [...source.matchAll(/export \{([^}]*)\} from/g)].map((m) => m[1] ?? '')
  return blocks
    .flatMap((block) => block.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/).at(-1) ?? name)
}

/** Production sources outside core: tracked code files that are not tests or test support. */
function productionSources(): string[] {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.astro', '*.js'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
  return files.filter(
    (file) =>
      !file.startsWith('packages/core/') &&
      !file.startsWith('tests/') &&
      !/\.test\.|test-support|test-client|test-files/.test(file),
  )
}

/** Code without its comments: a name a comment mentions is not a use. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')

/** The names no source uses as a whole word (a `$` counts as part of a name). */
function unusedNames(names: readonly string[], sources: string): string[] {
  const code = withoutComments(sources)
  return names.filter((name) => {
    const escaped = name.replace(/\$/g, '\\$')
    return !new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(code)
  })
}

describe('the public entry of @mashura/core', () => {
  it('exports no value that only tests use', () => {
    const names = exportedValues(read('packages/core/src/index.ts'))
    expect(names.length).toBeGreaterThan(100)
    const unused = unusedNames(names, productionSources().map(read).join('\n'))
    expect(unused, 'move these to @mashura/core/testing, keep them inside core, or delete them').toEqual([])
  })

  it('reports a made-up export, and a name only a comment mentions, as unused', () => {
    expect(exportedValues("export { a, type B, c as d } from './x.ts'")).toEqual(['a', 'd'])
    const sources = 'a()\n// d is named here only\n/* and $e here */ $f.get()'
    expect(unusedNames(['a', 'd', '$e', '$f', 'g'], sources)).toEqual(['d', '$e', 'g'])
  })
})
