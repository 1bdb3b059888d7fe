/**
 * Redis connections, with ioredis loaded the first time one is made: a deployment without REDIS_URL never
 * loads its fifty modules, about a tenth of a second of every start at full speed (issue 37: process start to
 * first answer ≤ 1.5 s).
 */
import type { Redis, RedisOptions } from 'ioredis'

/** A new connection to `url` (it connects at once unless `options.lazyConnect`). */
export async function connectRedis(url: string, options: RedisOptions): Promise<Redis> {
  const ioredis = await import('ioredis')
  return new ioredis.Redis(url, options)
}
