import type {
  AccountDeletionInput,
  ContributorListParams,
  ContributorScheduleParams,
  ContributorSearchParams,
  IdPageParams,
  IdParams,
  InstantAvailabilityInput,
  PushTokenInput,
} from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/**
 * Reads a contributor's profile and a page of their free slots: `GET /schedule/contributor/{id}/`.
 * The envelope's `meta` pages the slots.
 */
export function getContributorSchedule(
  client: ApiClient,
  params: ContributorScheduleParams,
  options?: CallOptions,
): Promise<CallAnswer<'getContributorSchedule'>> {
  const { id, ...query } = params
  return callApi(client, 'getContributorSchedule', { params: { id }, query }, options)
}

/** Lists consultants, advisors and partners with filters: `GET /profile/v2/consultants`. */
export function getConsultants(
  client: ApiClient,
  params: ContributorListParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getConsultants'>> {
  return callApi(client, 'getConsultants', { query: params }, options)
}

/** Lists bsa contributors with filters: `GET /profile/v2/bsa`. */
export function getBsaContributors(
  client: ApiClient,
  params: ContributorListParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getBsaContributors'>> {
  return callApi(client, 'getBsaContributors', { query: params }, options)
}

/** Searches contributors by text, dates, availability, centers and subjects: `GET /profile/contributors`. */
export function searchContributors(
  client: ApiClient,
  params: ContributorSearchParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'searchContributors'>> {
  return callApi(client, 'searchContributors', { query: params }, options)
}

/** Reads the signed-in contributor's own profile: `GET /profile/contributor`. */
export function getContributorProfile(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getContributorProfile'>> {
  return callApi(client, 'getContributorProfile', {}, options)
}

/** Lists the subjects at least one contributor advises on: `GET /profile/contributors/subjects`. */
export function getContributorSubjects(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getContributorSubjects'>> {
  return callApi(client, 'getContributorSubjects', {}, options)
}

/** Asks for the signed-in person's account to be deleted: `POST /profile/user/request_delete`. */
export function requestAccountDeletion(
  client: ApiClient,
  params: AccountDeletionInput,
  options?: CallOptions,
): Promise<CallAnswer<'requestAccountDeletion'>> {
  return callApi(client, 'requestAccountDeletion', { body: params }, options)
}

/** Switches the contributor's instant-session availability: `PUT /profile/contributor/available-for-instant`. */
export function setAvailableForInstant(
  client: ApiClient,
  params: InstantAvailabilityInput,
  options?: CallOptions,
): Promise<CallAnswer<'setAvailableForInstant'>> {
  return callApi(client, 'setAvailableForInstant', { body: params }, options)
}

/** Registers the contributor's push token as device type 3 (web): `POST /profile/contributor/fcm-token`. */
export function registerPushToken(
  client: ApiClient,
  params: PushTokenInput,
  options?: CallOptions,
): Promise<CallAnswer<'registerPushToken'>> {
  return callApi(client, 'registerPushToken', { body: { token: params.token, device_type: 3 } }, options)
}

/** Lists the signed-in business owner's companies: `GET /profile/sme/companies`. */
export function getSmeCompanies(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getSmeCompanies'>> {
  return callApi(client, 'getSmeCompanies', {}, options)
}

/** Lists a business owner's sessions, newest first: `GET /profile/sme/{id}/history/`. */
export function getSmeHistory(
  client: ApiClient,
  params: IdPageParams,
  options?: CallOptions,
): Promise<CallAnswer<'getSmeHistory'>> {
  const { id, ...query } = params
  return callApi(client, 'getSmeHistory', { params: { id }, query }, options)
}

/** Reads a business owner's profile: `GET /profile/v2/sme/show/{id}`. */
export function getSmeProfile(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getSmeProfile'>> {
  return callApi(client, 'getSmeProfile', { params }, options)
}
