/** Academy and services (spec section 7: four calls). */
import type { FastifyInstance } from 'fastify'

export async function integrationRoutes(_app: FastifyInstance): Promise<void> {}
