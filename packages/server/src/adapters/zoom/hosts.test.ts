/**
 * The pool of Zoom hosts (issue 33): `ZOOM_HOST_POOL` as the configuration reads it (and `ZOOM_HOST_USER` alone
 * as a pool of one), and the claims that keep two bookings made at once from one free host. The bookings
 * themselves, through the Zoom stand-in, are in `meetings.test.ts`.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.ts'
import { eachDatabase, useTestContext } from '../../test-support/context.ts'
import { claimZoomHost, zoomHostPool } from './hosts.ts'

const zoomEnv = {
  NODE_ENV: 'development',
  ZOOM_SDK_KEY: 'sdk',
  ZOOM_SDK_SECRET: 'sdk-secret',
  ZOOM_ACCOUNT_ID: 'acct',
  ZOOM_CLIENT_ID: 'client',
  ZOOM_CLIENT_SECRET: 'client-secret',
}
const load = (env: Record<string, string>) =>
  loadConfig({ ...zoomEnv, DATA_DIR: mkdtempSync(join(tmpdir(), 'mashura-zoom-')), ...env })

describe('ZOOM_HOST_POOL', () => {
  it('lists the hosts in order, trimmed; without it ZOOM_HOST_USER (or `me`) is a pool of one', () => {
    const pooled = load({ ZOOM_HOST_POOL: ' a@agency.sa, b@agency.sa ,c-id ' }).zoomApi!
    expect(zoomHostPool(pooled)).toEqual(['a@agency.sa', 'b@agency.sa', 'c-id'])
    expect(zoomHostPool(load({ ZOOM_HOST_USER: 'host@agency.sa' }).zoomApi!)).toEqual(['host@agency.sa'])
    expect(zoomHostPool(load({}).zoomApi!)).toEqual(['me'])
  })

  it('refuses an empty entry, a space inside one, and a host named twice', () => {
    for (const ZOOM_HOST_POOL of ['a@x.sa,,b@x.sa', 'a b@x.sa', 'a@x.sa,A@x.sa'])
      expect(() => load({ ZOOM_HOST_POOL })).toThrow(ConfigError)
  })
})

eachDatabase('Zoom host claims', (dialect) => {
  const ctx = useTestContext(dialect)
  const config = { hostUser: 'me', hostPool: ['h1', 'h2'] }
  const at = (h: number) => new Date(Date.UTC(2027, 0, 10, h))

  it('holds a claimed host until released, for overlapping times only', async () => {
    const db = ctx.store.db
    const first = await claimZoomHost(db, config, { start: at(9), end: at(10) })
    const second = await claimZoomHost(db, config, { start: at(9), end: at(10) })
    expect([first.host, second.host]).toEqual(['h1', 'h2'])
    await expect(claimZoomHost(db, config, { start: at(9), end: at(10) })).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'zoom_hosts_busy',
    })
    // Back to back is no overlap.
    const next = await claimZoomHost(db, config, { start: at(10), end: at(11) })
    expect(next.host).toBe('h1')
    first.release()
    expect((await claimZoomHost(db, config, { start: at(9), end: at(10) })).host).toBe('h1')
    // A host Zoom refused is skipped.
    const skipped = await claimZoomHost(db, config, { start: at(12), end: at(13), skip: new Set(['h1']) })
    expect(skipped.host).toBe('h2')
  })
})
