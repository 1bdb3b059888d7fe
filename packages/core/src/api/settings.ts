import type {
  AdminSubjectsParams,
  ApiResponse,
  Center,
  Faq,
  Office,
  OfficesParams,
  Settings,
  SettingValue,
  Subject,
  SubjectsParams,
  TermsParams,
} from '../contract/index.ts'
import type { ApiClient, CallOptions } from './client.ts'
import { apiPaths } from './paths.ts'

/** Reads the URL of the promotional (mentor) video: `GET /dashboard/settings/mentor_url`. */
export function getMentorUrl(client: ApiClient, options?: CallOptions): Promise<ApiResponse<SettingValue>> {
  return client.request(apiPaths.settings.mentorUrl, options)
}

/** Reads all subjects, or subjects by type and bsa flag: `GET /dashboard/subjects/get/admin`. */
export function getAdminSubjects(
  client: ApiClient,
  params: AdminSubjectsParams,
  options?: CallOptions,
): Promise<ApiResponse<Subject[]>> {
  return client.request(apiPaths.settings.adminSubjects, { ...options, query: params })
}

/** Reads the subjects of a type, optionally only bsa ones: `GET /dashboard/subjects`. */
export function getSubjects(
  client: ApiClient,
  params: SubjectsParams = {},
  options?: CallOptions,
): Promise<ApiResponse<Subject[]>> {
  return client.request(apiPaths.settings.subjects, { ...options, query: params })
}

/** Reads the about-us text: `GET /dashboard/settings/about_us`. */
export function getAboutUs(client: ApiClient, options?: CallOptions): Promise<ApiResponse<SettingValue>> {
  return client.request(apiPaths.settings.aboutUs, options)
}

/**
 * Reads the terms and conditions: `GET /dashboard/settings/terms_and_conditions_contributor` for
 * `role: 'contributor'`, else `GET /dashboard/settings/terms_and_conditions`.
 */
export function getTermsAndConditions(
  client: ApiClient,
  params: TermsParams = {},
  options?: CallOptions,
): Promise<ApiResponse<SettingValue>> {
  const path = params.role === 'contributor' ? apiPaths.settings.contributorTerms : apiPaths.settings.terms
  return client.request(path, options)
}

/** Reads all public settings at once: `GET /dashboard/settings`. */
export function getSettings(client: ApiClient, options?: CallOptions): Promise<ApiResponse<Settings>> {
  return client.request(apiPaths.settings.all, options)
}

/** Reads the FAQ list: `GET /dashboard/common-questions`. */
export function getCommonQuestions(client: ApiClient, options?: CallOptions): Promise<ApiResponse<Faq[]>> {
  return client.request(apiPaths.settings.commonQuestions, options)
}

/** Reads the centers: `GET /center/centers`. */
export function getCenters(client: ApiClient, options?: CallOptions): Promise<ApiResponse<Center[]>> {
  return client.request(apiPaths.settings.centers, options)
}

/** Reads the offices, optionally those of one contributor: `GET /center/offices`. */
export function getOffices(
  client: ApiClient,
  params: OfficesParams = {},
  options?: CallOptions,
): Promise<ApiResponse<Office[]>> {
  return client.request(apiPaths.settings.offices, { ...options, query: params })
}
