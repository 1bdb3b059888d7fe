import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@mashura/server/testing'

/** A TCP port nobody listens on right now (the server tests' helper, shared). */
export { freePort }

/** The repository's root, where `npm start` runs. */
export const root = new URL('../../../', import.meta.url).pathname

/** A running `npm start`: where it answers and the data directory it seeded. */
export interface NpmStart {
  /** The address it printed, with a trailing slash (`http://localhost:1234/`). */
  base: string
  /** Its data directory (the embedded SQLite database lives there). */
  dataDir: string
  /** Stops the server (its whole process group) and deletes its data; a no-op for a server given by `E2E_BASE`. */
  stop(): Promise<void>
}

/** The environment without NODE_ENV: Vitest sets one, a newcomer's shell does not. */
function withoutNodeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _dropped, ...rest } = env
  return rest
}

/** Waits for the line `running at <address>` that the server prints once it listens. */
function address(server: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`npm start printed no address:\n${out}`)), 115_000)
    const read = (chunk: Buffer) => {
      out += chunk
      const m = out.match(/running at (http:\/\/\S+)/)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!.endsWith('/') ? m[1]! : `${m[1]}/`)
      }
    }
    server.stdout?.on('data', read)
    server.stderr?.on('data', read)
    server.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)))
  })
}

/**
 * Starts the README's `npm start` on a free port with a fresh data directory (the first start migrates and
 * seeds it, as for a newcomer), and resolves once it prints its address. `E2E_BASE` and `E2E_DATA_DIR` point
 * the tests at a server already running instead (quicker while writing tests; nothing is started or stopped).
 */
export async function startNpm(extraEnv: Record<string, string> = {}): Promise<NpmStart> {
  if (process.env.E2E_BASE && process.env.E2E_DATA_DIR) {
    const base = process.env.E2E_BASE.endsWith('/') ? process.env.E2E_BASE : `${process.env.E2E_BASE}/`
    return { base, dataDir: process.env.E2E_DATA_DIR, stop: async () => {} }
  }
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'mashura-e2e-'))
  const server = spawn('npm', ['start'], {
    cwd: root,
    // As a newcomer's shell runs it: no NODE_ENV, no DATABASE_URL. The journeys sign in more often in a
    // minute than a person would; the rate limits have their own server tests.
    env: {
      ...withoutNodeEnv(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_BOOKING: '1000',
      ...extraEnv,
    },
    // Its own process group, so stopping it also ends the node process npm started.
    detached: true,
  })
  const base = await address(server)
  return {
    base,
    dataDir,
    async stop() {
      if (!server.pid || server.exitCode !== null) return
      const exited = new Promise((resolve) => server.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await exited
      // npm may exit a moment before the server's node process lets go of the database: tidy up, never fail.
      try {
        rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 })
      } catch (error) {
        console.warn(`could not delete ${dataDir}`, error)
      }
    },
  }
}
