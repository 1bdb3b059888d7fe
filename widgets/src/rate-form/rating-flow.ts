import {
  type ApiClient,
  decryptRatingToken,
  isApiError,
  type Questionnaire,
  type RatingDetails,
  type RatingSession,
  validateRating,
} from '@mashura/core'

/** The two steps of the rating flow that read an already-rated answer. */
export type RatingStep = 'validate' | 'submit'

/** Returns whether an error status means the session was already rated: 400 on validate, 422 on submit (spec 8). */
export function isAlreadyRated(step: RatingStep, status: number): boolean {
  return step === 'validate' ? status === 400 : status === 422
}

/**
 * Where opening a rating link ends: the form's data, or an outcome (an empty message means generic). `session`
 * names what is rated; null when the back end does not say (the agency's sends only the first three fields).
 */
export type RatingFlowResult =
  | {
      kind: 'form'
      sessionId: number
      accessToken: string
      questionnaires: Questionnaire[]
      session: RatingSession | null
    }
  | { kind: 'already-rated' }
  | { kind: 'error'; message: string }

/**
 * Opens a rating link (spec section 4): validate (400 means already rated; the answer carries the
 * questionnaires, so they are read once) and decrypt the access token with the passphrase, which the form
 * then sends with its submission. API errors carry the server's message (spec section 8); a missing token
 * or a failed decryption get the generic message.
 */
export async function loadRatingFlow(
  client: ApiClient,
  token: string | undefined,
  ratingKey: string | undefined,
  signal: AbortSignal,
): Promise<RatingFlowResult> {
  if (!token || !ratingKey) return { kind: 'error', message: '' }
  let details: RatingDetails
  try {
    details = (await validateRating(client, { token }, { signal })).data
  } catch (error) {
    // The server's one generic answer for an unknown, tampered or expired link is also a 400: it must not
    // tell someone with a broken link that they already rated. Its own message says what is wrong.
    if (isApiError(error) && error.code === 'rating_link_invalid') return failure(error)
    if (isApiError(error) && isAlreadyRated('validate', error.status)) return { kind: 'already-rated' }
    return failure(error)
  }
  try {
    const accessToken = await decryptRatingToken(details.sme_access_token, ratingKey)
    return {
      kind: 'form',
      sessionId: details.session_id,
      accessToken,
      questionnaires: details.questionnaires,
      session: details.session ?? null,
    }
  } catch (error) {
    return failure(error)
  }
}

function failure(error: unknown): RatingFlowResult {
  return { kind: 'error', message: isApiError(error) ? error.message : '' }
}
