// `npm run bench:scale`: two server instances behind nginx, on PostgreSQL and Redis (issue 18).
//
// Installs Debian's nginx when /usr/sbin/nginx is missing, seeds a PostgreSQL database of its own (on the
// server of BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
// and starts two servers (scripts/serve-api.mjs) on it: the same DATABASE_URL, the same Redis (BENCH_REDIS_URL,
// else TEST_REDIS_URL, else redis://127.0.0.1:6379) under a prefix of their own, the same TOKEN_SECRET and
// PUBLIC_URL (nginx's), TRUST_PROXY=127.0.0.1, two ports. nginx runs as a child of this script from a
// temporary directory (its own configuration, pid and logs; nothing of the system's is touched): one
// upstream of both servers with keepalive, the WebSocket upgrade for /api/realtime, X-Forwarded-For.
//
// Then, with a pair configured with low limits:
// 1. realtime crosses instances: a business owner's socket on instance A (and another through nginx) hears
//    of a chat message the expert sends through instance B; an expert's socket on A hears of a booking made
//    through B;
// 2. rate limits cross instances: one person's bookings, alternating between A and B, are refused (429)
//    once the limit is used up across both; a visitor's sign-in attempts through nginx are counted by the
//    address nginx forwards (another address keeps its own count, and A reached directly from the first
//    address agrees).
// Exits non-zero when a check fails. Then, with a pair configured with limits out of the way, measures
// the working-day mix (search, notifications, chat, booking) through nginx to both instances, through nginx
// to instance A alone (the proxy's cost) and against instance A directly, beside the Fastify hello world
// directly (the ceiling) and through the same nginx: req/s, p50, p99, unexpected answers, the ratio to the
// ceiling, and where the cores went (each server, nginx, PostgreSQL, Redis, the load generator, and `other`:
// the rest of the machine's busy time, other programs on a shared machine and kernel work charged to none). Each figure is the median of `--runs` rounds (3 by
// default). `--markdown` prints the table for docs/performance.md. BENCH_EXPERTS (10,000) and BENCH_SECONDS
// (10) as for `npm run bench:api`. Everything it started or created is removed at the end, also on failure
// or Ctrl-C.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import {
  API_KEY,
  freePort,
  LOAD,
  load,
  median,
  mixes,
  prepareDatabase,
  startApi,
  startProcess,
  unexpected,
} from './bench-support.mjs'

const { openStore } = await import('@mashura/server')
const { issueApiToken, openSocket } = await import('@mashura/server/testing')

const { experts: EXPERTS, seconds: DURATION, runs: RUNS, connections: CONNECTIONS } = LOAD
const NGINX = '/usr/sbin/nginx'
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const REDIS_PREFIX = `mashura-scale-${process.pid}:`
/** The limits of the pair the checks run on. */
const LOW_LIMITS = { RATE_LIMIT_BOOKING: 5, RATE_LIMIT_SIGN_IN: 3 }
/** How long a check waits for a realtime message before it calls it lost. */
const EVENT_WAIT_MS = 5000

// Everything to undo at the end, last in first out.
const cleanups = []
const defer = (what, fn) => cleanups.push({ what, fn })
let cleaning = null
let interrupted = false
function cleanUp() {
  cleaning ??= (async () => {
    for (const { what, fn } of cleanups.reverse()) {
      try {
        await fn()
      } catch (error) {
        console.error(`cleanup (${what}) failed: ${error.message}`)
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    interrupted = true
    console.error(`\n${signal}: cleaning up`)
    await cleanUp()
    process.exit(130)
  })
}

/** Installs Debian's nginx when it is not there (the machine reaches Debian's package mirrors). */
function ensureNginx() {
  if (existsSync(NGINX)) return
  console.error('nginx is missing: apt-get install -y nginx')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { env, stdio: 'inherit' })
  // A machine whose package lists were never fetched knows no nginx yet.
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { env, stdio: 'inherit' })
    install()
  }
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is still missing after apt-get install nginx`)
}

/** nginx's configuration: one upstream of both servers, another of the hello world, each on its own port. */
function nginxConfig(dir, { front, soloFront, helloFront, servers, hello }) {
  const proxied = `
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      # Replaces what a client sent: this nginx is the edge, and the servers trust it (TRUST_PROXY) to name
      # the client's address, which their rate limits count visitors by.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;`
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The server refuses bodies over 1 MB itself; nginx lets that through for it to answer in its own words.
  client_max_body_size 2m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream mashura {
    ${servers.map((port) => `server 127.0.0.1:${port} max_fails=0;`).join('\n    ')}
    keepalive 128;
  }
  upstream solo {
    server 127.0.0.1:${servers[0]};
    keepalive 128;
  }
  upstream hello {
    server 127.0.0.1:${hello};
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${front} backlog=4096;
    location /api/realtime {
      proxy_pass http://mashura;${proxied}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location / {
      proxy_pass http://mashura;${proxied}
      # An empty Connection header keeps the upstream connections alive (keepalive above).
      proxy_set_header Connection "";
    }
  }
  server {
    listen 127.0.0.1:${soloFront} backlog=4096;
    location / {
      proxy_pass http://solo;${proxied}
      proxy_set_header Connection "";
    }
  }
  server {
    listen 127.0.0.1:${helloFront} backlog=4096;
    location / {
      proxy_pass http://hello;${proxied}
      proxy_set_header Connection "";
    }
  }
}
`
}

/** Starts nginx in the foreground from `dir`; resolves once it answers on `port`. */
async function startNginx(dir, conf, port) {
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    encoding: 'utf8',
  })
  if (check.status !== 0) throw new Error(`nginx refuses its configuration:\n${check.stderr}`)
  const nginx = startProcess(
    'nginx',
    ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')],
    {},
    () => false,
    NGINX,
  )
  nginx.started.catch(() => undefined)
  for (let i = 0; ; i++) {
    if (nginx.child.exitCode !== null)
      throw new Error(`nginx exited (${nginx.child.exitCode}):\n${nginx.output()}`)
    const up = await fetch(`http://127.0.0.1:${port}/`)
      .then(() => true)
      .catch(() => false)
    if (up) return nginx
    if (i > 500) throw new Error('nginx did not answer within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** One HTTP request from a chosen local address (the loopback has all of 127.0.0.0/8); answers the status. */
function call({ port, method = 'GET', path, token, body, from = '127.0.0.1' }) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: {
          'x-api-key': API_KEY,
          'accept-language': 'en',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => {
          let json = null
          try {
            json = JSON.parse(text)
          } catch {}
          resolve({ status: res.statusCode, json })
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** The CPU seconds (user and system) a process has used, from /proc; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    // The command name in parentheses may hold spaces: the fields are counted after its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0
  }
}

/** Every process id whose command is `name` or whose parent is one of `parents`. */
function pidsOf({ name = null, parents = [] }) {
  const found = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (comm === name || parents.includes(parent)) found.push(Number(entry))
    } catch {}
  }
  return found
}

/** The CPU seconds every core of the machine has spent busy (neither idle nor waiting for I/O), from /proc. */
function machineBusySeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number)
  const [, , , idle, iowait] = ticks
  return (ticks.slice(0, 8).reduce((n, t) => n + t, 0) - idle - iowait) / CLOCK_TICKS
}

/**
 * Measures where the CPU goes while `work` runs: for each named group of processes (a function answering
 * their ids), the cores it kept busy on average (CPU seconds over wall seconds), and `other`: what the rest of
 * the machine used meanwhile (other programs on a shared machine). Linux only; elsewhere answers no shares.
 */
async function withCpuShares(groups, work) {
  if (!existsSync('/proc/self/stat')) return { result: await work(), shares: {} }
  const labels = Object.keys(groups)
  const sample = () => labels.map((label) => new Map(groups[label]().map((pid) => [pid, cpuSeconds(pid)])))
  const before = sample()
  const busyBefore = machineBusySeconds()
  const t0 = performance.now()
  const result = await work()
  const seconds = (performance.now() - t0) / 1000
  // A process that started during the run (a database connection a pool opened) spent all its time in it.
  const spent = sample().map((after, i) =>
    [...after].reduce((n, [pid, cpu]) => n + cpu - (before[i].get(pid) ?? 0), 0),
  )
  const shares = Object.fromEntries(labels.map((label, i) => [label, spent[i] / seconds]))
  shares.other = Math.max(0, machineBusySeconds() - busyBefore - spent.reduce((n, x) => n + x, 0)) / seconds
  return { result, shares }
}

const failures = []
/** Records one check's outcome. */
function check(name, ok, detail) {
  console.error(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${detail}`}`)
  if (!ok) failures.push(`${name}: ${detail}`)
}

/** Opens a realtime socket at `port`, signs in with a realtime token fetched from `tokenPort`. */
async function signedInSocket(port, tokenPort, apiToken) {
  const issued = await call({ port: tokenPort, path: '/api/firebase/auth', token: apiToken })
  if (issued.status !== 200) throw new Error(`GET /api/firebase/auth answered ${issued.status}`)
  const socket = await openSocket(`ws://127.0.0.1:${port}/api/realtime?api_key=${API_KEY}`)
  defer('a realtime socket', () => socket.close())
  socket.send({ type: 'auth', data: { token: issued.json.data.payload } })
  await socket.next('ready', EVENT_WAIT_MS)
  return socket
}

/** Check 1: events raised on instance B reach sockets on instance A, and through nginx. */
async function checkRealtime({ a, b, front, fixture, booking }) {
  const sme = fixture.smes[0]
  const onA = await signedInSocket(a, b, sme.token)
  const viaNginx = await signedInSocket(front, front, sme.token)
  const before = []
  for (const socket of [onA, viaNginx]) {
    socket.send({ type: 'subscribe', data: { topic: 'notification_count' } })
    socket.send({ type: 'subscribe', data: { topic: 'chat' } })
    before.push((await socket.next('notification_count', EVENT_WAIT_MS)).data.count)
  }
  const sent = await call({
    port: b,
    method: 'POST',
    path: `/api/schedule/notifiable-id/${sme.id}/chat-notification`,
    token: fixture.expert.token,
    body: { notifiable_user: 'sme', type: 'text', message: 'رسالة عبر الخادم الثاني' },
  })
  check('a chat message sent through instance B is stored', sent.status === 201, `status ${sent.status}`)
  for (const [label, socket, count] of [
    ['on instance A', onA, before[0]],
    ['through nginx', viaNginx, before[1]],
  ]) {
    try {
      const nudge = await socket.next('chat', EVENT_WAIT_MS)
      check(
        `the business owner's socket ${label} hears of the chat message sent through B`,
        nudge.data.sme_id === sme.id && nudge.data.contributor_id === fixture.expert.contributorId,
        JSON.stringify(nudge.data),
      )
      const counted = await socket.next('notification_count', EVENT_WAIT_MS)
      check(
        `the business owner's notification count ${label} goes up with it`,
        counted.data.count === count + 1,
        `${count} → ${counted.data.count}`,
      )
    } catch (error) {
      check(
        `the business owner's socket ${label} hears of the chat message sent through B`,
        false,
        error.message,
      )
    }
  }

  const expertOnA = await signedInSocket(a, b, booking.expertToken)
  expertOnA.send({ type: 'subscribe', data: { topic: 'sessions' } })
  await expertOnA.next('sessions', EVENT_WAIT_MS)
  const booked = await call({
    port: b,
    method: 'POST',
    path: `/api/schedule/v3/schedules/${booking.slot}/sessions/dashboard`,
    token: fixture.smes[1].token,
    body: { communication_way: booking.availability & 2 ? 0 : 1, subject_id: booking.subject },
  })
  check(
    'a booking made through instance B is taken',
    booked.status === 200 || booked.status === 201,
    `status ${booked.status} ${JSON.stringify(booked.json)}`,
  )
  try {
    const session = await expertOnA.next('session', EVENT_WAIT_MS)
    check(
      "the expert's socket on instance A hears of the booking made through B",
      session.data.session?.sme_id === fixture.smes[1].id,
      JSON.stringify(session.data),
    )
  } catch (error) {
    check("the expert's socket on instance A hears of the booking made through B", false, error.message)
  }
}

/** Check 2: rate limits count across instances, per person and per forwarded client address. */
async function checkRateLimits({ a, b, front, fixture }) {
  const person = fixture.smes[2]
  const statuses = []
  for (let i = 0; i < LOW_LIMITS.RATE_LIMIT_BOOKING + 2; i++) {
    // A slot that does not exist: 404, but counted all the same.
    const res = await call({
      port: i % 2 ? b : a,
      method: 'POST',
      path: '/api/schedule/v3/schedules/999999999/sessions/dashboard',
      token: person.token,
      body: { communication_way: 0, subject_id: 1 },
    })
    statuses.push(res.status)
  }
  const limit = LOW_LIMITS.RATE_LIMIT_BOOKING
  check(
    `one person's bookings alternating between A and B: ${limit} pass, then 429 on either`,
    statuses.slice(0, limit).every((s) => s !== 429) && statuses.slice(limit).every((s) => s === 429),
    `statuses in turn A, B, A…: ${statuses.join(', ')}`,
  )

  const signIn = (port, from) =>
    call({
      port,
      method: 'POST',
      path: '/api/authentication/auth/login',
      from,
      body: {
        code: 'bad',
        code_verifier: 'x'.repeat(43),
        redirect_uri: 'http://localhost:8080/redirectauth',
      },
    }).then((res) => res.status)
  const tries = LOW_LIMITS.RATE_LIMIT_SIGN_IN
  const visitor = []
  // Through nginx, which sends these to A and B in turn.
  for (let i = 0; i < tries + 1; i++) visitor.push(await signIn(front, '127.0.0.2'))
  check(
    `a visitor's sign-in attempts through nginx: ${tries} pass, then 429`,
    visitor.slice(0, tries).every((s) => s !== 429) && visitor[tries] === 429,
    `statuses: ${visitor.join(', ')}`,
  )
  const direct = await signIn(a, '127.0.0.2')
  check(
    "instance A, reached directly from the same address, keeps that visitor's count",
    direct === 429,
    `status ${direct}`,
  )
  const other = await signIn(front, '127.0.0.3')
  check(
    'another address through the same nginx has a count of its own (the forwarded address is counted)',
    other !== 429,
    `status ${other}`,
  )
}

/** Starts instances A and B one after the other (they share the data directory's first-start secrets). */
async function startPair(env, ports) {
  const servers = []
  const stop = () => Promise.all(servers.map((s) => s.stop()))
  defer('the server pair', stop)
  for (const port of ports)
    await startApi({ ...env, PORT: String(port) }, `http://127.0.0.1:${port}`, (server) =>
      servers.push(server),
    )
  return { stop, pids: servers.map((s) => s.child.pid) }
}

/** Where the CPU went during a figure (median over its rounds), for the groups that used a tenth of a core. */
function coresBusy(list) {
  const labels = Object.keys(list[0]?.shares ?? {})
  return labels
    .map((label) => [label, median(list.map((f) => f.shares[label] ?? 0))])
    .filter(([, cores]) => cores >= 0.1)
    .map(([label, cores]) => `${label} ${cores.toFixed(1)}`)
    .join(', ')
}

const rows = []
const figures = { ceiling: [], helloNginx: [], nginx: [], solo: [], single: [] }
try {
  ensureNginx()
  const [a, b, front, soloFront, hello, helloFront] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ]
  const dir = mkdtempSync(join(tmpdir(), 'mashura-nginx-'))
  defer('the nginx directory', () => rmSync(dir, { recursive: true, force: true }))
  // nginx's workers run as an unprivileged user when it is started as root: they must reach the directory.
  chmodSync(dir, 0o755)
  const conf = join(dir, 'nginx.conf')
  writeFileSync(conf, nginxConfig(dir, { front, soloFront, helloFront, servers: [a, b], hello }))

  defer('the Redis keys', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await redis.connect()
    const keys = await redis.keys(`${REDIS_PREFIX}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })
  const prepared = await prepareDatabase('postgres', a, {
    experts: EXPERTS,
    pgUrl: PG_URL,
    name: `mashura_scale_${process.pid}`,
    env: {
      REDIS_URL,
      REDIS_PREFIX,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${front}`,
    },
  })
  defer('the database', prepared.cleanup)
  const { env, fixture, config } = prepared

  // A slot whose expert will hear of its booking (the business owner of the check has never booked).
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: config.dataDir })
  let booking
  try {
    const target = fixture.bookable[0]
    const owner = await store.db
      .selectFrom('slots')
      .innerJoin('contributors', 'contributors.id', 'slots.contributor_id')
      .select('contributors.person_id')
      .where('slots.id', '=', target.slot)
      .executeTakeFirstOrThrow()
    booking = { ...target, expertToken: (await issueApiToken(store, config, owner.person_id)).token }
  } finally {
    await store.destroy()
  }

  const helloServer = startProcess('scripts/bench-api-hello.mjs', [String(hello)], {}, (l) => l === 'ready')
  defer('the hello world', helloServer.stop)
  await helloServer.started
  const nginx = await startNginx(dir, conf, helloFront)
  defer('nginx', nginx.stop)

  console.error(
    `checks: instances A :${a} and B :${b}, nginx :${front}, limits ${JSON.stringify(LOW_LIMITS)}`,
  )
  const { stop: stopChecked } = await startPair(
    Object.fromEntries(Object.entries({ ...env, ...LOW_LIMITS }).map(([k, v]) => [k, String(v)])),
    [a, b],
  )
  await checkRealtime({ a, b, front, fixture, booking })
  await checkRateLimits({ a, b, front, fixture })
  await stopChecked()

  console.error('load: a fresh pair with limits out of the way')
  const pair = await startPair(env, [a, b])
  const days = {
    nginx: mixes(`http://127.0.0.1:${front}`, fixture).day,
    solo: mixes(`http://127.0.0.1:${soloFront}`, fixture).day,
    single: mixes(`http://127.0.0.1:${a}`, fixture).day,
  }
  const groups = {
    A: () => [pair.pids[0]],
    B: () => [pair.pids[1]],
    nginx: () => [nginx.child.pid, ...pidsOf({ parents: [nginx.child.pid] })],
    hello: () => [helloServer.child.pid],
    PostgreSQL: () => pidsOf({ name: 'postgres' }),
    Redis: () => pidsOf({ name: 'redis-server' }),
    'load generator': () => [process.pid],
  }
  const figure = async (target) => {
    const { result, shares } = await withCpuShares(groups, () =>
      load(target, { connections: CONNECTIONS, seconds: DURATION }),
    )
    return { ...result, shares }
  }
  for (let round = 1; round <= RUNS; round++) {
    figures.ceiling.push(await figure(`http://127.0.0.1:${hello}/`))
    figures.helloNginx.push(await figure(`http://127.0.0.1:${helloFront}/`))
    // Rotate which goes first, so none always meets the database warmer or fuller.
    const order = ['nginx', 'solo', 'single']
    for (const name of [...order.slice((round - 1) % 3), ...order.slice(0, (round - 1) % 3)]) {
      const result = await figure(days[name])
      figures[name].push(result)
      console.error(
        `round ${round} ${name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, statuses ${JSON.stringify(result.counts)}, cores busy ${coresBusy([result])}`,
      )
    }
  }

  const ceiling = median(figures.ceiling.map((f) => f.rps))
  const row = (label, list) => {
    const rps = median(list.map((f) => f.rps))
    return {
      figure: label,
      'req/s': Math.round(rps),
      'p50 ms': median(list.map((f) => f.p50)),
      'p99 ms': median(list.map((f) => f.p99)),
      'of ceiling': `${((rps / ceiling) * 100).toFixed(1)} %`,
      errors: median(list.map(unexpected)),
      'cores busy': coresBusy(list),
    }
  }
  rows.push(row('Fastify hello world, directly (the ceiling)', figures.ceiling))
  rows.push(row('Fastify hello world through nginx', figures.helloNginx))
  rows.push(row('working day, two instances through nginx', figures.nginx))
  rows.push(row('working day, instance A alone through nginx', figures.solo))
  rows.push(row('working day, instance A directly', figures.single))
} catch (error) {
  // After Ctrl-C, what fails is only what the cleanup took away.
  if (!interrupted) {
    failures.push(error.stack ?? String(error))
    console.error(error)
  }
} finally {
  await cleanUp()
}

if (rows.length) {
  console.table(rows)
  if (process.argv.includes('--markdown')) {
    console.log(
      `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim()}; ${new Date().toISOString().slice(0, 10)}; PostgreSQL and Redis; ${EXPERTS} experts, ${CONNECTIONS} connections, ${DURATION} s per figure, median of ${RUNS} rounds; each server, nginx (1 worker) and the hello world in their own processes, load from another; loopback.\n`,
    )
    const columns = ['figure', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling', 'errors', 'cores busy']
    console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`)
    for (const r of rows) console.log(`| ${columns.map((c) => r[c]).join(' | ')} |`)
  }
}
if (failures.length) {
  console.error(`\n${failures.length} failure(s):\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
