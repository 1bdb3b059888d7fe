import type { AcademyCoursesParams, IdParams } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/** Lists the academy's course categories: `GET /integration/academy/categories`. */
export function getAcademyCategories(
  client: ApiClient,
  options?: CallOptions,
): Promise<CallAnswer<'getAcademyCategories'>> {
  return callApi(client, 'getAcademyCategories', {}, options)
}

/** Lists academy courses by page, search text and category (a POST): `POST /integration/academy/all_courses`. */
export function getAcademyCourses(
  client: ApiClient,
  params: AcademyCoursesParams = {},
  options?: CallOptions,
): Promise<CallAnswer<'getAcademyCourses'>> {
  return callApi(client, 'getAcademyCourses', { body: params }, options)
}

/** Lists the services of the services platform: `GET /integration/services/v2/services`. */
export function getServices(client: ApiClient, options?: CallOptions): Promise<CallAnswer<'getServices'>> {
  return callApi(client, 'getServices', {}, options)
}

/** Reads one service: `GET /integration/services/v2/services/{id}`. */
export function getService(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getService'>> {
  return callApi(client, 'getService', { params }, options)
}
