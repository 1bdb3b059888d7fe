import type { CatalogExtension } from '@mashura/core'
import * as calendarFeeds from './calendar-feeds.ts'
import * as expertChat from './expert-chat.ts'
import * as expertRecommendations from './expert-recommendations.ts'
import * as expertSessions from './expert-sessions.ts'
import * as expertWorkspace from './expert-workspace.ts'
import * as mailPreferences from './mail-preferences.ts'
import * as myBookings from './my-bookings.ts'
import * as myData from './my-data.ts'
import * as publicPages from './public-pages.ts'
import * as shell from './shell.ts'
import * as site from './site.ts'
import * as smePages from './sme-pages.ts'

const parts = [
  site,
  shell,
  publicPages,
  smePages,
  expertWorkspace,
  expertRecommendations,
  expertChat,
  expertSessions,
  myBookings,
  myData,
  mailPreferences,
  calendarFeeds,
]

/** A key of the host app's own messages. */
export type HostAppMessageKey =
  | keyof typeof site.ar
  | keyof typeof shell.ar
  | keyof typeof publicPages.ar
  | keyof typeof smePages.ar
  | keyof typeof expertWorkspace.ar
  | keyof typeof expertRecommendations.ar
  | keyof typeof expertChat.ar
  | keyof typeof expertSessions.ar
  | keyof typeof myBookings.ar
  | keyof typeof myData.ar
  | keyof typeof mailPreferences.ar
  | keyof typeof calendarFeeds.ar

/**
 * The messages only the agency's host app shows (its own words under the shared namespaces, its shell, public
 * pages, the business owner's pages and the expert's workspace), on top of the shared catalogs:
 * `createTranslator(lang, hostAppMessages)`.
 */
export const hostAppMessages: CatalogExtension<HostAppMessageKey> = {
  ar: Object.assign({}, ...parts.map((part) => part.ar)),
  en: Object.assign({}, ...parts.map((part) => part.en)),
}

/** The catalog parts, for the test that checks no two define the same key. */
export const hostAppCatalogParts = parts
