import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkSpecCoverage, looksLikePath, testTitles, titleCited } from './check-spec-coverage.mjs'

const root = new URL('../', import.meta.url).pathname

/** A small tree with one source file and one test file, to check the checker against. */
function fixture(): string {
  const dir = `${mkdtempSync(join(tmpdir(), 'spec-coverage-'))}/`
  mkdirSync(`${dir}packages/server/src/routes`, { recursive: true })
  writeFileSync(`${dir}packages/server/src/routes/a.ts`, 'export {}\n')
  writeFileSync(`${dir}packages/server/src/routes/b.ts`, 'export {}\n')
  writeFileSync(
    `${dir}packages/server/src/routes/a.test.ts`,
    [
      "describe('the route', () => {",
      "  it('answers 200 with the list', () => {})",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a test file, not a template.
      '  it(`pages ${"by"} size`, () => {})',
      "  it.each([1, 2])('refuses page %s', () => {})",
      '})',
    ].join('\n'),
  )
  return dir
}

/** A document with one table whose proof column holds `proof`. */
function table(where: string, proof: string): string {
  return `# Doc\n\n| # | point | where | proof | status |\n|---|---|---|---|---|\n| 1.1 | a point | ${where} | ${proof} | ✅ |\n`
}

describe('check-spec-coverage', () => {
  it('passes on docs/spec-coverage.md as committed', () => {
    const text = readFileSync(`${root}docs/spec-coverage.md`, 'utf8')
    expect(checkSpecCoverage(text, root)).toEqual([])
    // It really read citations: the document cites hundreds of files and tests.
    expect(text.match(/`[^`]+\.test\.tsx?`/g)?.length).toBeGreaterThan(300)
    expect(text.match(/\.test\.tsx?` \("/g)?.length).toBeGreaterThan(200)
  })

  it('accepts existing files, folders, brace lists and globs, and cited titles', () => {
    const dir = fixture()
    const text = table(
      '`packages/server/src/routes/a.ts`; `packages/server/src/routes/`; `packages/server/src/routes/{a,b}.ts`',
      '`packages/server/src/routes/a.test.ts` ("the route"; "answers 200…"); `packages/server/src/routes/*.test.ts`',
    )
    expect(checkSpecCoverage(text, dir)).toEqual([])
  })

  it('names a missing file, a missing brace member and a path not written from the root', () => {
    const dir = fixture()
    const text = table(
      '`packages/server/src/routes/gone.ts`; `packages/server/src/routes/{a,c}.ts`; `routes/a.ts`; `a.ts`',
      '—',
    )
    expect(checkSpecCoverage(text, dir)).toEqual([
      'line 5: `packages/server/src/routes/gone.ts` does not exist',
      'line 5: `packages/server/src/routes/c.ts` does not exist',
      "line 5: `routes/a.ts` is not a path from the repository's root (meant `packages/server/src/routes/a.ts`?)",
      'line 5: `a.ts` does not exist',
    ])
  })

  it('names a cited test its file does not have, and a title cited without a test file', () => {
    const dir = fixture()
    const text = table(
      '—',
      '"answers 200 with the list"; `packages/server/src/routes/a.test.ts` ("answers 404"); `packages/server/src/routes/a.ts` ("answers 200 with the list")',
    )
    expect(checkSpecCoverage(text, dir)).toEqual([
      'line 5: test "answers 200 with the list" does not follow a test file\'s path',
      'line 5: `packages/server/src/routes/a.test.ts` has no test "answers 404"',
      'line 5: test "answers 200 with the list" does not follow a test file\'s path',
    ])
  })

  it('ignores prose in parentheses, URL paths, packages and code names', () => {
    const dir = fixture()
    const text = table(
      '`/sessions/upcoming`; `@mashura/core`; `STORAGE_KEYS`; `sessions.status.*`',
      '`packages/server/src/routes/a.test.ts` (answers every page the way it should)',
    )
    expect(checkSpecCoverage(text, dir)).toEqual([])
  })
})

describe('test titles', () => {
  const titles = testTitles(
    [
      "describe('navigation bar (spec 2)', () => {",
      "  it('shows the sign-in button when signed out', () => {})",
      "  it('says \\'hello\\'', () => {})",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a test file, not a template.
      '  it(`${name}: one h1`, () => {})',
      "  it.each(['ar', 'en'])('%s: every message parses', () => {})",
      "  test.skip('later', () => {})",
      '})',
    ].join('\n'),
  )

  it('matches whole titles, and shortened ones through …', () => {
    expect(titleCited('navigation bar (spec 2)', titles)).toBe(true)
    expect(titleCited('navigation bar…', titles)).toBe(true)
    expect(titleCited('shows…signed out', titles)).toBe(true)
    expect(titleCited("says 'hello'", titles)).toBe(true)
    expect(titleCited('later', titles)).toBe(true)
  })

  it('matches titles with placeholders', () => {
    expect(titleCited('home: one h1', titles)).toBe(true)
    expect(titleCited('ar: every message parses', titles)).toBe(true)
  })

  it('does not match a part of a title without …, nor another title', () => {
    expect(titleCited('navigation bar', titles)).toBe(false)
    expect(titleCited('shows the sign-in button', titles)).toBe(false)
    expect(titleCited('profile menu', titles)).toBe(false)
  })

  it('tells paths from other backticked text', () => {
    expect(looksLikePath('packages/core/src/rules/index.ts')).toBe(true)
    expect(looksLikePath('use-booking.ts')).toBe(true)
    expect(looksLikePath('host-app/src/features/chat/')).toBe(true)
    expect(looksLikePath('/Chat/{id}')).toBe(false)
    expect(looksLikePath('@mashura/core')).toBe(false)
    expect(looksLikePath('$auth.isFireStoreSignedIn')).toBe(false)
    expect(looksLikePath('accountDeletion.*')).toBe(false)
    expect(looksLikePath('.ics')).toBe(false)
  })
})
