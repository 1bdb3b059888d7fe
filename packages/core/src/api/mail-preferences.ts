import type { MailPreferenceInput } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/**
 * The signed-in person's mail preferences, each kind of mail that applies to their role on or off:
 * `GET /profile/mail-preferences`.
 */
export function getMailPreferences(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getMailPreferences'>> {
  return callApi(client, 'getMailPreferences', {}, options)
}

/** Turns one kind of mail on or off; answers the preferences after it: `PUT /profile/mail-preferences`. */
export function updateMailPreferences(
  client: ApiClient,
  params: MailPreferenceInput,
  options?: CallOptions,
): Promise<CallAnswer<'updateMailPreferences'>> {
  return callApi(client, 'updateMailPreferences', { body: params }, options)
}
