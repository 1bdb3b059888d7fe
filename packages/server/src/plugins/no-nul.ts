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

/**
 * The dotted paths of the strings under `value` that hold a NUL (at most a few: one is enough to refuse). The
 * walk keeps its own stack: a body nested tens of thousands deep, which JSON.parse reads without complaint,
 * overflowed the call stack of a recursive walk and answered 500 (issue 17).
 */
export function nulPaths(value: unknown, path = '', found: string[] = []): string[] {
  const stack: [unknown, string][] = [[value, path]]
  while (stack.length && found.length < 5) {
    const [item, at] = stack.pop()!
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push(at || '_')
    } else if (item && typeof item === 'object') {
      const entries = Array.isArray(item) ? [...item.entries()] : Object.entries(item)
      // Pushed in reverse so that fields are named in document order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!
        stack.push([child, at ? `${at}.${key}` : String(key)])
        if (typeof key === 'string' && key.includes('\u0000')) stack.push(['\u0000', at])
      }
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
