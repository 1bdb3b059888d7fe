/**
 * `GET /schedule/webrtc/ice-servers/{id}`: the STUN and TURN servers for a built-in WebRTC call, with TURN
 * credentials minted for the caller (domain/ice.ts). A reference-server extension: the spec's meetings ran on
 * Zoom, which brings its own relays.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls } from '@mashura/core/contract'
import type { FastifyInstance } from 'fastify'
import { upcomingWebrtcSessionOf } from '../../../db/queries/sessions.ts'
import { iceServersFor } from '../../../domain/ice.ts'
import { notFound } from '../../http/errors.ts'
import { requireAuth } from '../../plugins/auth.ts'
import { callRoute } from '../call-route.ts'

export async function iceServerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store

  app.route({
    ...callRoute(calls.getIceServers, {
      tags: ['meeting'],
      summary: "STUN and TURN servers for a session's built-in WebRTC call, to its two participants.",
      description:
        'A reference-server extension. The session must be an online one on the built-in WebRTC meeting, ' +
        "booked or ongoing, and the caller's, as its contributor or business owner (404 otherwise). TURN " +
        'credentials follow the TURN REST API scheme (coturn `use-auth-secret`): they are made for the caller ' +
        'and stop at `expires_at` (`TURN_TTL_SECONDS`, 12 hours by default). Configured by `STUN_URLS`, ' +
        '`TURN_URLS`, `TURN_SECRET` and `ICE_TRANSPORT_POLICY`.',
      access: 'signedIn',
    }),
    handler: async (request) => {
      const auth = requireAuth(request)
      const row = await upcomingWebrtcSessionOf(db, request.params.id, auth)
      if (!row) throw notFound('errors.sessionNotFound')
      return { data: iceServersFor(app.config.ice, auth.personId) }
    },
  })
}
