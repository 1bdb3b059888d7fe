/**
 * The release's server entry (issue 35, `npm run release`): bundled with core into `dist/release/server/main.mjs`
 * and run by `dist/release/server.mjs`, with the release's folders beside it. Nothing is built at start: the
 * site, its server renderer and the widgets were built once by the release, so a production host needs only
 * the production dependencies, and any number of instances run from one release folder.
 *
 * `node server.mjs db status|migrate`, `node server.mjs backup <file>`, `node server.mjs restore <file>` run
 * the operations commands (ops/cli.ts) with the same settings, `node server.mjs admin grant <email>` … the
 * back office's roles (admin-cli.ts, `npm run admin` in a checkout); anything else serves.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAdminCommand } from './admin-cli.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openStore } from './db/database.ts'
import { start, stopOnSignals } from './main.ts'
import { runOps } from './ops/cli.ts'

/** Where the release keeps what it serves, relative to its folder (scripts/release.mjs copies them there). */
export const RELEASE_FOLDERS = {
  site: 'site',
  siteServerEntry: 'site-server/entry-server.js',
  widgets: 'widgets',
} as const

/**
 * Runs the release in `root` (the folder of server.mjs): an operations command when `argv` names one (resolves
 * with its exit code), else starts the server and stops it on SIGINT or SIGTERM (resolves with null; with 2
 * when a setting is missing or wrong).
 */
export async function runRelease(root: string | URL, argv: readonly string[]): Promise<number | null> {
  const code = argv[0] === 'admin' ? await runAdmin(argv.slice(1)) : await runOps(argv)
  if (code !== null) return code
  const folder = typeof root === 'string' ? root : fileURLToPath(root)
  let server: Awaited<ReturnType<typeof start>>
  try {
    server = await start({
      siteRoot: join(folder, RELEASE_FOLDERS.site),
      siteServerEntry: join(folder, RELEASE_FOLDERS.siteServerEntry),
      widgetsRoot: join(folder, RELEASE_FOLDERS.widgets),
    })
  } catch (error) {
    // A missing or bad setting: one line that names it, for the operator reading the service's log.
    if (!(error instanceof ConfigError)) throw error
    console.error(`Configuration: ${error.message}`)
    return 2
  }
  stopOnSignals(server)
  return null
}

/** `node server.mjs admin …`: what `npm run admin -- …` does in a checkout, on the server's own settings. */
async function runAdmin(argv: readonly string[]): Promise<number> {
  let store: Awaited<ReturnType<typeof openStore>>
  try {
    const config = loadConfig()
    store = await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sqliteReaders: 0,
      migrate: config.migrateOnStart ? 'apply' : 'require',
    })
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration: ${error.message}` : error)
    return 2
  }
  try {
    return await runAdminCommand(argv, {
      store,
      out: { log: (line) => console.log(line), error: (line) => console.error(line) },
    })
  } finally {
    await store.destroy()
  }
}
