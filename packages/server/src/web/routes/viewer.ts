import type { FastifyRequest } from 'fastify'
import type { SerializeOptions } from '../../wire/sessions.ts'
import { requireAuth } from '../plugins/auth.ts'

/**
 * How to shape sessions and requests for the signed-in caller of a request: in its language, with the files'
 * public URL, and seeing what its own side may see. The web layer reads the request; the shaping in `wire/`
 * takes plain options, so realtime and the Firebase mirror shape the same way without a request.
 */
export function viewerOptions(request: FastifyRequest, publicUrl: string): SerializeOptions {
  const auth = requireAuth(request)
  return {
    lang: request.lang,
    publicUrl,
    viewer: { personId: auth.personId, contributorId: auth.contributorId },
    // Her own upcoming bookings say until when she may change them (issue 34).
    ownerChangeCutoffHours: request.server.config.ownerChangeCutoffHours,
  }
}
