/**
 * The global setup of the `host` project (vitest.config.ts): the real reference server for the host app's
 * tests in vitest's browser mode, started (SQLite in a fresh data directory, seeded, the development API key)
 * before the first test file and stopped after the last, on the port the config proxies `/api` to
 * (tests/support/host-browser.ts). The `mashuraCommand` browser command runs the same `mashura-*` commands
 * the widgets' tests use (tests/support/reference-server.ts), and the host app's own below, in Node.
 */
import type { TestProject } from 'vitest/node'
import { personRow } from '../e2e/support/db.ts'
import { HOST_COMMANDS, type HostCommandRunner, hostServerPort } from './host-browser.ts'
import { type PlatformInfo, type StartedReferenceServer, startReferenceServer } from './reference-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The reference server of the run, as the API sees it (its own origin, not the test page's). */
    mashuraPlatform: PlatformInfo
  }
}

let started: StartedReferenceServer | undefined

/** The running server, or a clear error when the global setup has not started it. */
function running(): StartedReferenceServer {
  if (!started) throw new Error('The reference server is not running (tests/support/host-setup.ts)')
  return started
}

/** A person's ids by the provider's subject. */
const personBySubject = (subject: string) => personRow(running().server.store.db, subject)

/**
 * The host app's own commands, beside the shared `mashura-*` ones: like them, they only reach the server's
 * own fixtures on its database.
 */
const hostOnly: Record<string, (payload: Record<string, unknown>) => Promise<unknown>> = {
  /**
   * Books a session between a seeded expert (`expert`, a subject) and any business owner (`smeId`, a person
   * id, such as one `mashura-new-sme` made), `startsIn` minutes from now, other columns overridden.
   */
  async 'host-session'({ expert, smeId, startsIn, minutes, ...overrides }) {
    const { addSession } = await import('@mashura/server/testing')
    const { server } = running()
    const contributor = await personBySubject(String(expert))
    if (!contributor.contributor_id) throw new Error(`${expert} is not an expert`)
    const session = await addSession(server.store.db, {
      contributorId: contributor.contributor_id,
      smeId: Number(smeId),
      start: new Date(Date.now() + Number(startsIn ?? 60) * 60_000),
      minutes: Number(minutes ?? 60),
      ...overrides,
    })
    await server.app.catalogueCache.bump(['slots', 'slotset', `contributor:${contributor.contributor_id}`])
    return session
  },

  /**
   * Gives a seeded person `count` notifications, a minute apart and older than any made live (with `now`: just
   * made, newer than any), titled `إشعار {n}` / `Notice {n}` with `tag` in both bodies; answers their ids, newest
   * first.
   */
  async 'host-notifications'({ subject, count, tag, now }) {
    const { server } = running()
    const person = await personBySubject(String(subject))
    const start = now ? Date.now() - Number(count) * 60_000 : Date.now() - 7 * 24 * 3_600_000
    const ids: number[] = []
    for (let n = 1; n <= Number(count); n++) {
      const row = await server.store.db
        .insertInto('notifications')
        .values({
          person_id: person.id,
          kind: 'fixture',
          title_ar: `إشعار ${n}`,
          title_en: `Notice ${n}`,
          body_ar: `نص ${tag}`,
          body_en: `Body ${tag}`,
          request_id: null,
          session_id: null,
          read_at: null,
          created_at: new Date(start + n * 60_000).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.unshift(row.id)
    }
    return ids
  },
}

/** Starts the server for the run, hands its address and commands to the tests, and stops it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startReferenceServer({ PORT: String(await hostServerPort()) })
  started = server
  const run: HostCommandRunner = (name, payload) => hostOnly[name]?.(payload) ?? server.command(name, payload)
  ;(globalThis as { [HOST_COMMANDS]?: HostCommandRunner })[HOST_COMMANDS] = run
  project.provide('mashuraPlatform', server.platform)
  return async () => {
    delete (globalThis as { [HOST_COMMANDS]?: HostCommandRunner })[HOST_COMMANDS]
    started = undefined
    await server.stop()
  }
}
