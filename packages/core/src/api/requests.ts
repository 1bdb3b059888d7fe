import type {
  CancelSessionParams,
  IdParams,
  MoveParams,
  RequestAnswer,
  RequestListParams,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Lists the requests addressed to the signed-in advisor: `GET /schedule/requests/advisor-session`. */
export function getAdvisorRequests(
  client: ApiClient,
  params: RequestListParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getAdvisorRequests'>> {
  return callApi(client, 'getAdvisorRequests', { query: params }, options)
}

/** Accepts or rejects a request with a reason: `POST /schedule/requests/advisor-session/{id}`. */
export function answerRequest(
  client: ApiClient,
  params: RequestAnswer,
  options?: CallOptions,
): Promise<CallAnswer<'answerRequest'>> {
  const { id, ...body } = params
  return callApi(client, 'answerRequest', { params: { id }, body }, options)
}

/** Reads a request: `GET /schedule/requests/{id}/details`. */
export function getRequestDetails(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getRequestDetails'>> {
  return callApi(client, 'getRequestDetails', { params }, options)
}

/**
 * Withdraws the signed-in business owner's own waiting request with a reason from the cancel reasons, until its
 * `changeable_until` (issue 34): `POST /schedule/requests/sme-session/{id}/withdraw`. The request becomes
 * `withdrawn` and its slot is free again.
 */
export function withdrawMyRequest(
  client: ApiClient,
  params: CancelSessionParams,
  options?: CallOptions,
): Promise<CallAnswer<'withdrawMyRequest'>> {
  const { id, ...body } = params
  return callApi(client, 'withdrawMyRequest', { params: { id }, body }, options)
}

/**
 * Moves the signed-in business owner's own waiting request to another free slot of the same advisor, until both
 * slots' cut-offs (issue 34): `POST /schedule/requests/sme-session/{id}/move`. It stays a waiting request; its
 * expiry follows the new slot.
 */
export function moveMyRequest(
  client: ApiClient,
  params: MoveParams,
  options?: CallOptions,
): Promise<CallAnswer<'moveMyRequest'>> {
  const { id, ...body } = params
  return callApi(client, 'moveMyRequest', { params: { id }, body }, options)
}
