/** Authentication and the chat backend token (spec section 7: three calls). */
import type { FastifyInstance } from 'fastify'

export async function authenticationRoutes(_app: FastifyInstance): Promise<void> {}
