// The release's proof (issue 35, `npm test`'s `release` suite): builds the release (scripts/release.mjs), copies
// it to a fresh folder, installs its production dependencies alone there (no TypeScript, no Vite), migrates a
// PostgreSQL database of its own with `node server.mjs db migrate`, and starts two instances from that one
// folder with a production configuration: PostgreSQL, Redis under a prefix of its own, an SMTP catcher and an
// OpenID provider stand-in on loopback ports. It prints how long each instance took from spawn to its first
// answer of `/` (the target is 1.5 s), then walks both: the server-drawn Arabic home page, a public API call
// with an API key, the API document, a widget bundle and the Zoom page, readiness, the realtime socket, and
// a rate limit counted across the two instances in Redis (what one wrote, the other reads). The instances
// then stop on SIGTERM; the database, the Redis keys and the folder are removed. Any failure exits non-zero.
//
// `node scripts/release-smoke.mjs [--reuse] [--starts N]`: --reuse takes dist/release as it is when it exists;
// --starts N (`npm run bench:release-start`) then starts instance A N more times, one at a time, beside N
// starts of a Fastify hello world (the ceiling, scripts/bench-api-hello.mjs), and prints the medians, the
// spread and their ratio.
// PostgreSQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL (defaults: the local ones CI runs).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@mashura/server/testing'
import { Redis } from 'ioredis'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import WebSocket from 'ws'
import { bareImports, RELEASE_DIR, release } from './release.mjs'

const ADMIN_DB_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** The target of issue 35: an instance answers within 1.5 s of its start. */
const FIRST_ANSWER_TARGET_MS = 1500
/** Past this, something is badly wrong (a build at start?): the smoke fails. */
const FIRST_ANSWER_LIMIT_MS = 60_000
const API_KEY = 'release-smoke-key'
const PARTNER = 'https://partner.example.sa'
const SIGN_IN_LIMIT = 3
/** Packages that must not be in a production install. */
const DEV_ONLY = [
  'typescript',
  'vite',
  'vitest',
  'rolldown',
  '@vitejs/plugin-react',
  'astro',
  'tsx',
  'esbuild',
]

const started = performance.now()
const id = `${process.pid}_${randomBytes(3).toString('hex')}`
const cleanups = []
/** Registers a clean-up, run last registered first at the end, whatever happened. */
const defer = (what, fn) => cleanups.push({ what, fn })
const failures = []
const log = (line) => console.log(`release-smoke: ${line}`)
/** Records one check; the smoke fails at the end when any did. */
function check(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`)
  if (!ok) failures.push(`${name}${detail ? `: ${detail}` : ''}`)
  return ok
}

/** Runs a command to its end; answers its exit code and output. */
function run(cmd, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, output }))
  })
}

/** The SMTP catcher the instances send mail through: it keeps what it gets in memory. */
async function startSmtpCatcher() {
  const mails = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = []
      stream.on('data', (chunk) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) })
        callback()
      })
    },
  })
  const port = await freePort()
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  defer('the SMTP catcher', () => new Promise((resolve) => server.close(resolve)))
  return { url: `smtp://127.0.0.1:${port}`, mails }
}

/**
 * The OpenID provider stand-in: its discovery document, an empty key set, and a token endpoint that refuses
 * every code, as a real provider does a code it never issued. The instances reach it when someone signs in.
 */
async function startOidcStandIn() {
  const seen = []
  const port = await freePort()
  const issuer = `http://127.0.0.1:${port}`
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`)
    const json = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.url === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      })
    if (request.url === '/jwks') return json(200, { keys: [] })
    if (request.url === '/token') {
      request.resume()
      return request.on('end', () => json(400, { error: 'invalid_grant' }))
    }
    json(404, { error: 'not_found' })
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  defer('the OpenID provider stand-in', () => new Promise((resolve) => server.close(resolve)))
  return { issuer, seen }
}

/** A PostgreSQL database of the smoke's own, dropped at the end. */
async function createDatabase() {
  const name = `mashura_release_smoke_${id}`.toLowerCase()
  const admin = new pg.Client({ connectionString: ADMIN_DB_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  defer(`the database ${name}`, async () => {
    const client = new pg.Client({ connectionString: ADMIN_DB_URL })
    await client.connect()
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } finally {
      await client.end()
    }
  })
  const url = new URL(ADMIN_DB_URL)
  url.pathname = `/${name}`
  return url.href
}

/** Deletes every Redis key under the smoke's prefix. */
async function dropRedisKeys(prefix) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length) await redis.del(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/**
 * Starts `node server.mjs` in `dir` and resolves once `/` answers 200, with the time from spawn to that answer.
 * The instance is stopped at the end (SIGTERM) if the smoke has not stopped it already.
 */
async function startInstance(dir, env, name) {
  const t0 = performance.now()
  const child = spawn(process.execPath, ['server.mjs'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const instance = { name, child, exited, output: () => output, origin: `http://127.0.0.1:${env.PORT}` }
  defer(`instance ${name}`, async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  })
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`instance ${name} exited (${child.exitCode}) before it answered:\n${output}`)
    if (performance.now() - t0 > FIRST_ANSWER_LIMIT_MS)
      throw new Error(
        `instance ${name} did not answer / within ${FIRST_ANSWER_LIMIT_MS / 1000} s:\n${output}`,
      )
    try {
      const response = await fetch(`${instance.origin}/`)
      await response.arrayBuffer()
      if (response.status === 200) break
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  instance.firstAnswerMs = Math.round(performance.now() - t0)
  instance.cpuMs = cpuMs(child.pid)
  return instance
}

/**
 * `--starts N`: N starts of the release, each stopped before the next, beside N starts of a Fastify hello world
 * in a process of its own (what this machine takes to start a Node server at all). Prints each run, then the
 * median, the spread and the ratio to the ceiling's median: a figure of this machine class holds when its
 * median of five holds (docs/performance.md).
 */
async function measureStarts(dir, env, runs) {
  const hello = new URL('./bench-api-hello.mjs', import.meta.url).pathname
  const release = []
  const ceiling = []
  for (let i = 0; i < runs; i++) {
    const instance = await startInstance(dir, env, `start-${i + 1}`)
    instance.child.kill('SIGTERM')
    await instance.exited
    release.push(instance)
    const port = await freePort()
    const t0 = performance.now()
    const child = spawn(process.execPath, [hello, String(port)], { stdio: 'ignore' })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`)
        await response.arrayBuffer()
        if (response.status === 200) break
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    ceiling.push({ firstAnswerMs: Math.round(performance.now() - t0), cpuMs: cpuMs(child.pid) })
    child.kill('SIGTERM')
    await exited
    log(
      `start ${i + 1}/${runs}: release ${release[i].firstAnswerMs} ms (${release[i].cpuMs} ms CPU), ` +
        `hello world ${ceiling[i].firstAnswerMs} ms (${ceiling[i].cpuMs} ms CPU), load ${loadavg()[0].toFixed(1)}`,
    )
  }
  const median = (values) => {
    const sorted = values.filter((v) => v !== null).sort((x, y) => x - y)
    return sorted[Math.floor(sorted.length / 2)]
  }
  const spread = (values) => `${Math.min(...values)}–${Math.max(...values)}`
  for (const key of ['firstAnswerMs', 'cpuMs']) {
    const ours = release.map((r) => r[key])
    const theirs = ceiling.map((r) => r[key])
    log(
      `${key === 'firstAnswerMs' ? 'first answer' : 'CPU to it'}: release median ${median(ours)} ms (${spread(ours)}), ` +
        `hello world median ${median(theirs)} ms (${spread(theirs)}), ratio ${(median(ours) / median(theirs)).toFixed(1)}` +
        (key === 'firstAnswerMs'
          ? ` (target ${FIRST_ANSWER_TARGET_MS} ms: ${median(ours) <= FIRST_ANSWER_TARGET_MS ? 'met' : 'not met'})`
          : ''),
    )
  }
}

/**
 * The CPU time a process has used so far (user and system, all its threads), in milliseconds, from /proc; null
 * elsewhere. On a busy machine the wall time to the first answer says more about the neighbours than about
 * the start: the CPU time it took does not.
 */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100)
  } catch {
    return null
  }
}

/** Opens the realtime socket as a partner page would, signs in with a bad token and answers what came back. */
function realtimeRefusal(origin) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/realtime?api_key=${API_KEY}`, {
      origin: PARTNER,
    })
    const timer = setTimeout(() => {
      socket.terminate()
      reject(new Error('the realtime socket answered nothing within 10 s'))
    }, 10_000)
    let message = null
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', data: { token: 'not-a-token' } })))
    socket.on('message', (data) => {
      message ??= JSON.parse(String(data))
    })
    socket.once('unexpected-response', (_request, response) => {
      clearTimeout(timer)
      reject(new Error(`the realtime socket was refused: HTTP ${response.statusCode}`))
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.once('close', (code) => {
      clearTimeout(timer)
      resolve({ message, code })
    })
  })
}

/** One sign-in attempt with a code the provider never issued. */
async function signInAttempt(origin) {
  const response = await fetch(`${origin}/api/authentication/auth/login`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({
      code: 'never-issued',
      code_verifier: 'x'.repeat(43),
      redirect_uri: `${PARTNER}/signed-in`,
    }),
  })
  await response.arrayBuffer()
  return response.status
}

/** Walks one instance: the pages, the API, the widgets, readiness and the realtime socket. */
async function walk(instance) {
  const { origin, name } = instance
  const home = await fetch(`${origin}/`, { headers: { 'accept-language': 'ar' } })
  const html = await home.text()
  check(
    `${name}: / is the server-drawn Arabic home page`,
    home.status === 200 &&
      /<html[^>]*lang="ar"[^>]*dir="rtl"/.test(html) &&
      /<div id="root"[^>]*>\s*<[a-z]/.test(html) &&
      /[\u0600-\u06FF]{3,}/.test(html.slice(html.indexOf('<body'))),
    `status ${home.status}, ${html.slice(0, 200)}`,
  )
  const contributors = await fetch(`${origin}/api/profile/contributors`, {
    headers: { 'x-api-key': API_KEY, origin: PARTNER },
  })
  const body = await contributors.json().catch(() => null)
  check(
    `${name}: GET /api/profile/contributors with the API key answers the list`,
    contributors.status === 200 && Array.isArray(body?.data),
    `status ${contributors.status}, ${JSON.stringify(body)?.slice(0, 200)}`,
  )
  const noKey = await fetch(`${origin}/api/profile/contributors`)
  await noKey.arrayBuffer()
  check(`${name}: the same call without a key is refused`, noKey.status === 401, `status ${noKey.status}`)
  const openapi = await fetch(`${origin}/api/openapi.json`)
  const document = await openapi.json().catch(() => null)
  check(
    `${name}: /api/openapi.json is the API document`,
    openapi.status === 200 &&
      typeof document?.openapi === 'string' &&
      Object.keys(document.paths ?? {}).length > 10,
    `status ${openapi.status}`,
  )
  const widgets = await fetch(`${origin}/widgets/index.js`, { headers: { 'accept-encoding': 'br' } })
  const script = await widgets.text()
  check(
    `${name}: /widgets/index.js is the widget bundle`,
    widgets.status === 200 &&
      /javascript/.test(widgets.headers.get('content-type') ?? '') &&
      script.length > 100,
    `status ${widgets.status}, ${widgets.headers.get('content-type')}`,
  )
  const zoom = await fetch(`${origin}/widgets/zoom/`)
  const zoomHtml = await zoom.text()
  check(
    `${name}: /widgets/zoom/ is the Zoom page, under its own policy`,
    zoom.status === 200 && /<html/i.test(zoomHtml) && !!zoom.headers.get('content-security-policy'),
    `status ${zoom.status}`,
  )
  const examples = await fetch(`${origin}/examples/`)
  await examples.arrayBuffer()
  check(`${name}: production serves no examples`, examples.status === 404, `status ${examples.status}`)
  const ready = await fetch(`${origin}/health/ready`)
  const readiness = await ready.text()
  check(`${name}: /health/ready is ok`, ready.status === 200, `status ${ready.status}: ${readiness}`)
  try {
    const { message, code } = await realtimeRefusal(origin)
    check(
      `${name}: the realtime socket opens and refuses a bad token in its own words`,
      message?.type === 'error' && message.data?.code === 'invalid_token' && code === 4001,
      `message ${JSON.stringify(message)}, close ${code}`,
    )
  } catch (error) {
    check(`${name}: the realtime socket opens`, false, error.message)
  }
}

async function main() {
  let dir = RELEASE_DIR
  if (!(process.argv.includes('--reuse') && existsSync(`${RELEASE_DIR}/server.mjs`))) {
    await release({ reuseDocs: true, log })
  } else log('taking dist/release as it is (--reuse)')
  const folder = mkdtempSync(join(tmpdir(), 'mashura-release-smoke-'))
  defer('the smoke folder', () => rmSync(folder, { recursive: true, force: true }))
  dir = join(folder, 'release')
  cpSync(RELEASE_DIR, dir, { recursive: true })
  log(`copied to ${dir}; installing its production dependencies…`)
  const t0 = performance.now()
  const install = await run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
    ],
    { cwd: dir },
  )
  if (install.code !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.output}`)
  log(`npm ci --omit=dev: ${((performance.now() - t0) / 1000).toFixed(1)} s`)
  const present = DEV_ONLY.filter((name) => existsSync(join(dir, 'node_modules', name)))
  check(
    'the production install holds no TypeScript, Vite or other build tool',
    present.length === 0,
    present.join(', '),
  )

  // Every package the bundles import resolves from the release's own node_modules.
  const specifiers = new Set()
  for (const sub of ['server', 'site-server'])
    for (const file of readdirSync(join(dir, sub), { recursive: true }).map(String))
      if (/\.m?js$/.test(file))
        for (const specifier of bareImports(readFileSync(join(dir, sub, file), 'utf8')))
          specifiers.add(specifier)
  const probe = join(dir, 'server', '.resolve-probe.mjs')
  writeFileSync(
    probe,
    `const missing = []\nfor (const s of ${JSON.stringify([...specifiers])}) { try { import.meta.resolve(s) } catch { missing.push(s) } }\nconsole.log(JSON.stringify(missing))\n`,
  )
  const resolved = await run(process.execPath, [probe], { cwd: dir })
  rmSync(probe)
  const unresolved =
    resolved.code === 0 ? JSON.parse(resolved.output.trim().split('\n').at(-1)) : ['(probe failed)']
  check(
    `every one of the ${specifiers.size} packages the bundles import resolves in the release`,
    unresolved.length === 0,
    `${unresolved.join(', ')} ${resolved.code === 0 ? '' : resolved.output}`,
  )

  const [databaseUrl, smtp, oidc, portA, portB] = await Promise.all([
    createDatabase(),
    startSmtpCatcher(),
    startOidcStandIn(),
    freePort(),
    freePort(),
  ])
  const redisPrefix = `release-smoke:${id}:`
  defer('the Redis keys', () => dropRedisKeys(redisPrefix))
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    DATA_DIR: join(folder, 'data'),
    DATABASE_URL: databaseUrl,
    MIGRATE_ON_START: 'false',
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    API_KEYS: JSON.stringify({ [API_KEY]: [PARTNER] }),
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: 'mashura',
    OIDC_CLIENT_SECRET: 'release-smoke-client-secret',
    SMTP_URL: smtp.url,
    TOKEN_SECRET: randomBytes(32).toString('base64url'),
    RATING_PASSPHRASE: randomBytes(16).toString('base64url'),
    RATE_LIMIT_SIGN_IN: String(SIGN_IN_LIMIT),
    NODE_COMPILE_CACHE: join(folder, 'compile-cache'),
    LOG_LEVEL: 'warn',
  }

  const migrate = await run(process.execPath, ['server.mjs', 'db', 'migrate'], { cwd: dir, env })
  check('node server.mjs db migrate', migrate.code === 0, `exit ${migrate.code}:\n${migrate.output}`)
  const status = await run(process.execPath, ['server.mjs', 'db', 'status'], { cwd: dir, env })
  check(
    'node server.mjs db status: up to date after migrate',
    status.code === 0,
    `exit ${status.code}:\n${status.output}`,
  )
  if (failures.length) throw new Error('the database is not ready: not starting the instances')
  const admin = await run(process.execPath, ['server.mjs', 'admin', 'list'], { cwd: dir, env })
  check('node server.mjs admin list', admin.code === 0, `exit ${admin.code}:\n${admin.output}`)
  const { SMTP_URL: _, ...noRelay } = env
  const refused = await run(process.execPath, ['server.mjs'], {
    cwd: dir,
    env: { ...noRelay, PORT: String(portA) },
  })
  check(
    'without SMTP_URL the release refuses to start, naming it (exit 2)',
    refused.code === 2 && /^Configuration: SMTP_URL is required in production/m.test(refused.output),
    `exit ${refused.code}:\n${refused.output}`,
  )

  // Two instances from the one folder, one after the other (the first start writes DATA_DIR's generated keys).
  const a = await startInstance(dir, { ...env, PORT: String(portA) }, 'A')
  const b = await startInstance(dir, { ...env, PORT: String(portB) }, 'B')
  for (const instance of [a, b])
    log(
      `instance ${instance.name}: first answer of / ${instance.firstAnswerMs} ms after its start` +
        `${instance.cpuMs === null ? '' : `, ${instance.cpuMs} ms of CPU`}` +
        ` (target ${FIRST_ANSWER_TARGET_MS} ms: ${instance.firstAnswerMs <= FIRST_ANSWER_TARGET_MS ? 'met' : `not met, machine load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`})`,
    )
  await walk(a)
  await walk(b)
  const starts = Number(process.argv[process.argv.indexOf('--starts') + 1])
  if (process.argv.includes('--starts') && starts > 0)
    await measureStarts(dir, { ...env, PORT: String(await freePort()) }, starts)

  // Redis carries what one instance wrote to the other: the sign-in attempts of one address, counted by both.
  const statuses = []
  for (let i = 0; i <= SIGN_IN_LIMIT; i++) statuses.push(await signInAttempt(i % 2 ? b.origin : a.origin))
  check(
    `sign-in attempts alternating A, B: ${SIGN_IN_LIMIT} answered, then 429 (the count is shared in Redis)`,
    statuses.slice(0, SIGN_IN_LIMIT).every((s) => s !== 429 && s < 500) && statuses[SIGN_IN_LIMIT] === 429,
    `statuses ${statuses.join(', ')}`,
  )
  check(
    'the instances asked the configured OpenID provider for the code',
    oidc.seen.includes('POST /token'),
    `the provider saw: ${oidc.seen.join(', ') || 'nothing'}`,
  )

  for (const instance of [a, b]) {
    instance.child.kill('SIGTERM')
    const { code, signal } = await instance.exited
    check(
      `instance ${instance.name} stops on SIGTERM with exit 0`,
      code === 0,
      `exit ${code ?? signal}:\n${instance.output()}`,
    )
  }
  const logged = [a, b].map((instance) => instance.output()).join('\n')
  check(
    'the instances logged no error',
    !/"level":(50|60)/.test(logged),
    logged
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line))
      .slice(0, 5)
      .join('\n'),
  )
}

let fatal = null
try {
  await main()
} catch (error) {
  fatal = error
}
for (const { what, fn } of cleanups.reverse()) {
  try {
    await fn()
  } catch (error) {
    console.error(`release-smoke: could not remove ${what}: ${error.message}`)
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(0)
if (fatal || failures.length) {
  if (fatal) console.error(`release-smoke: ${fatal.stack ?? fatal}`)
  console.error(
    `release-smoke: FAILED after ${seconds} s${failures.length ? `:\n  ${failures.join('\n  ')}` : ''}`,
  )
  process.exit(1)
}
log(`passed in ${seconds} s`)
process.exit(0)
