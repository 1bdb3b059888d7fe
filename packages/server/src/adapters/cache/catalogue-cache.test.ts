/** The catalogue cache's versions, its time boundary, its size bound and its ETag matching, without a server. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { etagOf, matchesEtag } from './cached-answer.ts'
import {
  ASKED_KEYS,
  createCatalogueCache,
  invalidatingBus,
  OUT_OF_BAND_MS,
  scopesChangedBy,
} from './catalogue-cache.ts'

/** A cache whose next slot start is whatever `next` says, counting how often it is asked. */
function cacheWith(next: () => string | null, maxMb = 1) {
  const asked = { count: 0 }
  const cache = createCatalogueCache({
    redisUrl: null,
    prefix: 'test:',
    maxMb,
    nextSlotStart: async () => {
      asked.count++
      return next()
    },
  })
  return { cache, asked }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('versions', () => {
  it('move for the scopes bumped and only for them', async () => {
    const { cache } = cacheWith(() => null)
    const before = await cache.versions(['catalogue', 'contributor:1', 'contributor:2'])
    await cache.bump(['contributor:1'])
    const after = await cache.versions(['catalogue', 'contributor:1', 'contributor:2'])
    expect(after!.tokens[0]).toBe(before!.tokens[0])
    expect(after!.tokens[1]).not.toBe(before!.tokens[1])
    expect(after!.tokens[2]).toBe(before!.tokens[2])
  })

  it('never repeat across processes: another cache starts from other versions', async () => {
    const one = cacheWith(() => null).cache
    const two = cacheWith(() => null).cache
    expect((await one.versions(['catalogue']))!.tokens).not.toEqual(
      (await two.versions(['catalogue']))!.tokens,
    )
  })

  it('are null when the cache is off, and nothing is kept', async () => {
    const { cache } = cacheWith(() => null, 0)
    expect(cache.enabled).toBe(false)
    expect(await cache.versions(['catalogue'])).toBeNull()
    cache.set('k', 1, 1)
    expect(cache.get('k')).toBeUndefined()
  })

  it('move on every minute, so a change made outside the API shows within one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T10:00:05Z'))
    const { cache } = cacheWith(() => null)
    const first = await cache.versions(['settings'])
    vi.setSystemTime(new Date(Date.parse('2030-01-01T10:00:05Z') + OUT_OF_BAND_MS))
    const later = await cache.versions(['settings'])
    expect(later!.tokens).toEqual(first!.tokens)
    expect(later!.epoch).not.toBe(first!.epoch)
    // Without a way to see other processes' commits, catalogue-only values move on every minute too.
    expect(later!.changes).not.toBe(first!.changes)
  })

  it("keep catalogue-only values across minutes where other processes' commits show (SQLite), until one commits", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T10:00:05Z'))
    let dataVersion = 1
    const cache = createCatalogueCache({
      redisUrl: null,
      prefix: 'test:',
      maxMb: 1,
      nextSlotStart: async () => null,
      externalChanges: () => dataVersion,
    })
    const first = await cache.versions(['catalogue'])
    vi.setSystemTime(new Date(Date.parse('2030-01-01T10:00:05Z') + 5 * OUT_OF_BAND_MS))
    const later = await cache.versions(['catalogue'])
    expect(later!.epoch).not.toBe(first!.epoch)
    expect(later!.changes).toBe(first!.changes)
    dataVersion++
    const changed = await cache.versions(['catalogue'])
    expect(changed!.changes).not.toBe(later!.changes)
    expect(changed!.epoch).not.toBe(later!.epoch)
  })
})

describe('the next slot start of a timed read', () => {
  it('is asked once, then again only when it passes or the slots change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'))
    let next: string | null = '2030-01-01T11:00:00.000Z'
    const { cache, asked } = cacheWith(() => next)
    expect((await cache.versions(['catalogue'], { timed: true }))!.boundary).toBe('2030-01-01T11:00:00.000Z')
    expect((await cache.versions(['catalogue'], { timed: true }))!.boundary).toBe('2030-01-01T11:00:00.000Z')
    expect(asked.count).toBe(1)
    // A read that is not timed does not care.
    expect((await cache.versions(['catalogue']))!.boundary).toBe('-')
    // The slot starts: "future" now means something else.
    vi.setSystemTime(new Date('2030-01-01T11:00:00Z'))
    next = '2030-01-01T12:00:00.000Z'
    expect((await cache.versions(['catalogue'], { timed: true }))!.boundary).toBe('2030-01-01T12:00:00.000Z')
    expect(asked.count).toBe(2)
    // A slot made earlier than that.
    next = '2030-01-01T11:30:00.000Z'
    await cache.bump(['slotset'])
    expect((await cache.versions(['catalogue'], { timed: true }))!.boundary).toBe('2030-01-01T11:30:00.000Z')
    expect(asked.count).toBe(3)
    // No slot at all: nothing changes by itself.
    next = null
    await cache.bump(['slotset'])
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'))
    expect((await cache.versions(['catalogue'], { timed: true }))!.boundary).toBe('none')
    expect((await cache.versions(['catalogue'], { timed: true }))!.boundary).toBe('none')
    expect(asked.count).toBe(4)
  })
})

describe('whole answers remembered (issue 37)', () => {
  /** A cache whose data_version is `external.version`, at a fixed moment. */
  function memoCache(options: { maxMb?: number } = {}) {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-01-01T10:00:05Z'))
    const external = { version: 1 }
    const cache = createCatalogueCache({
      redisUrl: null,
      prefix: 'test:',
      maxMb: options.maxMb ?? 1,
      nextSlotStart: async () => null,
      externalChanges: () => external.version,
    })
    return { cache, external }
  }

  it('stands until a version is bumped or the cache emptied', async () => {
    const { cache } = memoCache()
    cache.remember('ar|GET /a', 'tag-a', 64, cache.stamp()!, Number.POSITIVE_INFINITY)
    expect(cache.recall('ar|GET /a')).toBe('tag-a')
    expect(cache.recall('en|GET /a')).toBeUndefined()
    await cache.bump(['contributor:7'])
    expect(cache.recall('ar|GET /a')).toBeUndefined()
    cache.remember('ar|GET /a', 'tag-b', 64, cache.stamp()!, Number.POSITIVE_INFINITY)
    expect(cache.recall('ar|GET /a')).toBe('tag-b')
    cache.clear()
    expect(cache.recall('ar|GET /a')).toBeUndefined()
  })

  it('is never remembered when a bump came between its stamp and its answer', async () => {
    const { cache } = memoCache()
    const stamp = cache.stamp()!
    await cache.bump(['slots'])
    cache.remember('ar|GET /a', 'stale', 64, stamp, Number.POSITIVE_INFINITY)
    expect(cache.recall('ar|GET /a')).toBeUndefined()
  })

  it('stops standing when its slot boundary comes, the minute turns or another process commits', () => {
    const { cache, external } = memoCache()
    const start = Date.now()
    cache.remember('until', 'a', 64, cache.stamp()!, start + 30_000)
    cache.remember('minute', 'b', 64, cache.stamp()!, Number.POSITIVE_INFINITY)
    vi.setSystemTime(start + 29_999)
    expect(cache.recall('until')).toBe('a')
    vi.setSystemTime(start + 30_000)
    expect(cache.recall('until')).toBeUndefined()
    expect(cache.recall('minute')).toBe('b')
    vi.setSystemTime(start + OUT_OF_BAND_MS)
    expect(cache.recall('minute')).toBeUndefined()
    cache.remember('commit', 'c', 64, cache.stamp()!, Number.POSITIVE_INFINITY)
    expect(cache.recall('commit')).toBe('c')
    external.version++
    expect(cache.recall('commit')).toBeUndefined()
  })

  // With versions in Redis, which other instances move, nothing is remembered: catalogue-cache.redis.test.ts.
  it('is not done with the cache off', () => {
    const { cache } = memoCache({ maxMb: 0 })
    expect(cache.stamp()).toBeNull()
    cache.remember('k', 'v', 64, { changes: 0, minute: 0, external: 1 }, Number.POSITIVE_INFINITY)
    expect(cache.recall('k')).toBeUndefined()
  })
})

describe('the size bound', () => {
  it('drops the least recently used values first', () => {
    const { cache } = cacheWith(() => null, 1)
    const quarter = 1024 * 1024 * 0.05
    for (let i = 0; i < 20; i++) {
      cache.set(`k${i}`, i, quarter)
      // k0 stays in use, so it is never the oldest.
      cache.get('k0')
    }
    expect(cache.get('k0')).toBe(0)
    expect(cache.get('k1')).toBeUndefined()
    expect(cache.get('k19')).toBe(19)
  })

  it('keeps no single value of more than a sixteenth of the bound', () => {
    const { cache } = cacheWith(() => null, 1)
    cache.set('huge', 'x', 1024 * 1024)
    expect(cache.get('huge')).toBeUndefined()
  })
})

describe('domain events', () => {
  it('bump what sessions and live flags change, before the event is published', async () => {
    expect(scopesChangedBy({ type: 'session.changed', sessionId: 1, contributorId: 7, smeId: 2 })).toEqual([
      'slots',
      'contributor:7',
    ])
    expect(scopesChangedBy({ type: 'expert.changed', contributorId: 7 })).toEqual(['contributor:7'])
    expect(scopesChangedBy({ type: 'notifications.changed', personId: 2 })).toEqual([])
    const { cache } = cacheWith(() => null)
    const seen: string[][] = []
    const before = (await cache.versions(['contributor:7']))!.tokens
    const bus = invalidatingBus(
      {
        async publish() {
          // By the time anyone hears of the event, the versions have moved.
          seen.push((await cache.versions(['contributor:7']))!.tokens)
        },
        subscribe: () => () => {},
        async close() {},
      },
      cache,
    )
    await bus.publish({ type: 'expert.changed', contributorId: 7 })
    expect(seen).toHaveLength(1)
    expect(seen[0]).not.toEqual(before)
  })
})

describe('ETags', () => {
  it('are weak, stable for one basis and different for another', () => {
    expect(etagOf('a')).toMatch(/^W\/"[\w-]+"$/)
    expect(etagOf('a')).toBe(etagOf('a'))
    expect(etagOf('a')).not.toBe(etagOf('b'))
  })

  it('match If-None-Match lists, strong or weak forms, and *', () => {
    const tag = etagOf('a')
    expect(matchesEtag(undefined, tag)).toBe(false)
    expect(matchesEtag(tag, tag)).toBe(true)
    expect(matchesEtag(tag.slice(2), tag)).toBe(true)
    expect(matchesEtag(`"nope", ${tag}`, tag)).toBe(true)
    expect(matchesEtag('*', tag)).toBe(true)
    expect(matchesEtag(etagOf('b'), tag)).toBe(false)
  })
})

describe('load (issue 37: identical misses read once)', () => {
  /** A read that answers when told to, counting how often it was started. */
  function heldRead<T>() {
    const started = { count: 0 }
    let answer: (value: T) => void = () => {}
    let refuse: (error: Error) => void = () => {}
    const make = () => {
      started.count++
      return new Promise<T>((resolve, reject) => {
        answer = resolve
        refuse = reject
      })
    }
    return { make, started, answer: (value: T) => answer(value), refuse: (e: Error) => refuse(e) }
  }

  it('makes one read for every identical miss under way, hands each the value, and keeps it', async () => {
    const { cache } = cacheWith(() => null)
    const read = heldRead<number[]>()
    const waiting = Array.from({ length: 20 }, () => cache.load('ids|q', read.make, () => 64))
    expect(read.started.count).toBe(1)
    read.answer([3, 1, 2])
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 20 }, () => [3, 1, 2]))
    expect(cache.stats().shared).toBe(19)
    // Kept: the next request reads nothing.
    expect(await cache.load('ids|q', read.make, () => 64)).toEqual([3, 1, 2])
    expect(read.started.count).toBe(1)
    // Another key is another read.
    const other = cache.load('ids|r', read.make, () => 64)
    expect(read.started.count).toBe(2)
    read.answer([])
    expect(await other).toEqual([])
  })

  it('keeps no failed read: every request waiting gets the error, and the next one reads again', async () => {
    const { cache } = cacheWith(() => null)
    const read = heldRead<string>()
    const waiting = [cache.load('k', read.make, () => 1), cache.load('k', read.make, () => 1)]
    read.refuse(new Error('database down'))
    for (const result of await Promise.allSettled(waiting))
      expect(result).toMatchObject({ status: 'rejected', reason: { message: 'database down' } })
    const again = cache.load('k', read.make, () => 1)
    expect(read.started.count).toBe(2)
    read.answer('back')
    expect(await again).toBe('back')
    expect(cache.get('k')).toBe('back')
  })

  it("keeps a `repeated` read only from its key's second time, and tells the read whether it will be kept", async () => {
    const { cache } = cacheWith(() => null)
    const told: boolean[] = []
    const make = async (kept: boolean) => {
      told.push(kept)
      return told.length
    }
    const repeated = { keep: 'repeated' } as const
    // Asked once (two requests sharing one read): answered, not kept.
    const first = [cache.load('q', make, () => 1, repeated), cache.load('q', make, () => 1, repeated)]
    expect(await Promise.all(first)).toEqual([1, 1])
    expect(cache.get('q')).toBeUndefined()
    // Asked again: read again, and kept from now on.
    expect(await cache.load('q', make, () => 1, repeated)).toBe(2)
    expect(await cache.load('q', make, () => 1, repeated)).toBe(2)
    expect(told).toEqual([false, true])
    // A key asked for once among more than ASKED_KEYS others is forgotten, and starts over.
    await cache.load('once', make, () => 1, repeated)
    for (let i = 0; i < ASKED_KEYS; i++)
      await cache.load(
        `other-${i}`,
        async () => i,
        () => 1,
        repeated,
      )
    await cache.load('once', make, () => 1, repeated)
    expect(cache.get('once')).toBeUndefined()
    // Reads kept always are told so.
    await cache.load('always', make, () => 1)
    expect(told.at(-1)).toBe(true)
  })

  it('reads every time, sharing nothing, when the cache is off', async () => {
    const { cache } = cacheWith(() => null, 0)
    const read = heldRead<number>()
    void cache.load('k', read.make, () => 1)
    void cache.load('k', read.make, () => 1)
    expect(read.started.count).toBe(2)
  })
})
