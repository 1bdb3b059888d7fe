// `npm run bench:api`: the API's throughput, measured from outside the server.
//
// The server runs in its own process, started as `npm start` starts it but without the front ends
// (scripts/serve-api.mjs), on a database seeded beforehand with 10,000 experts. This process is the load
// generator only (autocannon, 100 connections, 10 s per figure). A Fastify hello world, also in its own
// process, is measured in the same run: the ceiling of this machine, printed beside every figure as a ratio.
// Each figure is the median of `--runs` rounds (3 by default; this machine is shared and noisy).
//
// Figures: search (a realistic mix of popular terms and blank), search with queries never seen before, one
// contributor's profile with its free slots, the working-day mix (search, notifications, chat, booking),
// and the time from process start to the first answered API call. SQLite always; PostgreSQL too when
// TEST_DATABASE_URL is set (a database of its own, dropped at the end). `--markdown` prints the table for
// docs/performance.md. Traffic goes to 127.0.0.1 only.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const root = fileURLToPath(new URL('..', import.meta.url))
const { loadConfig } = await import('../packages/server/src/config.ts')
const { openStore } = await import('../packages/server/src/db/database.ts')
const { seedDatabase } = await import('../packages/server/src/seed/seed.ts')
const { issueApiToken } = await import('../packages/server/src/auth/tokens.ts')

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 10_000)
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const RUNS = Number(arg('runs', process.env.BENCH_RUNS ?? 3))
const CONNECTIONS = 100
const API_KEY = 'mashura-dev-key'
const TOKEN_SECRET = 'bench-token-secret-of-enough-length'
const pgUrl = process.env.TEST_DATABASE_URL ?? null

/** The issue's targets (issue 18), per figure. */
const TARGETS = {
  search: { rps: 3000, p99: 50 },
  distinct: { rps: 800 },
  profile: { rps: 3000 },
  day: { rps: 1500, p99: 250 },
  dayPostgres: { rps: 1200, p99: 250 },
  startMs: 1500,
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const pick = (list) => list[Math.floor(Math.random() * list.length)]

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Starts a Node script as its own process; resolves once `ready(line)` matches a line of its output. */
function startProcess(script, args, env, ready) {
  const child = spawn(process.execPath, [join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const started = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk
      if (output.split('\n').some(ready)) resolve()
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) =>
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`)),
    )
  })
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  return { child, started, stop }
}

/** One autocannon run; `requests` as autocannon takes them, or a single URL. */
async function load(target, headers = {}) {
  const counts = {}
  const result = await autocannon({
    ...(typeof target === 'string' ? { url: target } : target),
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'x-api-key': API_KEY, 'accept-language': 'ar', ...headers },
    setupClient: (client) =>
      client.on('response', (status) => {
        counts[status] = (counts[status] ?? 0) + 1
      }),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    counts,
  }
}

/** What the working-day mix needs: an expert with chat on, 50 business owners who met them, their tokens. */
async function prepareWorkingDay(store, config) {
  const db = store.db
  const now = new Date().toISOString()
  const expert = await db
    .selectFrom('contributors')
    .select(['id', 'person_id'])
    .where('kind', '<>', 'advisor')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('contributors').set({ chat_status: 1 }).where('id', '=', expert.id).execute()
  const pastSlot = await db
    .insertInto('slots')
    .values({
      contributor_id: expert.id,
      start_at: '2020-01-01T09:00:00.000Z',
      end_at: '2020-01-01T10:00:00.000Z',
      availability: 2,
      office_id: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const smes = []
  for (let i = 0; i < 50; i++) {
    const person = await db
      .insertInto('people')
      .values({
        issuer: 'bench',
        subject: `bench-sme-${i}`,
        full_name: `صاحب منشأة ${i}`,
        email: null,
        phone: null,
        photo_path: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('sessions')
      .values({
        slot_id: pastSlot.id,
        active_slot_id: null,
        contributor_id: expert.id,
        sme_id: person.id,
        subject_id: null,
        communication_way: 0,
        office_id: null,
        state: 'ended',
        request_state: null,
        request_reason: null,
        answered_at: null,
        description: null,
        start_at: '2020-01-01T09:00:00.000Z',
        end_at: '2020-01-01T10:00:00.000Z',
        started_at: null,
        ended_at: null,
        end_reason: null,
        cancel_reason_id: null,
        cancel_reason: null,
        is_instant: 0,
        meeting_provider: null,
        meeting_number: null,
        meeting_password: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    smes.push({ id: person.id, token: (await issueApiToken(store, config, person.id)).token })
  }
  const expertToken = (await issueApiToken(store, config, expert.person_id)).token
  const bookable = await db
    .selectFrom('slots')
    .innerJoin('contributors', 'contributors.id', 'slots.contributor_id')
    .innerJoin('contributor_subjects', 'contributor_subjects.contributor_id', 'slots.contributor_id')
    .select(['slots.id as slot', 'contributor_subjects.subject_id as subject', 'slots.availability'])
    .where('slots.start_at', '>', now)
    .where('contributors.kind', '<>', 'advisor')
    .limit(5000)
    .execute()
  const busiest = await db
    .selectFrom('slots')
    .select(['contributor_id', (eb) => eb.fn.countAll().as('n')])
    .where('start_at', '>', now)
    .groupBy('contributor_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  return { smes, expertToken, bookable, busiestContributor: busiest.contributor_id }
}

const POPULAR = ['تسويق', 'تمويل', 'حوكمة', 'تصدير', 'الموارد', 'التسويق الرقمي', ' ', ' ', ' ']
const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'
/** A query no cache has seen: two Arabic letters of a common word and a random tail. */
const unseenQuery = () =>
  `${pick(['تس', 'تم', 'حو', 'تص', 'مو'])}${Array.from({ length: 3 }, () => pick([...LETTERS])).join('')}`

/** Every request mix of the run, by figure. */
function mixes(origin, fixture) {
  const auth = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
  const search = (q) => `/api/profile/contributors?q=${encodeURIComponent(q)}`
  return {
    search: {
      url: origin,
      requests: [{ setupRequest: (r) => ({ ...r, method: 'GET', path: search(pick(POPULAR)) }) }],
    },
    distinct: {
      url: origin,
      requests: [{ setupRequest: (r) => ({ ...r, method: 'GET', path: search(unseenQuery()) }) }],
    },
    profile: `${origin}/api/schedule/contributor/${fixture.busiestContributor}/`,
    day: {
      url: origin,
      requests: [
        {
          setupRequest: (r) => ({
            ...r,
            method: 'GET',
            path: search(pick(POPULAR)),
            headers: { ...r.headers, ...auth(pick(fixture.smes).token) },
          }),
        },
        {
          setupRequest: (r) => ({
            ...r,
            method: 'GET',
            path: '/api/schedule/v2/notifications-list/contributor',
            headers: { ...r.headers, ...auth(fixture.expertToken) },
          }),
        },
        {
          setupRequest: (r) => ({
            ...r,
            method: 'POST',
            path: `/api/schedule/notifiable-id/${pick(fixture.smes).id}/chat-notification`,
            headers: { ...r.headers, ...auth(fixture.expertToken) },
            body: JSON.stringify({ notifiable_user: 'sme', type: 'text', message: 'كيف تسير خطة التسويق؟' }),
          }),
        },
        {
          setupRequest: (r) => {
            const b = pick(fixture.bookable)
            return {
              ...r,
              method: 'POST',
              path: `/api/schedule/v3/schedules/${b.slot}/sessions/dashboard`,
              headers: { ...r.headers, ...auth(pick(fixture.smes).token) },
              body: JSON.stringify({ communication_way: b.availability & 2 ? 0 : 1, subject_id: b.subject }),
            }
          },
        },
      ],
    },
  }
}

/** Seeds a database for one dialect; answers the server's environment and how to clean up. */
async function prepareDatabase(dialect, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mashura-bench-'))
  let databaseUrl = null
  let dropDatabase = async () => undefined
  if (dialect === 'postgres') {
    const { default: pg } = await import('pg')
    const name = `mashura_bench_${process.pid}`
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(pgUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: pgUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    }
  }
  const env = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    TOKEN_SECRET,
    LOG_LEVEL: 'warn',
    // The figures are the server's, not its rate limiter's: one address sends everything here.
    RATE_LIMIT_SIGN_IN: '1000000000',
    RATE_LIMIT_BOOKING: '1000000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  }
  const config = loadConfig({ ...env })
  const store = await openStore({ databaseUrl, dataDir: config.dataDir })
  const t0 = Date.now()
  await seedDatabase(store, { experts: EXPERTS, publicUrl: config.publicUrl })
  console.error(`[${dialect}] seeded ${EXPERTS} experts in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  const fixture = await prepareWorkingDay(store, config)
  await store.destroy()
  return {
    env,
    fixture,
    cleanup: async () => {
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Starts the API and answers how long it took from process start to the first answered API call. */
async function startApi(env, origin) {
  const t0 = performance.now()
  const server = startProcess('scripts/serve-api.mjs', [], env, () => false)
  server.started.catch(() => undefined)
  let exited = null
  server.child.once('exit', (code) => {
    exited = code
  })
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before it answered`)
    const answered = await fetch(`${origin}/api/dashboard/settings`, { headers: { 'x-api-key': API_KEY } })
      .then((res) => res.ok)
      .catch(() => false)
    if (answered) return { server, startMs: performance.now() - t0 }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

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
  const figures = { ceiling: [], search: [], distinct: [], profile: [], day: [] }
  const run = mixes(origin, fixture)
  try {
    for (let round = 1; round <= RUNS; round++) {
      // A fresh process each round: the start-up time is measured, and no round inherits another's caches.
      const { server, startMs } = await startApi(env, origin)
      starts.push(startMs)
      try {
        figures.ceiling.push(await load(ceilingUrl))
        for (const name of ['search', 'distinct', 'profile', 'day']) {
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
  const unexpected = (f) =>
    f.errors +
    Object.entries(f.counts)
      .filter(([status]) => !['200', '201', '304', '409'].includes(status))
      .reduce((n, [, c]) => n + c, 0)
  const row = (label, list, target) => {
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
  rows.push(row('search, queries never seen', figures.distinct, TARGETS.distinct))
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
