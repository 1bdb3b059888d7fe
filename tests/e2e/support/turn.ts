/**
 * A real TURN relay for the call tests: Debian's coturn (`apt-get install coturn`), started on free ports
 * of 127.0.0.1 with the TURN REST API's shared secret (`use-auth-secret`), as production runs it, plus
 * `allow-loopback-peers` because here both browsers are on this machine.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './npm-start.ts'

const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver'

/** A running relay. */
export interface Relay {
  /** `turn:127.0.0.1:<port>?transport=udp` */
  url: string
  secret: string
  /** Everything the relay logged so far. */
  log(): string
  stop(): Promise<void>
}

/** Starts coturn and resolves once its servers are up; fails with what to install when it is missing. */
export async function startRelay(): Promise<Relay> {
  if (!existsSync(TURNSERVER))
    throw new Error(
      `coturn is missing at ${TURNSERVER}. Install it with: apt-get install -y coturn (or set TURNSERVER_PATH)`,
    )
  const dir = mkdtempSync(join(tmpdir(), 'mashura-turn-'))
  const port = await freePort()
  // Relay ports: a range of its own, away from the ephemeral ports the OS hands out.
  const minPort = 40_000 + Math.floor(Math.random() * 400) * 50
  const secret = `turn-${Math.random().toString(36).slice(2)}`
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${minPort}`,
      `--max-port=${minPort + 49}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=mashura.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--fingerprint',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--userdb=${join(dir, 'turndb')}`,
      '--log-file=stdout',
      '--simple-log',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`coturn did not start:\n${output}`)), 15_000)
    const check = setInterval(() => {
      if (output.includes('Total General servers')) {
        clearInterval(check)
        clearTimeout(timer)
        resolve()
      }
    }, 50)
    child.once('exit', (code) => {
      clearInterval(check)
      clearTimeout(timer)
      reject(new Error(`coturn exited with ${code}:\n${output}`))
    })
  })
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
