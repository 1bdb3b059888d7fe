/**
 * Shutdown with a deadline (issue 35), on a listening app: readiness turns 503 at once, a request in flight
 * finishes, realtime sockets are closed with 1001, and the app closes; one that cannot finish in time is
 * abandoned at the deadline.
 */
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { openSocket } from '../../../adapters/realtime/test-client.ts'
import { buildApp } from '../../../app.ts'
import { DEV_API_KEY } from '../../../config.ts'
import { openStore, type Store } from '../../../db/database.ts'
import { testConfig } from '../../../test-support/context.ts'
import { drain } from './drain.ts'
import { READY_PATH } from './index.ts'

/** A GET over a connection of its own; resolves with the status and body. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** An app with a route that answers only when the test lets it (`release`), listening on a loopback port. */
async function heldApp() {
  const config = testConfig()
  const store: Store = await openStore({ databaseUrl: null, dataDir: config.dataDir, sqliteFile: ':memory:' })
  const app = await buildApp({ config, store })
  let release: () => void = () => undefined
  let arrived: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const inFlight = new Promise<void>((resolve) => {
    arrived = resolve
  })
  app.get('/test/held', { schema: { hide: true } }, async () => {
    arrived()
    await held
    return { done: true }
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, store, address, release, inFlight }
}

describe('draining', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  it('turns readiness 503 first, lets the request in flight finish, closes sockets with 1001, then closes', async () => {
    const { app, store, address, release, inFlight } = await heldApp()
    cleanups.push(() => store.destroy())
    expect((await get(`${address}${READY_PATH}`)).status).toBe(200)
    const socket = await openSocket(`${address.replace(/^http/, 'ws')}/api/realtime?api_key=${DEV_API_KEY}`, {
      origin: 'http://localhost:5173',
    })
    const pending = get(`${address}/test/held`)
    await inFlight

    const draining = drain(app, { timeoutMs: 20_000, graceMs: 1500 })
    // Within the grace the instance still answers, and says it is not ready.
    const ready = await get(`${address}${READY_PATH}`)
    expect(ready).toEqual({ status: 503, body: '{"status":"unavailable"}' })

    release()
    expect(await pending).toEqual({ status: 200, body: '{"done":true}' })
    expect(await socket.closed(20_000)).toBe(1001)
    expect(socket.closeReason()).toBe('server_closing')
    expect(await draining).toBe('closed')
    // Closed: no new connection is taken.
    await expect(get(`${address}${READY_PATH}`)).rejects.toThrow(/ECONNREFUSED/)
  }, 60_000)

  it('gives up at the deadline when a request does not finish', async () => {
    const { app, store, address, release, inFlight } = await heldApp()
    const pending = get(`${address}/test/held`).catch(() => null)
    await inFlight
    const started = Date.now()
    expect(await drain(app, { timeoutMs: 500 })).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(5000)
    cleanups.push(async () => {
      release()
      await pending
      await app.close()
      await store.destroy()
    })
  }, 60_000)
})
