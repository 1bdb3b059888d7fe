import type {
  BookingParams,
  CancelSessionParams,
  IdParams,
  MoveParams,
  PageParams,
  RequestListParams,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Lists the signed-in business owner's upcoming sessions, earliest first: `GET /schedule/sme/sessions`. */
export function getSmeSessions(
  client: ApiClient,
  params: PageParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getSmeSessions'>> {
  return callApi(client, 'getSmeSessions', { query: params }, options)
}

/** Lists the signed-in business owner's past sessions, newest first: `GET /schedule/sme/sessions/history`. */
export function getSmeSessionHistory(
  client: ApiClient,
  params: PageParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getSmeSessionHistory'>> {
  return callApi(client, 'getSmeSessionHistory', { query: params }, options)
}

/**
 * Reads a session of the signed-in person: `GET /schedule/sessions/{id}/details`. It rejects with
 * status 403 or 404 when the session is not theirs or does not exist.
 */
export function getSessionDetails(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getSessionDetails'>> {
  return callApi(client, 'getSessionDetails', { params }, options)
}

/** Lists the signed-in business owner's requests to advisors: `GET /schedule/requests/sme-session`. */
export function getSmeSessionRequests(
  client: ApiClient,
  params: RequestListParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getSmeSessionRequests'>> {
  return callApi(client, 'getSmeSessionRequests', { query: params }, options)
}

/**
 * Books a slot for the signed-in business owner: `POST /schedule/v3/schedules/{id}/sessions/dashboard`.
 * It answers with a session, or with a waiting request when the contributor is an advisor.
 */
export function bookSlot(
  client: ApiClient,
  params: BookingParams,
  options?: CallOptions,
): Promise<CallAnswer<'bookSlot'>> {
  const { id, ...body } = params
  return callApi(client, 'bookSlot', { params: { id }, body }, options)
}

/**
 * Joins an expert who is available now (`available_now` on their profile): starts an instant session
 * with the signed-in business owner, ongoing at once: `POST /schedule/instant/contributor/{contributorId}`
 * (a reference-server extension, issue 7). Answers 201 with the session; 409 when the expert is not
 * available now, is in another session, or is the caller.
 */
export function startInstantSession(
  client: ApiClient,
  contributorId: number,
  options?: CallOptions,
): Promise<CallAnswer<'startInstantSession'>> {
  return callApi(client, 'startInstantSession', { params: { contributorId } }, options)
}

/**
 * Cancels the signed-in business owner's own upcoming session with a reason from the cancel reasons, until its
 * `changeable_until` (issue 34): `POST /schedule/sme/sessions/{id}/cancel`. Its slot is free again at once. It
 * rejects with 422 `change_closed` past the cut-off (the message says when it closed), 403/404 when the
 * session is not hers, 409 when it is no longer upcoming.
 */
export function cancelMySession(
  client: ApiClient,
  params: CancelSessionParams,
  options?: CallOptions,
): Promise<CallAnswer<'cancelMySession'>> {
  const { id, ...body } = params
  return callApi(client, 'cancelMySession', { params: { id }, body }, options)
}

/**
 * Moves the signed-in business owner's own upcoming session to another free slot of the same expert, until both
 * slots' cut-offs (issue 34): `POST /schedule/sme/sessions/{id}/reschedule`. Answers the moved session.
 */
export function rescheduleMySession(
  client: ApiClient,
  params: MoveParams,
  options?: CallOptions,
): Promise<CallAnswer<'rescheduleMySession'>> {
  const { id, ...body } = params
  return callApi(client, 'rescheduleMySession', { params: { id }, body }, options)
}
