/** The business owner's sessions and booking (spec section 7: five calls). */
import type { FastifyInstance } from 'fastify'

export async function smeSessionsRoutes(_app: FastifyInstance): Promise<void> {}
