// `npm test`: every suite — the spec-coverage document's citations, the build, unit, lint, types, the
// import rules, size budgets, core's coverage, browser (Chromium), host (the host app in Chromium), widgets
// (Chromium and the reference server), the docs site's build, the release, end to end (Chromium) — and a summary
// line at the end. `npm test -- unit e2e` runs only the suites named.
// A suite starts once every suite listed before it has ended, except those it runs `alongside`: the checks, the Chromium
// suites, the docs build and the release run one after another beside unit (PostgreSQL, Redis and Node), which
// keeps both cores busy, so the whole run stays under the half hour CI allows (issue 35). A suite that runs
// beside another prints its output whole, under its name, when it ends; one that runs alone prints as it goes.
// A missing service fails loudly with what to install; nothing is skipped in silence.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const suites = [
  // The spec-coverage document cites only files and tests that exist (seconds).
  { name: 'spec-coverage', cmd: ['npm', 'run', '--silent', 'check:spec-coverage'] },
  // Core's `dist` (which the server's tests import), the site, its renderer, the widgets and the examples, built
  // once (scripts/build-site.mjs, stamped): the size check, the package test, the docs, the release and the
  // end-to-end servers all find the build current, and none writes a folder another is reading.
  { name: 'build', cmd: ['node', 'scripts/build-site.mjs'] },
  // The longest suite, two files at a time (vitest.config.ts), longest first (tests/durations.json); every suite
  // from here to the release runs one after another beside it, so the second core is never idle.
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit'], needs: 'databases' },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'], alongside: ['unit'] },
  { name: 'types', cmd: ['npx', 'tsc', '-b'], alongside: ['unit'] },
  // The import rules of .dependency-cruiser.cjs (seconds); after `types`, which builds what it resolves.
  { name: 'imports', cmd: ['npm', 'run', '--silent', 'check:imports'], alongside: ['unit'] },
  { name: 'size', cmd: ['node', 'scripts/bench.mjs', '--check'], alongside: ['unit'] },
  // Core's line coverage (90 %, vitest.config.ts) from core's own tests, in seconds: the server's tests reach core
  // through its built `dist`, so they add nothing to it, and collecting coverage slowed the whole unit suite.
  {
    name: 'coverage',
    cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--coverage', 'packages/core/'],
    alongside: ['unit'],
  },
  // From here to the release: one after another, beside unit.
  {
    name: 'browser',
    cmd: ['npx', 'vitest', 'run', '--project', 'browser'],
    needs: 'chromium',
    alongside: ['unit'],
  },
  // The host app's hooks and lib in Chromium, drawn by React, against the real reference server (vitest.config.ts).
  {
    name: 'host',
    cmd: ['npx', 'vitest', 'run', '--project', 'host'],
    needs: 'chromium',
    alongside: ['unit'],
  },
  // The widgets in Chromium against the real reference server; they import core's `dist`, built by `types`.
  {
    name: 'widgets',
    cmd: ['npx', 'wtr', '--config', 'web-test-runner.config.mjs'],
    needs: 'chromium',
    alongside: ['unit'],
  },
  // The docs site: the OpenAPI document, the widget bundles (built when widgets/dist is missing), `astro build`;
  // a broken internal link fails it. The e2e suite then opens the built site.
  {
    name: 'docs',
    cmd: ['npm', 'run', 'build', '-w', '@mashura/docs'],
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    alongside: ['unit'],
  },
  // The release (issue 35): built, installed with production dependencies alone in a fresh folder, and two
  // instances of it walked on PostgreSQL and Redis (scripts/release-smoke.mjs); it takes the docs just built.
  {
    name: 'release',
    cmd: ['node', 'scripts/release-smoke.mjs'],
    needs: 'databases',
    alongside: ['unit'],
  },
  // After everything: two journey files at a time (vitest.config.ts) take both cores.
  { name: 'e2e', cmd: ['npx', 'vitest', 'run', '--project', 'e2e'], needs: ['chromium', 'coturn'] },
]

async function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) })
    socket.setTimeout(3000)
    socket.once('connect', () => resolve(socket.end() && true))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => resolve(socket.destroy() && false))
  })
}

async function preflight(need) {
  if (need === 'chromium' && !existsSync(chromium)) {
    return `Chromium is missing at ${chromium}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)`
  }
  if (need === 'coturn' && !existsSync(process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver')) {
    return 'coturn is missing (the TURN relay of the call test). Install it with: apt-get install -y coturn (or set TURNSERVER_PATH)'
  }
  if (need === 'databases') {
    const pgUrl = process.env.TEST_DATABASE_URL
    if (!pgUrl) {
      console.warn(
        '\n!!! TEST_DATABASE_URL is not set: the server suites run on SQLite only, NOT on PostgreSQL.\n' +
          '!!! Start PostgreSQL and set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (CI always does).\n',
      )
    } else if (!(await reachable(pgUrl, 5432))) {
      return `TEST_DATABASE_URL is set but PostgreSQL does not answer at ${pgUrl}. Start it (pg_ctlcluster <version> main start) or install it (apt-get install postgresql).`
    }
    const redisUrl = process.env.TEST_REDIS_URL
    if (!redisUrl) {
      console.warn(
        '!!! TEST_REDIS_URL is not set: the Redis suites (limits shared across instances) do NOT run.\n' +
          '!!! Start Redis and set TEST_REDIS_URL=redis://127.0.0.1:6379 (CI always does).\n',
      )
    } else if (!(await reachable(redisUrl, 6379))) {
      return `TEST_REDIS_URL is set but Redis does not answer at ${redisUrl}. Start it (redis-server --daemonize yes) or install it (apt-get install redis-server).`
    }
  }
  return null
}

/** Seconds since `start`, for the log. */
const seconds = (start) => `${Math.round((performance.now() - start) / 1000)} s`

/**
 * Runs one suite: its output straight through when it runs alone, or gathered and printed whole, under its
 * name, when it ends (`buffered`), so two suites' lines never mix. Resolves whether it passed.
 */
async function run(suite, buffered) {
  let missing = null
  for (const need of [suite.needs ?? []].flat()) missing ??= await preflight(need)
  if (missing) {
    console.log(`\n=== ${suite.name} ===`)
    console.error(`FAILED ${suite.name}: ${missing}`)
    return false
  }
  const start = performance.now()
  if (buffered) console.log(`\n--- ${suite.name} started (its output follows when it ends)`)
  else console.log(`\n=== ${suite.name} ===`)
  const child = spawn(suite.cmd[0], suite.cmd.slice(1), {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...suite.env },
  })
  const output = []
  child.stdout?.on('data', (chunk) => output.push(chunk))
  child.stderr?.on('data', (chunk) => output.push(chunk))
  const code = await new Promise((resolve) => {
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`))
      resolve(1)
    })
    child.once('close', (status) => resolve(status))
  })
  if (buffered) {
    console.log(`\n=== ${suite.name} ===`)
    process.stdout.write(Buffer.concat(output))
  }
  console.log(`--- ${suite.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(start)}`)
  return code === 0
}

const only = process.argv.slice(2)
const chosen = suites.filter((suite) => !only.length || only.includes(suite.name))
/** Suites that share the machine with another: they print whole when they end. */
const names = new Set(chosen.map((suite) => suite.name))
const beside = new Set(chosen.flatMap((suite) => suite.alongside ?? []).filter((name) => names.has(name)))
for (const suite of chosen) if (suite.alongside?.some((name) => beside.has(name))) beside.add(suite.name)
const ran = new Map()
for (const [i, suite] of chosen.entries()) {
  const before = chosen.slice(0, i).filter((earlier) => !suite.alongside?.includes(earlier.name))
  ran.set(
    suite.name,
    Promise.all(before.map((earlier) => ran.get(earlier.name))).then(() =>
      run(suite, beside.has(suite.name)),
    ),
  )
}
const began = performance.now()
const results = await Promise.all(chosen.map(async (suite) => [suite.name, await ran.get(suite.name)]))
const failures = results.filter(([, ok]) => !ok).map(([name]) => name)
const passed = results.length - failures.length
console.log(`\nall suites: ${seconds(began)}`)
console.log(
  `\nsuites: ${passed} passed, ${failures.length} failed${failures.length ? ` (${failures.join(', ')})` : ''}`,
)
process.exit(failures.length ? 1 : 0)
