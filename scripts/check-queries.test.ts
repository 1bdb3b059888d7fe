import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkQueries, MESSAGE, mayStartQueries, queryLines } from './check-queries.mjs'

const script = fileURLToPath(new URL('./check-queries.mjs', import.meta.url))

/** A temporary repository root holding some server sources, by path under `packages/server/src/`. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-queries-'))
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, 'packages/server/src', path)
    mkdirSync(dirname(full), { recursive: true })
    writeFileSync(full, text)
  }
  return root
}

/** Runs the script on a root: its exit code and what it printed. */
function run(root: string): { code: number; output: string } {
  try {
    const stdout = execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' })
    return { code: 0, output: stdout }
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string }
    return { code: e.status, output: `${e.stdout}${e.stderr}` }
  }
}

/** Sources where queries may start, and a route that only calls them. */
const allowed = {
  'db/queries/people.ts': "export const q = (db) => db.selectFrom('people').selectAll().execute()\n",
  'db/migrations/0001-init.ts': 'export const up = (db) => sql`create table x (id integer)`.execute(db)\n',
  'db/paging.ts': "export const count = (q) => q.select(sql<number>`count(*)`.as('n'))\n",
  'seed/seed.ts': "export const seed = (db) => db.insertInto('people').values({}).execute()\n",
  'test-support/context.ts': "export const wipe = (db) => db.deleteFrom('people').execute()\n",
  'routes/people/index.test.ts': "const rows = await db.selectFrom('people').selectAll().execute()\n",
  'routes/people/index.ts': [
    "import { q } from '../../db/queries/people.ts'",
    '// A comment may name selectFrom( and sql`…` without starting anything.',
    '/** Nor may a doc comment: `db.updateTable(`. */',
    'export const list = (db) => q(db)',
    '',
  ].join('\n'),
}

describe('check-queries', () => {
  it('passes when queries start only in db/, seed/, test-support/ and tests', () => {
    const root = fixture(allowed)
    expect(checkQueries(root)).toEqual([])
    const { code, output } = run(root)
    expect(code).toBe(0)
    expect(output).not.toContain(MESSAGE)
  })

  it('fails on a query started anywhere else, naming file and line', () => {
    const root = fixture({
      ...allowed,
      'routes/people/index.ts': [
        "import { sql } from 'kysely'",
        'export const list = (db) =>',
        "  db.selectFrom('people').selectAll().execute()",
        'export const n = (db) => sql<number>`select 1`.execute(db)',
        '',
      ].join('\n'),
      'domain/rules.ts': "export const bump = (trx) => trx.updateTable('people').set({}).execute()\n",
    })
    expect(checkQueries(root).sort()).toEqual([
      'packages/server/src/domain/rules.ts:1',
      'packages/server/src/routes/people/index.ts:3',
      'packages/server/src/routes/people/index.ts:4',
    ])
    const { code, output } = run(root)
    expect(code).toBe(1)
    expect(output).toContain(`packages/server/src/routes/people/index.ts:3: ${MESSAGE}`)
    expect(output).toContain(`packages/server/src/domain/rules.ts:1: ${MESSAGE}`)
  })

  it('recognises every way to start a query, and only code', () => {
    for (const call of [
      'selectFrom(',
      'insertInto(',
      'updateTable(',
      'deleteFrom(',
      'selectNoFrom(',
      'sql`',
      'sql<{ n: number }>`',
    ]) {
      expect(queryLines(`const x = db.${call}`), call).toEqual([1])
    }
    expect(
      queryLines("const a = 1\n  // db.selectFrom('x')\n * sql`x`\nconst b = 2 // deleteFrom( later\n"),
    ).toEqual([])
    expect(queryLines('const fromSql = mysql`x`')).toEqual([])
  })

  it('lets db/, seed/, test-support/ and test files start queries', () => {
    expect(mayStartQueries('db/queries/chat.ts')).toBe(true)
    expect(mayStartQueries('db/migrations/0001.ts')).toBe(true)
    expect(mayStartQueries('db/database.ts')).toBe(true)
    expect(mayStartQueries('seed/seed.ts')).toBe(true)
    expect(mayStartQueries('test-support/context.ts')).toBe(true)
    expect(mayStartQueries('routes/chat/index.test.ts')).toBe(true)
    expect(mayStartQueries('routes/chat/index.ts')).toBe(false)
    expect(mayStartQueries('domain/db.ts')).toBe(false)
  })
})
