/**
 * The server's configuration: every environment variable is read here and nowhere
 * else (design section 9). Values are validated; a bad one stops start-up with a
 * message that names it.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { OWNER_CHANGE_CUTOFF_HOURS_DEFAULT } from '@mashura/core'
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@mashura/core/contract'

// This module is a leaf: it imports nothing of the server's own (.dependency-cruiser.cjs checks it), so every
// module may read the configuration without a cycle. The shapes of the settings other modules take as
// arguments (booking caps, ICE servers, Zoom app) are therefore declared here, and those modules import them.

/** How many upcoming sessions (waiting requests included) one business owner may hold. */
export interface BookingLimits {
  /** With one expert (`BOOKING_MAX_UPCOMING_PER_EXPERT`). */
  maxUpcomingPerExpert: number
  /** In all (`BOOKING_MAX_UPCOMING`). */
  maxUpcoming: number
}

/** The default limits: 3 upcoming sessions with one expert, 10 in all. */
export const DEFAULT_BOOKING_LIMITS: BookingLimits = { maxUpcomingPerExpert: 3, maxUpcoming: 10 }

/** What one person's uploads may take (issue 30): how often, how much in all, how long unattached, how long to check. */
export interface UploadLimits {
  /** Upload requests one person may make per rate-limit window (`RATE_LIMIT_UPLOAD`). */
  perWindow: number
  /** The most one person's stored files may take in all, in megabytes (`UPLOAD_QUOTA_MB`). */
  quotaMb: number
  /** Hours after which an upload attached to nothing (never, or no longer) is deleted (`UPLOAD_ORPHAN_HOURS`). */
  orphanHours: number
  /** How long checking one upload's files may take on a check thread, in milliseconds (`UPLOAD_CHECK_MS`). */
  checkMs: number
}

/** The default upload limits: 30 uploads a window, 200 MB a person, a day to attach a file, 5 s to check one upload. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  perWindow: 30,
  quotaMb: 200,
  orphanHours: 24,
  checkMs: 5000,
}

/** The ICE settings of the server (`STUN_URLS`, `TURN_URLS`, `TURN_SECRET`, `TURN_TTL_SECONDS`, `ICE_TRANSPORT_POLICY`). */
export interface IceConfig {
  stunUrls: string[]
  turnUrls: string[]
  turnSecret: string | null
  turnTtlSeconds: number
  /** `relay` sends all media through TURN, so neither side ever learns the other's address. */
  transportPolicy: 'all' | 'relay'
}

/** The Zoom Server-to-Server OAuth app and where Zoom answers. */
export interface ZoomApiConfig {
  accountId: string
  clientId: string
  clientSecret: string
  /** `https://api.zoom.us/v2` */
  apiBase: string
  /** `https://zoom.us/oauth/token` */
  oauthUrl: string
  /** The user meetings are created for and whose ZAK starts them: `me` (the app's owner) or an id or e-mail. */
  hostUser: string
  /**
   * The Zoom users (ids or e-mails) meetings are spread over, one meeting at a time each (`ZOOM_HOST_POOL`);
   * left out: `hostUser` alone. An expert with their own Zoom user (`contributors.zoom_user`) uses theirs.
   */
  hostPool?: readonly string[]
}

/** The default number of SQLite reader threads: one per core, at most 4. */
export function defaultSqliteReaders(): number {
  return Math.min(4, availableParallelism())
}

/** The OpenID Connect provider the server exchanges codes with. */
export interface OidcConfig {
  /** The issuer; for the built-in dev provider, `${publicUrl}/oidc`. */
  issuer: string
  /** This server's client id at the provider. */
  clientId: string
  /** This server's client secret at the provider. */
  clientSecret: string
  /** Whether this is the built-in development provider. */
  dev: boolean
  /**
   * The ID token claim that names a person's back-office roles (`admin`, `analyst`; a list or a space-separated
   * string), from `OIDC_ROLES_CLAIM`; null when the provider grants none (only `npm run admin` does).
   */
  rolesClaim: string | null
}

/** The whole configuration. */
export interface Config {
  /** Port to listen on (0 picks a free one). */
  port: number
  /** Host to bind. */
  host: string
  /** The public address browsers use, without a trailing slash. */
  publicUrl: string
  /** Where the embedded database, uploads and generated secrets live. */
  dataDir: string
  /** PostgreSQL connection string; the embedded SQLite file when null. */
  databaseUrl: string | null
  /**
   * Whether the server brings the database to its schema when it starts (`MIGRATE_ON_START`, true). False for
   * several instances rolled out after `npm run db -- migrate`: a server then refuses to start while migrations
   * are pending instead of changing the schema under the instances still running.
   */
  migrateOnStart: boolean
  /**
   * SQLite reader threads (`SQLITE_READERS`): reads outside transactions run beside the event loop on up to
   * this many threads; 0 keeps every query on the main thread.
   */
  sqliteReaders: number
  /** Redis connection string, shared by several instances; none when null. */
  redisUrl: string | null
  /** The prefix of every Redis key this deployment writes (several deployments can share a Redis). */
  redisPrefix: string
  /**
   * The catalogue read cache's size bound in megabytes (`CATALOGUE_CACHE_MB`); 0 turns the cache (and the
   * ETags of catalogue reads) off.
   */
  catalogueCacheMb: number
  /**
   * API keys and the browser origins each may be used from. Look a key up with `knownApiKey` (web/plugins/api-key.ts),
   * never with `in`: a key named `constructor` must not be found on the prototype.
   */
  apiKeys: Record<string, string[]>
  /**
   * Per key, the pages on its origins the sign-in popup may send a visitor back to when it has no opener left
   * (a partner page with `Cross-Origin-Opener-Policy: same-origin`): the key's `sign_in_return` in `API_KEYS`.
   */
  signInReturns: Record<string, string[]>
  /** The keys of the mobile app (`"app": true` in `API_KEYS`): only tokens signed in with one make app links. */
  appApiKeys: string[]
  /** The development key, accepted from localhost origins; null in production. */
  devApiKey: string | null
  /** The development mobile-app key (no origins, makes app links); null in production. */
  devAppApiKey: string | null
  /** The sign-in provider. */
  oidc: OidcConfig
  /** The secret API tokens are signed with (HS256). */
  tokenSecret: string
  /** How long an API token lives, in seconds. */
  tokenTtlSeconds: number
  /** The rating-link passphrase (shared with browsers; obfuscation, not secrecy). */
  ratingPassphrase: string
  /** Zoom Meeting SDK credentials, when configured (always with `zoomApi`). */
  zoom: { sdkKey: string; sdkSecret: string } | null
  /** Zoom's REST API through a Server-to-Server OAuth app, which creates the meetings; with `zoom`. */
  zoomApi: ZoomApiConfig | null
  /**
   * Firebase (`FIREBASE_SERVICE_ACCOUNT`: the service account's JSON key, or the path of its file): the server
   * then mints Firebase custom tokens, mirrors the realtime state into Firestore and sends push through FCM
   * (`FCM_API_BASE`, for tests).
   */
  firebase: FirebaseConfig | null
  /** STUN and TURN servers for the built-in WebRTC calls (none: host candidates only). */
  ice: IceConfig
  /**
   * Whose X-Forwarded-For to believe for the client address: the proxies' addresses or CIDR ranges (safe
   * whatever reaches the server), or a number of hops (only where nothing reaches the server but through its
   * proxies); 0 or none believes no one.
   */
  trustProxy: number | string[]
  /**
   * Rate limits: requests per window, counted per signed-in person (whatever their address) and per client
   * address for visitors.
   */
  rateLimit: { signIn: number; booking: number; windowMs: number }
  /**
   * Chat messages one person may send per rate-limit window (`RATE_LIMIT_CHAT`), whatever their address and
   * whoever they write to; shared by every instance with REDIS_URL (issue 30).
   */
  chatRateLimit: number
  /**
   * How long a request may take to arrive (issue 30): its headers within `headersMs` (`HEADERS_TIMEOUT_MS`), its
   * body within `bodyMs` of them (`BODY_TIMEOUT_MS`) or, past that, still arriving at `bodyMinRate` bytes a
   * second on average (`BODY_MIN_RATE`; 0 makes the deadline firm), and the whole request within `requestMs`
   * (`REQUEST_TIMEOUT_MS`, Node's own bound).
   */
  timeouts: { headersMs: number; bodyMs: number; bodyMinRate: number; requestMs: number }
  /**
   * The realtime socket's caps on each instance (issue 30): signed-in sockets per person
   * (`REALTIME_MAX_SOCKETS_PER_PERSON`), and sockets not yet signed in per client address
   * (`REALTIME_MAX_PENDING_PER_ADDRESS`).
   */
  realtime: { maxSocketsPerPerson: number; maxPendingPerAddress: number }
  /**
   * Fair booking: how many upcoming sessions, waiting requests included, one business owner may hold with one
   * expert (`BOOKING_MAX_UPCOMING_PER_EXPERT`) and in all (`BOOKING_MAX_UPCOMING`).
   */
  booking: BookingLimits
  /**
   * How many hours before its start a business owner may still cancel or move her own session, or withdraw or
   * move her waiting request (`OWNER_CHANGE_CUTOFF_HOURS`, 24; 0 lets her until the start). Issue 34.
   */
  ownerChangeCutoffHours: number
  /** Upload bounds: a per-person rate and quota, orphan collection, the check's deadline. */
  uploads: UploadLimits
  /** Whether the development conveniences (dev key, dev provider, seeding) are on. */
  development: boolean
  /**
   * Whether every route's validators and serializers compile before the server listens: with `NODE_ENV=test`,
   * so that a schema that cannot compile fails every test. Otherwise (production and `npm start`) each compiles
   * on first use and the rest right after the server listens (`web/lazy-compilers.ts`): a start about a
   * second of processor time shorter.
   */
  schemasAtStart: boolean
  /** Web Push: VAPID keys and subject (generated and kept in DATA_DIR when unset), and the allowed push-service hosts. */
  push: PushConfig
  /**
   * The agency's academy/services integration to proxy to (`INTEGRATION_BASE_URL`): an http(s) address without
   * a trailing slash; the seeded catalogue when null.
   */
  integrationBaseUrl: string | null
  /**
   * How long one call to another service may take, in milliseconds (`OUTBOUND_TIMEOUT_MS`, 10000): Zoom, the
   * sign-in provider, FCM, push services, the integration. A silent service then fails the call, and what waited
   * on it (a booking, a sign-in) is refused, instead of being held open.
   */
  outboundTimeoutMs: number
  /**
   * The server log level (`LOG_LEVEL`: fatal, error, warn, info, debug, trace or silent; `info` by default in
   * production, so it logs one access line per request, `warn` in development). An unknown level is refused.
   */
  logLevel: string
  /**
   * The Bearer token `GET /metrics` asks for (`METRICS_TOKEN`); when null, only the machine itself (loopback)
   * may scrape.
   */
  metricsToken: string | null
  /**
   * How long a shutdown may take (`SHUTDOWN_TIMEOUT_MS`, 10000): readiness turns 503, requests in flight
   * finish, sockets close; whatever still runs then is abandoned and the process exits with code 1.
   */
  shutdownTimeoutMs: number
  /**
   * How long a shutdown keeps serving with readiness at 503 before it stops taking requests
   * (`SHUTDOWN_GRACE_MS`, 0): behind a load balancer, a little more than its probe interval. Within the deadline.
   */
  shutdownGraceMs: number
  /**
   * Outgoing mail: the relay (`SMTP_URL`; in development, none means the built-in catcher that `npm start`
   * runs), the `From` (`MAIL_FROM`), how often the outbox is sent (`MAIL_POLL_MS`) and the first wait before a
   * mail the relay did not take is tried again (`MAIL_RETRY_BASE_MS`, doubling each time).
   */
  mail: { smtpUrl: string | null; from: string; pollMs: number; retryBaseMs: number }
  /** How long personal data is kept before the scheduler purges it (`domain/retention.ts`). */
  retention: RetentionConfig
  /**
   * A person's data exports (issue 34, `domain/my-data.ts`): how many days a ready ZIP is kept before it is
   * deleted (`EXPORT_KEEP_DAYS`, 7), and how many hours must pass between two requests of one person
   * (`EXPORT_EVERY_HOURS`, 24; a failed export does not count).
   */
  dataExports: { keepDays: number; everyHours: number }
  /**
   * Hours after a session's end at which its expert is reminded of unwritten recommendations, once each
   * (`RECOMMENDATIONS_REMINDER_HOURS`, comma-separated, default `2,24`; empty turns the reminder off).
   */
  recommendationsReminderHours: number[]
  /**
   * Partner webhooks (issue 36, `domain/webhooks.ts`): the endpoints of installations without a back office
   * (`WEBHOOKS`, JSON: `{"<api key>": {"url": "https://…", "secret": "whsec_…" or "secrets": [new, old],
   * "events": ["booking.created", …]}}`; every event when `events` is left out), the hosts allowed although they
   * resolve to private or loopback addresses (`WEBHOOK_ALLOWED_HOSTS`, comma-separated), how long one delivery
   * may take (`WEBHOOK_TIMEOUT_MS`, 10000), how often the queue is looked at (`WEBHOOK_POLL_MS`, 2000) and the
   * first wait before a retry (`WEBHOOK_RETRY_BASE_MS`, 5000: then 5 min, 30 min, 2 h, 5 h and 10 h, for a day).
   */
  webhooks: WebhooksConfig
}

/**
 * How many days each kind of record is kept (issue 34, the personal-data law: no longer than needed). 0 keeps
 * it for ever.
 */
export interface RetentionConfig {
  /** Chat messages (`RETENTION_CHAT_DAYS`); their files go with them. */
  chatDays: number
  /** Voice notes of recommendations (`RETENTION_VOICE_NOTES_DAYS`). */
  voiceNoteDays: number
  /** Attachments of recommendations (`RETENTION_ATTACHMENTS_DAYS`). */
  attachmentDays: number
  /** The audit trail (`RETENTION_AUDIT_DAYS`). */
  auditDays: number
}

/** The documented defaults: two years of chat and files, a year of voice notes, five years of audit trail. */
export const DEFAULT_RETENTION: RetentionConfig = {
  chatDays: 730,
  voiceNoteDays: 365,
  attachmentDays: 730,
  auditDays: 1825,
}

/** The Web Push settings, checked: the push module takes them as they are. */
export interface PushConfig {
  /**
   * The VAPID keys (`VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY`, both or neither); when null, generated once into
   * `DATA_DIR/secrets/vapid.json`.
   */
  vapidKeys: { publicKey: string; privateKey: string } | null
  /** Who runs the server, for push services (`VAPID_SUBJECT`, `https:` or `mailto:`); when null, from PUBLIC_URL. */
  vapidSubject: string | null
  /** The push-service hosts subscriptions may point at (`PUSH_HOSTS`, lower case); when null, the browsers' own. */
  hosts: string[] | null
}

/** A Firebase service account (the fields of its JSON key the server uses) and FCM's address. */
export interface FirebaseConfig {
  projectId: string
  clientEmail: string
  privateKey: string
  /** Where the service account's OAuth tokens come from (its `token_uri`). */
  tokenUri: string
  /** `https://fcm.googleapis.com` */
  fcmApiBase: string
}

/** A configuration error that names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${raw}"`)
  return n
}

/** Reads a secret from the environment, else from `DATA_DIR/secrets/<name>`, creating it once so instances sharing a data directory agree. */
function persistentSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv
  const file = join(dataDir, 'secrets', name)
  if (!existsSync(file)) createFileOnce(file, randomBytes(32).toString('base64url'))
  return readFileSync(file, 'utf8').trim()
}

/**
 * Creates a private file (a secret) unless it exists: a temporary file is linked into place, so an instance
 * starting at the same moment either wins the link or reads the winner's complete file, never half of one.
 */
export function createFileOnce(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(tmp, content, { mode: 0o600 })
  try {
    linkSync(tmp, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    unlinkSync(tmp)
  }
}

const STUN = /^stuns?:[^\s,]+$/
const TURN = /^turns?:[^\s,]+$/

/** Splits a comma-separated list of ICE server URLs, refusing any that is not of the given scheme. */
function iceUrls(name: string, raw: string | undefined, turn: boolean): string[] {
  const urls = (raw ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
  const bad = urls.find((url) => !(turn ? TURN : STUN).test(url))
  if (bad !== undefined)
    throw new Error(
      `${name} takes comma-separated ${turn ? 'turn: or turns:' : 'stun: or stuns:'} URLs, got "${bad}"`,
    )
  return urls
}

/** The built-in calls' STUN and TURN servers, checked: TURN needs its secret, `relay` needs TURN. */
function iceConfig(env: NodeJS.ProcessEnv): IceConfig {
  let stunUrls: string[]
  let turnUrls: string[]
  try {
    stunUrls = iceUrls('STUN_URLS', env.STUN_URLS, false)
    turnUrls = iceUrls('TURN_URLS', env.TURN_URLS, true)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
  const turnSecret = env.TURN_SECRET || null
  if (turnUrls.length && !turnSecret)
    throw new ConfigError("TURN_URLS needs TURN_SECRET (the relay's static-auth-secret)")
  const policy = env.ICE_TRANSPORT_POLICY || 'all'
  if (policy !== 'all' && policy !== 'relay')
    throw new ConfigError(`ICE_TRANSPORT_POLICY is all or relay, got "${policy}"`)
  if (policy === 'relay' && !turnUrls.length)
    throw new ConfigError('ICE_TRANSPORT_POLICY=relay needs TURN_URLS and TURN_SECRET')
  return {
    stunUrls,
    turnUrls,
    turnSecret,
    turnTtlSeconds: int(env, 'TURN_TTL_SECONDS', 12 * 3600, 60),
    transportPolicy: policy,
  }
}

/**
 * Zoom: the Meeting SDK's key and secret (people join with them) and the Server-to-Server OAuth app (the
 * server creates the meetings with it) go together, all five or none; with none, online sessions use the
 * built-in call.
 */
function zoomConfig(env: NodeJS.ProcessEnv): Pick<Config, 'zoom' | 'zoomApi'> {
  const sdk = ['ZOOM_SDK_KEY', 'ZOOM_SDK_SECRET'].filter((name) => env[name])
  const app = ['ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'].filter((name) => env[name])
  if (sdk.length === 0 && app.length === 0) return { zoom: null, zoomApi: null }
  if (sdk.length < 2 || app.length < 3)
    throw new ConfigError(
      'Zoom needs all of ZOOM_SDK_KEY and ZOOM_SDK_SECRET (the Meeting SDK people join with) and ' +
        'ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET (the Server-to-Server OAuth app that creates ' +
        `the meetings), or none of them for the built-in call; set: ${[...sdk, ...app].join(', ')}`,
    )
  const url = (name: string, fallback: string) => {
    const value = env[name] || fallback
    try {
      const parsed = new URL(value)
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error()
    } catch {
      throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`)
    }
    return value.replace(/\/+$/, '')
  }
  return {
    zoom: { sdkKey: env.ZOOM_SDK_KEY!, sdkSecret: env.ZOOM_SDK_SECRET! },
    zoomApi: {
      accountId: env.ZOOM_ACCOUNT_ID!,
      clientId: env.ZOOM_CLIENT_ID!,
      clientSecret: env.ZOOM_CLIENT_SECRET!,
      apiBase: url('ZOOM_API_BASE', 'https://api.zoom.us/v2'),
      oauthUrl: url('ZOOM_OAUTH_URL', 'https://zoom.us/oauth/token'),
      hostUser: env.ZOOM_HOST_USER || 'me',
      ...(env.ZOOM_HOST_POOL ? { hostPool: zoomHostPool(env.ZOOM_HOST_POOL) } : {}),
    },
  }
}

/** `ZOOM_HOST_POOL`: comma-separated Zoom users (ids or e-mails), each once, none empty or with spaces. */
function zoomHostPool(value: string): string[] {
  const hosts = value.split(',').map((host) => host.trim())
  const bad = hosts.filter((host) => !/^\S{1,254}$/.test(host))
  if (bad.length > 0 || hosts.length === 0)
    throw new ConfigError(
      `ZOOM_HOST_POOL must be Zoom users (ids or e-mails) separated by commas, got "${value}"`,
    )
  if (new Set(hosts.map((h) => h.toLowerCase())).size !== hosts.length)
    throw new ConfigError(`ZOOM_HOST_POOL names a Zoom user twice: "${value}"`)
  return hosts
}

/** The Firebase service account, from its JSON key or the key's file; checked for the fields the server uses. */
function firebaseConfig(env: NodeJS.ProcessEnv): FirebaseConfig | null {
  const raw = env.FIREBASE_SERVICE_ACCOUNT?.trim()
  if (!raw) return null
  let text = raw
  if (!raw.startsWith('{')) {
    if (!existsSync(raw))
      throw new ConfigError(`FIREBASE_SERVICE_ACCOUNT is neither JSON nor a file: "${raw}"`)
    text = readFileSync(raw, 'utf8')
  }
  let key: Record<string, unknown>
  try {
    key = JSON.parse(text)
  } catch {
    throw new ConfigError(
      'FIREBASE_SERVICE_ACCOUNT must be the service account JSON key (or the path of its file)',
    )
  }
  const field = (name: string) => {
    const value = key[name]
    if (typeof value !== 'string' || !value)
      throw new ConfigError(`FIREBASE_SERVICE_ACCOUNT has no ${name}: use the service account's JSON key`)
    return value
  }
  if (key.type !== 'service_account')
    throw new ConfigError('FIREBASE_SERVICE_ACCOUNT must be a key of type "service_account"')
  return {
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUri:
      typeof key.token_uri === 'string' && key.token_uri
        ? key.token_uri
        : 'https://oauth2.googleapis.com/token',
    fcmApiBase: (env.FCM_API_BASE || 'https://fcm.googleapis.com').replace(/\/+$/, ''),
  }
}

/** `TRUST_PROXY`: a hop count, or a comma-separated list of proxy addresses and CIDR ranges (checked). */
function trustProxyConfig(raw: string | undefined): number | string[] {
  const value = raw?.trim() ?? ''
  if (value === '') return 0
  if (/^\d+$/.test(value)) return Number(value)
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address ?? '')
    const max = family === 6 ? 128 : 32
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))
    )
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or proxy addresses and CIDR ranges, got "${entry}"`,
      )
  }
  return list
}

/** The outgoing-mail settings, checked: production needs a relay, and the relay an smtp(s) URL. */
function mailConfig(env: NodeJS.ProcessEnv, development: boolean, publicUrl: string): Config['mail'] {
  const smtpUrl = env.SMTP_URL || null
  if (smtpUrl) {
    let url: URL
    try {
      url = new URL(smtpUrl)
    } catch {
      throw new ConfigError(`SMTP_URL must be a URL such as smtp://user:pass@host:587, got "${smtpUrl}"`)
    }
    if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
      throw new ConfigError(
        'SMTP_URL must be smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465',
      )
  } else if (!development) {
    throw new ConfigError(
      'SMTP_URL is required in production: without a mail relay the rating links, booking confirmations and ' +
        'reminders reach nobody. Set it to your relay, such as smtp://user:pass@smtp.example.sa:587.',
    )
  }
  const from = env.MAIL_FROM || `"مشورة Mashura" <no-reply@${new URL(publicUrl).hostname}>`
  if (!/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(from.trim()))
    throw new ConfigError(
      `MAIL_FROM must be an address, such as "Mashura <no-reply@example.sa>", got "${from}"`,
    )
  return {
    smtpUrl,
    from,
    pollMs: int(env, 'MAIL_POLL_MS', 2000, 100),
    retryBaseMs: int(env, 'MAIL_RETRY_BASE_MS', 30_000, 100),
  }
}

/**
 * How long a request may take to arrive (issue 30), checked: Node refuses a whole-request bound shorter than
 * the headers' own.
 */
function timeoutsConfig(env: NodeJS.ProcessEnv): Config['timeouts'] {
  const timeouts = {
    headersMs: int(env, 'HEADERS_TIMEOUT_MS', 20_000, 100),
    bodyMs: int(env, 'BODY_TIMEOUT_MS', 30_000, 100),
    bodyMinRate: int(env, 'BODY_MIN_RATE', 8192, 0),
    requestMs: int(env, 'REQUEST_TIMEOUT_MS', 600_000, 0),
  }
  if (timeouts.requestMs > 0 && timeouts.requestMs < timeouts.headersMs)
    throw new ConfigError(
      `REQUEST_TIMEOUT_MS (${timeouts.requestMs}) must be 0 or at least HEADERS_TIMEOUT_MS (${timeouts.headersMs})`,
    )
  return timeouts
}

/** The Web Push settings, checked: both VAPID keys or neither, an `https:` or `mailto:` subject, the hosts split. */
function pushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY || ''
  const privateKey = env.VAPID_PRIVATE_KEY || ''
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
  const vapidSubject = env.VAPID_SUBJECT || null
  if (vapidSubject !== null && !/^(https:|mailto:)/.test(vapidSubject))
    throw new ConfigError(`VAPID_SUBJECT must be an https: or mailto: URL, got "${vapidSubject}"`)
  const hosts = (env.PUSH_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
  return {
    vapidKeys: publicKey ? { publicKey, privateKey } : null,
    vapidSubject,
    hosts: hosts.length ? hosts : null,
  }
}

/** `INTEGRATION_BASE_URL`, checked: an http(s) address, returned without its trailing slash; null when unset. */
function integrationBaseUrlConfig(raw: string | undefined): string | null {
  const value = raw?.trim()
  if (!value) return null
  const bad = () => new ConfigError(`INTEGRATION_BASE_URL must be an http(s) address, got "${value}"`)
  let url: URL
  try {
    url = new URL(value.replace(/\/+$/, ''))
  } catch {
    throw bad()
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad()
  return url.href.replace(/\/+$/, '')
}

/** The development rating passphrase: public (it is in this repository), so accepted only in development. */
export const DEV_RATING_PASSPHRASE = 'mashura-dev-passphrase'

/**
 * `RATING_PASSPHRASE`: the development value when unset, in development only. Production refuses it, set or
 * defaulted: anyone could read the rating links' tokens with it.
 */
function ratingPassphraseConfig(raw: string | undefined, development: boolean): string {
  const value = raw || DEV_RATING_PASSPHRASE
  if (!development && value === DEV_RATING_PASSPHRASE)
    throw new ConfigError(
      'RATING_PASSPHRASE must be set in production, to a value of your own: the development passphrase is ' +
        "public. Give the site's build the same value (VITE_RATING_PASSPHRASE).",
    )
  return value
}

/** The API key `npm start` prints; valid only from localhost origins and only in development. */
export const DEV_API_KEY = 'mashura-dev-key'
/** The development mobile app's key: what the app sends, with no origin; only in development. */
export const DEV_APP_API_KEY = 'mashura-dev-app-key'
/** Where the development key's sign-in popup returns when it has no opener: the examples' return page. */
export const DEV_SIGN_IN_RETURN_PATH = '/examples/sign-in-return.html'

const API_KEYS_SHAPE =
  'API_KEYS must be JSON: {"<key>": ["<allowed origin>", …]} or {"<key>": {"origins": [...], "sign_in_return": ["<page URL>"], "app": false}}'

/**
 * Reads `API_KEYS`. A key's value is its list of origins, or an object with `origins`, `sign_in_return` (the
 * pages, on those origins, the sign-in popup may return to when a partner page cuts it off from its opener)
 * and `app` (the mobile app's key). Every table is built without a prototype, so no key can be found there.
 */
function apiKeysConfig(
  text: string | undefined,
  publicUrl: string,
): { apiKeys: Record<string, string[]>; signInReturns: Record<string, string[]>; appApiKeys: string[] } {
  const apiKeys: Record<string, string[]> = Object.create(null)
  const signInReturns: Record<string, string[]> = Object.create(null)
  const appApiKeys: string[] = []
  if (!text) return { apiKeys, signInReturns, appApiKeys }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ConfigError(API_KEYS_SHAPE)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(API_KEYS_SHAPE)
  const strings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((item) => typeof item === 'string')
  for (const [key, value] of Object.entries(parsed)) {
    const entry: Record<string, unknown> = Array.isArray(value) ? { origins: value } : (value ?? {})
    if (typeof entry !== 'object' || !strings(entry.origins ?? [])) {
      throw new ConfigError(`API_KEYS["${key}"] must be a list of origins (${API_KEYS_SHAPE})`)
    }
    const origins = (entry.origins ?? []) as string[]
    for (const origin of origins) {
      if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
        throw new ConfigError(`API_KEYS["${key}"]: "${origin}" is not an origin (scheme://host[:port])`)
      }
    }
    const returns = entry.sign_in_return ?? []
    if (!strings(returns)) throw new ConfigError(`API_KEYS["${key}"].sign_in_return must be a list of URLs`)
    for (const page of returns) {
      // The popup sends the hand-off's code there: only a page of the key's own origins (or the platform's).
      const origin = URL.canParse(page) ? new URL(page).origin : null
      if (!origin || (!origins.includes(origin) && origin !== new URL(publicUrl).origin)) {
        throw new ConfigError(
          `API_KEYS["${key}"].sign_in_return: "${page}" is not on one of the key's origins`,
        )
      }
    }
    if (entry.app !== undefined && typeof entry.app !== 'boolean') {
      throw new ConfigError(`API_KEYS["${key}"].app must be true or false`)
    }
    apiKeys[key] = origins
    if (returns.length) signInReturns[key] = returns
    if (entry.app === true) appApiKeys.push(key)
  }
  return { apiKeys, signInReturns, appApiKeys }
}

/** A webhook endpoint from the `WEBHOOKS` setting. */
export interface ConfiguredWebhook {
  apiKey: string
  url: string
  /** The signing secrets: the current one first, and during a rotation the previous one. */
  secrets: string[]
  events: WebhookEventType[]
}

/** The webhook settings (see {@link Config.webhooks}). */
export interface WebhooksConfig {
  endpoints: ConfiguredWebhook[]
  allowedHosts: string[]
  timeoutMs: number
  pollMs: number
  retryBaseMs: number
}

const WEBHOOKS_SHAPE =
  'WEBHOOKS must be JSON: {"<api key>": {"url": "https://…", "secret": "whsec_…", "events": ["booking.created", …]}}'

/** Reads and checks the webhook settings: each key an API key, its address a URL, its secrets `whsec_…`. */
function webhooksConfig(
  env: NodeJS.ProcessEnv,
  development: boolean,
  apiKeys: Record<string, string[]>,
): WebhooksConfig {
  const allowedHosts = (env.WEBHOOK_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean)
  const endpoints: ConfiguredWebhook[] = []
  if (env.WEBHOOKS) {
    let parsed: unknown
    try {
      parsed = JSON.parse(env.WEBHOOKS)
    } catch {
      throw new ConfigError(WEBHOOKS_SHAPE)
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(WEBHOOKS_SHAPE)
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = (value ?? {}) as Record<string, unknown>
      if (!Object.hasOwn(apiKeys, key))
        throw new ConfigError(
          `WEBHOOKS["${key}"]: not an API key of API_KEYS (a partner hears only of its own key)`,
        )
      const url = entry.url
      if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
        throw new ConfigError(`WEBHOOKS["${key}"].url must be an http(s) address (${WEBHOOKS_SHAPE})`)
      if (!development && new URL(url).protocol !== 'https:' && !allowedHosts.includes(new URL(url).hostname))
        throw new ConfigError(`WEBHOOKS["${key}"].url must be https in production`)
      const secrets = entry.secrets ?? (entry.secret === undefined ? undefined : [entry.secret])
      if (
        !Array.isArray(secrets) ||
        secrets.length < 1 ||
        secrets.length > 2 ||
        !secrets.every((secret) => typeof secret === 'string' && WEBHOOK_SECRET.test(secret))
      )
        throw new ConfigError(
          `WEBHOOKS["${key}"]: "secret" (or "secrets", the new one first and the previous one) must be whsec_ and 24 to 64 bytes in base64`,
        )
      const events = entry.events ?? [...WEBHOOK_EVENT_TYPES]
      if (
        !Array.isArray(events) ||
        events.length === 0 ||
        !events.every((event) => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(event))
      )
        throw new ConfigError(
          `WEBHOOKS["${key}"].events must list some of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
        )
      endpoints.push({
        apiKey: key,
        url,
        secrets: secrets as string[],
        events: [...new Set(events)] as WebhookEventType[],
      })
    }
  }
  return {
    endpoints,
    allowedHosts,
    timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100),
    pollMs: int(env, 'WEBHOOK_POLL_MS', 2000, 50),
    retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 5000, 10),
  }
}

/** `whsec_` and 24 to 64 bytes in base64 (32 to 88 characters). */
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,86}={0,2}$/

/** What the operations commands (`npm run db|backup|restore`) need: where the data is, and nothing else. */
export interface StorageConfig {
  dataDir: string
  databaseUrl: string | null
  migrateOnStart: boolean
}

/**
 * Reads the storage settings alone (DATA_DIR, DATABASE_URL, MIGRATE_ON_START), without creating anything: the
 * operations commands run where the rest of the configuration (API keys, sign-in, mail) may not be set, and a
 * restore must find an empty data folder empty, not filled with freshly generated secrets.
 */
export function storageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const raw = (env.MIGRATE_ON_START ?? '').trim().toLowerCase()
  if (!['', 'true', 'false', '1', '0', 'yes', 'no'].includes(raw))
    throw new ConfigError(`MIGRATE_ON_START must be true or false, got "${env.MIGRATE_ON_START}"`)
  return {
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || null,
    migrateOnStart: !['false', '0', 'no'].includes(raw),
  }
}

/** Builds the configuration from environment variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const development = env.NODE_ENV !== 'production'
  const port = int(env, 'PORT', 8080)
  const host = env.HOST || (development ? 'localhost' : '0.0.0.0')
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')
  const dataDir = resolve(env.DATA_DIR || '.data')
  // The data directory holds the database, uploads and secrets: its owner's alone (issue 17).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  try {
    chmodSync(dataDir, 0o700)
  } catch {
    // A directory someone else owns keeps its mode; what is written inside is private all the same.
  }

  const { apiKeys, signInReturns, appApiKeys } = apiKeysConfig(env.API_KEYS, publicUrl)
  const devApiKey = development ? DEV_API_KEY : null
  const devAppApiKey = development ? DEV_APP_API_KEY : null
  if (!development && Object.keys(apiKeys).length === 0) {
    throw new ConfigError('API_KEYS is required in production')
  }
  if (devAppApiKey) appApiKeys.push(devAppApiKey)
  // The examples' partner page is on the platform's own origin: its return page is the examples' one.
  if (devApiKey) signInReturns[devApiKey] = [`${publicUrl}${DEV_SIGN_IN_RETURN_PATH}`]

  const devOidc = !env.OIDC_ISSUER
  if (devOidc && !development)
    throw new ConfigError('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required in production')
  const oidc: OidcConfig = devOidc
    ? {
        issuer: `${publicUrl}/oidc`,
        clientId: 'mashura-web',
        clientSecret: persistentSecret(dataDir, 'oidc-client-secret', env.OIDC_CLIENT_SECRET),
        dev: true,
        rolesClaim: env.OIDC_ROLES_CLAIM?.trim() || null,
      }
    : {
        issuer: env.OIDC_ISSUER!.replace(/\/+$/, ''),
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        dev: false,
        rolesClaim: env.OIDC_ROLES_CLAIM?.trim() || null,
      }
  if (!oidc.clientId || !oidc.clientSecret)
    throw new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER')

  const { zoom, zoomApi } = zoomConfig(env)

  const ice = iceConfig(env)

  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    migrateOnStart: storageConfig(env).migrateOnStart,
    sqliteReaders: int(env, 'SQLITE_READERS', defaultSqliteReaders(), 0),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'mashura:',
    catalogueCacheMb: int(env, 'CATALOGUE_CACHE_MB', 64, 0),
    apiKeys,
    signInReturns,
    appApiKeys,
    devApiKey,
    devAppApiKey,
    oidc,
    tokenSecret: persistentSecret(dataDir, 'token-secret', env.TOKEN_SECRET),
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 12 * 3600, 60),
    ratingPassphrase: ratingPassphraseConfig(env.RATING_PASSPHRASE, development),
    zoom,
    zoomApi,
    firebase: firebaseConfig(env),
    ice,
    trustProxy: trustProxyConfig(env.TRUST_PROXY),
    rateLimit: {
      signIn: int(env, 'RATE_LIMIT_SIGN_IN', 20, 1),
      booking: int(env, 'RATE_LIMIT_BOOKING', 30, 1),
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000),
    },
    chatRateLimit: int(env, 'RATE_LIMIT_CHAT', 60, 1),
    timeouts: timeoutsConfig(env),
    realtime: {
      maxSocketsPerPerson: int(env, 'REALTIME_MAX_SOCKETS_PER_PERSON', 10, 1),
      maxPendingPerAddress: int(env, 'REALTIME_MAX_PENDING_PER_ADDRESS', 20, 1),
    },
    booking: {
      maxUpcomingPerExpert: int(
        env,
        'BOOKING_MAX_UPCOMING_PER_EXPERT',
        DEFAULT_BOOKING_LIMITS.maxUpcomingPerExpert,
        1,
      ),
      maxUpcoming: int(env, 'BOOKING_MAX_UPCOMING', DEFAULT_BOOKING_LIMITS.maxUpcoming, 1),
    },
    ownerChangeCutoffHours: int(env, 'OWNER_CHANGE_CUTOFF_HOURS', OWNER_CHANGE_CUTOFF_HOURS_DEFAULT, 0),
    uploads: {
      perWindow: int(env, 'RATE_LIMIT_UPLOAD', DEFAULT_UPLOAD_LIMITS.perWindow, 1),
      quotaMb: int(env, 'UPLOAD_QUOTA_MB', DEFAULT_UPLOAD_LIMITS.quotaMb, 1),
      orphanHours: int(env, 'UPLOAD_ORPHAN_HOURS', DEFAULT_UPLOAD_LIMITS.orphanHours, 1),
      checkMs: int(env, 'UPLOAD_CHECK_MS', DEFAULT_UPLOAD_LIMITS.checkMs, 100),
    },
    development,
    schemasAtStart: env.NODE_ENV === 'test',
    push: pushConfig(env),
    integrationBaseUrl: integrationBaseUrlConfig(env.INTEGRATION_BASE_URL),
    outboundTimeoutMs: int(env, 'OUTBOUND_TIMEOUT_MS', 10_000, 100),
    logLevel: logLevelConfig(env.LOG_LEVEL, development),
    metricsToken: env.METRICS_TOKEN || null,
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 0, 0),
    mail: mailConfig(env, development, publicUrl),
    dataExports: {
      keepDays: int(env, 'EXPORT_KEEP_DAYS', 7, 1),
      everyHours: int(env, 'EXPORT_EVERY_HOURS', 24, 0),
    },
    retention: {
      chatDays: int(env, 'RETENTION_CHAT_DAYS', DEFAULT_RETENTION.chatDays),
      voiceNoteDays: int(env, 'RETENTION_VOICE_NOTES_DAYS', DEFAULT_RETENTION.voiceNoteDays),
      attachmentDays: int(env, 'RETENTION_ATTACHMENTS_DAYS', DEFAULT_RETENTION.attachmentDays),
      auditDays: int(env, 'RETENTION_AUDIT_DAYS', DEFAULT_RETENTION.auditDays),
    },
    recommendationsReminderHours: hoursList(env, 'RECOMMENDATIONS_REMINDER_HOURS', [2, 24]),
    webhooks: webhooksConfig(env, development, apiKeys),
  }
}

/** pino's levels, and `silent`. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * `LOG_LEVEL`: when unset, `info` in production (an access line per request) and `warn` in development (a quiet
 * terminal); a level pino does not know is refused rather than crashing the logger later.
 */
function logLevelConfig(raw: string | undefined, development: boolean): string {
  const level = (raw ?? '').trim().toLowerCase() || (development ? 'warn' : 'info')
  if (!LOG_LEVELS.includes(level))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
  return level
}

/** A comma-separated list of whole hours (at least 1), sorted and without repeats; `fallback` when unset. */
function hoursList(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name]
  if (raw === undefined) return fallback
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const hours = parts.map(Number)
  if (hours.some((h) => !Number.isInteger(h) || h < 1))
    throw new ConfigError(`${name} takes comma-separated whole hours ≥ 1, got "${raw}"`)
  return [...new Set(hours)].sort((x, y) => x - y)
}
