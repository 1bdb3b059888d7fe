/**
 * The one error routes throw. Its message is a catalog key of @mashura/core (a shared one, or one of the
 * server's own in `@mashura/core/i18n/server`), so the answer comes in the request's language (Arabic by
 * default).
 */
import type { ApiMessageKey as MessageKey } from '@mashura/core/i18n/server'

/** An error with the status, code and catalog message to answer with. */
export class ApiHttpError extends Error {
  override readonly name = 'ApiHttpError'
  readonly status: number
  readonly code: string
  readonly key: MessageKey
  readonly values: Record<string, string | number> | undefined
  readonly fields: Record<string, MessageKey> | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    status: number,
    code: string,
    key: MessageKey,
    options: {
      values?: Record<string, string | number>
      fields?: Record<string, MessageKey>
      headers?: Record<string, string>
    } = {},
  ) {
    super(`${code}: ${key}`)
    this.status = status
    this.code = code
    this.key = key
    this.values = options.values
    this.fields = options.fields
    this.headers = options.headers
  }
}

/** 400: a field is invalid. */
export const badRequest = (code: string, key: MessageKey, fields?: Record<string, MessageKey>) =>
  new ApiHttpError(400, code, key, fields ? { fields } : {})
/** 401: not signed in, or the token is no longer valid. */
export const unauthorized = () => new ApiHttpError(401, 'unauthorized', 'errors.unauthorized')
/** 403: signed in but not allowed. */
export const forbidden = (key: MessageKey = 'errors.forbidden') => new ApiHttpError(403, 'forbidden', key)
/** 404: no such thing (or not yours to see). */
export const notFound = (key: MessageKey = 'errors.notFound') => new ApiHttpError(404, 'not_found', key)
/** 409: the thing is not in a state that allows this. */
export const conflict = (code: string, key: MessageKey) => new ApiHttpError(409, code, key)
/** 422: well-formed but refused by a rule. */
export const unprocessable = (code: string, key: MessageKey, fields?: Record<string, MessageKey>) =>
  new ApiHttpError(422, code, key, fields ? { fields } : {})
