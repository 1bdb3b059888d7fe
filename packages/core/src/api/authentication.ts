import type {
  ApiResponse,
  AppLinkRedeemInput,
  AppLinkRedeemResult,
  ChatAuthResult,
  HandoffFailureInput,
  HandoffRedeemInput,
  HandoffRedeemResult,
  LoginInput,
  LoginResult,
  LogoutInput,
} from '../contract/index.ts'
import type { ApiClient, CallOptions } from './client.ts'
import { apiPaths } from './paths.ts'

/**
 * Exchanges the sign-in provider's code and the PKCE verifier for the login result:
 * `POST /authentication/auth/login`.
 */
export function login(
  client: ApiClient,
  params: LoginInput,
  options?: CallOptions,
): Promise<ApiResponse<LoginResult>> {
  return client.request(apiPaths.authentication.login, { ...options, method: 'POST', body: params })
}

/** Ends the server-side session, forgetting the push token when given: `POST /authentication/logout`. */
export function logoutSession(
  client: ApiClient,
  params: LogoutInput = {},
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  return client.request(apiPaths.authentication.logout, { ...options, method: 'POST', body: params })
}

/** Reads the custom token for the chat backend (`data.payload`): `GET /firebase/auth`. */
export function getChatToken(client: ApiClient, options?: CallOptions): Promise<ApiResponse<ChatAuthResult>> {
  return client.request(apiPaths.authentication.firebase, options)
}

/**
 * Says, under a widget's handle, that the popup's sign-in was cancelled or failed, so the widget stops
 * waiting: `POST /authentication/handoff`.
 */
export function reportHandoffFailure(
  client: ApiClient,
  params: HandoffFailureInput,
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  return client.request(apiPaths.authentication.handoff, { ...options, method: 'POST', body: params })
}

/**
 * Redeems, once, what the popup's sign-in left under the widget's handle, waiting up to `wait` seconds:
 * `POST /authentication/handoff/redeem`.
 */
export function redeemHandoff(
  client: ApiClient,
  params: HandoffRedeemInput,
  options?: CallOptions,
): Promise<ApiResponse<HandoffRedeemResult>> {
  return client.request(apiPaths.authentication.redeemHandoff, { ...options, method: 'POST', body: params })
}

/**
 * Redeems, once, the link the mobile app opened the site with, for a new session's login result and the
 * path to go to: `POST /authentication/app-link/redeem`.
 */
export function redeemAppLink(
  client: ApiClient,
  params: AppLinkRedeemInput,
  options?: CallOptions,
): Promise<ApiResponse<AppLinkRedeemResult>> {
  return client.request(apiPaths.authentication.redeemAppLink, { ...options, method: 'POST', body: params })
}
