// `npm test`: every suite in order — lint, types (which also builds core), size budgets, unit (with coverage),
// browser (Chromium), end to end (Chromium) — and a summary line at the end.
// A missing service fails loudly with what to install; nothing is skipped in silence.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const suites = [
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'types', cmd: ['npx', 'tsc', '-b'] },
  { name: 'size', cmd: ['node', 'scripts/bench.mjs', '--check'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit', '--coverage'] },
  { name: 'browser', cmd: ['npx', 'vitest', 'run', '--project', 'browser'], needs: 'chromium' },
  { name: 'e2e', cmd: ['npx', 'vitest', 'run', '--project', 'e2e'], needs: 'chromium' },
]

function preflight(need) {
  if (need === 'chromium' && !existsSync(chromium)) {
    return `Chromium is missing at ${chromium}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)`
  }
  return null
}

const only = process.argv.slice(2)
let passed = 0
let failed = 0
const failures = []
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue
  const missing = suite.needs ? preflight(suite.needs) : null
  console.log(`\n=== ${suite.name} ===`)
  if (missing) {
    console.error(`FAILED ${suite.name}: ${missing}`)
    failed++
    failures.push(suite.name)
    continue
  }
  const result = spawnSync(suite.cmd[0], suite.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
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
