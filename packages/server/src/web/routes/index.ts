/** Every resource's routes, under `/api`. Each is an encapsulated plugin in its own folder. */
import type { FastifyInstance } from 'fastify'
import { adminRoutes } from './admin/index.ts'
import { appLinkRoutes } from './authentication/app-link.ts'
import { authenticationRoutes } from './authentication/index.ts'
import { calendarFeedsRoutes } from './calendar-feeds/index.ts'
import { chatHistoryRoutes } from './chat/history.ts'
import { chatRoutes } from './chat/index.ts'
import { consentRoutes } from './consent/index.ts'
import { contributorsRoutes } from './contributors/index.ts'
import { filesRoutes } from './files/index.ts'
import { integrationRoutes } from './integration/index.ts'
import { mailPreferencesRoutes } from './mail-preferences/index.ts'
import { iceServerRoutes } from './meeting/ice-servers.ts'
import { meetingRoutes } from './meeting/index.ts'
import { myDataRoutes } from './my-data/index.ts'
import { ratingRoutes } from './rating/index.ts'
import { realtimeRoutes } from './realtime/index.ts'
import { requestsRoutes } from './requests/index.ts'
import { scheduleRoutes } from './schedule/index.ts'
import { settingsRoutes } from './settings/index.ts'
import { smeSessionsRoutes } from './sme-sessions/index.ts'
import { statisticsRoutes } from './statistics/index.ts'
import { uploadsRoutes } from './uploads/index.ts'

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(settingsRoutes)
  await app.register(contributorsRoutes)
  await app.register(smeSessionsRoutes)
  await app.register(scheduleRoutes)
  await app.register(authenticationRoutes)
  await app.register(appLinkRoutes)
  await app.register(filesRoutes)
  await app.register(requestsRoutes)
  await app.register(meetingRoutes)
  await app.register(myDataRoutes)
  await app.register(iceServerRoutes)
  await app.register(chatRoutes)
  await app.register(chatHistoryRoutes)
  await app.register(statisticsRoutes)
  await app.register(uploadsRoutes)
  await app.register(ratingRoutes)
  await app.register(integrationRoutes)
  await app.register(realtimeRoutes)
  await app.register(consentRoutes)
  await app.register(adminRoutes)
  await app.register(mailPreferencesRoutes)
  await app.register(calendarFeedsRoutes)
}
