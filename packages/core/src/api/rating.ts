import type {
  ApiResponse,
  IdParams,
  Questionnaire,
  RatingDetails,
  RatingSubmission,
  RatingTokenParams,
  Recommendation,
  RecommendationInput,
} from '../contract/index.ts'
import type { ApiClient, CallOptions } from './client.ts'
import { apiPaths } from './paths.ts'

/**
 * Opens a rating link: `GET /rating/sme/validate-rating/{token}`. It rejects with status 400 when
 * the session was already rated.
 */
export function validateRating(
  client: ApiClient,
  params: RatingTokenParams,
  options?: CallOptions,
): Promise<ApiResponse<RatingDetails>> {
  return client.request(apiPaths.rating.validate(params.token), options)
}

/** Reads a session's rating questionnaires: `GET /rating/sessions/{id}/questionnaires`. */
export function getSessionQuestionnaires(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<Questionnaire[]>> {
  return client.request(apiPaths.rating.questionnaires(params.id), options)
}

/**
 * Submits a business owner's rating of a session: `POST /rating/v4/sessions/{id}/questionnaires`.
 * It rejects with status 422 when the session was already rated.
 */
export function submitSessionRating(
  client: ApiClient,
  params: RatingSubmission,
  options?: CallOptions,
): Promise<ApiResponse<null>> {
  const { id, ...body } = params
  return client.request(apiPaths.rating.submit(id), { ...options, method: 'POST', body })
}

/** Reads the recommendations written for a session, or `null`: `GET /rating/v2/sme/sessions/{id}`. */
export function getSessionRecommendations(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<ApiResponse<Recommendation | null>> {
  return client.request(apiPaths.rating.recommendations(params.id), options)
}

/** Submits the contributor's recommendations form for a session: `POST /rating/v4/sme`. */
export function submitRecommendations(
  client: ApiClient,
  params: RecommendationInput,
  options?: CallOptions,
): Promise<ApiResponse<Recommendation>> {
  return client.request(apiPaths.rating.submitRecommendations, { ...options, method: 'POST', body: params })
}
