import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { openStore, type Store } from '../db/database.ts'
import { testConfig } from '../test-support/context.ts'
import { isSitePath, registerSite } from './site.ts'

const page = `<!doctype html><title>site</title>${'<p>…</p>'.repeat(200)}`
const bigScript = 'console.log("مشورة");\n'.repeat(400)

describe('the site beside the API', () => {
  let app: FastifyInstance
  let store: Store
  let siteRoot: string

  beforeAll(async () => {
    const config = testConfig()
    store = await openStore({ databaseUrl: null, dataDir: config.dataDir, sqliteFile: 'site.sqlite' })
    app = await buildApp({ config, store })
    // A built site and examples, as small as can be.
    const root = mkdtempSync(join(tmpdir(), 'mashura-site-'))
    mkdirSync(join(root, 'site/assets'), { recursive: true })
    writeFileSync(join(root, 'site/assets/app.js'), 'console.log(1)')
    // What scripts/precompress.mjs leaves beside a built file: its brotli and gzip copies.
    for (const name of ['assets/big-4f2a.js', 'index.html']) {
      const file = join(root, 'site', name)
      const text = name === 'index.html' ? page : bigScript
      writeFileSync(file, text)
      writeFileSync(`${file}.br`, brotliCompressSync(text))
      writeFileSync(`${file}.gz`, gzipSync(text))
    }
    mkdirSync(join(root, 'examples'))
    writeFileSync(join(root, 'examples/index.html'), '<!doctype html><title>playground</title>')
    siteRoot = join(root, 'site')
    await registerSite(app, config, { siteRoot, examplesRoot: join(root, 'examples') })
    await app.ready()
  })

  afterAll(async () => {
    await app.close()
    await store.destroy()
  })

  it('answers every client route with the site’s page, never cached', async () => {
    for (const url of [
      '/',
      '/Faq',
      '/profile/consultant/3/12',
      '/contributers/search/%20',
      '/no/such/page?x=1',
    ]) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<title>site</title>')
    }
    expect((await app.inject({ url: '/dashboard' })).headers['cache-control']).toBe('no-cache')
  })

  it('serves files by name, and the examples under /examples/', async () => {
    expect((await app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)')
    expect((await app.inject({ url: '/examples/' })).body).toContain('playground')
  })

  it('sends the brotli or gzip copy the build made to a browser that accepts it, else the file', async () => {
    const url = '/assets/big-4f2a.js'
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript)
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript)
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(bigScript)
    // A client route gets the page's copy too, still never cached; a file with no copies is sent as it is.
    const route = await app.inject({ url: '/sessions/upcoming', headers: { 'accept-encoding': 'br' } })
    expect(route.headers['content-encoding']).toBe('br')
    expect(route.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(page)
    const small = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe('console.log(1)')
  })

  it('serves a build made after the start, and keeps hashed assets for a year', async () => {
    writeFileSync(join(siteRoot, 'assets/later-abc123.js'), 'console.log(2)')
    const later = await app.inject({ url: '/assets/later-abc123.js' })
    expect(later.body).toBe('console.log(2)')
    expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await app.inject({ url: '/assets/app.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
    for (const url of ['/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%00.js']) {
      const res = await app.inject({ url })
      expect(res.body, url).not.toContain('root:')
    }
  })

  it('keeps JSON 404s for the server’s own addresses and for missing assets', async () => {
    for (const url of ['/assets/gone.js', '/widgets/nope.js', '/examples/nope.html', '/sign-in/nope']) {
      const res = await app.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.code, url).toBe('route_not_found')
    }
    expect(isSitePath('/api/anything')).toBe(false)
    expect(isSitePath('/oidc/auth')).toBe(false)
    expect(isSitePath('/apiary')).toBe(true)
  })
})
