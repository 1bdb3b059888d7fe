/**
 * `X-API-Key` on every `/api` call, and CORS from each key's allowed origins.
 * The key only identifies the calling site (it is public once shipped to a
 * browser); it never grants anything a signed-out visitor could not do.
 */
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { ApiHttpError } from '../http/errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling site's API key, once checked. */
    apiKey: string | null
  }
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/**
 * Whether a key is one of the configured ones (or a development key). An own-property lookup: `in` would find
 * `constructor`, `toString` or `__proto__` on the prototype of a table written as an object literal.
 */
export function knownApiKey(config: Config, key: unknown): key is string {
  if (typeof key !== 'string' || !key) return false
  return key === config.devApiKey || key === config.devAppApiKey || Object.hasOwn(config.apiKeys, key)
}

/** Whether a browser origin may use a key. */
export function originAllowed(config: Config, key: string, origin: string): boolean {
  if (!knownApiKey(config, key)) return false
  if (origin === config.publicUrl) return true
  if (key === config.devApiKey) return LOCAL_ORIGIN.test(origin)
  const origins = Object.hasOwn(config.apiKeys, key) ? config.apiKeys[key] : undefined
  return Array.isArray(origins) && origins.includes(origin)
}

/**
 * The page of `origin` the key's sign-in popup may return to when it has no opener left, or null when the key
 * names none there (`sign_in_return` in `API_KEYS`).
 */
export function signInReturnPage(config: Config, key: string, origin: string): string | null {
  if (!originAllowed(config, key, origin)) return null
  const pages = Object.hasOwn(config.signInReturns, key) ? config.signInReturns[key] : undefined
  return pages?.find((page) => new URL(page).origin === origin) ?? null
}

/** Whether a key is the mobile app's (`"app": true` in `API_KEYS`, or the development app key). */
export function isAppApiKey(config: Config, key: string | null): boolean {
  return key !== null && config.appApiKeys.includes(key)
}

/** Paths under /api that need no key: the public API description. */
const KEYLESS = new Set(['/api/openapi.json'])
/**
 * Prefixes under /api that need no key: avatars, which `<img>` tags load without headers, and calendar feeds,
 * which calendar apps read without them (the token in the address is the credential; issue 36).
 */
const KEYLESS_PREFIXES = ['/api/files/avatars/', '/api/calendar-feeds/']

export const apiKeyPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts
  await app.register(cors, {
    // Every browser origin gets CORS: a preflight carries no key value, and the real request is checked
    // against its own key below. A page its key does not allow thus reads the 403 and can say why, instead
    // of a bare network failure; nothing else of the API answers it (the keyless paths are public).
    origin: (origin, cb) => cb(null, Boolean(origin)),
    allowedHeaders: ['Content-Type', 'Authorization', 'X-API-Key', 'Accept-Language', 'X-Rating-Token'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  })
  app.decorateRequest('apiKey', null)
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? ''
    if (
      !path.startsWith('/api/') ||
      request.method === 'OPTIONS' ||
      KEYLESS.has(path) ||
      KEYLESS_PREFIXES.some((p) => path.startsWith(p))
    )
      return
    const key = request.headers['x-api-key']
    if (!knownApiKey(config, key)) {
      throw new ApiHttpError(401, 'invalid_api_key', 'errors.invalidApiKey')
    }
    const origin = request.headers.origin
    if (origin && !originAllowed(config, key, origin)) {
      throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
    }
    request.apiKey = key
  })
})
