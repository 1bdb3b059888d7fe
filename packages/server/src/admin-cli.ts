/**
 * `npm run admin -- grant <email> [--analyst]`, `revoke <email> [--analyst]`, `list`: the back office's roles
 * given on the command line (issue 33), for the first admin of a new installation and wherever the sign-in
 * provider names no roles (`OIDC_ROLES_CLAIM`). Works in production: it opens the database the server uses
 * (PostgreSQL from DATABASE_URL, or DATA_DIR/mashura.sqlite) with the server's own settings. The person must
 * have signed in once; every grant and revocation is recorded in the audit trail as the command line's.
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from './config.ts'
import { openStore, type Store } from './db/database.ts'
import { setCommandRole } from './db/queries/people.ts'
import { backOfficePeople, peopleByEmail } from './db/queries/roles.ts'
import { COMMAND_LINE, recordAudit } from './domain/audit.ts'
import { rolesOfClaim } from './domain/back-office-roles.ts'

export const USAGE = `Usage: npm run admin -- <command>

  grant <email> [--analyst]    make the person with this e-mail an admin (an analyst with --analyst)
  revoke <email> [--analyst]   take the role back
  list                         show who has which role
  --help                       show this text

The person must have signed in once. Roles the sign-in provider gives (OIDC_ROLES_CLAIM) are
its own: this command neither shows them as granted here nor takes them back.`

/** Where the command writes. */
export interface CommandOutput {
  log(line: string): void
  error(line: string): void
}

/** The roles of a person as the list shows them. */
function rolesOf(person: { is_admin: number; is_analyst: number; provider_roles: string }): string {
  const command = [person.is_admin === 1 ? 'admin' : '', person.is_analyst === 1 ? 'analyst' : ''].filter(
    Boolean,
  )
  const provider = rolesOfClaim(person.provider_roles)
  return [
    command.length ? `command: ${command.join(', ')}` : '',
    provider.length ? `provider: ${provider.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ')
}

/**
 * Runs the command `argv` (what follows `npm run admin --`) on `store`, writing to `out`; answers the exit
 * code: 0 done, 1 refused (no such person), 2 a bad command line.
 */
export async function runAdminCommand(
  argv: readonly string[],
  { store, out, now }: { store: Store; out: CommandOutput; now?: Date },
): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { values, positionals } = parsed
  const [command, email, ...extra] = positionals
  if (values.help) {
    out.log(USAGE)
    return 0
  }
  if (command === 'list' && email === undefined) {
    const people = await backOfficePeople(store.db)
    if (people.length === 0) out.log('لا أحد يحمل دورًا في لوحة الإدارة. / Nobody holds a back-office role.')
    for (const p of people) out.log(`${p.id}\t${p.full_name}\t${p.email ?? '-'}\t${rolesOf(p)}`)
    return 0
  }
  if ((command !== 'grant' && command !== 'revoke') || !email || extra.length > 0) {
    out.error(USAGE)
    return 2
  }
  const role = values.analyst ? 'analyst' : 'admin'
  const granted = command === 'grant'
  const column = role === 'admin' ? 'is_admin' : 'is_analyst'
  const people = await peopleByEmail(store.db, email)
  if (people.length === 0) {
    out.error(
      `لا يوجد شخص بالبريد ${email}: يجب أن يسجّل الدخول مرة واحدة على الأقل قبل منحه دورًا.\n` +
        `No person has the e-mail ${email}: they must sign in once before they can be given a role.`,
    )
    return 1
  }
  for (const person of people) {
    const had = person[column] === 1
    if (had === granted) {
      out.log(
        `${person.full_name} <${person.email}> (#${person.id}): ${granted ? 'already' : 'not'} ${role}; nothing changed.`,
      )
      continue
    }
    await store.db.transaction().execute(async (trx) => {
      await setCommandRole(trx, person.id, role, granted)
      await recordAudit(trx, {
        actor: COMMAND_LINE,
        action: granted ? 'role.grant' : 'role.revoke',
        targetType: 'person',
        targetId: person.id,
        before: { [column]: had },
        after: { [column]: granted },
        ...(now ? { now } : {}),
      })
    })
    out.log(
      `${person.full_name} <${person.email}> (#${person.id}): ${granted ? 'granted' : 'revoked'} ${role}.`,
    )
    if (!granted && rolesOfClaim(person.provider_roles).includes(role))
      out.log(`  The sign-in provider still names them ${role} (OIDC_ROLES_CLAIM): take it back there too.`)
  }
  return 0
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { analyst: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  })
}

/** Run as a program: the server's settings, its database, the command, the exit code. */
async function main(): Promise<void> {
  // npm runs the script from the repository; a relative DATA_DIR means where the user typed the command.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
  let store: Store
  try {
    const config = loadConfig()
    store = await openStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sqliteReaders: config.sqliteReaders,
    })
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration: ${error.message}` : error)
    process.exitCode = 2
    return
  }
  try {
    process.exitCode = await runAdminCommand(process.argv.slice(2), {
      store,
      out: { log: (line) => console.log(line), error: (line) => console.error(line) },
    })
  } finally {
    await store.destroy()
  }
}

const invoked = process.argv[1] ? realpathSync(process.argv[1]) : ''
if (invoked === realpathSync(fileURLToPath(import.meta.url))) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
