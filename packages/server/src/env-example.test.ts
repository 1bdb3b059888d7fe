/**
 * `.env.example` (the repository's root), the README's Configuration table and config.ts must name the same
 * variables (issue 35): an operator copies the example, and a variable config.ts reads that neither lists is
 * one nobody knows to set. The example's commented lines show the defaults; loading them must give the same
 * configuration as loading nothing, so a default changed in config.ts fails here until the example follows.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const root = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** Read by a library itself, not by config.ts, yet an operator's setting: listed in the example and README. */
const READ_BY_LIBRARIES = ['FIRESTORE_EMULATOR_HOST']

/** Upper-case string literals in config.ts that are not variable names. */
const NOT_VARIABLES = ['EEXIST']

/**
 * The variables config.ts reads: `env.NAME`, `env['NAME']` and the names it passes to its readers as string
 * literals (`int(env, 'PORT', …)`, `['ZOOM_SDK_KEY', …].filter((name) => env[name])`).
 */
function configVariables(): Set<string> {
  const source = read('packages/server/src/config.ts')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
  const names = new Set<string>()
  for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!)
  for (const match of source.matchAll(/['"]([A-Z][A-Z0-9_]*)['"]/g)) names.add(match[1]!)
  for (const name of NOT_VARIABLES) names.delete(name)
  return names
}

interface ExampleLine {
  name: string
  value: string
  commented: boolean
  /** The comment lines just above it (its group's, for the lines of a group). */
  described: boolean
}

/** The example's assignments, commented (`# NAME=default`) or not (`NAME=`, to be filled in for production). */
function exampleLines(): ExampleLine[] {
  const lines = read('.env.example').split('\n')
  const found: ExampleLine[] = []
  let described = false
  for (const line of lines) {
    const assignment = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
    if (assignment) {
      found.push({ name: assignment[2]!, value: assignment[3]!, commented: !!assignment[1], described })
    } else {
      // A description is a comment of words; a blank line or a heading rule ends a group.
      described = /^# .*[a-z]/.test(line) ? true : line.trim() === '' ? false : described
    }
  }
  return found
}

/** The names in the first column of the README's server table (Configuration, up to the site's build). */
function readmeVariables(): Set<string> {
  const readme = read('README.md')
  const start = readme.indexOf('## Configuration')
  const end = readme.indexOf("**The site's build**", start)
  expect(start, 'README has a Configuration section').toBeGreaterThan(0)
  const names = new Set<string>()
  for (const row of readme.slice(start, end).split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(row)?.[1] ?? ''
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]*)[`=]/g)) names.add(match[1]!)
  }
  return names
}

/** What one side has and the other lacks. */
function difference(a: Iterable<string>, b: Set<string>): string[] {
  return [...a].filter((name) => !b.has(name)).sort()
}

describe('.env.example', () => {
  it('lists every variable config.ts reads, and none it does not', () => {
    const config = configVariables()
    expect(config.size).toBeGreaterThan(50)
    const example = new Set(exampleLines().map((line) => line.name))
    const known = new Set([...config, ...READ_BY_LIBRARIES])
    expect(difference(config, example), 'read by config.ts, missing from .env.example').toEqual([])
    expect(difference(example, known), 'in .env.example, read by nothing').toEqual([])
  })

  it('agrees with the README’s Configuration table', () => {
    const readme = readmeVariables()
    const known = new Set([...configVariables(), ...READ_BY_LIBRARIES])
    expect(difference(known, readme), 'missing from the README table').toEqual([])
    expect(difference(readme, known), 'in the README table, read by nothing').toEqual([])
  })

  it('names each variable once, says what it is, and leaves uncommented only what production needs', () => {
    const lines = exampleLines()
    const names = lines.map((line) => line.name)
    expect(
      names.filter((name, i) => names.indexOf(name) !== i),
      'listed twice',
    ).toEqual([])
    expect(
      lines.filter((line) => !line.described).map((line) => line.name),
      'without a comment saying what it is',
    ).toEqual([])
    // What production must set has no value to copy: NODE_ENV aside, an uncommented line is empty.
    expect(lines.filter((line) => !line.commented && line.name !== 'NODE_ENV' && line.value !== '')).toEqual(
      [],
    )
    expect(lines.find((line) => line.name === 'NODE_ENV')).toMatchObject({ value: 'production' })
    // Those are what production refuses to start without.
    const required = lines.filter((line) => !line.commented && line.value === '').map((line) => line.name)
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-env-example-'))
    const complete: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://mashura.example.sa',
      API_KEYS: JSON.stringify({ key: ['https://partner.example.sa'] }),
      OIDC_ISSUER: 'https://sso.example.sa',
      OIDC_CLIENT_ID: 'mashura',
      OIDC_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtp://relay.example.sa:587',
      RATING_PASSPHRASE: 'a passphrase of our own',
    }
    expect(required.sort()).toEqual(
      Object.keys(complete)
        .filter((name) => name !== 'DATA_DIR' && name !== 'NODE_ENV')
        .sort(),
    )
    expect(() => loadConfig(complete)).not.toThrow()
    for (const name of required.filter((name) => name !== 'PUBLIC_URL'))
      expect(() => loadConfig({ ...complete, [name]: '' }), name).toThrow(new RegExp(name))
  })

  it('shows the server’s own defaults on its commented lines', () => {
    const defaults: NodeJS.ProcessEnv = {}
    for (const line of exampleLines())
      if (line.commented && line.value !== '') defaults[line.name] = line.value
    expect(Object.keys(defaults).length).toBeGreaterThan(30)
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-env-example-'))
    const base = { NODE_ENV: 'development', DATA_DIR: dataDir }
    // DATA_DIR's own default (.data) stays out: the test keeps to its temporary directory.
    expect(loadConfig({ ...defaults, ...base })).toEqual(loadConfig(base))
  })
})
