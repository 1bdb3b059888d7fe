/**
 * The method and path of the calendar-feed calls (issue 36), by name. TypeBox-free, like `../endpoints.ts`;
 * the schemas are in `./calendar-feed.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const calendarFeedEndpoints = {
  getMyCalendarFeeds: 'GET /profile/calendar-feeds',
  createMyCalendarFeed: 'POST /profile/calendar-feeds',
  revokeMyCalendarFeed: 'DELETE /profile/calendar-feeds/:role',
  getCalendarFeed: 'GET /calendar-feeds/:name',
} as const satisfies Record<string, `${CallMethod} /${string}`>
