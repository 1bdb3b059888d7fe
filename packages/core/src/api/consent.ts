/**
 * The signed-in person's consent to the terms (issue 34): kept on the server per role and terms version, so a
 * person is asked again only for a new version or a role they have not accepted, never after signing out.
 */
import type { AcceptTermsBody } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Reads where each of the caller's roles' terms stand (published, accepted, whether to ask): `GET /self/consents`. */
export function getMyConsents(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getMyConsents'>> {
  return callApi(client, 'getMyConsents', {}, options)
}

/** Accepts the published version of a role's terms and answers the stored acceptance: `POST /self/consents`. */
export function acceptTerms(
  client: ApiClient,
  body: AcceptTermsBody,
  options?: CallOptions,
): Promise<CallAnswer<'acceptTerms'>> {
  return callApi(client, 'acceptTerms', { body }, options)
}
