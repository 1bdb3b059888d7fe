/** Rating links, questionnaires, ratings and recommendations (spec section 7: five calls). */
import type { FastifyInstance } from 'fastify'

export async function ratingRoutes(_app: FastifyInstance): Promise<void> {}
