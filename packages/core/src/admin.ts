/**
 * `@mashura/core/admin`: the back office's client (issue 33). Its calls' methods and paths come from the
 * contract's `admin/endpoints.ts` and their types from the contract's schemas, as `callApi` does for the site's;
 * a module of its own so that only the back office's chunk, loaded for admins, carries its table.
 */
import { type CallAnswer, type CallInput, sendCall } from './api/call.ts'
import type { ApiClient, CallOptions } from './api/client.ts'
import { type AdminCallName, adminEndpoints } from './contract/admin/endpoints.ts'

export type { AdminCallName }

/** Sends the back-office call `name` through `client` (the signed-in person's client). */
export function callAdminApi<N extends AdminCallName>(
  client: ApiClient,
  name: N,
  input: CallInput<N>,
  options?: CallOptions,
): Promise<CallAnswer<N>> {
  return sendCall(client, adminEndpoints[name], input, options) as Promise<CallAnswer<N>>
}
