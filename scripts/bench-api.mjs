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
const { issueApiToken } = await import('../packages/server/src/auth/tokens.ts')

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

const pick = (list) => list[Math.floor(Math.random() * list.length)]

/**
 * A working day's mix on one server: each connection cycles through a search, a
 * contributor reading notifications, a chat message from a contributor to one of
 * their business owners, and a booking of a random free slot (most bookings of a
 * taken slot answer 409, as they would on a busy day; both count as answered).
 */
async function workingDay(store, config, base) {
  const db = store.db
  const now = new Date().toISOString()
  // One expert with chat on, and 50 business owners who each had a session with them.
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
  const headers = (token) => ({
    'x-api-key': 'mashura-dev-key',
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  })
  const terms = ['تسويق', 'تمويل', 'حوكمة', 'تصدير', 'الموارد', ' ']
  const counts = {}
  const result = await autocannon({
    url: base.replace(/\/api$/, ''),
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (r) => ({
          ...r,
          method: 'GET',
          path: `/api/profile/contributors?q=${encodeURIComponent(pick(terms))}`,
          headers: headers(pick(smes).token),
        }),
      },
      {
        setupRequest: (r) => ({
          ...r,
          method: 'GET',
          path: '/api/schedule/v2/notifications-list/contributor',
          headers: headers(expertToken),
        }),
      },
      {
        setupRequest: (r) => {
          const sme = pick(smes)
          return {
            ...r,
            method: 'POST',
            path: `/api/schedule/notifiable-id/${sme.id}/chat-notification`,
            headers: headers(expertToken),
            body: JSON.stringify({ notifiable_user: 'sme', type: 'text', message: 'كيف تسير خطة التسويق؟' }),
          }
        },
      },
      {
        setupRequest: (r) => {
          const b = pick(bookable)
          return {
            ...r,
            method: 'POST',
            path: `/api/schedule/v3/schedules/${b.slot}/sessions/dashboard`,
            headers: headers(pick(smes).token),
            body: JSON.stringify({ communication_way: b.availability & 2 ? 0 : 1, subject_id: b.subject }),
          }
        },
      },
    ],
    setupClient: (client) =>
      client.on('response', (status) => {
        counts[status] = (counts[status] ?? 0) + 1
      }),
  })
  console.error(
    `[${store.dialect}] working day: ${Math.round(result.requests.average)} req/s, statuses ${JSON.stringify(counts)}`,
  )
  const unexpected = Object.entries(counts)
    .filter(([s]) => !['200', '201', '409'].includes(s))
    .reduce((n, [, c]) => n + c, 0)
  return {
    endpoint: `working day mix ${JSON.stringify(counts)}`,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': unexpected + result.errors,
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
  rows.push({ database: dialect, ...(await workingDay(store, config, base)) })
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
