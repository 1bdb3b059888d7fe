import type {
  AcademyCategory,
  AcademyCourse,
  AcademyCoursesParams,
  ApiResponse,
  IdParams,
  PagedResponse,
  PlatformService,
} from '../contract/index.ts'
import { type ApiClient, type CallOptions, requestPage } from './client.ts'
import { apiPaths } from './paths.ts'

/** Lists the academy's course categories: `GET /integration/academy/categories`. */
export function getAcademyCategories(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<AcademyCategory[]>> {
  return client.request(apiPaths.integration.academyCategories, options)
}

/** Lists academy courses by page, search text and category (a POST): `POST /integration/academy/all_courses`. */
export function getAcademyCourses(
  client: ApiClient,
  params: AcademyCoursesParams = {},
  options?: CallOptions,
): Promise<PagedResponse<AcademyCourse>> {
  return requestPage(client, apiPaths.integration.academyCourses, {
    ...options,
    method: 'POST',
    body: params,
  })
}

/** Lists the services of the services platform: `GET /integration/services/v2/services`. */
export function getServices(
  client: ApiClient,
  options?: CallOptions,
): Promise<ApiResponse<PlatformService[]>> {
  return client.request(apiPaths.integration.services, options)
}

/** Reads one service: `GET /integration/services/v2/services/{id}`. */
export function getService(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<PlatformService>> {
  return client.request(apiPaths.integration.service(params.id), options)
}
