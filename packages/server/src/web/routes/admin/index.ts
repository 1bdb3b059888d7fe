/** The back office (issue 33): every call is below `/api/admin`, tagged `admin`, for admins (and analysts' reads). */
import type { FastifyInstance } from 'fastify'
import { adminContentRoutes } from './content.ts'
import { adminExpertRoutes } from './experts.ts'
import { adminRecordsRoutes } from './records.ts'
import { adminWebhookRoutes } from './webhooks.ts'

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(adminExpertRoutes)
  await app.register(adminContentRoutes)
  await app.register(adminRecordsRoutes)
  await app.register(adminWebhookRoutes)
}
