/**
 * The refusals of the domain: what went wrong in the domain's words (not found, a conflict with the current
 * state, a rule refused it…), with a stable code for programs and a catalog key of @mashura/core for people.
 * The domain knows no HTTP: the error plugin (`web/plugins/errors.ts`) is the one place that maps each kind to its
 * status and answers with it (issue 32).
 */
import type { ApiMessageKey as MessageKey } from '@mashura/core/i18n/server'

/** What kind of refusal it is; the web layer gives each its status. */
export type DomainErrorKind =
  /** The input is wrong in a way the schema cannot see (a field to correct). */
  | 'invalid'
  /** The caller may not do this to something they may see. */
  | 'forbidden'
  /** No such thing, or not the caller's to see. */
  | 'not_found'
  /** The thing is not in a state that allows this (someone else was first, it already happened). */
  | 'conflict'
  /** Well-formed, but a rule refuses it (too early, not offered, a reason is missing). */
  | 'refused'
  /** A service the domain depends on cannot answer now. */
  | 'unavailable'

/** A refusal of the domain, with its kind, code and catalog message (and the fields to correct, if any). */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  readonly kind: DomainErrorKind
  readonly code: string
  readonly key: MessageKey
  readonly values: Record<string, string | number> | undefined
  readonly fields: Record<string, MessageKey> | undefined

  constructor(
    kind: DomainErrorKind,
    code: string,
    key: MessageKey,
    options: { values?: Record<string, string | number>; fields?: Record<string, MessageKey> } = {},
  ) {
    super(`${code}: ${key}`)
    this.kind = kind
    this.code = code
    this.key = key
    this.values = options.values
    this.fields = options.fields
  }
}

/** The input is wrong: `fields` says which field and why. */
export const invalid = (code: string, key: MessageKey, fields?: Record<string, MessageKey>) =>
  new DomainError('invalid', code, key, fields ? { fields } : {})
/** The caller may not do this. */
export const forbidden = (key: MessageKey = 'errors.forbidden', code = 'forbidden') =>
  new DomainError('forbidden', code, key)
/** No such thing (or not the caller's to see). */
export const notFound = (key: MessageKey = 'errors.notFound') =>
  new DomainError('not_found', 'not_found', key)
/** The thing is not in a state that allows this. */
export const conflict = (code: string, key: MessageKey, values?: Record<string, string | number>) =>
  new DomainError('conflict', code, key, values ? { values } : {})
/** A rule refuses it; `fields` names the fields concerned, if any. */
export const refused = (code: string, key: MessageKey, fields?: Record<string, MessageKey>) =>
  new DomainError('refused', code, key, fields ? { fields } : {})
/** A service the domain depends on cannot answer now. */
export const unavailable = (code: string, key: MessageKey) => new DomainError('unavailable', code, key)
