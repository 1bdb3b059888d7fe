import type {
  ApiResponse,
  IdParams,
  PagedResponse,
  RequestAnswer,
  RequestListParams,
  SessionRequest,
} from '../contract/index.ts'
import { type ApiClient, type CallOptions, requestPage } from './client.ts'
import { apiPaths } from './paths.ts'

/** Lists the requests addressed to the signed-in advisor: `GET /schedule/requests/advisor-session`. */
export function getAdvisorRequests(
  client: ApiClient,
  params: RequestListParams = {},
  options?: CallOptions,
): Promise<PagedResponse<SessionRequest>> {
  return requestPage(client, apiPaths.requests.advisor, { ...options, query: params })
}

/** Accepts or rejects a request with a reason: `POST /schedule/requests/advisor-session/{id}`. */
export function answerRequest(
  client: ApiClient,
  params: RequestAnswer,
  options?: CallOptions,
): Promise<ApiResponse<SessionRequest>> {
  const { id, ...body } = params
  return client.request(apiPaths.requests.answer(id), { ...options, method: 'POST', body })
}

/** Reads a request: `GET /schedule/requests/{id}/details`. */
export function getRequestDetails(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<SessionRequest>> {
  return client.request(apiPaths.requests.details(params.id), options)
}
