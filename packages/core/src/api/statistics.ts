import type { ApiResponse, SessionStatistics, SmeStatistics } from '../contract/index.ts'
import type { ApiClient, CallOptions } from './client.ts'
import { apiPaths } from './paths.ts'

/** Reads the signed-in contributor's session counts: `GET /schedule/contributor_report/session_statistics`. */
export function getSessionStatistics(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<SessionStatistics>> {
  return client.request(apiPaths.statistics.sessions, options)
}

/** Reads the signed-in contributor's business-owner counts: `GET /schedule/contributor_report/sme_statistics`. */
export function getSmeStatistics(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<SmeStatistics>> {
  return client.request(apiPaths.statistics.smes, options)
}
