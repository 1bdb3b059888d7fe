/** Voice notes and attachments (spec section 7: two calls), and serving them back. */
import type { FastifyInstance } from 'fastify'

export async function uploadsRoutes(_app: FastifyInstance): Promise<void> {}
