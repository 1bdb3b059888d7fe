import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openStore, type Store } from '../db/database.ts'
import { testConfig } from '../test-support/context.ts'
import { registerSite } from './site.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const LATEST = 'public, max-age=300'
const entry = `import"./runtime-Ab12_-xZ.js";${'customElements.define("x-y",class extends HTMLElement{});'.repeat(60)}`

/** The widget kit's versioned addresses and their caches (issue 36), on a small built kit folder. */
describe('the widget kit by version', () => {
  let app: FastifyInstance
  let store: Store

  beforeAll(async () => {
    const config = testConfig()
    store = await openStore({ databaseUrl: null, dataDir: config.dataDir, sqliteFile: 'site-widgets.sqlite' })
    app = await buildApp({ config, store })
    const widgets = mkdtempSync(join(tmpdir(), 'mashura-widgets-'))
    writeFileSync(join(widgets, 'index.js'), entry)
    writeFileSync(join(widgets, 'index.js.br'), brotliCompressSync(entry))
    writeFileSync(join(widgets, 'runtime-Ab12_-xZ.js'), 'export const r=1')
    // A version an operator keeps beside the current build for partners who pinned it.
    mkdirSync(join(widgets, 'v1.4.0'))
    writeFileSync(join(widgets, 'v1.4.0/index.js'), 'export const old=1')
    // As scripts/widget-integrity.mjs writes it after the build.
    const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`
    writeFileSync(
      join(widgets, 'integrity.json'),
      JSON.stringify({
        version: '2.3.1',
        algorithm: 'sha384',
        files: { 'index.js': sri(entry), 'runtime-Ab12_-xZ.js': sri('export const r=1') },
      }),
    )
    await registerSite(app, config, { widgetsRoot: widgets })
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
    await store.destroy()
  })

  it('serves the build as latest (short cache), at v<version> (immutable) and at v<major> (short)', async () => {
    const latest = await app.inject({ url: '/widgets/index.js' })
    expect(latest.body).toBe(entry)
    expect(latest.headers['cache-control']).toBe(LATEST)
    const pinned = await app.inject({ url: '/widgets/v2.3.1/index.js' })
    expect(pinned.statusCode).toBe(200)
    expect(pinned.body).toBe(entry)
    expect(pinned.headers['cache-control']).toBe(IMMUTABLE)
    const major = await app.inject({ url: '/widgets/v2/index.js' })
    expect(major.body).toBe(entry)
    expect(major.headers['cache-control']).toBe(LATEST)
    // The brotli copy answers at the versioned address too.
    const br = await app.inject({ url: '/widgets/v2.3.1/index.js', headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(entry)
    // Another version is not this build.
    expect((await app.inject({ url: '/widgets/v2.3.0/index.js' })).statusCode).toBe(404)
    expect((await app.inject({ url: '/widgets/v3/index.js' })).statusCode).toBe(404)
  })

  it('marks content-hashed chunks immutable at every address', async () => {
    for (const url of ['/widgets/runtime-Ab12_-xZ.js', '/widgets/v2/runtime-Ab12_-xZ.js']) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE)
    }
  })

  it('publishes the integrity manifest of the version', async () => {
    const res = await app.inject({ url: '/widgets/v2.3.1/integrity.json' })
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    const manifest = res.json() as { version: string; files: Record<string, string> }
    expect(manifest.version).toBe('2.3.1')
    expect(manifest.files['index.js']).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
    expect(Object.keys(manifest.files)).toContain('runtime-Ab12_-xZ.js')
  })

  it('serves an older version an operator kept as a folder, immutable', async () => {
    const res = await app.inject({ url: '/widgets/v1.4.0/index.js' })
    expect(res.body).toBe('export const old=1')
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
  })
})
