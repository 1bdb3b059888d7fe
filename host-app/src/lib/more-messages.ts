/**
 * The site's own catalog parts that no public page names (issue 37: per-route catalogs): the business owner's
 * pages, recommendations, chat, bookings and calendar feeds. Importing this module adds them to the site's
 * messages (`lib/i18n.ts`), so every module that names one of their keys imports it: they then load with
 * the chunks of the pages that show them, and a public page's first load does without them.
 */
import * as calendarFeeds from '../i18n/calendar-feeds.ts'
import * as expertChat from '../i18n/expert-chat.ts'
import * as expertRecommendations from '../i18n/expert-recommendations.ts'
import * as myBookings from '../i18n/my-bookings.ts'
import * as smePages from '../i18n/sme-pages.ts'
import { addSiteMessages } from './i18n.ts'

addSiteMessages([smePages, expertRecommendations, expertChat, myBookings, calendarFeeds])
