import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))

/** Runs the seed command on a SQLite file in its own data directory. */
function run(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' }
  delete env.DATABASE_URL
  delete env.INIT_CWD
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

describe('npm run seed', () => {
  it('seeds a new database, refuses a filled one, and starts afresh with --force', {
    timeout: 60_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-seed-cli-'))
    const first = await run(['--experts', '6'], dataDir)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(`Seeded the SQLite database ${join(dataDir, 'mashura.sqlite')}`)
    expect(first.stdout).toMatch(/experts\s+11\s/)
    expect(first.stdout).toContain('dev-sme')

    const again = await run([], dataDir)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already holds data; nothing was changed')

    const forced = await run(['--force', '--experts', '4', '--seed', '9'], dataDir)
    expect(forced.code).toBe(0)
    expect(forced.stdout).toContain('Deleting everything')
    expect(forced.stdout).toMatch(/experts\s+9\s/)
    expect(forced.stdout).toContain('(seed 9)')
  })

  // Two processes start and load the command: seconds each on a busy machine.
  it('explains bad arguments', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-seed-cli-'))
    const bad = await run(['--experts', 'lots'], dataDir)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--experts must be a whole number')
    const unknown = await run(['--nope'], dataDir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('Usage: npm run seed')
  })
})
