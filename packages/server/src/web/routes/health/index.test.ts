/**
 * Health endpoints (issue 35): liveness, and readiness flipping to 503 while draining, when the database is
 * unreachable (PostgreSQL behind a TCP relay this test closes and opens again, so the shared server keeps
 * running), when Redis is, and when the schema is behind this build.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server, Socket } from 'node:net'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../app.ts'
import { dropPgSchema, openStore, type Store } from '../../../db/database.ts'
import { latestMigrationName } from '../../../db/migrate.ts'
import { eachDatabase, testConfig, useTestContext } from '../../../test-support/context.ts'
import { freePort } from '../../../test-support/net.ts'
import { LIVE_PATH, READY_PATH } from './index.ts'

const PG_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.TEST_REDIS_URL

/** Waits until `check` holds, asking again every 50 ms, for up to `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition did not hold in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

eachDatabase('health', (dialect) => {
  const ctx = useTestContext(dialect)

  it('answers liveness without an API key, and no data', async () => {
    const response = await ctx.call({ method: 'GET', url: LIVE_PATH, apiKey: null })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('is ready on a reachable database at the latest migration, without an API key', async () => {
    const response = await ctx.call({ method: 'GET', url: READY_PATH, apiKey: null })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('is not ready while draining, and says nothing more', async () => {
    ctx.app.health.draining = true
    try {
      const response = await ctx.call({ method: 'GET', url: READY_PATH, apiKey: null })
      expect(response.statusCode).toBe(503)
      expect(response.body).toBe('{"status":"unavailable"}')
      // Liveness stays: the process still answers.
      expect((await ctx.call({ method: 'GET', url: LIVE_PATH, apiKey: null })).statusCode).toBe(200)
    } finally {
      ctx.app.health.draining = false
    }
  })

  it('is not ready when the database has not run the newest migration', async () => {
    const latest = latestMigrationName()
    const row = await sql<{
      name: string
      timestamp: string
    }>`select name, timestamp from kysely_migration where name = ${latest}`.execute(ctx.store.db)
    await sql`delete from kysely_migration where name = ${latest}`.execute(ctx.store.db)
    try {
      const response = await ctx.call({ method: 'GET', url: READY_PATH, apiKey: null })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ status: 'unavailable' })
    } finally {
      const { name, timestamp } = row.rows[0]!
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(
        ctx.store.db,
      )
    }
    expect((await ctx.call({ method: 'GET', url: READY_PATH, apiKey: null })).statusCode).toBe(200)
  })

  it('is left out of the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json()
    expect(
      Object.keys(doc.paths).filter((path) => path.includes('health') || path.includes('metrics')),
    ).toEqual([])
  })
})

/**
 * A TCP relay to PostgreSQL that can be cut (every connection destroyed, the port closed) and restored on the
 * same port: PostgreSQL "stops" for the app while the shared server runs on.
 */
class Relay {
  #server: Server | null = null
  readonly #sockets = new Set<Socket>()
  readonly port: number
  readonly #target: { host: string; port: number }
  constructor(port: number, target: { host: string; port: number }) {
    this.port = port
    this.#target = target
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket()
      this.#sockets.add(client).add(upstream)
      const forget = () => {
        this.#sockets.delete(client)
        this.#sockets.delete(upstream)
        client.destroy()
        upstream.destroy()
      }
      client.on('error', forget).on('close', forget)
      upstream.on('error', forget).on('close', forget)
      upstream.connect(this.#target.port, this.#target.host, () => {
        client.pipe(upstream)
        upstream.pipe(client)
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.#server = server
  }

  async cut(): Promise<void> {
    const server = this.#server
    this.#server = null
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

describe.runIf(REDIS_URL)('health with Redis', () => {
  it('is ready while Redis answers PING, not while it is cut off, and again once it is back', async () => {
    const target = new URL(REDIS_URL!)
    const relay = new Relay(await freePort(), { host: target.hostname, port: Number(target.port || 6379) })
    await relay.open()
    const store = await openStore({
      databaseUrl: null,
      dataDir: testConfig().dataDir,
      sqliteFile: ':memory:',
    })
    const app = await buildApp({ config: testConfig({ redisUrl: `redis://127.0.0.1:${relay.port}` }), store })
    try {
      expect((await app.inject({ url: READY_PATH })).statusCode).toBe(200)
      await relay.cut()
      const response = await app.inject({ url: READY_PATH })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ status: 'unavailable' })
      await relay.open()
      await eventually(async () => (await app.inject({ url: READY_PATH })).statusCode === 200)
    } finally {
      await relay.open().catch(() => undefined)
      await app.close()
      await store.destroy()
      await relay.cut()
    }
  }, 60_000)
})

describe.runIf(PG_URL)('health when PostgreSQL stops', () => {
  const schema = `t_health_${process.pid}_${randomBytes(3).toString('hex')}`
  let relay: Relay
  let store: Store
  let app: Awaited<ReturnType<typeof buildApp>>

  beforeAll(async () => {
    const target = new URL(PG_URL!)
    relay = new Relay(await freePort(), { host: target.hostname, port: Number(target.port || 5432) })
    await relay.open()
    const viaRelay = new URL(PG_URL!)
    viaRelay.hostname = '127.0.0.1'
    viaRelay.port = String(relay.port)
    const config = testConfig()
    store = await openStore({
      databaseUrl: viaRelay.href,
      dataDir: config.dataDir,
      pgSchema: schema,
      poolSize: 4,
    })
    app = await buildApp({ config, store })
    await app.ready()
  }, 60_000)

  afterEach(async () => {
    // Whatever a test did, the relay runs again for the next one.
    await relay.open().catch(() => undefined)
  })

  afterAll(async () => {
    await app?.close()
    await store?.destroy().catch(() => undefined)
    await relay?.cut()
    await dropPgSchema(PG_URL!, schema)
  })

  it('turns 503 when PostgreSQL stops answering, and 200 again when it is back', async () => {
    expect((await app.inject({ url: READY_PATH })).statusCode).toBe(200)
    await relay.cut()
    const down = await app.inject({ url: READY_PATH })
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({ status: 'unavailable' })
    // Liveness is the process, not the database.
    expect((await app.inject({ url: LIVE_PATH })).statusCode).toBe(200)
    await relay.open()
    await eventually(async () => (await app.inject({ url: READY_PATH })).statusCode === 200)
  }, 60_000)
})
