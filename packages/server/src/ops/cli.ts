/**
 * The operations commands (issue 35): `db status | migrate`, `backup <file>`, `restore <file>`. The same
 * dispatcher serves `npm run db -- …` / `npm run backup -- …` in a checkout and `node server.mjs db …` in a
 * release (dist/release/server.mjs), with the server's own settings (loadConfig).
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The commands this dispatcher knows. */
export const OPS_COMMANDS = ['db', 'backup', 'restore'] as const

/**
 * Runs an operations command from its arguments (`['db', 'status']`, `['backup', 'file.tar']`…) and resolves
 * with its exit code, or with null when the arguments name no operations command (the caller serves instead).
 */
export async function runOps(argv: readonly string[]): Promise<number | null> {
  const [command] = argv
  if (!OPS_COMMANDS.includes(command as (typeof OPS_COMMANDS)[number])) return null
  console.error(`${command}: not built yet`)
  return 1
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const code = await runOps(process.argv.slice(2))
  process.exit(code ?? 1)
}
