/**
 * The operations commands (issue 35): `db status | migrate`, `backup <file>`, `restore <file>`. The same
 * dispatcher serves `npm run db -- …` / `npm run backup -- …` in a checkout and `node server.mjs db …` in a
 * release (dist/release/server.mjs), with the server's own storage settings (config.ts's `storageConfig`: the
 * rest of the configuration need not be set to back up or migrate).
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ConfigError, storageConfig } from '../config.ts'
import { SchemaNewerError } from '../db/migrate.ts'
import { type CommandOutput, OpsRefused, runBackup } from './backup.ts'
import { dbMigrate, dbStatus } from './db.ts'
import { runRestore } from './restore.ts'

/** The commands this dispatcher knows. */
export const OPS_COMMANDS = ['db', 'backup', 'restore'] as const

export const USAGE = `Usage (in a release: node server.mjs <command> …):

  npm run db -- status             where the schema stands: applied, latest, pending
                                   exit 0 up to date, 2 migrations pending, 1 an error
                                   (a schema newer than this server is an error)
  npm run db -- migrate            apply the pending migrations (before rolling out
                                   instances started with MIGRATE_ON_START=false)
  npm run backup -- <file>         write one archive (.tar.gz) of the database, the uploads,
                                   the data exports and the secrets of DATA_DIR; it holds
                                   secrets: keep it private. The server may keep running.
  npm run restore -- <file> [--force]
                                   put a backup back into DATA_DIR (and DATABASE_URL), all or
                                   nothing, after checking every file of it; stop the server
                                   first. --force replaces a data folder or database that
                                   holds data already.

They use the server's settings: DATA_DIR, DATABASE_URL.`

const console_: CommandOutput = { log: (line) => console.log(line), error: (line) => console.error(line) }

/**
 * Runs an operations command from its arguments (`['db', 'status']`, `['backup', 'file.tar.gz']`…) and resolves
 * with its exit code, or with null when the arguments name no operations command (the caller serves instead).
 * Errors go to `out.error`, with exit code 1.
 */
export async function runOps(
  argv: readonly string[],
  { env = process.env, out = console_ }: { env?: NodeJS.ProcessEnv; out?: CommandOutput } = {},
): Promise<number | null> {
  const [command, ...rest] = argv
  if (!OPS_COMMANDS.includes(command as (typeof OPS_COMMANDS)[number])) return null
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(rest)
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${USAGE}`)
    return 1
  }
  const { values, positionals } = parsed
  if (values.help) {
    out.log(USAGE)
    return 0
  }
  const [argument, ...extra] = positionals
  const usage = () => {
    out.error(USAGE)
    return 1
  }
  if (extra.length > 0 || !argument) return usage()
  if (values.force && command !== 'restore') return usage()
  try {
    const storage = storageConfig(env)
    if (command === 'db') {
      if (argument === 'status') return await dbStatus(storage, out)
      if (argument === 'migrate') return await dbMigrate(storage, out)
      return usage()
    }
    if (command === 'backup') return await runBackup(storage, argument, out)
    return await runRestore(storage, argument, values.force, out)
  } catch (error) {
    const known =
      error instanceof ConfigError || error instanceof OpsRefused || error instanceof SchemaNewerError
    out.error(
      error instanceof ConfigError
        ? `Configuration: ${error.message}`
        : known
          ? (error as Error).message
          : `${command} failed: ${(error as Error).message ?? error}`,
    )
    return 1
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  })
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // npm runs the script from the repository; a relative DATA_DIR or file means where the user typed the command.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const code = await runOps(process.argv.slice(2))
  process.exit(code ?? 1)
}
