import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * `docs/spec-coverage.md` says where each point of the spec lives and which test proves it: every file it
 * cites by its path from the repository's root must exist (a cited file that does not is a bug).
 */
const root = new URL('../', import.meta.url).pathname
const TOP = [
  'packages',
  'widgets',
  'host-app',
  'tests',
  'scripts',
  'examples',
  'docs-site',
  'docs',
  'zoom-page',
]

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expand(path: string): string[] {
  const match = path.match(/^(.*?)\{([^}]*)\}(.*)$/)
  if (!match) return [path]
  const [, before, inner, after] = match
  return inner!.split(',').flatMap((part) => expand(`${before}${part}${after}`))
}

/** `a/b-*.html` → whether some file in `a` matches. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(`${root}${path}`)
  const dir = path.slice(0, path.lastIndexOf('/'))
  const pattern = new RegExp(
    `^${path
      .slice(dir.length + 1)
      .replace(/[.]/g, '\\.')
      .replace(/\*/g, '.*')}$`,
  )
  return existsSync(`${root}${dir}`) && readdirSync(`${root}${dir}`).some((name) => pattern.test(name))
}

describe('docs/spec-coverage.md', () => {
  it('cites only files that exist', () => {
    const text = readFileSync(`${root}docs/spec-coverage.md`, 'utf8')
    const cited = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!)
      .filter((path) => TOP.some((top) => path.startsWith(`${top}/`)))
      .flatMap(expand)
    expect(cited.length).toBeGreaterThan(100)
    expect(cited.filter((path) => !exists(path))).toEqual([])
  })
})
