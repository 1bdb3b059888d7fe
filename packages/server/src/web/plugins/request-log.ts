/**
 * Request ids and access lines (issue 35). Every request has an id: the caller's `X-Request-Id` when it is
 * printable ASCII of at most 128 characters (a proxy's or the partner's own, so one id follows a call through
 * their logs and ours), otherwise one made here; it is sent back as `X-Request-Id` and is on every log line of
 * the request (`reqId`). When a request is answered, one `info` line says what it was: method, route pattern,
 * address, status and milliseconds.
 *
 * Nothing secret reaches the log: the address is written with its secrets replaced (the rating token and the
 * hand-off token in paths; `token`, `code`, `challenge`, `api_key`, `state` and the like in queries), and pino
 * drops the credential headers (`authorization`, `cookie`, `x-api-key`, `set-cookie`) from any line that
 * carries a request or an answer. In production the lines are pino's JSON; in development a short readable
 * line each (`developmentStream`), since pino-pretty is not a dependency.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Writable } from 'node:stream'
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import fp from 'fastify-plugin'

/** The header a request id comes in and goes back in. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** Printable ASCII without spaces, 1 to 128 characters: anything else is replaced by an id of our own. */
const GOOD_REQUEST_ID = /^[\x21-\x7e]{1,128}$/

/** What replaces a secret in a logged address. */
export const REDACTED = '[redacted]'

/** Query parameters that carry a credential or a one-time secret somewhere in the platform or its provider. */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'code',
  'code_verifier',
  'challenge',
  'verifier',
  'handle',
  'api_key',
  'key',
  'state',
  'secret',
  'password',
  'signature',
  'session_state',
])

/** Paths whose last segment is a secret: the rating link's token (API and page) and the hand-off page's token. */
const SECRET_PATHS = [/^(\/api\/rating\/sme\/validate-rating\/)[^/?#]+/, /^(\/redirection\/)[^/?#]+/]

/** Headers pino leaves out of every logged request and answer. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
]

/** An address with the secrets of its path and query replaced by {@link REDACTED}. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  let path = q === -1 ? url : url.slice(0, q)
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`)
  if (q === -1) return path
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq === -1 ? pair : pair.slice(0, eq)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // A malformed name is logged as sent.
      }
      return eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
  return `${path}?${query}`
}

/** The request's id: the caller's when it is sound, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && GOOD_REQUEST_ID.test(given) ? given : randomUUID()
}

/** Fastify's request serializer with the address redacted (for lines that log a request). */
function serializeRequest(request: { method: string; url: string; ip?: string; id?: string }) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}
const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v'])

/**
 * Development's readable log: each JSON line written as `12:03:04 INFO message key=value …` on stdout.
 * A line that is not JSON is passed on as it is.
 */
export function developmentStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue
        let entry: Record<string, unknown>
        try {
          entry = JSON.parse(line) as Record<string, unknown>
        } catch {
          out.write(`${line}\n`)
          continue
        }
        const time = new Date(Number(entry.time ?? Date.now())).toISOString().slice(11, 19)
        const level = LEVELS[Number(entry.level)] ?? String(entry.level)
        const rest = Object.entries(entry)
          .filter(([key]) => !QUIET.has(key))
          .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join(' ')
        out.write(`${time} ${level} ${entry.msg ?? ''}${rest ? ` ${rest}` : ''}\n`)
      }
      done()
    },
  })
}

/**
 * The server's logger options: the level, redaction and serializers; in development (unless `stream` is given)
 * the readable stream.
 */
export function loggerOptions(options: {
  level: string
  development: boolean
  stream?: NodeJS.WritableStream
}): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const stream = options.stream ?? (options.development ? developmentStream() : undefined)
  return {
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest as never },
    ...(stream ? { stream } : {}),
  }
}

/**
 * Fastify's own per-request lines, less the "incoming request" and "request completed" pair (the access line
 * below says it once); a request that errored, and every error log, stay.
 */
class AccessLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply)
  }
}

/** Fastify's options for request ids: made or taken by {@link requestIdOf}, logged as `reqId`. */
export const REQUEST_ID_OPTIONS = {
  requestIdHeader: false,
  genReqId: requestIdOf,
  logController: new AccessLogController(),
} satisfies Partial<FastifyServerOptions>

/** The levels at which an `info` line is written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info'])

/** Echoes the request id and writes the access line. */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id)
    })
    app.addHook('onResponse', async (request, reply) => {
      // Below `info` (development's default, `warn`) the line would not be written: nor is it made.
      if (!WRITES_INFO.has(request.log.level)) return
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? null,
          url: redactUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      )
    })
  },
  { name: 'request-log' },
)
