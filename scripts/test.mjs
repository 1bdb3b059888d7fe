// `npm test`: every suite in order — the spec-coverage document's citations, lint, types (which also builds
// core), the import rules, size budgets, unit (with coverage), browser (Chromium), host (the host app in
// Chromium), widgets (Chromium and the reference server), the docs site's build, end to end (Chromium) — and a
// summary line at the end.
// A missing service fails loudly with what to install; nothing is skipped in silence.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect } from 'node:net'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const suites = [
  // Fast checks first (seconds): the spec-coverage document cites only files and tests that exist.
  { name: 'spec-coverage', cmd: ['npm', 'run', '--silent', 'check:spec-coverage'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'types', cmd: ['npx', 'tsc', '-b'] },
  // The import rules of .dependency-cruiser.cjs (seconds); after `types`, which builds the core it resolves.
  { name: 'imports', cmd: ['npm', 'run', '--silent', 'check:imports'] },
  { name: 'size', cmd: ['node', 'scripts/bench.mjs', '--check'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--coverage'], needs: 'databases' },
  { name: 'browser', cmd: ['npx', 'vitest', 'run', '--project', 'browser'], needs: 'chromium' },
  // The host app's hooks and lib in Chromium, drawn by React, against the real reference server (vitest.config.ts).
  { name: 'host', cmd: ['npx', 'vitest', 'run', '--project', 'host'], needs: 'chromium' },
  // The widgets in Chromium against the real reference server; they import core's `dist`, built by `types`.
  { name: 'widgets', cmd: ['npx', 'wtr', '--config', 'web-test-runner.config.mjs'], needs: 'chromium' },
  // The docs site: the OpenAPI document, the widget bundles (built when widgets/dist is missing), `astro build`;
  // a broken internal link fails it. The e2e suite then opens the built site.
  {
    name: 'docs',
    cmd: ['npm', 'run', 'build', '-w', '@mashura/docs'],
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
  },
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

const only = process.argv.slice(2)
let passed = 0
let failed = 0
const failures = []
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue
  let missing = null
  for (const need of [suite.needs ?? []].flat()) missing ??= await preflight(need)
  console.log(`\n=== ${suite.name} ===`)
  if (missing) {
    console.error(`FAILED ${suite.name}: ${missing}`)
    failed++
    failures.push(suite.name)
    continue
  }
  const result = spawnSync(suite.cmd[0], suite.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0', ...suite.env },
  })
  if (result.status === 0) passed++
  else {
    failed++
    failures.push(suite.name)
  }
}
console.log(
  `\nsuites: ${passed} passed, ${failed} failed${failures.length ? ` (${failures.join(', ')})` : ''}`,
)
process.exit(failed ? 1 : 0)
