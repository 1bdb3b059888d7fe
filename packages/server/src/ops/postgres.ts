/**
 * Running PostgreSQL's own client programs (`pg_dump`, `pg_restore`) on DATABASE_URL. The password goes to them
 * in their environment (PGPASSWORD), never on their command line, where any user of the machine could read it.
 */
import { execFile } from 'node:child_process'
import { loadPg } from '../db/pg.ts'

/** DATABASE_URL without its password, and the environment that carries the password. */
export function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { url: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

/** Runs a PostgreSQL client program; rejects with its own words (stderr) when it fails or is not installed. */
export function runPgProgram(program: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    execFile(program, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve()
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return reject(
          new Error(
            `${program} was not found: install the PostgreSQL client programs (the server's major version or newer).`,
          ),
        )
      reject(new Error(`${program} failed: ${stderr.trim() || error.message}`))
    })
  })
}

/** How many tables the database's schemas (all but PostgreSQL's own) hold: 0 for an empty database. */
export async function pgTableCount(databaseUrl: string): Promise<number> {
  const pg = await loadPg()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'`,
    )
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}
