/** Advisors' booking requests (spec section 7: three calls). */
import type { FastifyInstance } from 'fastify'

export async function requestsRoutes(_app: FastifyInstance): Promise<void> {}
