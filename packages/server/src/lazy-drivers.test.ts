/**
 * Issue 37's start-up: a deployment on SQLite without REDIS_URL never loads the PostgreSQL driver or ioredis
 * (about 0.15 s of every start); they are loaded the first time a deployment asks for them (db/pg.ts,
 * adapters/redis.ts). The PostgreSQL and Redis suites prove they still load when asked.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const main = fileURLToPath(new URL('./main.ts', import.meta.url))

/** The npm packages a fresh Node process has loaded (CommonJS) once it has imported the server. */
function packagesLoadedByServer(): Set<string> {
  const script = `
    import { createRequire } from 'node:module'
    await import(${JSON.stringify(main)})
    const names = Object.keys(createRequire(import.meta.url).cache)
      .map((file) => /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(file)?.[1])
      .filter(Boolean)
    console.log(JSON.stringify([...new Set(names)]))`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return new Set(JSON.parse(run.stdout.trim().split('\n').at(-1)!) as string[])
}

it('loads neither the PostgreSQL driver nor ioredis until a deployment asks for them', () => {
  const loaded = packagesLoadedByServer()
  // What the server always needs is there: the check sees what it should.
  expect(loaded).toContain('fastify')
  expect(loaded).not.toContain('pg')
  expect(loaded).not.toContain('ioredis')
})
