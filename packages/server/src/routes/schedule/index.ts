/** The contributor's schedule (spec section 7: five calls). */
import type { FastifyInstance } from 'fastify'

export async function scheduleRoutes(_app: FastifyInstance): Promise<void> {}
