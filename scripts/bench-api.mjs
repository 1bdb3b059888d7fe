// `npm run bench:api`: the API's throughput, measured from outside the server.
//
// The server runs in its own process, started as `npm start` starts it but without the front ends
// (scripts/serve-api.mjs), on a database seeded beforehand with 10,000 experts. This process is the load
// generator only (autocannon, 100 connections, 10 s per figure). A Fastify hello world, also in its own
// process, is measured in the same run: the ceiling of this machine, printed beside every figure as a ratio.
// Each figure is the median of `--runs` rounds (3 by default; this machine is shared and noisy).
//
// Figures: search (a realistic mix of popular terms and blank), search with queries never seen that find
// people (two three-letter fragments of the catalogue's own words, none repeated; the share that finds someone
// is measured and printed, issue 37), the older "never seen" mix (most of it finds no one, which costs little),
// one contributor's profile with its free slots, the working-day mix (search, notifications, chat, booking),
// and the time from process start to the first answered API call. SQLite always; PostgreSQL too when
// TEST_DATABASE_URL is set (a database of its own, dropped at the end). `--markdown` prints the table for
// docs/performance.md; `--only finding,search` measures some figures alone (the others print as not run).
// Traffic goes to 127.0.0.1 only.
import { cpus, totalmem } from 'node:os'
import {
  findingQueries,
  findingShare,
  freePort,
  LOAD,
  load as loadWith,
  median,
  mixes,
  prepareDatabase as prepareWith,
  startApi,
  startProcess,
  unexpected,
} from './bench-support.mjs'

const { experts: EXPERTS, seconds: DURATION, runs: RUNS, connections: CONNECTIONS } = LOAD
const pgUrl = process.env.TEST_DATABASE_URL ?? null
const FIGURES = ['search', 'finding', 'distinct', 'profile', 'day']
const onlyAt = process.argv.indexOf('--only')
/** The figures this run measures (`--only a,b`: those alone, while working on them). */
const measured = onlyAt > 0 ? process.argv[onlyAt + 1].split(',') : FIGURES
const unknown = measured.filter((name) => !FIGURES.includes(name))
if (unknown.length > 0) throw new Error(`--only knows ${FIGURES.join(', ')}, not ${unknown.join(', ')}`)

/** The issues' targets (issue 18; the new queries that find people and the popular mix's p99, issue 37). */
const TARGETS = {
  search: { rps: 3000, p99: 50 },
  finding: { rps: 800, p99: 250, share: 0.7 },
  distinct: { rps: 800 },
  profile: { rps: 3000 },
  day: { rps: 1500, p99: 250 },
  dayPostgres: { rps: 1200, p99: 250 },
  startMs: 1500,
}

/** One autocannon run at this benchmark's connections and duration. */
const load = (target, headers = {}) =>
  loadWith(target, { connections: CONNECTIONS, seconds: DURATION, headers })

/** Seeds a database for one dialect; answers the server's environment and how to clean up. */
const prepareDatabase = (dialect, port) => prepareWith(dialect, port, { experts: EXPERTS, pgUrl })

const rows = []
const ceilingPort = await freePort()
const hello = startProcess('scripts/bench-api-hello.mjs', [String(ceilingPort)], {}, (l) => l === 'ready')
await hello.started
const ceilingUrl = `http://127.0.0.1:${ceilingPort}/`

for (const dialect of pgUrl ? ['sqlite', 'postgres'] : ['sqlite']) {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const { env, fixture, cleanup } = await prepareDatabase(dialect, port)
  const starts = []
  const figures = { ceiling: [], search: [], finding: [], distinct: [], profile: [], day: [] }
  const nextFinding = findingQueries(fixture.words)
  const run = mixes(origin, fixture, nextFinding)
  const shares = []
  try {
    for (let round = 1; round <= RUNS; round++) {
      // A fresh process each round: the start-up time is measured, and no round inherits another's caches.
      const { server, startMs } = await startApi(env, origin)
      starts.push(startMs)
      try {
        figures.ceiling.push(await load(ceilingUrl))
        // How many of these new queries find someone, from queries of the same kind not used in the load.
        shares.push(await findingShare(origin, nextFinding))
        console.error(
          `[${dialect}] round ${round}: ${Math.round(shares.at(-1) * 100)} % of new queries find someone`,
        )
        for (const name of measured) {
          const figure = await load(run[name])
          figures[name].push(figure)
          console.error(
            `[${dialect}] round ${round} ${name}: ${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms, statuses ${JSON.stringify(figure.counts)}`,
          )
        }
      } finally {
        await server.stop()
      }
    }
  } finally {
    await cleanup()
  }
  const ceiling = median(figures.ceiling.map((f) => f.rps))
  const row = (label, list, target) => {
    if (list.length === 0)
      return { database: dialect, figure: label, 'req/s': '', target: 'not run', met: '' }
    const rps = median(list.map((f) => f.rps))
    const p99 = median(list.map((f) => f.p99))
    const meets = (!target.rps || rps >= target.rps) && (!target.p99 || p99 <= target.p99)
    return {
      database: dialect,
      figure: label,
      'req/s': Math.round(rps),
      'p50 ms': median(list.map((f) => f.p50)),
      'p99 ms': p99,
      'of ceiling': `${((rps / ceiling) * 100).toFixed(1)} %`,
      errors: median(list.map(unexpected)),
      target: [target.rps ? `≥ ${target.rps} req/s` : '', target.p99 ? `p99 ≤ ${target.p99} ms` : '']
        .filter(Boolean)
        .join(', '),
      met: meets ? 'yes' : 'no',
    }
  }
  rows.push({
    database: dialect,
    figure: 'Fastify hello world (the ceiling)',
    'req/s': Math.round(ceiling),
    'p50 ms': median(figures.ceiling.map((f) => f.p50)),
    'p99 ms': median(figures.ceiling.map((f) => f.p99)),
    'of ceiling': '100 %',
    errors: 0,
    target: '',
    met: '',
  })
  rows.push(row('search, popular terms and blank', figures.search, TARGETS.search))
  const share = median(shares)
  const finding = row(
    `search, new queries that find people (${Math.round(share * 100)} % find someone)`,
    figures.finding,
    TARGETS.finding,
  )
  if (share < TARGETS.finding.share) finding.met = 'no'
  finding.target += `, ≥ ${TARGETS.finding.share * 100} % find someone`
  rows.push(finding)
  rows.push(row('search, queries never seen (most find no one)', figures.distinct, TARGETS.distinct))
  rows.push(row("one contributor's profile with free slots", figures.profile, TARGETS.profile))
  rows.push(
    row(
      'working day (search, notifications, chat, booking)',
      figures.day,
      dialect === 'postgres' ? TARGETS.dayPostgres : TARGETS.day,
    ),
  )
  const startMs = median(starts)
  rows.push({
    database: dialect,
    figure: 'process start → first answered API call',
    'req/s': '',
    'p50 ms': Math.round(startMs),
    'p99 ms': '',
    'of ceiling': '',
    errors: 0,
    target: `≤ ${TARGETS.startMs} ms`,
    met: startMs <= TARGETS.startMs ? 'yes' : 'no',
  })
}
await hello.stop()

console.table(rows)
if (process.argv.includes('--markdown')) {
  console.log(
    `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 10)}; ${EXPERTS} experts, ${CONNECTIONS} connections, ${DURATION} s per figure, median of ${RUNS} rounds; server and ceiling each in their own process, load from a third; loopback.\n`,
  )
  const columns = ['database', 'figure', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'errors', 'target', 'met']
  console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`)
  for (const r of rows) console.log(`| ${columns.map((c) => r[c]).join(' | ')} |`)
}
