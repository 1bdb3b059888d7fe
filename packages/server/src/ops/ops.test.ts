import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueApiToken } from '../adapters/auth/tokens.ts'
import { multipartBody, pdfFile } from '../adapters/files/test-files.ts'
import { buildApp } from '../app.ts'
import { DEV_API_KEY, loadConfig, storageConfig } from '../config.ts'
import { openStore } from '../db/database.ts'
import { KNOWN_MIGRATIONS } from '../db/migrate.ts'
import type { Dialect } from '../db/migration-helpers.ts'
import { DATABASES } from '../test-support/context.ts'
import { addSession, fromNow, insertContributor, insertPerson } from '../test-support/fixtures.ts'
import { runOps } from './cli.ts'
import { pgTableCount } from './postgres.ts'
import { readTarGz, type TarSource, writeTarGz } from './tar.ts'

const PG_URL = process.env.TEST_DATABASE_URL ?? null

/** A command's output, line by line. */
function output() {
  const lines = { log: [] as string[], error: [] as string[] }
  return {
    lines,
    out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) },
  }
}

/** A fresh, empty PostgreSQL database of its own (`ops_rt_<random>`), and how to drop it. */
async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ops_rt_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL! })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(PG_URL!)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: PG_URL! })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** The environment of an installation: its data folder and, on PostgreSQL, its database. */
function installationEnv(dataDir: string, databaseUrl: string | null): NodeJS.ProcessEnv {
  return { NODE_ENV: 'test', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
}

/** The app of an installation, as the server builds it from its settings (its secrets from DATA_DIR/secrets). */
async function appOf(env: NodeJS.ProcessEnv) {
  const config = loadConfig(env)
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteReaders: 0,
  })
  const app = await buildApp({ config, store })
  await app.ready()
  const call = (url: string, token: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { 'x-api-key': DEV_API_KEY, authorization: `Bearer ${token}` },
    })
  return {
    config,
    store,
    app,
    call,
    async close() {
      await app.close()
      await store.destroy()
    },
  }
}

/** Every entry of an archive, in order, read whole (small test archives). */
async function entriesOf(file: string): Promise<{ name: string; data: Buffer }[]> {
  const entries: { name: string; data: Buffer }[] = []
  await readTarGz(file, async (entry) => {
    const parts: Buffer[] = []
    await entry.read((chunk) => {
      parts.push(chunk)
    })
    entries.push({ name: entry.name, data: Buffer.concat(parts) })
  })
  return entries
}

/** Writes `entries` as an archive, the last one (the manifest) as it is, whatever it says. */
async function rewrite(file: string, entries: { name: string; data: Buffer }[]): Promise<void> {
  const sources: TarSource[] = entries.slice(0, -1)
  await writeTarGz(file, sources, () => entries.at(-1)!)
}

/** What a data folder holds, recursively (file names), for "nothing was restored". */
function contents(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
}

for (const dialect of DATABASES as Dialect[]) {
  describe(`backup and restore [${dialect}]`, () => {
    const dropped: (() => Promise<void>)[] = []
    const database = async () => {
      if (dialect === 'sqlite') return null
      const made = await freshPgDatabase()
      dropped.push(made.drop)
      return made.url
    }
    afterAll(async () => {
      for (const drop of dropped) await drop()
    }, 60_000)
    // The refusals leave their target empty: they share one (a database made and dropped is seconds).
    let emptyTarget: string | null | undefined
    const untouched = async () => {
      if (emptyTarget === undefined) emptyTarget = await database()
      return installationEnv(mkdtempSync(join(tmpdir(), 'mashura-ops-refused-')), emptyTarget)
    }

    let archive: string
    let before: {
      sessions: unknown
      fileBytes: Buffer
      fileId: string
      ownerToken: string
      expertToken: string
    }
    let tokenSecret: string

    beforeAll(async () => {
      const env = installationEnv(mkdtempSync(join(tmpdir(), 'mashura-ops-src-')), await database())
      const source = await appOf(env)
      try {
        tokenSecret = source.config.tokenSecret
        const db = source.store.db
        const ownerId = await insertPerson(db, { issuer: 'test', subject: 'owner', fullName: 'سارة الشمري' })
        const expertPersonId = await insertPerson(db, { issuer: 'test', subject: 'expert', fullName: 'نورة' })
        const expertId = await insertContributor(db, expertPersonId, {
          title_ar: 'مستشارة',
          search_text: 'نورة',
        })
        await addSession(db, { contributorId: expertId, start: fromNow(3), smeId: ownerId })
        await addSession(db, { contributorId: expertId, start: fromNow(5), smeId: ownerId })
        const ownerToken = (await issueApiToken(source.store, source.config, ownerId)).token
        const expertToken = (await issueApiToken(source.store, source.config, expertPersonId)).token
        const { payload, headers } = multipartBody([
          { field: 'files[]', filename: 'plan.pdf', data: pdfFile() },
        ])
        const uploaded = await source.app.inject({
          method: 'POST',
          url: '/api/uploader/attachments/upload',
          payload,
          headers: { ...headers, 'x-api-key': DEV_API_KEY, authorization: `Bearer ${expertToken}` },
        })
        expect(uploaded.statusCode, uploaded.body).toBe(201)
        const fileId = uploaded.json().data.files[0].path as string
        const sessions = await source.call('/api/schedule/sme/sessions', ownerToken)
        expect(sessions.statusCode).toBe(200)
        expect(sessions.json().data).toHaveLength(2)
        const file = await source.call(`/api/uploader/files/${fileId}`, expertToken)
        expect(file.statusCode).toBe(200)
        before = { sessions: sessions.json(), fileBytes: file.rawPayload, fileId, ownerToken, expertToken }

        // A file put there by hand under a name the server never makes: left out, and said so, rather than
        // a backup no restore would take.
        writeFileSync(join(env.DATA_DIR!, 'secrets', 'notes by hand.txt'), 'x')
        // Online: the server is running while the backup is taken.
        archive = join(mkdtempSync(join(tmpdir(), 'mashura-ops-archive-')), 'backup.tar.gz')
        const { lines, out } = output()
        expect(await runOps(['backup', archive], { env, out }), lines.error.join('\n')).toBe(0)
        expect(lines.error).toEqual([
          `  left out ${join(env.DATA_DIR!, 'secrets', 'notes by hand.txt')}: not a file the server names (rename it to keep it)`,
        ])
        expect(lines.log.join('\n')).toContain('1 uploads')
        expect(lines.log.join('\n')).not.toContain(tokenSecret)
      } finally {
        await source.close()
      }
    }, 120_000)

    it('writes one archive, private to its owner, and never replaces a file', async () => {
      expect(statSync(archive).mode & 0o777).toBe(0o600)
      const names = (await entriesOf(archive)).map((e) => e.name)
      expect(names[0]).toBe(dialect === 'sqlite' ? 'database/mashura.sqlite' : 'database/postgres.dump')
      expect(names).toContain('secrets/token-secret')
      expect(names.filter((n) => n.startsWith('uploads/'))).toHaveLength(1)
      expect(names.at(-1)).toBe('manifest.json')
      const { lines, out } = output()
      const env = installationEnv(mkdtempSync(join(tmpdir(), 'mashura-ops-none-')), null)
      expect(await runOps(['backup', archive], { env, out })).toBe(1)
      expect(lines.error[0]).toContain('exists already')
    })

    it('restored into an empty data folder (and database), serves the same sessions and files to the same tokens', {
      timeout: 120_000,
    }, async () => {
      const env = installationEnv(
        join(mkdtempSync(join(tmpdir(), 'mashura-ops-dst-')), 'data'),
        await database(),
      )
      const { lines, out } = output()
      expect(await runOps(['restore', archive], { env, out }), lines.error.join('\n')).toBe(0)
      expect(lines.log.join('\n')).toContain('secrets: ')
      expect(lines.log.join('\n')).not.toContain(tokenSecret)
      const restored = await appOf(env)
      try {
        // The token secret came back: a token made before the backup still verifies.
        expect(restored.config.tokenSecret).toBe(tokenSecret)
        const sessions = await restored.call('/api/schedule/sme/sessions', before.ownerToken)
        expect(sessions.statusCode).toBe(200)
        expect(sessions.json()).toEqual(before.sessions)
        const file = await restored.call(`/api/uploader/files/${before.fileId}`, before.expertToken)
        expect(file.statusCode).toBe(200)
        expect(Buffer.compare(file.rawPayload, before.fileBytes)).toBe(0)
      } finally {
        await restored.close()
      }

      // Restoring again over it is refused: it holds data now.
      const again = output()
      expect(await runOps(['restore', archive], { env, out: again.out })).toBe(1)
      expect(again.lines.error[0]).toContain('holds data already')
      expect(again.lines.error[0]).toContain('--force')
      // With --force it replaces it.
      const forced = output()
      expect(
        await runOps(['restore', archive, '--force'], { env, out: forced.out }),
        forced.lines.error.join(),
      ).toBe(0)
    })

    it('restores nothing from a damaged archive', { timeout: 60_000 }, async () => {
      const env = await untouched()
      const dir = mkdtempSync(join(tmpdir(), 'mashura-ops-damaged-'))
      // A byte changed in the compressed stream.
      const flipped = join(dir, 'flipped.tar.gz')
      const bytes = readFileSync(archive)
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff
      writeFileSync(flipped, bytes)
      // Cut short.
      const truncated = join(dir, 'truncated.tar.gz')
      writeFileSync(truncated, readFileSync(archive).subarray(0, Math.floor(bytes.length * 0.7)))
      // A well-formed archive whose upload is not the one its manifest lists.
      const tampered = join(dir, 'tampered.tar.gz')
      const entries = await entriesOf(archive)
      const upload = entries.find((e) => e.name.startsWith('uploads/'))!
      upload.data = Buffer.concat([upload.data, Buffer.from('x')])
      await rewrite(tampered, entries)
      // One with a file that is not ours.
      const foreign = join(dir, 'foreign.tar.gz')
      const withForeign = await entriesOf(archive)
      withForeign.splice(1, 0, { name: '../escape.txt', data: Buffer.from('no') })
      await rewrite(foreign, withForeign)

      for (const [file, why] of [
        [flipped, ''],
        [truncated, ''],
        [tampered, 'does not match its checksum'],
        [foreign, '../escape.txt'],
      ] as const) {
        const { lines, out } = output()
        expect(await runOps(['restore', file], { env, out }), file).toBe(1)
        expect(lines.error[0]).toContain('The backup is damaged and nothing was restored')
        expect(lines.error[0]).toContain('النسخة الاحتياطية تالفة')
        expect(lines.error[0]).toContain(why)
        expect(contents(env.DATA_DIR!)).toEqual([])
        if (env.DATABASE_URL) expect(await pgTableCount(env.DATABASE_URL)).toBe(0)
        if (env.DATABASE_URL) expect(await pgTableCount(env.DATABASE_URL)).toBe(0)
      }
      expect(existsSync(join(tmpdir(), 'escape.txt'))).toBe(false)
    })

    it('refuses a backup whose schema is newer than this server', { timeout: 60_000 }, async () => {
      const entries = await entriesOf(archive)
      const manifest = JSON.parse(entries.at(-1)!.data.toString('utf8'))
      manifest.migrations.push('9999-from-the-future')
      entries.at(-1)!.data = Buffer.from(JSON.stringify(manifest))
      const newer = join(mkdtempSync(join(tmpdir(), 'mashura-ops-newer-')), 'newer.tar.gz')
      await rewrite(newer, entries)
      const env = await untouched()
      const { lines, out } = output()
      expect(await runOps(['restore', newer], { env, out })).toBe(1)
      expect(lines.error[0]).toContain("The backup's schema is newer than this server (9999-from-the-future)")
      expect(lines.error[0]).toContain('مخطط النسخة الاحتياطية أحدث من هذا الخادم')
      expect(contents(env.DATA_DIR!)).toEqual([])
      if (env.DATABASE_URL) expect(await pgTableCount(env.DATABASE_URL)).toBe(0)
    })
  })
}

describe('db status and db migrate', () => {
  for (const dialect of DATABASES as Dialect[]) {
    it(`answers 2 while migrations are pending, 0 once applied, 1 on a newer schema [${dialect}]`, {
      timeout: 60_000,
    }, async () => {
      const made = dialect === 'postgres' ? await freshPgDatabase() : null
      try {
        const env = installationEnv(mkdtempSync(join(tmpdir(), 'mashura-ops-db-')), made?.url ?? null)
        const status = output()
        expect(await runOps(['db', 'status'], { env, out: status.out })).toBe(2)
        expect(status.lines.log.join('\n')).toContain(`database: ${dialect}`)
        // A status changes nothing: no SQLite file is made by looking.
        if (dialect === 'sqlite') expect(existsSync(join(env.DATA_DIR!, 'mashura.sqlite'))).toBe(false)

        const migrate = output()
        expect(await runOps(['db', 'migrate'], { env, out: migrate.out })).toBe(0)
        expect(migrate.lines.log.filter((l) => l.startsWith('applied '))).toHaveLength(
          KNOWN_MIGRATIONS.length,
        )
        const upToDate = output()
        expect(await runOps(['db', 'status'], { env, out: upToDate.out })).toBe(0)
        expect(upToDate.lines.log).toContain(
          `applied:  ${KNOWN_MIGRATIONS.length}, latest ${KNOWN_MIGRATIONS.at(-1)}`,
        )
        expect(upToDate.lines.log).toContain('pending:  none')
        const again = output()
        expect(await runOps(['db', 'migrate'], { env, out: again.out })).toBe(0)
        expect(again.lines.log).toContain('up to date: nothing to apply')

        // A newer server migrated it: this one neither reports it as fine, nor migrates it, nor starts on it.
        const storage = storageConfig(env)
        const store = await openStore({ ...storage, migrate: 'none', sqliteReaders: 0 })
        await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', ${new Date().toISOString()})`.execute(
          store.db,
        )
        await store.destroy()
        const newer = output()
        expect(await runOps(['db', 'status'], { env, out: newer.out })).toBe(1)
        expect(newer.lines.error[0]).toContain(
          "The database's schema is newer than this server (9999-from-the-future)",
        )
        expect(newer.lines.error[0]).toContain('مخطط قاعدة البيانات أحدث من هذا الخادم')
        const refused = output()
        expect(await runOps(['db', 'migrate'], { env, out: refused.out })).toBe(1)
        expect(refused.lines.error[0]).toContain('upgrade the server or restore a backup')
        for (const migrate of ['apply', 'require'] as const)
          await expect(openStore({ ...storage, migrate, sqliteReaders: 0 })).rejects.toThrow(
            /schema is newer than this server \(9999-from-the-future\)/,
          )
      } finally {
        await made?.drop()
      }
    })
  }

  it('with MIGRATE_ON_START=false, a server refuses to start while migrations are pending', async () => {
    const env: NodeJS.ProcessEnv = {
      ...installationEnv(mkdtempSync(join(tmpdir(), 'mashura-ops-start-')), null),
      MIGRATE_ON_START: 'false',
    }
    const config = loadConfig(env)
    expect(config.migrateOnStart).toBe(false)
    expect(loadConfig({ ...env, MIGRATE_ON_START: undefined }).migrateOnStart).toBe(true)
    expect(() => loadConfig({ ...env, MIGRATE_ON_START: 'maybe' })).toThrow(
      /MIGRATE_ON_START must be true or false/,
    )
    // What main.ts's start does with the setting.
    const options = { ...storageConfig(env), sqliteReaders: 0, migrate: 'require' as const }
    await expect(openStore(options)).rejects.toThrow(/pending migration.*MIGRATE_ON_START is false/s)
    expect(await runOps(['db', 'migrate'], { env, out: output().out })).toBe(0)
    const store = await openStore(options)
    await store.destroy()
    // The file it checked is a real, migrated database.
    const sqlite = new DatabaseSync(join(env.DATA_DIR!, 'mashura.sqlite'), { readOnly: true })
    expect((sqlite.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBe(
      KNOWN_MIGRATIONS.length,
    )
    sqlite.close()
  })

  it('says how it is used, and answers null for a command that is not its own', async () => {
    const env = installationEnv(mkdtempSync(join(tmpdir(), 'mashura-ops-usage-')), null)
    expect(await runOps(['serve'], { env, out: output().out })).toBeNull()
    expect(await runOps([], { env, out: output().out })).toBeNull()
    const help = output()
    expect(await runOps(['db', '--help'], { env, out: help.out })).toBe(0)
    expect(help.lines.log[0]).toContain('exit 0 up to date, 2 migrations pending, 1 an error')
    for (const argv of [
      ['db'],
      ['db', 'drop'],
      ['backup'],
      ['backup', 'a', 'b'],
      ['backup', 'a', '--force'],
      ['db', 'status', '--nope'],
    ]) {
      const bad = output()
      expect(await runOps(argv, { env, out: bad.out }), argv.join(' ')).toBe(1)
      expect(bad.lines.error.join('\n')).toContain('Usage')
    }
  })
})

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

describe('npm run db / backup / restore', () => {
  // npm and Node start and load the server's modules: seconds on a busy machine.
  it('runs from the repository with the settings of the environment', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mashura-ops-npm-'))
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: join(dir, 'data') }
    delete env.DATABASE_URL
    delete env.INIT_CWD
    const run = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          'npm',
          ['run', '--silent', ...args],
          { cwd: ROOT, env: { ...env, ...extra }, timeout: 100_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        )
      })
    // Production without API keys, sign-in or mail: the operations commands need only where the data is.
    const pending = await run(['db', '--', 'status'])
    expect(pending.code, pending.stderr).toBe(2)
    expect((await run(['db', '--', 'migrate'])).code).toBe(0)
    const backedUp = await run(['backup', '--', join(dir, 'b.tar.gz')])
    expect(backedUp.code, backedUp.stderr).toBe(0)
    const restored = await run(['restore', '--', join(dir, 'b.tar.gz')], { DATA_DIR: join(dir, 'restored') })
    expect(restored.code, restored.stderr).toBe(0)
    const status = await run(['db', '--', 'status'], { DATA_DIR: join(dir, 'restored') })
    expect(status.code, status.stderr).toBe(0)
    expect(status.stdout).toContain('pending:  none')
  })
})
