// What the API benchmarks share (`scripts/bench-api.mjs`, `scripts/bench-two-instances.mjs`): starting
// processes, one autocannon run, a seeded database with the working-day fixture, and the request mixes.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

/** The repository's root directory. */
export const root = fileURLToPath(new URL('..', import.meta.url))
const { loadConfig, openStore, seedDatabase } = await import('@mashura/server')
const { insertPerson, insertSession, insertSlot, issueApiToken } = await import('@mashura/server/testing')

/** The development API key every benchmark request carries. */
export const API_KEY = 'mashura-dev-key'
/** The token secret of every benchmarked server (several instances must share it). */
export const TOKEN_SECRET = 'bench-token-secret-of-enough-length'

/** A `--name value` command-line argument, or `fallback`. */
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}

/**
 * The load settings the API benchmarks share: BENCH_EXPERTS experts in the database (10,000), BENCH_SECONDS
 * per figure (10), `--runs` or BENCH_RUNS rounds to take the median of (3), 100 connections.
 */
export const LOAD = {
  experts: Number(process.env.BENCH_EXPERTS ?? 10_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  runs: Number(arg('runs', process.env.BENCH_RUNS ?? 3)),
  connections: 100,
}

/** The middle value of a list of numbers (the mean of the two middle ones for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** A random element of a list. */
export const pick = (list) => list[Math.floor(Math.random() * list.length)]

/** Answers a TCP port on 127.0.0.1 that is free right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts a program as its own process (a Node script of this repository unless `command` is given);
 * `started` resolves once `ready(line)` matches a line of its output.
 */
export function startProcess(script, args, env, ready, command = process.execPath) {
  const child = spawn(command, command === process.execPath ? [join(root, script), ...args] : args, {
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
    child.once('error', reject)
    child.once('exit', (code) =>
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output}`)),
    )
  })
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
  return { child, started, stop, output: () => output }
}

/**
 * One autocannon run of `seconds` with `connections`; `target` is a URL, or options as autocannon takes
 * them (`url` and `requests`). Answers req/s, p50 and p99 in ms, connection errors and the count per status.
 */
export async function load(target, { connections, seconds, headers = {} }) {
  const counts = {}
  const result = await autocannon({
    ...(typeof target === 'string' ? { url: target } : target),
    connections,
    duration: seconds,
    // As a browser asks: Arabic, and brotli or gzip (answers of 1 KB or more come compressed).
    headers: { 'x-api-key': API_KEY, 'accept-language': 'ar', 'accept-encoding': 'br, gzip', ...headers },
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

/** How many answers of a run were neither expected statuses (200, 201, 304, 409) nor answers at all. */
export const unexpected = (figure) =>
  figure.errors +
  Object.entries(figure.counts)
    .filter(([status]) => !['200', '201', '304', '409'].includes(status))
    .reduce((n, [, c]) => n + c, 0)

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
  // The past slot every business owner once met the expert in (ended sessions free no slot).
  const pastSlot = await insertSlot(db, {
    contributorId: expert.id,
    start: new Date('2020-01-01T09:00:00.000Z'),
    availability: 2,
  })
  const smes = []
  for (let i = 0; i < 50; i++) {
    const personId = await insertPerson(db, {
      issuer: 'bench',
      subject: `bench-sme-${i}`,
      fullName: `صاحب منشأة ${i}`,
    })
    await insertSession(db, pastSlot, personId, {
      state: 'ended',
      active_slot_id: null,
      meeting_provider: null,
      meeting_number: null,
      meeting_password: null,
    })
    smes.push({ id: personId, token: (await issueApiToken(store, config, personId)).token })
  }
  const expertToken = (await issueApiToken(store, config, expert.person_id)).token
  const bookable = await db
    .selectFrom('slots')
    .innerJoin('contributors', 'contributors.id', 'slots.contributor_id')
    .innerJoin('contributor_subjects', 'contributor_subjects.contributor_id', 'slots.contributor_id')
    .select(['slots.id as slot', 'contributor_subjects.subject_id as subject', 'slots.availability'])
    // Two hours ahead at least, so that none starts during the run (a started slot answers 422).
    .where('slots.start_at', '>', new Date(Date.now() + 2 * 3_600_000).toISOString())
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
  // The catalogue's own words (four letters or more), from which the searches that find people are made.
  const vocabulary = await db.selectFrom('search_words').select('word').distinct().execute()
  const words = vocabulary.map((row) => row.word).filter((word) => [...word].length >= 4)
  return {
    smes,
    words,
    expert: { contributorId: expert.id, personId: expert.person_id, token: expertToken },
    expertToken,
    bookable,
    busiestContributor: busiest.contributor_id,
  }
}

const POPULAR = ['تسويق', 'تمويل', 'حوكمة', 'تصدير', 'الموارد', 'التسويق الرقمي', ' ', ' ', ' ']
const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'
/** A query no cache has seen: two Arabic letters of a common word and a random tail (most find no one). */
const unseenQuery = () =>
  `${pick(['تس', 'تم', 'حو', 'تص', 'مو'])}${Array.from({ length: 3 }, () => pick([...LETTERS])).join('')}`

/** Three letters in a row from somewhere in a word. */
const fragment = (word) => {
  const letters = [...word]
  const at = Math.floor(Math.random() * (letters.length - 2))
  return letters.slice(at, at + 3).join('')
}

/**
 * Searches as people type them when they look for a subject or part of a name (issue 37): two three-letter
 * fragments of the catalogue's own words, each query new (none repeats within a benchmark process), so no
 * cache has seen it and most find someone (`findingShare` measures how many).
 */
export function findingQueries(words) {
  const used = new Set()
  return () => {
    for (;;) {
      const query = `${fragment(pick(words))} ${fragment(pick(words))}`
      if (!used.has(query)) {
        used.add(query)
        return query
      }
    }
  }
}

/** The share of `count` queries from `next` that find at least one expert, asked of the API at `origin`. */
export async function findingShare(origin, next, count = 200) {
  let found = 0
  for (let i = 0; i < count; i++) {
    const answer = await fetch(
      `${origin}/api/profile/contributors?per_page=1&q=${encodeURIComponent(next())}`,
      {
        headers: { 'x-api-key': API_KEY },
      },
    )
    if (!answer.ok) throw new Error(`the search answered ${answer.status}`)
    if ((await answer.json()).meta.total > 0) found++
  }
  return found / count
}

/**
 * Every request mix of the benchmarks against `origin`, by figure (search, distinct, finding, profile, day).
 * `finding` draws from `nextFinding` (findingQueries), shared with whoever measures its share.
 */
export function mixes(origin, fixture, nextFinding = findingQueries(fixture.words)) {
  const auth = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
  const search = (q) => `/api/profile/contributors?q=${encodeURIComponent(q)}`
  return {
    finding: {
      url: origin,
      requests: [{ setupRequest: (r) => ({ ...r, method: 'GET', path: search(nextFinding()) }) }],
    },
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

/**
 * Seeds a database for one dialect (PostgreSQL: a database of its own on the server of `pgUrl`, dropped by
 * `cleanup`) with `experts` experts and the working-day fixture; answers the server's environment (`env`
 * overrides its defaults), the fixture, a `config` as the server would load it, and how to clean up.
 */
export async function prepareDatabase(
  dialect,
  port,
  { experts, pgUrl = null, name = null, env: extra = {} },
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mashura-bench-'))
  let databaseUrl = null
  let dropDatabase = async () => undefined
  if (dialect === 'postgres') {
    const { default: pg } = await import('pg')
    const database = name ?? `mashura_bench_${process.pid}`
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${database}`)
    await admin.query(`CREATE DATABASE ${database}`)
    await admin.end()
    const url = new URL(pgUrl)
    url.pathname = `/${database}`
    databaseUrl = url.toString()
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: pgUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
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
    RATE_LIMIT_CHAT: '1000000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...extra,
  }
  const cleanup = async () => {
    await dropDatabase()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const config = loadConfig({ ...env })
    const store = await openStore({ databaseUrl, dataDir: config.dataDir })
    try {
      const t0 = Date.now()
      await seedDatabase(store, { experts, publicUrl: config.publicUrl })
      console.error(`[${dialect}] seeded ${experts} experts in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      const fixture = await prepareWorkingDay(store, config)
      return { env, fixture, config, cleanup }
    } finally {
      await store.destroy()
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}

/**
 * Starts the API (scripts/serve-api.mjs) with `env` and answers the process once `origin` answers an API
 * call, with how long that took from process start. `onSpawn(server)` is told of the process at once, so a
 * caller can stop it even if it never answers.
 */
export async function startApi(env, origin, onSpawn = () => undefined) {
  const t0 = performance.now()
  const server = startProcess('scripts/serve-api.mjs', [], env, () => false)
  onSpawn(server)
  server.started.catch(() => undefined)
  let exited = null
  server.child.once('exit', (code) => {
    exited = code
  })
  for (;;) {
    if (exited !== null)
      throw new Error(`the server exited (${exited}) before it answered:\n${server.output()}`)
    const answered = await fetch(`${origin}/api/dashboard/settings`, { headers: { 'x-api-key': API_KEY } })
      .then((res) => res.ok)
      .catch(() => false)
    if (answered) return { server, startMs: performance.now() - t0 }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
