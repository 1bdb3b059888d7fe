/**
 * No NUL characters in what a request carries (issue 17). PostgreSQL cannot store U+0000 in text and failed
 * every free-text write that held one (a 500), while SQLite stored it and then failed searches; both databases
 * must answer alike. Every string of a JSON body, the query and the path is checked before validation, and one
 * holding U+0000 is refused as a field error (400, in the request's language), naming the field. The API
 * document says so (app.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { badPaths, refuseFields } from './input-walk.ts'

/** The dotted paths of the strings under `value` (and the objects whose keys) that hold a NUL. */
export function nulPaths(value: unknown): string[] {
  return badPaths(
    value,
    (item) => typeof item === 'string' && item.includes('\u0000'),
    (key) => key.includes('\u0000'),
  )
}

export const noNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // A multipart body is files and their names, checked by the upload routes themselves.
    const body = typeof request.isMultipart === 'function' && request.isMultipart() ? undefined : request.body
    refuseFields([...nulPaths(request.query), ...nulPaths(request.params), ...nulPaths(body)])
  })
})
