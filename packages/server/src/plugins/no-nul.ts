/**
 * No NUL characters in what a request carries (issue 17). PostgreSQL cannot store U+0000 in text and failed
 * every free-text write that held one (a 500), while SQLite stored it and then failed searches; both databases
 * must answer alike. Every string of a JSON body, the query and the path is checked before validation, and one
 * holding U+0000 is refused as a field error (400, in the request's language), naming the field. The API
 * document says so (app.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../http/errors.ts'

/** The dotted paths of the strings under `value` that hold a NUL (at most a few: one is enough to refuse). */
export function nulPaths(value: unknown, path = '', found: string[] = []): string[] {
  if (found.length >= 5) return found
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path || '_')
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nulPaths(item, path ? `${path}.${i}` : String(i), found)
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(path || '_')
      nulPaths(item, path ? `${path}.${key}` : key, found)
    }
  }
  return found
}

export const noNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // A multipart body is files and their names, checked by the upload routes themselves.
    const body = typeof request.isMultipart === 'function' && request.isMultipart() ? undefined : request.body
    const fields = [...nulPaths(request.query), ...nulPaths(request.params), ...nulPaths(body)]
    if (fields.length)
      throw badRequest(
        'validation_failed',
        'errors.validationFailed',
        Object.fromEntries(fields.map((field) => [field, 'errors.invalidValue'])),
      )
  })
})
