// Refreshes tests/durations.json, the seconds each test file took, which tests/support/sequencer.ts uses to
// start the longest files first: `npx vitest run --project e2e --reporter=json --outputFile.json=e2e.json`,
// then `node scripts/test-durations.mjs e2e.json [unit.json…]`. Files in the reports replace their old figures;
// files no longer in the repository are dropped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const target = `${root}tests/durations.json`
const table = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : { seconds: {} }
const reports = process.argv.slice(2)
if (!reports.length) {
  console.error('usage: node scripts/test-durations.mjs <vitest json report>…')
  process.exit(2)
}
for (const report of reports)
  for (const file of JSON.parse(readFileSync(report, 'utf8')).testResults) {
    // A file that failed to start says nothing about how long it takes.
    if (!file.assertionResults.length) continue
    table.seconds[relative(root, file.name)] = Math.round((file.endTime - file.startTime) / 1000)
  }
const seconds = Object.fromEntries(
  Object.entries(table.seconds)
    .filter(([file]) => existsSync(`${root}${file}`))
    .sort(([, a], [, b]) => b - a),
)
writeFileSync(
  target,
  `${JSON.stringify({ measured: new Date().toISOString().slice(0, 10), seconds }, null, 2)}\n`,
)
console.log(`tests/durations.json: ${Object.keys(seconds).length} files`)
