import type { CalendarFeedRole } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** The signed-in person's calendar subscription addresses, without their tokens: `GET /profile/calendar-feeds`. */
export function getMyCalendarFeeds(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getMyCalendarFeeds'>> {
  return callApi(client, 'getMyCalendarFeeds', {}, options)
}

/**
 * Makes the person's calendar subscription address for a role, replacing the earlier one; the answer holds the
 * address, shown this once: `POST /profile/calendar-feeds`.
 */
export function createMyCalendarFeed(
  client: ApiClient,
  params: { role: CalendarFeedRole },
  options?: CallOptions,
): Promise<CallAnswer<'createMyCalendarFeed'>> {
  return callApi(client, 'createMyCalendarFeed', { body: params }, options)
}

/** Revokes the person's calendar subscription address for a role: `DELETE /profile/calendar-feeds/:role`. */
export function revokeMyCalendarFeed(
  client: ApiClient,
  role: CalendarFeedRole,
  options?: CallOptions,
): Promise<CallAnswer<'revokeMyCalendarFeed'>> {
  return callApi(client, 'revokeMyCalendarFeed', { params: { role } }, options)
}
