/** Chat and notifications (spec section 7: four calls). */
import type { FastifyInstance } from 'fastify'

export async function chatRoutes(_app: FastifyInstance): Promise<void> {}
