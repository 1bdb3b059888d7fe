// API throughput: seeds 10,000 experts, starts the server on loopback and drives it
// with autocannon (100 connections, 10 s per endpoint) for the contributor search and
// one contributor's schedule, on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL.
// Prints figures (requests/s, p50, p99); `--markdown` prints table rows for docs/performance.md.
// Traffic goes to 127.0.0.1 only, bounded in time.
import { mkdtempSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const { buildApp } = await import('../packages/server/src/app.ts')
const { loadConfig } = await import('../packages/server/src/config.ts')
const { openStore, dropPgSchema } = await import('../packages/server/src/db/database.ts')
const { seedDatabase } = await import('../packages/server/src/seed/seed.ts')

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 10_000)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 100
const pgUrl = process.env.TEST_DATABASE_URL ?? null

async function run(url, title) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'x-api-key': 'mashura-dev-key', 'accept-language': 'ar' },
  })
  const non2xx = result.non2xx + result.errors
  return {
    endpoint: title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': non2xx,
  }
}

const rows = []
for (const dialect of pgUrl ? ['sqlite', 'postgres'] : ['sqlite']) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mashura-bench-'))
  const config = {
    ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0' }),
    rateLimit: { signIn: 1e9, booking: 1e9, windowMs: 60_000 },
  }
  const schema = `bench_${process.pid}`
  const store = await openStore(
    dialect === 'postgres'
      ? { databaseUrl: pgUrl, dataDir, pgSchema: schema, poolSize: 20 }
      : { databaseUrl: null, dataDir },
  )
  const t0 = Date.now()
  await seedDatabase(store, { experts: EXPERTS })
  console.error(`[${dialect}] seeded ${EXPERTS} experts in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  const busiest = await store.db
    .selectFrom('slots')
    .select(['contributor_id', (eb) => eb.fn.countAll().as('n')])
    .where('start_at', '>', new Date().toISOString())
    .groupBy('contributor_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const app = await buildApp({ config, store })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${app.server.address().port}/api`
  const endpoints = [
    ['search "تسويق" (page 1)', `${base}/profile/contributors?q=${encodeURIComponent('تسويق')}`],
    ['search blank (page 1)', `${base}/profile/contributors?q=%20`],
    ["one contributor's schedule", `${base}/schedule/contributor/${busiest.contributor_id}/`],
  ]
  for (const [title, url] of endpoints) {
    const row = await run(url, title)
    rows.push({ database: dialect, ...row })
    console.error(
      `[${dialect}] ${title}: ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms`,
    )
  }
  await app.close()
  await store.destroy()
  if (dialect === 'postgres') await dropPgSchema(pgUrl, schema)
}

console.table(rows)
if (process.argv.includes('--markdown')) {
  console.log(
    `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; ${EXPERTS} experts, ${CONNECTIONS} connections, ${DURATION} s each, loopback.\n`,
  )
  console.log('| database | endpoint | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|')
  for (const r of rows)
    console.log(
      `| ${r.database} | ${r.endpoint} | ${r['req/s']} | ${r['p50 ms']} | ${r['p99 ms']} | ${r['non-2xx']} |`,
    )
}
