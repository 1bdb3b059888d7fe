import type { IdParams, RequestAnswer, RequestListParams } from '../contract/index.ts'
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
