/**
 * An error that says which step failed in a machine-readable `code`, so callers can branch on the code and
 * show their own message. Each area names its own subclass and codes (AuthError, RealtimeError,
 * RatingTokenError).
 */
export class CodedError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
