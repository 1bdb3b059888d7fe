import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from './admin-cli.ts'
import { openStore, type Store } from './db/database.ts'
import { DATABASES } from './test-support/context.ts'
import { insertPerson } from './test-support/fixtures.ts'

/** A command's output, line by line. */
function output() {
  const lines = { log: [] as string[], error: [] as string[] }
  return {
    lines,
    out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) },
  }
}

async function roles(store: Store, personId: number) {
  return store.db
    .selectFrom('people')
    .select(['is_admin', 'is_analyst'])
    .where('id', '=', personId)
    .executeTakeFirstOrThrow()
}

for (const dialect of DATABASES) {
  describe(`runAdminCommand [${dialect}]`, () => {
    let store: Store
    let personId: number
    const schema = `t_admin_cli_${process.pid}_${Date.now()}`
    beforeAll(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mashura-admin-cli-'))
      store = await openStore(
        dialect === 'postgres'
          ? { databaseUrl: process.env.TEST_DATABASE_URL ?? null, dataDir, pgSchema: schema, poolSize: 4 }
          : { databaseUrl: null, dataDir, sqliteFile: 'test.sqlite' },
      )
      personId = await insertPerson(store.db, {
        issuer: 'test',
        subject: 'first-admin',
        fullName: 'نورة المشرفة',
        email: 'Noura@Agency.sa',
      })
    })
    afterAll(async () => {
      await store?.destroy()
      if (dialect === 'postgres' && process.env.TEST_DATABASE_URL) {
        const { dropPgSchema } = await import('./db/database.ts')
        await dropPgSchema(process.env.TEST_DATABASE_URL, schema)
      }
    })

    it('grants and revokes both roles by e-mail (any case), each recorded in the audit trail', async () => {
      const { lines, out } = output()
      expect(await runAdminCommand(['grant', 'noura@agency.sa'], { store, out })).toBe(0)
      expect(await roles(store, personId)).toEqual({ is_admin: 1, is_analyst: 0 })
      expect(await runAdminCommand(['grant', 'NOURA@agency.sa', '--analyst'], { store, out })).toBe(0)
      expect(await roles(store, personId)).toEqual({ is_admin: 1, is_analyst: 1 })
      // Granting again changes nothing and records nothing.
      expect(await runAdminCommand(['grant', 'noura@agency.sa'], { store, out })).toBe(0)
      expect(lines.log.at(-1)).toContain('already admin')
      expect(await runAdminCommand(['revoke', 'noura@agency.sa'], { store, out })).toBe(0)
      expect(await roles(store, personId)).toEqual({ is_admin: 0, is_analyst: 1 })

      const audit = await store.db.selectFrom('audit_log').selectAll().orderBy('id').execute()
      expect(audit.map((a) => [a.action, a.actor_person_id, a.actor_label, a.target_id])).toEqual([
        ['role.grant', null, 'command line', String(personId)],
        ['role.grant', null, 'command line', String(personId)],
        ['role.revoke', null, 'command line', String(personId)],
      ])
      expect(JSON.parse(audit[2]!.before_json!)).toEqual({ is_admin: true })
      expect(JSON.parse(audit[2]!.after_json!)).toEqual({ is_admin: false })

      const list = output()
      expect(await runAdminCommand(['list'], { store, out: list.out })).toBe(0)
      expect(list.lines.log).toEqual([`${personId}\tنورة المشرفة\tNoura@Agency.sa\tcommand: analyst`])
    })

    it('refuses an unknown address in Arabic and English, and a bad command line', async () => {
      const { lines, out } = output()
      expect(await runAdminCommand(['grant', 'nobody@agency.sa'], { store, out })).toBe(1)
      expect(lines.error[0]).toContain('يجب أن يسجّل الدخول')
      expect(lines.error[0]).toContain('they must sign in once')
      expect(await runAdminCommand(['promote', 'x@y.sa'], { store, out })).toBe(2)
      expect(await runAdminCommand(['grant'], { store, out })).toBe(2)
      expect(await runAdminCommand(['grant', 'x@y.sa', '--nope'], { store, out })).toBe(2)
      expect(lines.error.at(-1)).toContain('Usage: npm run admin')
    })
  })
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

describe('npm run admin', () => {
  // One npm and one Node process start and load the server's modules: seconds on a busy machine.
  it('grants the first admin of a production installation', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mashura-admin-npm-'))
    const store = await openStore({ databaseUrl: null, dataDir })
    const personId = await insertPerson(store.db, {
      issuer: 'https://sso.example.sa',
      subject: 'first',
      fullName: 'أول مشرف',
      email: 'first@agency.sa',
    })
    await store.destroy()

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'test-secret-of-enough-length',
      API_KEYS: JSON.stringify({ 'partner-key': ['https://partner.example.sa'] }),
      OIDC_ISSUER: 'https://sso.example.sa',
      OIDC_CLIENT_ID: 'mashura',
      OIDC_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtp://relay.example.sa:587',
      RATING_PASSPHRASE: 'production-rating-passphrase',
    }
    delete env.DATABASE_URL
    delete env.INIT_CWD
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          'npm',
          ['run', '--silent', 'admin', '--', ...args],
          { cwd: ROOT, env, timeout: 80_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        )
      })
    const granted = await run(['grant', 'first@agency.sa'])
    expect(granted.stderr).toBe('')
    expect(granted.code).toBe(0)
    expect(granted.stdout).toContain('granted admin')
    const missing = await run(['grant', 'second@agency.sa'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('they must sign in once')

    const after = await openStore({ databaseUrl: null, dataDir })
    try {
      const row = await after.db
        .selectFrom('people')
        .select('is_admin')
        .where('id', '=', personId)
        .executeTakeFirstOrThrow()
      expect(row.is_admin).toBe(1)
    } finally {
      await after.destroy()
    }
  })
})
