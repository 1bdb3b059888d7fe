/**
 * `backup <file>` (issue 35): one archive holding everything a server needs to come back: the database (SQLite
 * through `node:sqlite`'s online backup, consistent while the server runs; PostgreSQL through
 * `pg_dump --format=custom`), the uploads, the ready data exports and the generated secrets (DATA_DIR/secrets:
 * the token secret, the sign-in provider's keys, the VAPID keys), and last a manifest that lists every file's
 * size and SHA-256, so that a restore checks the whole archive before it touches anything. The archive is
 * written beside its name and renamed into place when complete, readable by its owner alone: it holds secrets.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { lstat, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { backup, DatabaseSync } from 'node:sqlite'
import type { StorageConfig } from '../config.ts'
import type { Dialect } from '../db/migration-helpers.ts'
import { loadPg } from '../db/pg.ts'
import { pgConnection, runPgProgram } from './postgres.ts'
import { type TarSource, type TarWritten, writeTarGz } from './tar.ts'

/** The SQLite file under DATA_DIR (db/database.ts's default). */
export const SQLITE_FILE = 'mashura.sqlite'
/**
 * The folders of DATA_DIR a backup holds: the uploads (app.ts), the ready data exports (domain/my-data.ts's
 * EXPORTS_FOLDER; a person's download link keeps working) and the generated secrets (config.ts, adapters/oidc).
 * Not the upload spool, whose files are half-received, nor the development mailbox.
 */
export const FILE_FOLDERS = ['uploads', 'exports', 'secrets'] as const
/** The database's name inside the archive. */
export const DATABASE_ENTRY: Record<Dialect, string> = {
  sqlite: `database/${SQLITE_FILE}`,
  postgres: 'database/postgres.dump',
}
export const MANIFEST_ENTRY = 'manifest.json'
/**
 * The names of the files a backup takes from those folders (the server names them so: uuids, fixed names); a
 * restore accepts no other, so a file named otherwise by hand is left out and named rather than make a backup
 * no restore would take.
 */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/
export const BACKUP_FORMAT = 'mashura-backup'
export const BACKUP_FORMAT_VERSION = 1

/** What `manifest.json` says of the archive. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: number
  created_at: string
  dialect: Dialect
  /** The migrations the database had, in order: a restore refuses names its build does not know. */
  migrations: string[]
  latest_migration: string | null
  files: TarWritten[]
}

/** A refusal: said to the operator as it is (Arabic and English), with exit code 1. */
export class OpsRefused extends Error {
  override readonly name = 'OpsRefused'
}

/** Where the operations commands write. */
export interface CommandOutput {
  log(line: string): void
  error(line: string): void
}

/** The files of one DATA_DIR folder (flat: the server names them), as archive sources; `skipped` gets the others. */
async function folderSources(dataDir: string, folder: string, skipped: string[]): Promise<TarSource[]> {
  let names: string[]
  try {
    names = await readdir(join(dataDir, folder))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const sources: TarSource[] = []
  for (const name of names.sort()) {
    const path = join(dataDir, folder, name)
    const stat = await lstat(path).catch(() => null)
    // Only the files the server wrote; a file deleted since the listing (an orphan swept) is simply gone.
    if (!stat?.isFile()) continue
    if (FILE_NAME.test(name)) sources.push({ name: `${folder}/${name}`, path, size: stat.size })
    else skipped.push(path)
  }
  return sources
}

/** Copies the SQLite database with the online backup API and answers the copy's migrations. */
async function backupSqlite(dataDir: string, copy: string): Promise<string[]> {
  const file = join(dataDir, SQLITE_FILE)
  if (!existsSync(file))
    throw new OpsRefused(
      `لا توجد قاعدة بيانات في ${file}: لا شيء يُنسخ.\nThere is no database at ${file}: nothing to back up.`,
    )
  const source = new DatabaseSync(file, { readOnly: true })
  try {
    source.exec('PRAGMA busy_timeout = 10000')
    // All pages in one step: one read transaction, so a server writing meanwhile cannot restart the copy.
    await backup(source, copy, { rate: 2 ** 31 - 1 })
  } finally {
    source.close()
  }
  const copied = new DatabaseSync(copy)
  try {
    // One self-contained file: whatever the copy wrote to a write-ahead log goes into it, and the log away.
    copied.exec('PRAGMA journal_mode = DELETE')
    const table = copied
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number }
    if (table.n === 0) return []
    return (
      copied.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name)
  } finally {
    copied.close()
  }
}

/** Dumps the PostgreSQL database and answers its migrations (read first: a dump is at least that new). */
async function backupPostgres(databaseUrl: string, dump: string): Promise<string[]> {
  const pg = await loadPg()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let migrations: string[] = []
  try {
    const { rows } = await client.query<{ t: string | null }>("select to_regclass('kysely_migration') as t")
    if (rows[0]?.t)
      migrations = (
        await client.query<{ name: string }>('select name from kysely_migration order by name')
      ).rows.map((row) => row.name)
  } finally {
    await client.end()
  }
  const { url, env } = pgConnection(databaseUrl)
  await runPgProgram(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, `--dbname=${url}`],
    env,
  )
  return migrations
}

/** Writes a backup of the installation `storage` names to `file`; answers its manifest. */
export async function createBackup(
  storage: StorageConfig,
  file: string,
  now: Date = new Date(),
  skipped: string[] = [],
): Promise<BackupManifest> {
  const target = resolve(file)
  if (existsSync(target))
    throw new OpsRefused(
      `الملف ${target} موجود: سمِّ ملفًا جديدًا (النسخة الاحتياطية لا تستبدل ملفًا).\n${target} exists already: name a new file (a backup never replaces one).`,
    )
  if (!existsSync(dirname(target)))
    throw new OpsRefused(
      `المجلد ${dirname(target)} غير موجود.\nThe folder ${dirname(target)} does not exist.`,
    )
  const dialect: Dialect = storage.databaseUrl ? 'postgres' : 'sqlite'
  const work = await mkdtemp(join(dirname(target), `.${basename(target)}.work-`))
  const partial = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`)
  try {
    const database = join(work, dialect === 'sqlite' ? SQLITE_FILE : 'postgres.dump')
    const migrations =
      dialect === 'sqlite'
        ? await backupSqlite(storage.dataDir, database)
        : await backupPostgres(storage.databaseUrl!, database)
    const sources: TarSource[] = [
      { name: DATABASE_ENTRY[dialect], path: database, size: (await lstat(database)).size },
    ]
    for (const folder of FILE_FOLDERS)
      sources.push(...(await folderSources(storage.dataDir, folder, skipped)))
    let manifest: BackupManifest | null = null
    await writeTarGz(partial, sources, (files) => {
      manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        created_at: now.toISOString(),
        dialect,
        migrations,
        latest_migration: migrations.at(-1) ?? null,
        files,
      }
      return { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }
    })
    await rename(partial, target)
    return manifest!
  } finally {
    await rm(work, { recursive: true, force: true })
    await rm(partial, { force: true })
  }
}

/** `backup <file>`: writes the backup and says what it holds (never a secret's content). */
export async function runBackup(storage: StorageConfig, file: string, out: CommandOutput): Promise<number> {
  const skipped: string[] = []
  const manifest = await createBackup(storage, file, new Date(), skipped)
  const count = (folder: string) => manifest.files.filter((f) => f.name.startsWith(`${folder}/`)).length
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0)
  out.log(`backup written to ${resolve(file)} (${(bytes / 1024 / 1024).toFixed(1)} MB before compression)`)
  out.log(
    `  database: ${manifest.dialect}, schema ${manifest.latest_migration ?? 'empty'} (${manifest.migrations.length} migrations)`,
  )
  out.log(
    `  files: ${count('uploads')} uploads, ${count('exports')} data exports, ${count('secrets')} secrets`,
  )
  for (const path of skipped)
    out.error(`  left out ${path}: not a file the server names (rename it to keep it)`)
  out.log('  It holds the secrets of DATA_DIR/secrets: keep it where only the operators can read it.')
  return 0
}
