/**
 * Test harness: the app in-process on a fresh, migrated database: in-memory SQLite,
 * or a private PostgreSQL schema when TEST_DATABASE_URL is set (CI always sets it).
 * Tests call `eachDatabase` so the same suite runs on both, and `useTestContext` (with `usePeople`,
 * `useFixtures`) for the suite's app and what it needs in it.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { issueApiToken } from '../adapters/auth/tokens.ts'
import type { DomainEvent } from '../adapters/events/bus.ts'
import { buildSearchText } from '../adapters/search/arabic.ts'
import { buildApp } from '../app.ts'
import { type Config, DEV_API_KEY, loadConfig } from '../config.ts'
import { dropPgSchema, openStore, type Store } from '../db/database.ts'
import type { Dialect } from '../db/migration-helpers.ts'
import { setCommandRole } from '../db/queries/people.ts'
import type { ContributorsTable } from '../db/tables.ts'
import { rebuildSearchText } from '../domain/contributors.ts'
import { coverSubjects, insertContributor, insertPerson } from './rows.ts'

/** The databases this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/** Runs a suite once per database, named after it. */
export function eachDatabase(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of DATABASES) describe(`${name} [${dialect}]`, () => suite(dialect))
}

/** A test-made person. */
export interface TestPerson {
  personId: number
  contributorId: number | null
  token: string
  sessionId: string
  name: string
}

/** Options for a test person. */
export interface PersonOptions {
  name?: string
  email?: string
  /** A back-office role, as `npm run admin -- grant` gives it (issue 33). */
  backOffice?: 'admin' | 'analyst'
  contributor?: Partial<Pick<ContributorsTable, 'kind' | 'center_id' | 'title_ar' | 'bio_ar'>> & {
    gender?: 'female' | 'male' | null
    can_create_slots?: boolean
    can_delete_slots?: boolean
    chat_status?: boolean
    join_now_enabled?: boolean
    /** The subjects the expert covers. */
    subjects?: readonly number[]
  }
}

/** A running test app. */
export interface TestContext {
  config: Config
  store: Store
  app: Awaited<ReturnType<typeof buildApp>>
  /** Calls the app with the dev API key, an optional token and language. */
  call(
    options: InjectOptions & { token?: string | null; lang?: 'ar' | 'en'; apiKey?: string | null },
  ): Promise<LightMyRequestResponse>
  /** `call` for a GET of `url`, as the holder of `token` (signed out without one), in `lang` if given. */
  get(url: string, token?: string | null, lang?: 'ar' | 'en'): Promise<LightMyRequestResponse>
  /** `call` for a POST of `payload` (an object goes as JSON) to `url`, as the holder of `token`, in `lang` if given. */
  post(
    url: string,
    token: string | null,
    payload: InjectOptions['payload'],
    lang?: 'ar' | 'en',
  ): Promise<LightMyRequestResponse>
  /** `call` for a PUT of `payload` (an object goes as JSON) to `url`, as the holder of `token`, in `lang` if given. */
  put(
    url: string,
    token: string | null,
    payload: InjectOptions['payload'],
    lang?: 'ar' | 'en',
  ): Promise<LightMyRequestResponse>
  /** Makes a person (and optionally their expert identity) with a live token. */
  person(options?: PersonOptions): Promise<TestPerson>
  close(): Promise<void>
}

/**
 * Awaits a call, expects its status (200 unless given; its body is the failure message) and answers its JSON:
 * for the tests that read an answer rather than its headers.
 */
// biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, as `LightMyRequestResponse.json` gives it.
export async function jsonOf(call: Promise<LightMyRequestResponse>, status = 200): Promise<any> {
  const response = await call
  expect(response.statusCode, response.body).toBe(status)
  return response.json()
}

let counter = 0

/** Test configuration: development defaults in a temporary data directory. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'mashura-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '8080',
    TOKEN_SECRET: 'test-secret-of-enough-length',
  })
  return { ...config, ...overrides }
}

/**
 * A production configuration, complete enough to start (API keys, sign-in, mail), in a temporary data
 * directory: what a test needs to show that development-only routes are not there.
 */
export function productionConfig(): Config {
  const { dataDir } = testConfig()
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    TOKEN_SECRET: 'test-secret-of-enough-length',
    API_KEYS: JSON.stringify({ 'partner-key': ['https://partner.example.sa'] }),
    OIDC_ISSUER: 'https://sso.example.sa',
    OIDC_CLIENT_ID: 'mashura',
    OIDC_CLIENT_SECRET: 'secret',
    SMTP_URL: 'smtp://relay.example.sa:587',
    RATING_PASSPHRASE: 'production-rating-passphrase',
  })
}

/** Starts the app on a fresh database of the given kind. */
export async function createTestContext(
  dialect: Dialect,
  configOverrides: Partial<Config> = {},
): Promise<TestContext> {
  const config = testConfig(configOverrides)
  const schema = `t_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`
  const url = process.env.TEST_DATABASE_URL ?? null
  if (dialect === 'postgres' && !url) {
    throw new Error('PostgreSQL tests need TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test')
  }
  let store: Store
  try {
    store = await openStore(
      dialect === 'postgres'
        ? { databaseUrl: url, dataDir: config.dataDir, pgSchema: schema, poolSize: 30 }
        : { databaseUrl: null, dataDir: config.dataDir, sqliteFile: 'test.sqlite' },
    )
  } catch (error) {
    // Leave no half-made schema behind for the next run to trip over.
    if (dialect === 'postgres' && url) await dropPgSchema(url, schema).catch(() => undefined)
    throw error
  }
  const app = await buildApp({ config, store })
  await app.ready()
  let people = 0
  const call: TestContext['call'] = (options) => {
    const { token, lang, apiKey, headers, ...rest } = options
    return app.inject({
      ...rest,
      headers: {
        ...(apiKey === null ? {} : { 'x-api-key': apiKey ?? DEV_API_KEY }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...headers,
      },
    })
  }

  return {
    config,
    store,
    app,
    call,
    get: (url, token, lang) => call({ method: 'GET', url, token, lang }),
    post: (url, token, payload, lang) => call({ method: 'POST', url, token, lang, payload }),
    put: (url, token, payload, lang) => call({ method: 'PUT', url, token, lang, payload }),
    async person(options = {}) {
      const n = ++people
      const name = options.name ?? `شخص تجريبي ${n}`
      const personId = await insertPerson(store.db, {
        issuer: 'test',
        subject: `test-${n}-${randomBytes(4).toString('hex')}`,
        fullName: name,
        email: options.email ?? `person${n}@example.sa`,
      })
      if (options.backOffice) await setCommandRole(store.db, personId, options.backOffice, true)
      let contributorId: number | null = null
      if (options.contributor) {
        const c = options.contributor
        const id = await insertContributor(store.db, personId, {
          kind: c.kind ?? 'consultant',
          gender: c.gender ?? null,
          title_ar: c.title_ar ?? 'مستشار',
          bio_ar: c.bio_ar ?? '',
          search_text: buildSearchText({ name, titles: [c.title_ar ?? 'مستشار'], bios: [c.bio_ar ?? ''] }),
          center_id: c.center_id ?? null,
          can_create_slots: c.can_create_slots === false ? 0 : 1,
          can_delete_slots: c.can_delete_slots === false ? 0 : 1,
          chat_status: c.chat_status ? 1 : 0,
          join_now_enabled: c.join_now_enabled ? 1 : 0,
        })
        contributorId = id
        if (c.subjects?.length) {
          await coverSubjects(store.db, id, c.subjects)
          // The search finds an expert by subject, as the platform keeps it (domain/contributors.ts).
          await rebuildSearchText(store.db, [id])
        }
      }
      const { token, sessionId } = await issueApiToken(store, config, personId)
      return { personId, contributorId, token, sessionId, name }
    },
    async close() {
      await app.close()
      await store.destroy()
      if (dialect === 'postgres' && url) await dropPgSchema(url, schema)
    },
  }
}

// ------------------------------------------------------------------------------------------- suite hooks
// A suite registers its app and its fixtures with these instead of `let` variables set in its own
// `beforeAll`: each answers an object at once, filled in by a `beforeAll` (run in the order they were
// called). Read them in tests and hooks, never while the suite is being defined.

/**
 * The suite's app on a fresh `dialect` database, started before its tests and closed after them.
 * `config` may be a function, for settings known only once an earlier hook has run (a stand-in's port).
 */
export function useTestContext(
  dialect: Dialect,
  config: Partial<Config> | (() => Partial<Config>) = {},
): TestContext {
  const ctx = {} as TestContext
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(dialect, typeof config === 'function' ? config() : config))
  })
  // Guarded: when the start failed, its error is the one to see.
  afterAll(() => ctx.close?.())
  return ctx
}

/**
 * Plain objects (rows, people) the suite makes once before its tests, one maker a name, in the order given:
 * a maker may read the ones before it.
 */
export function useFixtures<T extends Record<string, object>>(
  makers: { [K in keyof T]: () => Promise<T[K]> },
): T {
  const values = Object.fromEntries(Object.keys(makers).map((name) => [name, {}])) as T
  beforeAll(async () => {
    for (const name of Object.keys(makers) as (keyof T)[]) {
      const made = await makers[name]()
      // Copied into the object handed out: an array or a class instance would lose its shape. (SQLite's rows
      // have no prototype at all.)
      const prototype = Object.getPrototypeOf(made)
      if (prototype !== Object.prototype && prototype !== null)
        throw new Error(`fixture ${String(name)}: not a plain object`)
      Object.assign(values[name], made)
    }
  })
  return values
}

/** A test-made person with an expert identity. */
export type TestExpert = TestPerson & { contributorId: number }

/** What {@link usePeople} makes of options: an expert where they give a `contributor`. */
type MadeOf<O> = O extends { contributor: object } | (() => { contributor: object }) ? TestExpert : TestPerson

/**
 * People the suite makes once before its tests (see {@link TestContext.person}), one options a name (a
 * function, for options that need an earlier fixture).
 */
export function usePeople<T extends Record<string, PersonOptions | (() => PersonOptions)>>(
  ctx: TestContext,
  people: T,
): { [K in keyof T]: MadeOf<T[K]> } {
  const makers = Object.entries(people).map(([name, options]) => [
    name,
    () => ctx.person(typeof options === 'function' ? options() : options),
  ])
  return useFixtures(Object.fromEntries(makers)) as { [K in keyof T]: MadeOf<T[K]> }
}

/** Every event the suite's app publishes on its bus once the hooks registered before this have run, oldest first. */
export function useBusEvents(ctx: TestContext): DomainEvent[] {
  const events: DomainEvent[] = []
  beforeAll(() => {
    ctx.app.bus.subscribe((event) => events.push(event))
  })
  return events
}

/** Two instances of the app on one database and one Redis, as a deployment behind a load balancer runs them. */
export interface TwoInstances {
  /** The first instance, with the test context's helpers. */
  ctx: TestContext
  /** The second instance: same database, same Redis, a memory of its own. */
  second: Awaited<ReturnType<typeof buildApp>>
  /** The Redis key prefix the pair shares (and no other test does). */
  prefix: string
  /** Closes both and deletes the pair's Redis keys. */
  close(): Promise<void>
}

/** Starts {@link TwoInstances} on a fresh database of the given kind, sharing `redisUrl` under a prefix of their own. */
export async function createTwoInstances(
  dialect: Dialect,
  redisUrl: string,
  configOverrides: Partial<Config> = {},
): Promise<TwoInstances> {
  const prefix = `mashura-test-${randomBytes(4).toString('hex')}:`
  const shared = { ...configOverrides, redisUrl, redisPrefix: prefix }
  const ctx = await createTestContext(dialect, shared)
  const second = await buildApp({ config: { ...ctx.config, ...shared }, store: ctx.store })
  await second.ready()
  return {
    ctx,
    second,
    prefix,
    async close() {
      await second.close()
      await ctx.close()
      const redis = new Redis(redisUrl)
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
    },
  }
}
