/**
 * The realtime WebSocket at /api/realtime (protocol: `src/realtime/hub.ts`) and the
 * public VAPID key browsers subscribe to Web Push with.
 */
import type { IncomingMessage } from 'node:http'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import websocket from '@fastify/websocket'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { createRealtimeHub, MAX_FRAME_BYTES } from '../../../adapters/realtime/hub.ts'
import { ApiHttpError } from '../../http/errors.ts'
import { originAllowed } from '../../plugins/api-key.ts'
import { callRoute } from '../call-route.ts'

/** The socket's path, as the HTTP server sees it. */
export const REALTIME_PATH = '/api/realtime'

/**
 * Browsers cannot send `X-API-Key` on a WebSocket: for the upgrade request of the
 * realtime path only, the `api_key` query parameter stands in for the header, so the
 * app-wide API key check (key known, `Origin` allowed for it) applies unchanged.
 */
function apiKeyFromQuery(request: IncomingMessage): void {
  const url = request.url ?? ''
  if (!url.startsWith(`${REALTIME_PATH}?`) || request.headers['x-api-key'] !== undefined) return
  const key = new URLSearchParams(url.slice(REALTIME_PATH.length + 1)).get('api_key')
  if (key) request.headers['x-api-key'] = key
}

export async function realtimeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()

  app.route({
    ...callRoute(calls.getVapidPublicKey, {
      tags: ['push'],
      summary: 'The public VAPID key for `PushManager.subscribe({ applicationServerKey })`.',
      description: 'Base64url. 404 when this deployment does not push with Web Push.',
    }),
    handler: async () => {
      const key = app.push.vapidPublicKey
      if (!key) throw new ApiHttpError(404, 'not_found', 'errors.notFound')
      return { data: { public_key: key } }
    },
  })

  // Runs before @fastify/websocket's own upgrade listener (registered just below).
  app.server.prependListener('upgrade', apiKeyFromQuery)
  app.addHook('onClose', async () => {
    app.server.removeListener('upgrade', apiKeyFromQuery)
  })

  // An upgrade refused before the socket opens (bad key, Origin, no such route) is answered over HTTP;
  // the raw socket is then ours to close, or it would stay half-open and hold the server's close.
  app.addHook('onResponse', async (request) => {
    if (!request.headers.upgrade) return
    const socket = request.raw.socket
    socket.end()
    setTimeout(() => socket.destroy(), 1000).unref()
  })

  const hub = createRealtimeHub({ config: app.config, store: app.store, bus: app.bus, log: app.log })
  app.addHook('preClose', async () => hub.close())
  const unwatch = app.metrics.watchSockets(() => hub.counts())
  app.addHook('onClose', async () => void unwatch())

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } })

  app.get(
    '/realtime',
    {
      websocket: true,
      schema: { hide: true },
      // The app-wide hook has checked the key and, when sent, the Origin. A browser always sends
      // Origin on a WebSocket, and a missing one is no browser, so only a present one is checked again.
      preHandler: async (request) => {
        const origin = request.headers.origin
        if (origin && !(request.apiKey && originAllowed(app.config, request.apiKey, origin)))
          throw new ApiHttpError(403, 'origin_not_allowed', 'errors.originNotAllowed')
      },
    },
    (socket, request) => hub.handle(socket, request.ip),
  )
}
