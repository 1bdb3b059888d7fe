import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Reads the signed-in contributor's session counts: `GET /schedule/contributor_report/session_statistics`. */
export function getSessionStatistics(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getSessionStatistics'>> {
  return callApi(client, 'getSessionStatistics', {}, options)
}

/** Reads the signed-in contributor's business-owner counts: `GET /schedule/contributor_report/sme_statistics`. */
export function getSmeStatistics(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getSmeStatistics'>> {
  return callApi(client, 'getSmeStatistics', {}, options)
}
