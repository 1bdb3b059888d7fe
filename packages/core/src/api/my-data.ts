/**
 * A person's own data (issue 34): ask for an export, read its state, and see who used their data. The export's
 * ZIP itself is downloaded from `download_url` with the API key and the bearer token (`downloadMyDataExport`),
 * as a file rather than JSON, so it has no function here.
 */
import type { PageParams } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Asks for an export of everything the platform holds about the caller: `POST /self/my-data/exports`. */
export function requestMyDataExport(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'requestMyDataExport'>> {
  return callApi(client, 'requestMyDataExport', {}, options)
}

/** Reads the caller's latest export and when a new one may be asked for: `GET /self/my-data/export`. */
export function getMyDataExport(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getMyDataExport'>> {
  return callApi(client, 'getMyDataExport', {}, options)
}

/** A page of who read the caller's contact details and what was done with their data: `GET /self/my-data/accesses`. */
export function getMyDataAccesses(
  client: ApiClient,
  query: PageParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getMyDataAccesses'>> {
  return callApi(client, 'getMyDataAccesses', { query }, options)
}
