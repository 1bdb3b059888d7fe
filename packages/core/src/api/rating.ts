import type { IdParams, RatingSubmission, RatingTokenParams, RecommendationInput } from '../contract/index.ts'
import { type CallAnswer, callApi } from './call.ts'
import type { ApiClient, CallOptions } from './client.ts'

/**
 * Opens a rating link: `GET /rating/sme/validate-rating/{token}`. It rejects with status 400 when
 * the session was already rated.
 */
export function validateRating(
  client: ApiClient,
  params: RatingTokenParams,
  options?: CallOptions,
): Promise<CallAnswer<'validateRating'>> {
  return callApi(client, 'validateRating', { params }, options)
}

/** Reads a session's rating questionnaires: `GET /rating/sessions/{id}/questionnaires`. */
export function getSessionQuestionnaires(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getSessionQuestionnaires'>> {
  return callApi(client, 'getSessionQuestionnaires', { params }, options)
}

/**
 * Submits a business owner's rating of a session: `POST /rating/v4/sessions/{id}/questionnaires`.
 * It rejects with status 422 when the session was already rated.
 */
export function submitSessionRating(
  client: ApiClient,
  params: RatingSubmission,
  options?: CallOptions,
): Promise<CallAnswer<'submitSessionRating'>> {
  const { id, ...body } = params
  return callApi(client, 'submitSessionRating', { params: { id }, body }, options)
}

/** Reads the recommendations written for a session, or `null`: `GET /rating/v2/sme/sessions/{id}`. */
export function getSessionRecommendations(
  client: ApiClient,
  params: IdParams,
  options?: CallOptions,
): Promise<CallAnswer<'getSessionRecommendations'>> {
  return callApi(client, 'getSessionRecommendations', { params }, options)
}

/** Submits the contributor's recommendations form for a session: `POST /rating/v4/sme`. */
export function submitRecommendations(
  client: ApiClient,
  params: RecommendationInput,
  options?: CallOptions,
): Promise<CallAnswer<'submitRecommendations'>> {
  return callApi(client, 'submitRecommendations', { body: params }, options)
}
