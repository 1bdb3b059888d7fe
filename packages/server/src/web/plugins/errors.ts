/**
 * Every failure answers `{ error: { code, message, fields? } }` with the status that
 * fits and the message in the request's language. 5xx answers never carry internals:
 * the real error goes to the log only.
 */
import { normalizeLanguage } from '@mashura/core'
import { type ApiMessageKey as MessageKey, serverTranslator } from '@mashura/core/i18n/server'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { DomainError, type DomainErrorKind } from '../../domain/errors.ts'
import { ApiHttpError } from '../http/errors.ts'
import { translatorFor } from './language.ts'

type AjvError = {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

function fieldOf(e: AjvError): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.')
  if (e.keyword === 'required') return [path, String(e.params.missingProperty)].filter(Boolean).join('.')
  if (e.keyword === 'additionalProperties')
    return [path, String(e.params.additionalProperty)].filter(Boolean).join('.')
  return path || '_'
}

function keyOf(e: AjvError): MessageKey {
  switch (e.keyword) {
    case 'required':
      return 'errors.fieldRequired'
    case 'additionalProperties':
      return 'errors.unknownField'
    case 'maxLength':
      return 'errors.maxLength'
    case 'minLength':
      return Number(e.params.limit) <= 1 ? 'errors.fieldRequired' : 'errors.minLength'
    default:
      return 'errors.invalidValue'
  }
}

const statusKeys: Record<number, [string, MessageKey]> = {
  400: ['bad_request', 'errors.invalidValue'],
  401: ['unauthorized', 'errors.unauthorized'],
  403: ['forbidden', 'errors.forbidden'],
  404: ['not_found', 'errors.notFound'],
  405: ['not_found', 'errors.routeNotFound'],
  409: ['conflict', 'errors.conflict'],
  413: ['payload_too_large', 'errors.payloadTooLarge'],
  415: ['unsupported_media_type', 'errors.unsupportedMediaType'],
}

/** The form parser's words for a malformed multipart body. */
const MULTIPART_FAILURE =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)/

/** The HTTP status of each kind of the domain's refusals: the one place the domain meets HTTP. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  unavailable: 503,
}

/** The answer to give for a domain refusal (or the error itself when it is already an HTTP one). */
export function asHttpError(error: ApiHttpError | DomainError): ApiHttpError {
  if (error instanceof ApiHttpError) return error
  return new ApiHttpError(STATUS_OF[error.kind], error.code, error.key, {
    ...(error.values ? { values: error.values } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  })
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const t = translatorFor(request)
    if (err instanceof ApiHttpError || err instanceof DomainError) {
      const answer = asHttpError(err)
      if (answer.headers) reply.headers(answer.headers)
      const fields = answer.fields
        ? Object.fromEntries(Object.entries(answer.fields).map(([k, v]) => [k, t.t(v)]))
        : undefined
      return reply.code(answer.status).send({
        error: { code: answer.code, message: t.t(answer.key, answer.values), ...(fields ? { fields } : {}) },
      })
    }
    if (err.validation) {
      const fields: Record<string, string> = {}
      for (const e of err.validation as unknown as AjvError[]) {
        const field = fieldOf(e)
        fields[field] ??= t.t(keyOf(e), {
          max: Number(e.params.limit ?? 0),
          min: Number(e.params.limit ?? 0),
        })
      }
      return reply
        .code(400)
        .send({ error: { code: 'validation_failed', message: t.t('errors.validationFailed'), fields } })
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (err instanceof SyntaxError && err.statusCode === 400)
    ) {
      return reply.code(400).send({ error: { code: 'invalid_json', message: t.t('errors.invalidJson') } })
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ error: { code: 'invalid_json', message: t.t('errors.invalidJson') } })
    }
    const status = err.statusCode ?? 500
    if (status === 429) {
      const seconds = Math.max(1, Number(reply.getHeader('retry-after') ?? 1))
      return reply
        .code(429)
        .send({ error: { code: 'rate_limited', message: t.t('errors.rateLimited', { seconds }) } })
    }
    const known = statusKeys[status]
    if (status < 500 && known) {
      return reply.code(status).send({ error: { code: known[0], message: t.t(known[1]) } })
    }
    // A multipart upload without a boundary, or cut off, fails in the form parser (busboy) with a plain
    // error: it is the request that is wrong, not the server (issue 17).
    if (MULTIPART_FAILURE.test(err.message ?? ''))
      return reply
        .code(400)
        .send({ error: { code: 'invalid_multipart', message: t.t('errors.validationFailed') } })
    request.log.error({ err }, 'unhandled error')
    return reply.code(500).send({ error: { code: 'internal', message: t.t('errors.internal') } })
  })

  app.setNotFoundHandler((request, reply) => {
    const t = translatorFor(request)
    return reply.code(404).send({ error: { code: 'route_not_found', message: t.t('errors.routeNotFound') } })
  })
})

/**
 * Fastify's own answers before a route is found (`frameworkErrors`): a path part over the length limit (414),
 * a malformed address (400), in the API's envelope and the language of `Accept-Language`, never with the path
 * echoed (issue 17). No hook has run yet, so the language is read from the header here, and a browser on any
 * origin may read the answer, as it may read every API error.
 */
export function frameworkError(
  error: { code?: string },
  request: { headers: Record<string, string | string[] | undefined> },
  reply: {
    code(status: number): { headers(values: Record<string, string>): { send(body: unknown): unknown } }
  },
) {
  const t = serverTranslator(normalizeLanguage(String(request.headers['accept-language'] ?? '')))
  const origin = request.headers.origin
  const headers: Record<string, string> =
    typeof origin === 'string' ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}
  const [status, code, key]: [number, string, MessageKey] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'uri_too_long', 'errors.invalidValue']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'bad_request', 'errors.invalidValue']
        : [500, 'internal', 'errors.internal']
  return reply
    .code(status)
    .headers(headers)
    .send({ error: { code, message: t.t(key) } })
}
