/** Every resource's routes, under `/api`. Each is an encapsulated plugin in its own folder. */
import type { FastifyInstance } from 'fastify'
import { authenticationRoutes } from './authentication/index.ts'
import { contributorsRoutes } from './contributors/index.ts'
import { filesRoutes } from './files/index.ts'
import { scheduleRoutes } from './schedule/index.ts'
import { settingsRoutes } from './settings/index.ts'
import { smeSessionsRoutes } from './sme-sessions/index.ts'

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(settingsRoutes)
  await app.register(contributorsRoutes)
  await app.register(smeSessionsRoutes)
  await app.register(scheduleRoutes)
  await app.register(authenticationRoutes)
  await app.register(filesRoutes)
}
