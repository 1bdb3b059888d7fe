/** Files the API serves: generated avatars (and, in part 2, uploads). */
import type { FastifyInstance } from 'fastify'

export async function filesRoutes(_app: FastifyInstance): Promise<void> {}
