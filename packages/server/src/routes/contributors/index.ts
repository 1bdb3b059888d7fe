/** Contributors and profile (spec section 7: twelve calls). */
import type { FastifyInstance } from 'fastify'

export async function contributorsRoutes(_app: FastifyInstance): Promise<void> {}
