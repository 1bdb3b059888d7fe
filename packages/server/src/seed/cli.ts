/**
 * `npm run seed -- [--experts N] [--seed N] [--force]`: fills the configured
 * database (SQLite under DATA_DIR, or PostgreSQL from DATABASE_URL) with Arabic
 * demo data and prints what it made. A database that already holds data is left
 * alone unless `--force` is given, which deletes everything in it first.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEV_ACCOUNTS } from '../adapters/oidc/dev-accounts.ts'
import { type Config, ConfigError, loadConfig } from '../config.ts'
import { openStore } from '../db/database.ts'
import { clearDatabase, DEFAULT_EXPERTS, DEFAULT_SEED, isEmpty, MAX_EXPERTS, seedDatabase } from './seed.ts'

const USAGE = `Usage: npm run seed -- [--experts N] [--seed N] [--force]

Fills the database with Arabic demo data: the dev sign-in people, experts with
subjects, centers and slots for the next three weeks, sessions, settings and lists.

  --experts N   experts to make besides the dev accounts (default ${DEFAULT_EXPERTS}, at most ${MAX_EXPERTS})
  --seed N      random seed; the same seed makes the same people (default ${DEFAULT_SEED})
  --force       the database already holds data: DELETE EVERYTHING in it, then seed
  --help        show this text

The database is the one the server uses: PostgreSQL when DATABASE_URL is set,
otherwise DATA_DIR/mashura.sqlite (DATA_DIR defaults to .data).`

/** A bad command line. */
class UsageError extends Error {}

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || n > max) throw new UsageError(`${name} must be a whole number from 0 to ${max}`)
  return n
}

/** Where the data goes, without credentials. */
function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `the SQLite database ${join(config.dataDir, 'mashura.sqlite')}`
  try {
    const url = new URL(config.databaseUrl)
    return `the PostgreSQL database ${url.host}${url.pathname}`
  } catch {
    return 'the PostgreSQL database (DATABASE_URL)'
  }
}

const fmt = (n: number) => n.toLocaleString('en-US')

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      experts: { type: 'string' },
      seed: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const experts = wholeNumber('--experts', values.experts, DEFAULT_EXPERTS, MAX_EXPERTS)
  const seed = wholeNumber('--seed', values.seed, DEFAULT_SEED, 2 ** 32 - 1)

  // npm runs workspace scripts inside the package; a relative DATA_DIR means where the user typed the command.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  const config = loadConfig()
  if (!config.development) {
    console.error(
      'Refusing to seed with NODE_ENV=production: demo people (and a demo admin) have no place there.',
    )
    return 1
  }
  const where = describeDatabase(config)
  const whereCapitalised = where[0]!.toUpperCase() + where.slice(1)
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteReaders: config.sqliteReaders,
  })
  try {
    if (!(await isEmpty(store))) {
      if (!values.force) {
        console.error(
          `${whereCapitalised} already holds data; nothing was changed.\nRun with --force to delete everything in it and seed afresh.`,
        )
        return 1
      }
      console.log(`Deleting everything in ${where} (--force)…`)
      await clearDatabase(store)
    }
    const started = performance.now()
    const s = await seedDatabase(store, { experts, seed, publicUrl: config.publicUrl })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    if (!s.created) {
      console.error(`${whereCapitalised} was filled by another process meanwhile; nothing was changed.`)
      return 1
    }
    const kinds = Object.entries(s.expertsByKind)
      .map(([k, n]) => `${k} ${fmt(n)}`)
      .join(', ')
    const states = Object.entries(s.sessionsByState)
      .map(([k, n]) => `${k} ${fmt(n)}`)
      .join(', ')
    const row = (label: string, n: number, note = '') =>
      `  ${label.padEnd(15)}${fmt(n).padStart(9)}${note ? `  (${note})` : ''}`
    console.log(
      [
        `Seeded ${where} in ${seconds} s (seed ${s.seed}):`,
        row('people', s.people),
        row('experts', s.experts, kinds),
        row('subjects', s.subjects),
        row('centers', s.centers, `${fmt(s.offices)} offices`),
        row('slots', s.slots, 'free slots cover the next three weeks'),
        row('sessions', s.sessions, states),
        row('companies', s.companies),
        row('settings', s.settings, `${fmt(s.faqs)} FAQs, ${fmt(s.cancelReasons)} cancel reasons`),
        `Dev sign-in accounts: ${DEV_ACCOUNTS.map((a) => a.subject).join(', ')}`,
      ].join('\n'),
    )
    return 0
  } finally {
    await store.destroy()
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`)
      process.exitCode = 2
      return
    }
    if (error instanceof ConfigError) {
      console.error(`Configuration: ${error.message}`)
      process.exitCode = 2
      return
    }
    console.error(error)
    process.exitCode = 1
  },
)
