/**
 * `restore <file> [--force]` (issue 35): puts a backup (backup.ts) back, all or nothing. The whole archive is
 * unpacked into a folder of its own inside DATA_DIR and checked against its manifest (every file there, of its
 * size and SHA-256, nothing else) before anything is replaced: a damaged archive restores nothing. It refuses a
 * backup whose schema is newer than this build, a backup of the other database, and a data folder or database
 * that holds data already (unless --force, which replaces them). The server must be stopped meanwhile.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { StorageConfig } from '../config.ts'
import { compareMigrations } from '../db/migrate.ts'
import type { Dialect } from '../db/migration-helpers.ts'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  type CommandOutput,
  DATABASE_ENTRY,
  FILE_FOLDERS,
  FILE_NAME,
  MANIFEST_ENTRY,
  OpsRefused,
  SQLITE_FILE,
} from './backup.ts'
import { pgConnection, pgTableCount, runPgProgram } from './postgres.ts'
import { fileSink, readTarGz } from './tar.ts'

/** The names an archive may hold: anything else (`../`, a folder of its own) is not one of ours. */
const ENTRY_NAME = new RegExp(
  `^(${MANIFEST_ENTRY.replace('.', '\\.')}|database/(${SQLITE_FILE.replace('.', '\\.')}|postgres\\.dump)|(${FILE_FOLDERS.join('|')})/${FILE_NAME.source.slice(1, -1)})$`,
)

/** What the data folder and the database hold already (empty: nothing to lose). */
async function whatIsThere(storage: StorageConfig): Promise<string[]> {
  const there: string[] = []
  const sqlite = join(storage.dataDir, SQLITE_FILE)
  if (!storage.databaseUrl && existsSync(sqlite) && statSync(sqlite).size > 0)
    there.push(`the database ${sqlite}`)
  for (const folder of FILE_FOLDERS) {
    const path = join(storage.dataDir, folder)
    const files = existsSync(path) ? readdirSync(path).length : 0
    if (files > 0) there.push(`${files} file(s) in ${path}`)
  }
  if (storage.databaseUrl) {
    const tables = await pgTableCount(storage.databaseUrl)
    if (tables > 0) there.push(`${tables} table(s) in the PostgreSQL database of DATABASE_URL`)
  }
  return there
}

/** What a restore put back. */
export interface RestoreSummary {
  manifest: BackupManifest
  /** Migrations this build has that the backup had not: the server (or `db migrate`) applies them. */
  pending: string[]
}

/** Unpacks `file` into `staging`, checking it against its manifest; answers the manifest. */
async function unpack(file: string, staging: string): Promise<BackupManifest> {
  const seen = new Map<string, { size: number; sha256: string }>()
  let manifestText: string | null = null
  try {
    await readTarGz(file, async (entry) => {
      const twice = seen.has(entry.name) || (entry.name === MANIFEST_ENTRY && manifestText !== null)
      if (!ENTRY_NAME.test(entry.name) || twice)
        throw new Error(`it holds ${JSON.stringify(entry.name)}, which no backup of this server holds`)
      if (entry.name === MANIFEST_ENTRY) {
        if (entry.size > 64 * 1024 * 1024) throw new Error('its manifest is too large')
        const parts: Buffer[] = []
        await entry.read((chunk) => {
          parts.push(chunk)
        })
        manifestText = Buffer.concat(parts).toString('utf8')
        return
      }
      await mkdir(join(staging, entry.name, '..'), { recursive: true, mode: 0o700 })
      const sink = await fileSink(join(staging, entry.name))
      try {
        await entry.read((chunk) => sink.write(chunk))
      } finally {
        seen.set(entry.name, await sink.close())
      }
    })
  } catch (error) {
    // A system call failing (the disk full, a folder not writable) is not the archive's fault: said as it is.
    if ((error as NodeJS.ErrnoException).syscall) throw error
    throw new OpsRefused(
      `النسخة الاحتياطية تالفة، ولم يُسترجع منها شيء: ${(error as Error).message}\n` +
        `The backup is damaged and nothing was restored: ${(error as Error).message}`,
    )
  }
  const damaged = (why: string) =>
    new OpsRefused(
      `النسخة الاحتياطية تالفة، ولم يُسترجع منها شيء: ${why}\nThe backup is damaged and nothing was restored: ${why}`,
    )
  if (manifestText === null) throw damaged('it has no manifest (is it a backup of this server?)')
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(manifestText) as BackupManifest
  } catch {
    throw damaged('its manifest is not JSON')
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    !Array.isArray(manifest.files) ||
    !Array.isArray(manifest.migrations)
  )
    throw damaged('its manifest is not a Mashura backup manifest')
  if (manifest.version > BACKUP_FORMAT_VERSION)
    throw new OpsRefused(
      `صيغة النسخة الاحتياطية (${manifest.version}) أحدث من هذا الخادم: استرجعها بإصدار أحدث.\n` +
        `The backup's format (${manifest.version}) is newer than this server: restore it with a newer release.`,
    )
  for (const listed of manifest.files) {
    const got = seen.get(listed.name)
    if (!got) throw damaged(`${listed.name} is missing`)
    if (got.size !== listed.size || got.sha256 !== listed.sha256)
      throw damaged(`${listed.name} does not match its checksum`)
    seen.delete(listed.name)
  }
  const extra = [...seen.keys()]
  if (extra.length) throw damaged(`${extra.join(', ')} are not in its manifest`)
  if (!manifest.files.some((f) => f.name === DATABASE_ENTRY[manifest.dialect]))
    throw damaged('it holds no database')
  return manifest
}

/** Moves the staged folders into the data folder, replacing what --force allowed to replace. */
async function moveFiles(staging: string, dataDir: string): Promise<void> {
  for (const folder of FILE_FOLDERS) {
    const target = join(dataDir, folder)
    await rm(target, { recursive: true, force: true })
    if (existsSync(join(staging, folder))) await rename(join(staging, folder), target)
    else await mkdir(target, { mode: 0o700 })
    await chmod(target, 0o700)
  }
}

/** Restores the backup `file` into the installation `storage` names. */
export async function restoreBackup(
  storage: StorageConfig,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const archive = resolve(file)
  if (!existsSync(archive)) throw new OpsRefused(`لا يوجد ملف ${archive}.\nThere is no file ${archive}.`)
  const dialect: Dialect = storage.databaseUrl ? 'postgres' : 'sqlite'
  const there = await whatIsThere(storage)
  if (there.length > 0 && !force)
    throw new OpsRefused(
      `مجلد البيانات أو قاعدة البيانات فيه بيانات، ولم يُسترجع شيء (أضف --force لاستبدالها):\n` +
        `The data folder or the database holds data already, and nothing was restored (add --force to replace it):\n` +
        there.map((line) => `  ${line}`).join('\n'),
    )
  await mkdir(storage.dataDir, { recursive: true, mode: 0o700 })
  // Inside DATA_DIR: the same file system, so the checked files are renamed into place, not copied.
  const staging = await mkdtemp(join(storage.dataDir, '.restore-'))
  try {
    const manifest = await unpack(archive, staging)
    if (manifest.dialect !== dialect)
      throw new OpsRefused(
        `النسخة الاحتياطية من ${manifest.dialect} وهذا الخادم مهيأ لـ ${dialect} (DATABASE_URL): لا تُنقل بينهما.\n` +
          `The backup is of ${manifest.dialect} and this server is set up for ${dialect} (DATABASE_URL): a backup does not move between them.`,
      )
    const { unknown, pending } = compareMigrations(manifest.migrations)
    if (unknown.length)
      throw new OpsRefused(
        `مخطط النسخة الاحتياطية أحدث من هذا الخادم (${unknown.join(', ')}): استعدها بالإصدار الذي صنعها أو بأحدث منه. لم يُسترجع شيء.\n` +
          `The backup's schema is newer than this server (${unknown.join(', ')}): restore it with the release that made it or a newer one. Nothing was restored.`,
      )
    const database = join(staging, DATABASE_ENTRY[dialect])
    if (dialect === 'sqlite') {
      const check = new DatabaseSync(database, { readOnly: true })
      try {
        const result = check.prepare('PRAGMA quick_check').get() as { quick_check: string }
        if (result.quick_check !== 'ok')
          throw new OpsRefused(
            `قاعدة البيانات في النسخة الاحتياطية تالفة، ولم يُسترجع شيء: ${result.quick_check}\n` +
              `The backup's database is damaged and nothing was restored: ${result.quick_check}`,
          )
      } finally {
        check.close()
      }
      const target = join(storage.dataDir, SQLITE_FILE)
      // A log left by the database replaced would be played into the restored one: it goes first.
      for (const suffix of ['-wal', '-shm', '-journal']) await rm(`${target}${suffix}`, { force: true })
      await chmod(database, 0o600)
      await rename(database, target)
    } else {
      const { url, env } = pgConnection(storage.databaseUrl!)
      await runPgProgram(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          ...(force ? ['--clean', '--if-exists'] : []),
          `--dbname=${url}`,
          database,
        ],
        env,
      )
    }
    await moveFiles(staging, storage.dataDir)
    return { manifest, pending }
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** `restore <file> [--force]`: restores and says what it put back (secrets by name only). */
export async function runRestore(
  storage: StorageConfig,
  file: string,
  force: boolean,
  out: CommandOutput,
): Promise<number> {
  const { manifest, pending } = await restoreBackup(storage, file, { force })
  const names = (folder: string) => manifest.files.filter((f) => f.name.startsWith(`${folder}/`))
  out.log(`restored the backup of ${manifest.created_at} into ${storage.dataDir}`)
  out.log(
    `  database: ${manifest.dialect}${manifest.dialect === 'postgres' ? ' (DATABASE_URL)' : ''}, schema ${manifest.latest_migration ?? 'empty'}`,
  )
  out.log(`  files: ${names('uploads').length} uploads, ${names('exports').length} data exports`)
  out.log(
    `  secrets: ${
      names('secrets')
        .map((f) => f.name.slice('secrets/'.length))
        .join(', ') || 'none'
    }`,
  )
  if (pending.length)
    out.log(
      `  ${pending.length} migration(s) of this server are still to apply; the server applies them at start, or run \`db migrate\`.`,
    )
  return 0
}
