/**
 * The real reference server for browser test runs: a @web/test-runner plugin that starts it (SQLite in a
 * fresh data directory, seeded with the demo data, the development API key) before the first test file,
 * stops it after the last, and answers `mashura-*` commands from the test pages. The commands only reach
 * the server's own functions (issue a token, insert a slot or a session, make a rating link): every call a
 * widget makes still goes over HTTP to the real API.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, type Row } from '@mashura/server/testing'

type Started = Awaited<ReturnType<typeof import('@mashura/server').start>>

/** What `mashura-platform` answers: where the API is and the key to call it with. */
export interface PlatformInfo {
  origin: string
  apiBase: string
  apiKey: string
}

async function personBySubject(server: Started, subject: string) {
  const person = await server.store.db
    .selectFrom('people')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select(['people.id', 'people.full_name', 'contributors.id as contributor_id'])
    .where('people.subject', '=', subject)
    .executeTakeFirst()
  if (!person) throw new Error(`No seeded person with subject ${subject}`)
  return person
}

/**
 * Tells the server's catalogue cache that a command changed an expert's slots or sessions: the commands write
 * through the server's own connection, around the API, so nothing else would (the API's writes say so
 * themselves).
 */
async function changedExpert(server: Started, contributorId: number): Promise<void> {
  await server.app.catalogueCache.bump(['slots', 'slotset', `contributor:${contributorId}`])
}

/** The commands test pages may send, by name, with their payloads. */
type Commands = Record<string, (server: Started, payload: Record<string, unknown>) => Promise<unknown>>

const commands: Commands = {
  'mashura-platform': async (server) =>
    ({
      origin: server.config.publicUrl,
      apiBase: `${server.config.publicUrl}/api`,
      apiKey: server.config.devApiKey ?? '',
    }) satisfies PlatformInfo,

  /** Signs a seeded person in (`subject`: dev-sme, dev-consultant, …) and returns a live API token. */
  'mashura-sign-in': async (server, { subject }) => {
    const { issueApiToken } = await import('@mashura/server/testing')
    const person = await personBySubject(server, String(subject))
    const { token } = await issueApiToken(server.store, server.config, person.id)
    return { token, personId: person.id, contributorId: person.contributor_id, name: person.full_name }
  },

  /**
   * What the mobile app does (issue 30): signs a seeded person in through the development app key, and asks the
   * API for a link into the site with that key and token. Answers the link's handle and the person.
   */
  'mashura-app-link': async (server, { subject, to }) => {
    const { issueApiToken } = await import('@mashura/server/testing')
    const person = await personBySubject(server, String(subject))
    const apiKey = server.config.devAppApiKey ?? ''
    const { token } = await issueApiToken(server.store, server.config, person.id, apiKey)
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/authentication/app-link',
      headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}` },
      payload: typeof to === 'string' ? { to } : {},
    })
    if (res.statusCode !== 200) throw new Error(`The app's link was refused: ${res.statusCode} ${res.body}`)
    const url = new URL((res.json() as { data: { url: string } }).data.url)
    return {
      handle: url.pathname.split('/').pop(),
      token,
      personId: person.id,
      contributorId: person.contributor_id,
      name: person.full_name,
    }
  },

  /**
   * What the platform's sign-in popup leaves when a seeded person signs in for a widget (issue 30): the login
   * result kept under a one-time code for `challenge`, `origin` and the development key. Answers the code, which
   * the test hands to the widget as the popup would; the widget redeems it over HTTP with its own verifier.
   */
  'mashura-handoff': async (server, { subject, challenge, origin }) => {
    const { depositHandoff, signInResult } = await import('@mashura/server/testing')
    const person = await server.store.db
      .selectFrom('people')
      .selectAll()
      .where('subject', '=', String(subject))
      .executeTakeFirstOrThrow()
    const apiKey = server.config.devApiKey ?? ''
    const result = await signInResult(server.store, server.config, person, apiKey)
    const code = await depositHandoff(server.store, {
      challenge: String(challenge),
      apiKey,
      origin: String(origin),
      result,
    })
    return { code, name: person.full_name }
  },

  /**
   * Makes a business owner of its own for one test and returns a live API token: a test that books gets a
   * calendar nobody else's bookings crowd (fair booking refuses overlapping sessions and caps upcoming ones).
   */
  'mashura-new-sme': async (server, { name }) => {
    const { insertPerson, issueApiToken } = await import('@mashura/server/testing')
    const fullName = String(name ?? 'صاحب منشأة للاختبار')
    const id = await insertPerson(server.store.db, {
      issuer: 'test',
      subject: `test-sme-${randomUUID()}`,
      fullName,
    })
    const { token } = await issueApiToken(server.store, server.config, id)
    return { token, personId: id, contributorId: null, name: fullName }
  },

  /**
   * Makes a consultant of its own for one test, with dev-consultant's subjects and no slots: a test that needs
   * an expert's calendar empty (or just so) gets one. Answers the expert and the `subject` that `mashura-slot`
   * takes as `expert`.
   */
  'mashura-new-expert': async (server, { name }) => {
    const { insertContributor, insertPerson } = await import('@mashura/server/testing')
    const db = server.store.db
    const subject = `test-expert-${randomUUID()}`
    const fullName = String(name ?? 'خبير للاختبار')
    const personId = await insertPerson(db, { issuer: 'test', subject, fullName })
    const id = await insertContributor(db, personId, { search_text: fullName })
    const model = await personBySubject(server, 'dev-consultant')
    const subjects = await db
      .selectFrom('contributor_subjects')
      .select('subject_id')
      .where('contributor_id', '=', model.contributor_id!)
      .execute()
    if (subjects.length)
      await db
        .insertInto('contributor_subjects')
        .values(subjects.map(({ subject_id }) => ({ contributor_id: id, subject_id })))
        .execute()
    await changedExpert(server, id)
    return { contributorId: id, subject, name: fullName }
  },

  /** Adds a free slot to a seeded expert, `startsIn` minutes from now. */
  'mashura-slot': async (server, { expert, startsIn, minutes, availability, officeId }) => {
    const { insertSlot } = await import('@mashura/server/testing')
    const person = await personBySubject(server, String(expert))
    if (!person.contributor_id) throw new Error(`${expert} is not an expert`)
    const slot: Row<'slots'> = await insertSlot(server.store.db, {
      contributorId: person.contributor_id,
      start: new Date(Date.now() + Number(startsIn ?? 60 * 24) * 60_000),
      minutes: Number(minutes ?? 60),
      availability: (availability as 1 | 2 | 3 | undefined) ?? 3,
      officeId: (officeId as number | undefined) ?? null,
    })
    await changedExpert(server, person.contributor_id)
    return slot
  },

  /**
   * Books a session between a seeded expert and business owner, `startsIn` minutes from now, with any
   * column overridden (`state`, `request_state`, `communication_way`, `meeting_provider`, …).
   */
  'mashura-session': async (server, { expert, sme, startsIn, minutes, ...overrides }) => {
    const { addSession } = await import('@mashura/server/testing')
    const contributor = await personBySubject(server, String(expert))
    const owner = await personBySubject(server, String(sme ?? 'dev-sme'))
    if (!contributor.contributor_id) throw new Error(`${expert} is not an expert`)
    const session = await addSession(server.store.db, {
      contributorId: contributor.contributor_id,
      smeId: owner.id,
      start: new Date(Date.now() + Number(startsIn ?? 60) * 60_000),
      minutes: Number(minutes ?? 60),
      ...overrides,
    })
    await changedExpert(server, contributor.contributor_id)
    return session
  },

  /** Makes the rating link of an ended session, as the server does when the session ends. */
  'mashura-rating-link': async (server, { sessionId }) => {
    const { createRatingLink } = await import('@mashura/server/testing')
    const link = await createRatingLink(server.store.db, {
      sessionId: Number(sessionId),
      publicUrl: server.config.publicUrl,
    })
    if (!link) throw new Error(`Session ${sessionId} got no rating link`)
    return { token: link.token, passphrase: server.config.ratingPassphrase }
  },
}

/** A reference server started in this process, with the commands above as plain functions. */
export interface StartedReferenceServer {
  /** The running server (its store, config and `stop`). */
  server: Started
  /** Where the API is and the key to call it with. */
  platform: PlatformInfo
  /** Runs one of the `mashura-*` commands (`mashura-sign-in`, `mashura-session`, …) with its payload. */
  command<T = unknown>(name: string, payload?: Record<string, unknown>): Promise<T>
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>
}

/**
 * Starts the reference server in this process (SQLite in a fresh data directory, seeded with the demo
 * data, the development API key) on a free port: what the browser test runs use, for end-to-end tests
 * that drive Chromium themselves. Sets the server's environment variables in `process.env`, `env` last.
 */
export async function startReferenceServer(
  env: Record<string, string> = {},
): Promise<StartedReferenceServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mashura-wtr-'))
  const port = await freePort()
  Object.assign(process.env, {
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    // Test pages book and sign in far more often than a person; the limits have their own server tests.
    RATE_LIMIT_BOOKING: '100000',
    RATE_LIMIT_SIGN_IN: '100000',
    ...env,
  })
  const { start } = await import('@mashura/server')
  const server = await start()
  async function command<T>(name: string, payload: Record<string, unknown> = {}): Promise<T> {
    const run = commands[name]
    if (!run) throw new Error(`No command ${name}`)
    return (await run(server, payload)) as T
  }
  return {
    server,
    platform: await command<PlatformInfo>('mashura-platform'),
    command,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The @web/test-runner plugin: starts the server with the run and serves the commands above. */
export function referenceServer() {
  let started: StartedReferenceServer | undefined
  return {
    name: 'mashura-reference-server',
    async serverStart() {
      started = await startReferenceServer()
    },
    async serverStop() {
      await started?.stop()
    },
    async executeCommand({
      command,
      payload,
      session,
    }: {
      command: string
      payload?: unknown
      session?: { id: string; browser: { getPage?(id: string): unknown } }
    }) {
      // The page as it looks, into test-results/widgets/<name>.png, for people to look at.
      if (command === 'mashura-screenshot') {
        const page = session?.browser.getPage?.(session.id) as
          | { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> }
          | undefined
        const { name, fullPage } = (payload ?? {}) as { name?: string; fullPage?: boolean }
        if (!page || !name || !/^[\w.-]+$/.test(name)) return false
        await page.screenshot({ path: join('test-results', 'widgets', `${name}.png`), fullPage: !!fullPage })
        return true
      }
      const run = commands[command]
      if (!run) return undefined
      if (!started) throw new Error('The reference server is not running')
      return run(started.server, (payload ?? {}) as Record<string, unknown>)
    },
  }
}
