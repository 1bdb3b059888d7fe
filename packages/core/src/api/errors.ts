/** The constructor fields of an `ApiError`. */
export interface ApiErrorInit {
  /** The HTTP status, or 0 when no response arrived. */
  status: number
  /** The machine-readable code. */
  code: string
  /** The message for people. */
  message: string
  /** Per-field messages of a validation failure. */
  fields?: Record<string, string> | undefined
  /** The parsed response body, when there was one. */
  body?: unknown
  /** The underlying error (a network failure), when there was one. */
  cause?: unknown
}

/**
 * The one error every failed API call rejects with.
 *
 * `status` is the HTTP status, or 0 for a network failure or an aborted call. `code` comes from the
 * body's `error.code`, else `http_<status>`, `network_error` or `aborted`. `message` comes from the
 * body's `error.message`, a nested `message` (`body.message`, or `body.error` when it is a string),
 * else a generic English fallback. `fields` holds per-field validation messages, and `body` the
 * parsed response body.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** The HTTP status, or 0 when no response arrived. */
  readonly status: number
  /** The machine-readable code. */
  readonly code: string
  /** Per-field messages of a validation failure, or `undefined`. */
  readonly fields: Record<string, string> | undefined
  /** The parsed response body, or `undefined`. */
  readonly body: unknown

  /** Creates an error from its fields; the client builds them from responses. */
  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.status = init.status
    this.code = init.code
    this.fields = init.fields
    this.body = init.body
  }
}

/** Tells whether a value is an `ApiError` (also across bundle copies of this module). */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError || (value instanceof Error && value.name === 'ApiError' && 'status' in value)
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function readMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined
  const error = body.error
  return (
    (isRecord(error) ? nonEmptyString(error.message) : undefined) ??
    nonEmptyString(body.message) ??
    nonEmptyString(error)
  )
}

function readFields(body: unknown): Record<string, string> | undefined {
  if (!isRecord(body) || !isRecord(body.error) || !isRecord(body.error.fields)) return undefined
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(body.error.fields)) {
    // Some back ends send a list of messages per field; the first one is enough to show.
    const message = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value
    if (typeof message === 'string') fields[name] = message
  }
  return fields
}

/** Builds the error for a response with a failing HTTP status and its parsed body. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined
  const code = (isRecord(error) ? nonEmptyString(error.code) : undefined) ?? `http_${status}`
  return new ApiError({
    status,
    code,
    message: readMessage(body) ?? `The request failed with status ${status}.`,
    fields: readFields(body),
    body,
  })
}

/** Builds the error for a call that got no response: a network failure, or an abort. */
export function errorFromFailure(cause: unknown): ApiError {
  const reason = cause instanceof Error && cause.cause !== undefined ? cause.cause : cause
  const aborted = reason instanceof Error && (reason.name === 'AbortError' || reason.name === 'TimeoutError')
  return new ApiError({
    status: 0,
    code: aborted ? 'aborted' : 'network_error',
    message: aborted ? 'The request was aborted.' : 'The network request failed.',
    cause: reason,
  })
}
