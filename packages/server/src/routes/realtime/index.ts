/** The realtime WebSocket at /api/realtime. */
import type { FastifyInstance } from 'fastify'

export async function realtimeRoutes(_app: FastifyInstance): Promise<void> {}
