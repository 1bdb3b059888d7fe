/**
 * The catalogue read cache. Public reads (the contributor lists and search, a contributor's profile and free
 * slots, settings, subjects, centers, offices) are kept in this process's memory under keys that embed the
 * version of every scope they depend on. A write bumps the versions of the scopes it changes after it
 * commits and before it answers, so the next read, on any instance, reads new versions and misses: a stale
 * value is never looked up, it just ages out of the LRU. With REDIS_URL the versions live in Redis (one MGET
 * per read), so several instances never serve what a write on another one has made stale.
 *
 * Versions are random tokens (per process without Redis), never counters: a restarted process or a Redis
 * that lost its keys can never hand out a version an old ETag or an old cached value was made under.
 *
 * Writes made outside the API (the seed, SQL by hand) bump nothing: keys also embed the current minute, so
 * those show within a minute; on SQLite they also embed `PRAGMA data_version`, which moves as soon as another
 * process commits to the file (read once per turn of the event loop), so there they show at once.
 *
 * Answers about "future" slots change by themselves when a slot starts. Reads that depend on it (`timed`)
 * also key on the next instant any slot starts ({@link CatalogueCache.versions}), which only moves when that
 * instant passes or the set of slots changes (scope `slotset`).
 */
import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import { firstSlotStartAfter } from '../../db/queries/contributors.ts'
import type { Database } from '../../db/tables.ts'
import type { DomainEvent, EventBus } from '../events/bus.ts'
import { connectRedis } from '../redis.ts'

/** What a cached read depends on; a write bumps the scopes it changes. */
export type CacheScope =
  /** Contributors' names, texts, kinds, subjects and centers: what the search matches and a profile shows, slots aside. */
  | 'catalogue'
  /** Settings, FAQs, subjects, centers and offices as listed on their own. */
  | 'settings'
  /** Which slots are free, anywhere: the search's availability filters. */
  | 'slots'
  /** Which slots exist, free or not: the instants at which answers about "future" slots change by themselves. */
  | 'slotset'
  /** One contributor's slots, sessions and live flags: their profile and their schedule. */
  | `contributor:${number}`

/** The versions a read is keyed by. */
export interface ReadVersions {
  /** One token per scope asked for, in order. */
  tokens: string[]
  /** The next instant a slot starts (ISO text), `none`, or `-` for a read that is not timed. */
  boundary: string
  /** The moment the read is answered for: before the boundary, so the answer holds until it. */
  now: Date
  /**
   * The current minute ({@link OUT_OF_BAND_MS}): keys and ETags embed it, so a change made outside the
   * API (the seed, SQL by hand), which bumps nothing, shows within a minute all the same.
   */
  epoch: string
  /**
   * What moves only when the database may have been changed outside the API: on SQLite `PRAGMA data_version`,
   * which moves the moment another process commits, else the current minute, as in {@link epoch}. Values that
   * hold only catalogue data (a search's word lists) key on it instead of the epoch, so on SQLite they are
   * not all read again every minute.
   */
  changes: string
}

/**
 * The version of values that hold only catalogue data (a search's word lists, the word index): the
 * catalogue's token, the first of `versions` (a read that asks for the `catalogue` scope first), and
 * {@link ReadVersions.changes}.
 */
export function catalogueDataVersion(versions: Pick<ReadVersions, 'tokens' | 'changes'>): string {
  return `${versions.tokens[0]}|${versions.changes}`
}

/** How long a change made outside the API may stay unseen: every key and ETag moves on this often. */
export const OUT_OF_BAND_MS = 60_000

/** The cache. */
export interface CatalogueCache {
  /** Whether reads are cached at all (CATALOGUE_CACHE_MB > 0). */
  readonly enabled: boolean
  /**
   * The current versions of some scopes, and for a timed read the next slot start; null when the cache is
   * off or the versions cannot be read (Redis down): the read is then answered uncached, never stale.
   */
  versions(scopes: readonly CacheScope[], options?: { timed?: boolean }): Promise<ReadVersions | null>
  /**
   * The current tokens of some scopes alone (no next slot start, no epoch): for values kept per scope inside a
   * read whose other versions are known already. Null as for {@link versions}.
   */
  tokens(scopes: readonly CacheScope[]): Promise<string[] | null>
  /** Makes every value cached under the current versions of these scopes unreachable, on every instance. */
  bump(scopes: readonly CacheScope[]): Promise<void>
  /** A cached value. */
  get<T>(key: string): T | undefined
  /** Keeps a value; `bytes` is its approximate size, for the bound. */
  set(key: string, value: unknown, bytes: number): void
  /**
   * The value kept under `key`; else the read already under way for it in this process; else a new read
   * (`make`), whose value is kept (`bytes`, its size) once it arrives. Identical requests that miss together,
   * as every search in flight does after a booking bumps the versions, wait for one database read instead of
   * each making its own (issue 37). A failed read is not kept: each request waiting on it gets its error, and
   * the next one reads again. `make` is told whether its value will be kept.
   */
  load<T>(
    key: string,
    make: (kept: boolean) => Promise<T>,
    bytes: (value: T) => number,
    options?: LoadOptions,
  ): Promise<T>
  /**
   * Where answers stand now, for remembering whole answers ({@link remember}): null when they cannot be (the
   * cache off, or versions in Redis, which another instance may move without this one knowing). Taken before a
   * read asks for its versions, so that a write during the read makes its answer unrememberable.
   */
  stamp(): AnswerStamp | null
  /**
   * Keeps a whole answer under `key` (a request's language, method and URL), good while nothing in this process
   * bumps any version or empties the cache, the minute (and SQLite's `data_version`) stays what `stamp` saw, and
   * the instant `until` (ms since the epoch; the next slot start, or Infinity) has not come. A request asked
   * again then skips its versions, keys and ETag (issue 37: about a fifth of the work of a popular search).
   */
  remember(key: string, value: unknown, bytes: number, stamp: AnswerStamp, until: number): void
  /** The answer remembered under `key` if it still stands ({@link remember}); not counted in the stats. */
  recall<T>(key: string): T | undefined
  /** Drops every value this process holds (an erased person's data must not stay in memory until it ages out). */
  clear(): void
  /** How many values this process holds (for tests and diagnostics). */
  size(): number
  /**
   * Lookups since start that found a value (hits) and that found none (misses), for the metrics (issue 35), and
   * the misses that waited on a read already under way instead of reading themselves (`shared`, issue 37).
   */
  stats(): CacheStats
  /** Closes the Redis connection, if any. */
  close(): Promise<void>
}

/** Where answers stood when a read began ({@link CatalogueCache.stamp}). */
export interface AnswerStamp {
  /** How many times this process had bumped versions or emptied the cache. */
  readonly changes: number
  /** The minute ({@link OUT_OF_BAND_MS}). */
  readonly minute: number
  /** SQLite's `data_version` ({@link CatalogueCacheOptions.externalChanges}); undefined elsewhere. */
  readonly external: number | undefined
}

/** A remembered answer with what it stands on. */
interface Remembered {
  value: unknown
  stamp: AnswerStamp
  until: number
}

/** How a read is kept. */
export interface LoadOptions {
  /**
   * `always` (the default) keeps every value read. `repeated` keeps it only when the same key was asked for
   * before ({@link ASKED_KEYS}): a search nobody repeats (most new queries) is answered without pushing out
   * what every search shares (each word's list, the profiles), and a popular one is kept from its second time.
   */
  keep?: 'always' | 'repeated'
}

/** How many keys `repeated` remembers having been asked for; all are forgotten when there are more. */
export const ASKED_KEYS = 16_384

/** The cache's running totals since start. */
export interface CacheStats {
  hits: number
  misses: number
  shared: number
}

/** What the cache needs to know. */
export interface CatalogueCacheOptions {
  /** Redis for versions shared by every instance; in-process versions when null. */
  redisUrl: string | null
  /** The deployment's Redis key prefix. */
  prefix: string
  /** The size bound in megabytes; 0 turns the cache off. */
  maxMb: number
  /** The first slot start strictly after `now` (ISO text), any slot, free or not; null when there is none. */
  nextSlotStart(now: Date): Promise<string | null>
  /**
   * A number that moves when the database is changed other than through this process (SQLite's
   * `PRAGMA data_version`: another process committed). Keys and ETags embed it, so such a change shows at
   * once rather than within the minute.
   */
  externalChanges?: () => number
}

/** How long an untouched version key stays in Redis (a missing one just gets a fresh token). */
const VERSION_TTL_SECONDS = 7 * 24 * 3600

/** A version nobody has used before. */
function freshToken(): string {
  return randomBytes(9).toString('base64url')
}

interface VersionStore {
  read(scopes: readonly CacheScope[]): Promise<string[]>
  bump(scopes: readonly CacheScope[]): Promise<void>
  close(): Promise<void>
}

/** Versions in this process: a random generation (new at each start) and a counter per scope. */
function memoryVersions(): VersionStore {
  const generation = freshToken()
  const counters = new Map<string, number>()
  return {
    async read(scopes) {
      return scopes.map((s) => `${generation}.${counters.get(s) ?? 0}`)
    },
    async bump(scopes) {
      for (const s of scopes) counters.set(s, (counters.get(s) ?? 0) + 1)
    },
    async close() {},
  }
}

/** Versions in Redis, shared by every instance of the deployment. */
function redisVersions(url: string, prefix: string): VersionStore {
  // Connected once ioredis has loaded (./redis.ts); until then reads wait for it, and a failure fails them.
  let connected: Redis | undefined
  const connecting = connectRedis(url, { maxRetriesPerRequest: 1 }).then((redis) => {
    connected = redis
    return redis
  })
  connecting.catch(() => undefined)
  const client = async () => connected ?? (await connecting)
  const keyOf = (scope: CacheScope) => `${prefix}cache:v:${scope}`
  return {
    async read(scopes) {
      if (scopes.length === 0) return []
      const keys = scopes.map(keyOf)
      const redis = await client()
      let values = await redis.mget(...keys)
      if (values.every((v) => v !== null)) return values as string[]
      // A scope never bumped, or expired, starts at a fresh token; NX lets the first instance's token win.
      const start = redis.pipeline()
      keys.forEach((key, i) => {
        if (values[i] === null) start.set(key, freshToken(), 'EX', VERSION_TTL_SECONDS, 'NX')
      })
      await start.exec()
      values = await redis.mget(...keys)
      if (values.some((v) => v === null)) throw new Error('catalogue cache: a version vanished from Redis')
      return values as string[]
    },
    async bump(scopes) {
      if (scopes.length === 0) return
      const set = (await client()).pipeline()
      for (const scope of new Set(scopes)) set.set(keyOf(scope), freshToken(), 'EX', VERSION_TTL_SECONDS)
      const results = (await set.exec()) ?? []
      const failed = results.find(([error]) => error)
      if (failed) throw failed[0]
    },
    async close() {
      ;(await connecting.catch(() => undefined))?.disconnect()
    },
  }
}

/**
 * A size-bounded map that drops what was least used (second chance, or CLOCK): a hit only marks its entry, and
 * the trim moves a marked oldest entry to the back instead of dropping it. A hit costs no reordering of the map,
 * which under a load of hits (twenty profiles a page) was a measurable share of the main thread (issue 37).
 */
class Lru {
  readonly #entries = new Map<string, { value: unknown; bytes: number; used: boolean }>()
  #bytes = 0
  readonly #max: number

  constructor(maxBytes: number) {
    this.#max = maxBytes
  }

  get(key: string): unknown {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    entry.used = true
    return entry.value
  }

  set(key: string, value: unknown, bytes: number): void {
    // One huge answer must not push out most of the others.
    if (bytes > this.#max / 16) return
    const old = this.#entries.get(key)
    if (old) {
      this.#bytes -= old.bytes
      this.#entries.delete(key)
    }
    this.#entries.set(key, { value, bytes, used: false })
    this.#bytes += bytes
    this.#trim()
  }

  get size(): number {
    return this.#entries.size
  }

  clear(): void {
    this.#entries.clear()
    this.#bytes = 0
  }

  #trim(): void {
    // A Map iterates in insertion order: the first entry is the oldest. Each marked one is unmarked and moved
    // to the back once, so a trim ends after at most one pass over the marked entries.
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#max) break
      this.#entries.delete(oldest)
      if (entry.used) {
        entry.used = false
        this.#entries.set(oldest, entry)
      } else {
        this.#bytes -= entry.bytes
      }
    }
  }
}

/** Makes the cache: versions in Redis when a URL is given, else in this process. */
export function createCatalogueCache(options: CatalogueCacheOptions): CatalogueCache {
  const enabled = options.maxMb > 0
  const store = options.redisUrl ? redisVersions(options.redisUrl, options.prefix) : memoryVersions()
  const values = new Lru(options.maxMb * 1024 * 1024)
  const counts: CacheStats = { hits: 0, misses: 0, shared: 0 }
  // Whole answers are remembered only where every version change goes through this process.
  const remembers = enabled && !options.redisUrl
  /** Bumps and emptyings so far: a remembered answer stands while this has not moved. */
  let changes = 0
  /** Where answers stand now. */
  function standing(now: number): AnswerStamp {
    return { changes, minute: Math.floor(now / OUT_OF_BAND_MS), external: options.externalChanges?.() }
  }
  /** The reads under way, by key: a miss on one of these waits for it (`load`). */
  const loading = new Map<string, Promise<unknown>>()
  /** Keys asked for with `keep: 'repeated'` and not kept yet. */
  const asked = new Set<string>()
  /** Whether a value read for `key` should be kept. */
  function admits(key: string, options: LoadOptions | undefined): boolean {
    if (options?.keep !== 'repeated' || asked.delete(key)) return true
    if (asked.size >= ASKED_KEYS) asked.clear()
    asked.add(key)
    return false
  }
  // The next slot start after `from`, as of a `slotset` version: it holds for any moment from `from` until
  // that instant, as long as the version does not move.
  let boundary: { token: string; from: Date; at: Promise<string | null> } | null = null

  async function nextBoundary(token: string, now: Date): Promise<string> {
    const known = boundary
    if (known && known.token === token && now >= known.from) {
      const at = await known.at.catch(() => undefined)
      if (at === null) return 'none'
      if (at !== undefined && now.toISOString() < at) return at
    }
    const fresh = { token, from: now, at: options.nextSlotStart(now) }
    // A request that began before the known one's moment asks for itself and keeps nothing.
    if (!known || now >= known.from || known.token !== token) boundary = fresh
    try {
      return (await fresh.at) ?? 'none'
    } catch (error) {
      if (boundary === fresh) boundary = null
      throw error
    }
  }

  /** A kept value, counted as a hit or a miss. */
  function lookUp<T>(key: string): T | undefined {
    if (!enabled) return undefined
    const value = values.get(key) as T | undefined
    if (value === undefined) counts.misses++
    else counts.hits++
    return value
  }

  return {
    enabled,
    async versions(scopes, { timed = false } = {}) {
      if (!enabled) return null
      const now = new Date()
      try {
        const tokens = await store.read(timed ? [...scopes, 'slotset'] : scopes)
        const bound = timed ? await nextBoundary(tokens.pop()!, now) : '-'
        const minute = Math.floor(now.getTime() / OUT_OF_BAND_MS)
        const external = options.externalChanges?.()
        return {
          tokens,
          boundary: bound,
          now,
          epoch: external === undefined ? `${minute}` : `${minute}.${external}`,
          changes: external === undefined ? `${minute}` : `v${external}`,
        }
      } catch {
        // Uncached (and without an ETag) rather than possibly stale.
        return null
      }
    },
    async tokens(scopes) {
      if (!enabled) return null
      try {
        return await store.read(scopes)
      } catch {
        return null
      }
    },
    async bump(scopes) {
      // Before and after: no answer stamped while the versions move is ever remembered.
      changes++
      try {
        await store.bump(scopes)
      } finally {
        changes++
      }
    },
    get: lookUp,
    stamp: () => (remembers ? standing(Date.now()) : null),
    remember(key, value, bytes, stamp, until) {
      if (!remembers || stamp.changes !== changes) return
      values.set(`a|${key}`, { value, stamp, until } satisfies Remembered, bytes)
    },
    recall<T>(key: string): T | undefined {
      if (!remembers) return undefined
      const kept = values.get(`a|${key}`) as Remembered | undefined
      if (kept === undefined) return undefined
      const now = Date.now()
      const { stamp } = kept
      if (stamp.changes !== changes || now >= kept.until) return undefined
      if (stamp.minute !== Math.floor(now / OUT_OF_BAND_MS)) return undefined
      if (stamp.external !== options.externalChanges?.()) return undefined
      return kept.value as T
    },
    set(key, value, bytes) {
      if (enabled) values.set(key, value, bytes)
    },
    load<T>(
      key: string,
      make: (kept: boolean) => Promise<T>,
      bytes: (value: T) => number,
      options?: LoadOptions,
    ): Promise<T> {
      if (!enabled) return make(false)
      const kept = lookUp<T>(key)
      if (kept !== undefined) return Promise.resolve(kept)
      const under = loading.get(key) as Promise<T> | undefined
      if (under) {
        counts.shared++
        return under
      }
      const keep = admits(key, options)
      const read = make(keep)
        .then((value) => {
          if (keep) values.set(key, value, bytes(value))
          return value
        })
        .finally(() => loading.delete(key))
      loading.set(key, read)
      return read
    },
    clear() {
      changes++
      values.clear()
    },
    size: () => values.size,
    stats: () => ({ ...counts }),
    close: () => store.close(),
  }
}

/** The scopes a domain event changes: sessions free or hold slots and count; live flags show on profiles. */
export function scopesChangedBy(event: DomainEvent): CacheScope[] {
  switch (event.type) {
    case 'session.changed':
      return ['slots', `contributor:${event.contributorId}`]
    case 'expert.changed':
      return [`contributor:${event.contributorId}`]
    case 'person.erased':
      return ['catalogue', 'slots', 'slotset']
    default:
      return []
  }
}

/**
 * The bus, bumping the cache's versions for each event before publishing it. Every session change
 * (booking, answer, cancellation, instant session, expiry, end) and every live-flag change is announced
 * after its transaction commits and before the call answers, so bumping here is bumping "after the
 * write, before the answer" for all of them at once.
 */
export function invalidatingBus(bus: EventBus, cache: CatalogueCache): EventBus {
  // An erasure (published on any instance) empties every instance's memory: the versions it bumps would only
  // make the erased person's profile unreachable, not gone.
  bus.subscribe((event) => {
    if (event.type === 'person.erased') cache.clear()
  })
  return {
    async publish(event) {
      await cache.bump(scopesChangedBy(event))
      await bus.publish(event)
    },
    subscribe: (listener) => bus.subscribe(listener),
    close: () => bus.close(),
  }
}

/** The first instant after `now` at which any slot starts, free or not (the `slots_start` index); null for none. */
export async function nextSlotStart(db: Kysely<Database>, now: Date): Promise<string | null> {
  const row = await firstSlotStartAfter(db, now.toISOString())
  return row?.at ?? null
}
