// Writes the reference server's OpenAPI document to src/data/generated/openapi.json, for the API reference
// pages. No running server: the app is built in-process (as the server's tests do) on a throwaway in-memory
// SQLite store, and Fastify's swagger plugin renders the document from the same schemas that validate requests.
// Node 24 runs the server's TypeScript sources directly; the server imports @mashura/core's build, made here
// when it is missing.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const out = fileURLToPath(new URL('../src/data/generated/openapi.json', import.meta.url))

if (!existsSync(join(root, 'packages/core/dist/index.js'))) {
  console.log('openapi: building @mashura/core first')
  execFileSync('npx', ['tsc', '-b', 'packages/core'], { cwd: root, stdio: 'inherit' })
}

const { buildApp, loadConfig, openStore } = await import('@mashura/server')

const dataDir = mkdtempSync(join(tmpdir(), 'mashura-openapi-'))
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '8080',
    TOKEN_SECRET: 'openapi-build-only-secret-not-used',
  })
  const store = await openStore({ databaseUrl: null, dataDir, sqliteFile: ':memory:' })
  const app = await buildApp({ config, store })
  await app.ready()
  const document = app.swagger()
  await app.close()
  await store.destroy()
  mkdirSync(join(out, '..'), { recursive: true })
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`)
  const operations = Object.values(document.paths ?? {}).reduce((n, item) => n + Object.keys(item).length, 0)
  console.log(`openapi: ${operations} operations written to ${out.slice(root.length)}`)
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
