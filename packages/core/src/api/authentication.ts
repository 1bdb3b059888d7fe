import type {
  AppLinkRedeemInput,
  HandoffLoginInput,
  HandoffRedeemInput,
  LoginInput,
  LogoutInput,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/**
 * Exchanges the sign-in provider's code and the PKCE verifier for the login result:
 * `POST /authentication/auth/login`.
 */
export function login(
  client: ApiClient,
  params: LoginInput,
  options?: CallOptions,
): Promise<CallAnswer<'login'>> {
  return callApi(client, 'login', { body: params }, options)
}

/** Ends the server-side session, forgetting the push token when given: `POST /authentication/logout`. */
export function logoutSession(
  client: ApiClient,
  params: LogoutInput = {},
  options?: CallOptions,
): Promise<CallAnswer<'logoutSession'>> {
  return callApi(client, 'logoutSession', { body: params }, options)
}

/** Reads the custom token for the chat backend (`data.payload`): `GET /firebase/auth`. */
export function getChatToken(client: ApiClient, options?: CallOptions): Promise<CallAnswer<'getChatToken'>> {
  return callApi(client, 'getChatToken', {}, options)
}

/**
 * Completes the platform's sign-in popup for the widget that opened it: exchanges the provider's code and
 * answers the one-time code for the opening page, never the token: `POST /authentication/handoff/login`.
 */
export function handoffLogin(
  client: ApiClient,
  params: HandoffLoginInput,
  options?: CallOptions,
): Promise<CallAnswer<'handoffLogin'>> {
  return callApi(client, 'handoffLogin', { body: params }, options)
}

/**
 * Redeems, once, the popup's one-time code with the verifier this page kept, for the login result:
 * `POST /authentication/handoff/redeem`.
 */
export function redeemHandoff(
  client: ApiClient,
  params: HandoffRedeemInput,
  options?: CallOptions,
): Promise<CallAnswer<'redeemHandoff'>> {
  return callApi(client, 'redeemHandoff', { body: params }, options)
}

/**
 * Redeems, once, the link the mobile app opened the site with, for a new session's login result and the
 * path to go to: `POST /authentication/app-link/redeem`. A browser signed in as someone else gets a 409
 * `app_link_other_person` (nothing redeemed) until it sends `confirm: true`.
 */
export function redeemAppLink(
  client: ApiClient,
  params: AppLinkRedeemInput,
  options?: CallOptions,
): Promise<CallAnswer<'redeemAppLink'>> {
  return callApi(client, 'redeemAppLink', { body: params }, options)
}
