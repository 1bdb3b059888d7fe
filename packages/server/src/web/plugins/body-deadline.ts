/**
 * Bounded time for a request's body (design section 11, issue 30). A connection sending its body one byte every
 * ten seconds held a place in the server for as long as it liked. Fastify leaves Node's `requestTimeout` off,
 * and setting it alone was not enough either (a trickling POST was still open at 70 s: Node looks for expired
 * requests only every so often, and a whole-request bound long enough for an honest upload is far too long for
 * a trickle), so each request with a body gets a timer of its own:
 *
 * - the body must have arrived within `BODY_TIMEOUT_MS` of the headers, or be still arriving at `BODY_MIN_RATE`
 *   bytes a second on average since then (an honest upload of 100 MB over a slow line takes longer than any
 *   fixed deadline fair to a JSON body, and a trickle cannot keep that pace without paying for it in bytes);
 *   otherwise it gets `408 request_timeout` and its connection is closed.
 * - a request answered before its body was read (a 401 without a token or with a bad API key, a 403 Origin,
 *   a 404) is answered with `Connection: close`: Node would otherwise read and throw away the rest of the
 *   body, megabytes of it, to keep the connection for another request.
 *
 * Requests made in-process (`inject`) have their whole body at once and no socket to close: they are left alone.
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.ts'
import { translatorFor } from './language.ts'

/** How often a body arriving past its deadline is looked at again. */
const RECHECK_MS = 1000
/** How long a dropped connection may take to hear its 408 and close its side before it is cut. */
const LINGER_MS = 2000

/** Whether a request declares a body: a length above 0, or a chunked one. */
function declaresBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length']
  return (length !== undefined && Number(length) !== 0) || raw.headers['transfer-encoding'] !== undefined
}

/** The request's connection, when it has a real one (an `inject` request has a stand-in without byte counts). */
function connectionOf(raw: IncomingMessage): Socket | null {
  const socket = raw.socket as Socket | null | undefined
  return socket && typeof socket.bytesRead === 'number' ? socket : null
}

/** An `Origin` fit to echo in a header written by hand: visible ASCII only. */
const PLAIN_ORIGIN = /^[\x21-\x7e]+$/

/**
 * Answers 408 in the API's envelope straight on the socket (Fastify may still be reading the body, so the reply
 * is not ours to send), half-closes it so the client reads the answer before the connection goes, and cuts it
 * after {@link LINGER_MS} whatever the client does.
 */
function drop(request: FastifyRequest, reply: FastifyReply, socket: Socket): void {
  if (socket.destroyed) return
  if (!reply.raw.headersSent && socket.writable) {
    const body = JSON.stringify({
      error: { code: 'request_timeout', message: translatorFor(request).t('errors.requestTimeout') },
    })
    const origin = request.headers.origin
    // Every API error is readable from any origin (web/plugins/api-key.ts), this one too.
    const cors =
      typeof origin === 'string' && PLAIN_ORIGIN.test(origin)
        ? `Access-Control-Allow-Origin: ${origin}\r\nVary: Origin\r\n`
        : ''
    socket.end(
      'HTTP/1.1 408 Request Timeout\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        cors +
        'Connection: close\r\n\r\n' +
        body,
    )
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  } else {
    socket.destroy()
  }
}

/** Watches one request's body until it has arrived or its answer has gone, and drops it when it comes too slowly. */
function watchBody(
  request: FastifyRequest,
  reply: FastifyReply,
  socket: Socket,
  timeouts: Config['timeouts'],
): void {
  const started = performance.now()
  const bytesBefore = socket.bytesRead
  let timer: NodeJS.Timeout
  const check = () => {
    // After the I/O the event loop owes: a timer that fires late after a busy spell must not blame the client
    // for bytes that are waiting in the kernel.
    setImmediate(() => {
      if (request.raw.complete || reply.raw.writableFinished || socket.destroyed) return
      const seconds = (performance.now() - started) / 1000
      const received = socket.bytesRead - bytesBefore
      if (timeouts.bodyMinRate > 0 && received >= timeouts.bodyMinRate * seconds) {
        timer = setTimeout(check, RECHECK_MS)
        timer.unref()
        return
      }
      drop(request, reply, socket)
    })
  }
  timer = setTimeout(check, timeouts.bodyMs)
  timer.unref()
  reply.raw.once('close', () => clearTimeout(timer))
}

export const bodyDeadlinePlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { timeouts } = opts.config
  app.addHook('onRequest', async (request, reply) => {
    if (!declaresBody(request.raw)) return
    const socket = connectionOf(request.raw)
    if (socket) watchBody(request, reply, socket, timeouts)
  })
  app.addHook('onSend', async (request, reply) => {
    const { raw } = request
    if (declaresBody(raw) && !raw.complete && connectionOf(raw)) reply.header('connection', 'close')
  })
})
