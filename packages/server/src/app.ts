/**
 * The reference API as a Fastify app: external plugins, then app services, then one
 * encapsulated plugin per resource under `/api` (Fastify demo layout).
 */

import { join } from 'node:path'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { API_ENCODINGS, COMPRESS_THRESHOLD } from './adapters/cache/cached-answer.ts'
import {
  type CatalogueCache,
  catalogueDataVersion,
  createCatalogueCache,
  invalidatingBus,
  nextSlotStart,
} from './adapters/cache/catalogue-cache.ts'
import { createEventBus, type EventBus } from './adapters/events/bus.ts'
import { diskStorage, type FileStorage } from './adapters/files/storage.ts'
import { createFirebaseServices, type FirebaseServices } from './adapters/firebase/admin.ts'
import { startFirestoreMirror } from './adapters/firebase/mirror.ts'
import { devOidcProvider } from './adapters/oidc/provider.ts'
import { createFcmSender } from './adapters/push/fcm.ts'
import { createPushService, type PushService } from './adapters/push/service.ts'
import { connectRedis } from './adapters/redis.ts'
import { ZoomApi } from './adapters/zoom/api.ts'
import type { Config } from './config.ts'
import type { Store } from './db/database.ts'
import { wordIndexRows } from './db/queries/contributors.ts'
import { outboxBacklog, sessionsByState } from './db/queries/observability.ts'
import type { FollowUpDeps } from './domain/follow-ups.ts'
import { type WordIndexes, wordIndexes } from './domain/word-index.ts'
import { lazyCompilers } from './web/lazy-compilers.ts'
import { apiKeyPlugin } from './web/plugins/api-key.ts'
import { authPlugin } from './web/plugins/auth.ts'
import { bodyDeadlinePlugin } from './web/plugins/body-deadline.ts'
import { errorsPlugin, frameworkError } from './web/plugins/errors.ts'
import { finiteNumbersPlugin } from './web/plugins/finite-numbers.ts'
import { jsonDepthPlugin } from './web/plugins/json-depth.ts'
import { languagePlugin } from './web/plugins/language.ts'
import { metricsPlugin } from './web/plugins/metrics.ts'
import { noNulPlugin } from './web/plugins/no-nul.ts'
import { REQUEST_ID_OPTIONS, requestLogPlugin } from './web/plugins/request-log.ts'
import { securityHeadersPlugin } from './web/plugins/security-headers.ts'
import { devMailboxRoutes } from './web/routes/dev-mailbox/index.ts'
import { devRatingLinkRoutes } from './web/routes/dev-rating-link/index.ts'
import { healthRoutes } from './web/routes/health/index.ts'
import { apiRoutes } from './web/routes/index.ts'
import { signInPopupRoutes } from './web/routes/sign-in-popup/index.ts'
import { AFTER_PAINT_HASH } from './web/site-render.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The database. */
    store: Store
    /** The configuration. */
    config: Config
    /** Domain events, across instances when REDIS_URL is set; publishing one first bumps the cache versions it changes. */
    bus: EventBus
    /** The catalogue read cache, its versions shared through Redis when REDIS_URL is set. */
    catalogueCache: CatalogueCache
    /** The catalogue's words in memory for the search (`domain/word-index.ts`), one per catalogue version. */
    searchWords: WordIndexes
    /** Push to people's browsers. */
    push: PushService
    /** Uploaded files. */
    files: FileStorage
    /** Zoom's REST API, which makes online sessions' meetings; null without Zoom (the built-in call). */
    zoomApi: ZoomApi | null
    /** Firebase (custom tokens, the Firestore mirror), with FIREBASE_SERVICE_ACCOUNT; null without. */
    firebase: FirebaseServices | null
    /** What the follow-ups of session changes go through (`domain/follow-ups.ts`: `runFollowUps(app.followUps)`). */
    followUps: FollowUpDeps
  }
}

/**
 * What a site running Firebase reaches (with FIREBASE_SERVICE_ACCOUNT, the site is built with
 * VITE_FIREBASE_CONFIG): Firebase Auth, Firestore, FCM and installations at *.googleapis.com, and Firebase
 * Analytics' measurement script and endpoints.
 */
const FIREBASE_CSP = {
  connectSrc: [
    'https://*.googleapis.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  scriptSrc: ['https://www.googletagmanager.com'],
}

/** What the app needs from outside. */
export interface AppOptions {
  config: Config
  store: Store
  logger?: FastifyServerOptions['logger']
}

/**
 * The bucket a rate-limited request counts in: a signed-in person's own, whatever their address (an office
 * behind one NAT is many people), and a visitor's address. The limiter's hook is a route hook, so it runs
 * after the auth plugin's `onRequest`: `request.auth` is settled by then, and a request with a bad token
 * has already had its 401, so made-up tokens never get buckets of their own. `request.ip` honours
 * X-Forwarded-For only for the proxy hops TRUST_PROXY allows.
 */
export function rateLimitKey(request: FastifyRequest): string {
  return request.auth ? `person:${request.auth.personId}` : `ip:${request.ip}`
}

/** The app type routes are written against. */
export type App = FastifyInstance

/** Builds the app (not listening); tests call it with `inject`. */
export async function buildApp({ config, store, logger = false }: AppOptions) {
  // Each route's validators and serializers compile on first use, and the rest once the server listens; under
  // test (`schemasAtStart`) all of them before, so that one that cannot compile fails every test.
  const compilers = lazyCompilers({ lazy: !config.schemasAtStart })
  const app = Fastify({
    logger,
    schemaController: compilers.schemaController,
    // Request ids from X-Request-Id or made, and one access line per request (web/plugins/request-log.ts).
    ...REQUEST_ID_OPTIONS,
    // Fastify's answers before a route is found, in the API's envelope (web/plugins/errors.ts).
    frameworkErrors: frameworkError as never,
    // X-Forwarded-For is believed from the proxies TRUST_PROXY names (addresses or CIDR ranges), or for its
    // number of hops; with none, it is ignored and request.ip is the socket's address.
    trustProxy: Array.isArray(config.trustProxy)
      ? config.trustProxy.length > 0
        ? config.trustProxy
        : false
      : config.trustProxy > 0
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : false,
    bodyLimit: 1024 * 1024,
    // Bounded time to arrive (issue 30): Node's own bounds on the headers and the whole request, looked at every
    // few seconds rather than its default 30; the body's deadline is web/plugins/body-deadline.ts's timer.
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      connectionsCheckingInterval: Math.min(5000, config.timeouts.headersMs),
    },
    ajv: {
      customOptions: {
        // Unknown body fields are an error, not silently dropped.
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: true,
        // `type: [...]` lists (one answer may be a number, a boolean or text) are deliberate.
        allowUnionTypes: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.decorate('store', store)
  app.decorate('config', config)
  let warming: ReturnType<typeof compilers.warm> | undefined
  app.addHook('onListen', async () => {
    if (warming) return
    warming = compilers.warm()
    warming.done.catch((error) => app.log.fatal({ err: error }, 'a route’s schema does not compile'))
  })
  app.addHook('onClose', async () => warming?.stop())
  const catalogueCache = createCatalogueCache({
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    maxMb: config.catalogueCacheMb,
    nextSlotStart: (now) => nextSlotStart(store.db, now),
    ...(store.externalChanges ? { externalChanges: store.externalChanges } : {}),
  })
  app.decorate('catalogueCache', catalogueCache)
  app.addHook('onClose', () => catalogueCache.close())
  // The catalogue's words in memory (issue 37), built for a catalogue version when a search first asks under it,
  // and in the background once a listening server has answered its first request: in slices that let answers
  // through, so that a fresh process's first searches do not share the main thread with the build. Not before
  // that answer, which the build would delay by about its length (the start-up's first call, a health check).
  const searchWords = wordIndexes(
    (after, limit) => wordIndexRows(store.db, after, limit),
    (error) => app.log.error({ err: error }, 'the search word index could not be built'),
  )
  app.decorate('searchWords', searchWords)
  // Once, when the listening server's first answer has gone out: a listener on the raw server for one request,
  // not a hook every request would run.
  app.addHook('onListen', (done) => {
    app.server.once('request', (_request, response) => response.once('finish', warmAfterFirstAnswer))
    done()
  })
  function warmAfterFirstAnswer() {
    // The read pool's every thread too: started under the first burst of reads, a thread's start (loading its
    // modules, opening the file) took the processor from the answers waiting on it.
    const readers = store.sqliteReaders
    readers
      ?.warm(readers.size)
      .catch((error) => app.log.error({ err: error }, 'a reader thread could not start'))
    catalogueCache
      .versions(['catalogue'])
      .then((versions) => {
        if (versions) searchWords.at(catalogueDataVersion(versions))
      })
      .catch((error) => app.log.error({ err: error }, 'the search word index could not be started'))
  }
  app.addHook('onClose', async () => searchWords.clear())
  const bus = invalidatingBus(
    await createEventBus({ redisUrl: config.redisUrl, prefix: config.redisPrefix }),
    catalogueCache,
  )
  app.decorate('bus', bus)
  // An erasure (on any instance) empties the word index at once, as it empties the cache: it holds names.
  bus.subscribe((event) => {
    if (event.type === 'person.erased') searchWords.clear()
  })
  app.addHook('onClose', () => bus.close())
  const firebase = config.firebase ? createFirebaseServices(config.firebase) : null
  app.decorate('firebase', firebase)
  app.decorate(
    'push',
    await createPushService(config, store, {
      log: app.log,
      fcm: config.firebase ? createFcmSender(config.firebase, { timeoutMs: config.outboundTimeoutMs }) : null,
    }),
  )
  if (firebase) {
    // The realtime state goes to Firestore as it changes; stops (writes done) before Firebase closes.
    const stopMirror = startFirestoreMirror(app, firebase.firestore)
    app.addHook('onClose', async () => {
      await stopMirror()
      await firebase.close()
    })
  }
  app.decorate('followUps', {
    db: store.db,
    bus,
    push: app.push,
    publicUrl: config.publicUrl,
    log: app.log,
  })
  app.decorate('files', diskStorage(join(config.dataDir, 'uploads')))
  app.decorate(
    'zoomApi',
    config.zoom && config.zoomApi
      ? new ZoomApi(config.zoomApi, { timeoutMs: config.outboundTimeoutMs })
      : null,
  )

  await app.register(languagePlugin)
  await app.register(errorsPlugin)
  await app.register(requestLogPlugin)
  await app.register(metricsPlugin, { config })
  app.metrics.watch({
    ...(store.pgPool ? { pgPool: store.pgPool } : {}),
    ...(store.sqliteReaders ? { sqliteReaders: () => store.sqliteReaders!.load() } : {}),
    outbox: () => outboxBacklog(store.db),
    sessions: () => sessionsByState(store.db),
    catalogueCache: () => catalogueCache.stats(),
  })
  await app.register(finiteNumbersPlugin)
  await app.register(noNulPlugin)
  await app.register(bodyDeadlinePlugin, { config })
  await app.register(jsonDepthPlugin)
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The drawn pages' loader, which starts their scripts after the first paint (web/site-render.ts).
        scriptSrc: ["'self'", AFTER_PAINT_HASH, ...(config.firebase ? FIREBASE_CSP.scriptSrc : [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.firebase ? FIREBASE_CSP.connectSrc : [])],
        // The home page's mentor video (a setting) is a YouTube or Vimeo embed, or a file on any HTTPS host.
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        mediaSrc: ["'self'", 'https:', 'blob:'],
        frameAncestors: ["'self'"],
        // Over plain HTTP (development on localhost) upgrading would break every request.
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // The site's built files (host-app/dist/assets): only the headers that act on a page's files.
    assetsPrefix: '/assets/',
    // The API's answers: data, with the headers that act on data.
    apiPrefix: '/api/',
  })
  await app.register(apiKeyPlugin, { config })
  await app.register(authPlugin, { config, store })
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : null
  if (redis) app.addHook('onClose', async () => void redis.disconnect())
  // Outside /api, no API key: the load balancer's and orchestrator's probes.
  await app.register(healthRoutes, { redis })
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    keyGenerator: rateLimitKey,
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mashura reference API',
        version: '1.0.0',
        description:
          'Every call of the platform spec. Send X-API-Key on every call and Authorization: Bearer <token> when signed in. Errors are { error: { code, message, fields? } } with the message in Accept-Language (ar by default). ' +
          'Text may not hold the NUL character (U+0000): a body, query or path value with one is refused with 400 ' +
          'validation_failed naming the field, on either database. Numbers in the query, path or body must be finite. ' +
          'Answers of 1 KB or more come in brotli or gzip when Accept-Encoding asks for them. Public catalogue reads ' +
          "(contributor lists and search, a contributor's schedule, settings, subjects, centers, offices) carry a weak ETag " +
          'with Cache-Control: no-cache: send it back in If-None-Match for a 304 without a body while nothing changed.',
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ apiKey: [] }],
    },
  })
  if (config.oidc.dev) await app.register(devOidcProvider)
  await app.register(
    async (api) => {
      // JSON answers of 1 KB or more, in brotli or gzip as the client asks; only under /api, since the site's
      // files and pages come precompressed (web/site.ts). Request bodies are read as sent, as before.
      await api.register(compress, {
        encodings: [...API_ENCODINGS],
        threshold: COMPRESS_THRESHOLD,
        customTypes: /(?:\+|\/)json(?:;|$)/,
        globalDecompression: false,
      })
      await api.register(apiRoutes)
    },
    { prefix: '/api' },
  )
  // Outside /api: a page the browser opens, not a call (no X-API-Key header; the key is in the address).
  await app.register(signInPopupRoutes)
  // Development only, outside /api too: a real rating link for the rating landing page (never in production).
  if (config.development) {
    await app.register(devRatingLinkRoutes)
    await app.register(devMailboxRoutes)
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  return app
}
