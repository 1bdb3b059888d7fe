/** Every resource's routes, under `/api`. Each is an encapsulated plugin in its own folder. */
import type { FastifyInstance } from 'fastify'
import { settingsRoutes } from './settings/index.ts'

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(settingsRoutes)
}
