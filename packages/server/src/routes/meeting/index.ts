/** The meeting lifecycle (spec section 7: nine calls). */
import type { FastifyInstance } from 'fastify'

export async function meetingRoutes(_app: FastifyInstance): Promise<void> {}
