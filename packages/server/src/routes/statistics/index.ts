/** A contributor's statistics (spec section 7: two calls). */
import type { FastifyInstance } from 'fastify'

export async function statisticsRoutes(_app: FastifyInstance): Promise<void> {}
