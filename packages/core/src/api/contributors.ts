import type {
  AccountDeletionInput,
  ApiResponse,
  ContributorListParams,
  ContributorProfile,
  ContributorSchedule,
  ContributorScheduleParams,
  ContributorSearchParams,
  IdPageParams,
  IdParams,
  InstantAvailability,
  InstantAvailabilityInput,
  PagedResponse,
  PushTokenBody,
  PushTokenInput,
  Session,
  SmeCompany,
  SmeProfile,
  Subject,
} from '../contract/index.ts'
import { type ApiClient, type CallOptions, requestPage } from './client.ts'
import { apiPaths } from './paths.ts'

/**
 * Reads a contributor's profile and a page of their free slots: `GET /schedule/contributor/{id}/`.
 * The envelope's `meta` pages the slots.
 */
export function getContributorSchedule(
  client: ApiClient,
  params: ContributorScheduleParams,
  options?: CallOptions,
): Promise<ApiResponse<ContributorSchedule>> {
  const { id, ...query } = params
  return client.request(apiPaths.contributors.schedule(id), { ...options, query })
}

/** Lists consultants, advisors and partners with filters: `GET /profile/v2/consultants`. */
export function getConsultants(
  client: ApiClient,
  params: ContributorListParams = {},
  options?: CallOptions,
): Promise<PagedResponse<ContributorProfile>> {
  return requestPage(client, apiPaths.contributors.consultants, { ...options, query: params })
}

/** Lists bsa contributors with filters: `GET /profile/v2/bsa`. */
export function getBsaContributors(
  client: ApiClient,
  params: ContributorListParams = {},
  options?: CallOptions,
): Promise<PagedResponse<ContributorProfile>> {
  return requestPage(client, apiPaths.contributors.bsa, { ...options, query: params })
}

/** Searches contributors by text, dates, availability, centers and subjects: `GET /profile/contributors`. */
export function searchContributors(
  client: ApiClient,
  params: ContributorSearchParams = {},
  options?: CallOptions,
): Promise<PagedResponse<ContributorProfile>> {
  return requestPage(client, apiPaths.contributors.search, { ...options, query: params })
}

/** Reads the signed-in contributor's own profile: `GET /profile/contributor`. */
export function getContributorProfile(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<ContributorProfile>> {
  return client.request(apiPaths.contributors.profile, options)
}

/** Lists the subjects at least one contributor advises on: `GET /profile/contributors/subjects`. */
export function getContributorSubjects(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<Subject[]>> {
  return client.request(apiPaths.contributors.subjects, options)
}

/** Asks for the signed-in person's account to be deleted: `POST /profile/user/request_delete`. */
export function requestAccountDeletion(
  client: ApiClient,
  params: AccountDeletionInput,
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  return client.request(apiPaths.contributors.requestDelete, { ...options, method: 'POST', body: params })
}

/** Switches the contributor's instant-session availability: `PUT /profile/contributor/available-for-instant`. */
export function setAvailableForInstant(
  client: ApiClient,
  params: InstantAvailabilityInput,
  options?: CallOptions,
): Promise<ApiResponse<InstantAvailability>> {
  return client.request(apiPaths.contributors.availableForInstant, {
    ...options,
    method: 'PUT',
    body: params,
  })
}

/** Registers the contributor's push token as device type 3 (web): `POST /profile/contributor/fcm-token`. */
export function registerPushToken(
  client: ApiClient,
  params: PushTokenInput,
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  const body: PushTokenBody = { token: params.token, device_type: 3 }
  return client.request(apiPaths.contributors.fcmToken, { ...options, method: 'POST', body })
}

/** Lists the signed-in business owner's companies: `GET /profile/sme/companies`. */
export function getSmeCompanies(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<SmeCompany[]>> {
  return client.request(apiPaths.contributors.smeCompanies, options)
}

/** Lists a business owner's sessions, newest first: `GET /profile/sme/{id}/history/`. */
export function getSmeHistory(
  client: ApiClient,
  params: IdPageParams,
  options?: CallOptions,
): Promise<PagedResponse<Session>> {
  const { id, ...query } = params
  return requestPage(client, apiPaths.contributors.smeHistory(id), { ...options, query })
}

/** Reads a business owner's profile: `GET /profile/v2/sme/show/{id}`. */
export function getSmeProfile(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<SmeProfile>> {
  return client.request(apiPaths.contributors.smeProfile(params.id), options)
}
