import type { AdminSubjectsParams, OfficesParams, SubjectsParams, TermsParams } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Reads the URL of the promotional (mentor) video: `GET /dashboard/settings/mentor_url`. */
export function getMentorUrl(client: ApiClient, options?: CallOptions): Promise<CallAnswer<'getMentorUrl'>> {
  return callApi(client, 'getMentorUrl', {}, options)
}

/** Reads all subjects, or subjects by type and bsa flag: `GET /dashboard/subjects/get/admin`. */
export function getAdminSubjects(
  client: ApiClient,
  params: AdminSubjectsParams,
  options?: CallOptions,
): Promise<CallAnswer<'getAdminSubjects'>> {
  return callApi(client, 'getAdminSubjects', { query: params }, options)
}

/** Reads the subjects of a type, optionally only bsa ones: `GET /dashboard/subjects`. */
export function getSubjects(
  client: ApiClient,
  params: SubjectsParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getSubjects'>> {
  return callApi(client, 'getSubjects', { query: params }, options)
}

/** Reads the about-us text: `GET /dashboard/settings/about_us`. */
export function getAboutUs(client: ApiClient, options?: CallOptions): Promise<CallAnswer<'getAboutUs'>> {
  return callApi(client, 'getAboutUs', {}, options)
}

/**
 * Reads the terms and conditions: `GET /dashboard/settings/terms_and_conditions_contributor` for
 * `role: 'contributor'`, else `GET /dashboard/settings/terms_and_conditions`.
 */
export function getTermsAndConditions(
  client: ApiClient,
  params: TermsParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getTermsAndConditions'>> {
  const name = params.role === 'contributor' ? 'getContributorTermsAndConditions' : 'getTermsAndConditions'
  return callApi(client, name, {}, options)
}

/** Reads all public settings at once: `GET /dashboard/settings`. */
export function getSettings(client: ApiClient, options?: CallOptions): Promise<CallAnswer<'getSettings'>> {
  return callApi(client, 'getSettings', {}, options)
}

/** Reads the FAQ list: `GET /dashboard/common-questions`. */
export function getCommonQuestions(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getCommonQuestions'>> {
  return callApi(client, 'getCommonQuestions', {}, options)
}

/** Reads the centers: `GET /center/centers`. */
export function getCenters(client: ApiClient, options?: CallOptions): Promise<CallAnswer<'getCenters'>> {
  return callApi(client, 'getCenters', {}, options)
}

/** Reads the offices, optionally those of one contributor: `GET /center/offices`. */
export function getOffices(
  client: ApiClient,
  params: OfficesParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getOffices'>> {
  return callApi(client, 'getOffices', { query: params }, options)
}
