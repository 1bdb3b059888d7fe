/**
 * Numbers in the address must be finite (issue 17). Ajv, as Fastify runs it, coerces `Infinity`, `-Infinity`
 * and `1e309` in a query or path to an infinite number and then lets it past `minimum` and `maximum`, so
 * `?page=Infinity` reached the handlers and ended in a 500. Before validation, every query and path value that
 * the route's schema types as a number or an integer, and that reads as an infinite number or NaN, is refused
 * as a field error (400, in the request's language) like any other invalid value.
 *
 * A JSON body is checked after validation instead: Ajv coerces a string such as `"Infinity"` or `"-1e309"` in a
 * body the same way (and JSON.parse reads the bare number `1e309` as Infinity), and `{"per_page":"Infinity"}`
 * reached the database as a LIMIT it refused (a 500). Once the body is validated and coerced, any number in it
 * that is not finite is refused the same way, naming its field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { badPaths, refuseFields } from './input-walk.ts'

type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] }

/** Whether a schema (or any branch of it) takes numbers. */
function numeric(schema: Schema | undefined): boolean {
  if (!schema) return false
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.includes('number') || types.includes('integer')) return true
  if (schema.items && numeric(schema.items)) return true
  return (schema.anyOf ?? []).some(numeric)
}

/** Whether a raw value (or any of a repeated one) reads as a number that is not finite. */
function notFinite(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(notFinite)
  if (typeof value !== 'string' || value.trim() === '') return false
  const n = Number(value)
  return Number.isNaN(n) ? /^\s*[+-]?nan\s*$/i.test(value) : !Number.isFinite(n)
}

/** The names of `part`'s numeric fields whose values are not finite. */
function offending(part: unknown, schema: Schema | undefined): string[] {
  if (!part || typeof part !== 'object' || !schema?.properties) return []
  return Object.entries(schema.properties)
    .filter(([name, field]) => numeric(field) && notFinite((part as Record<string, unknown>)[name]))
    .map(([name]) => name)
}

/** The dotted paths of the numbers under `value` that are not finite. */
export function nonFinitePaths(value: unknown): string[] {
  return badPaths(value, (item) => typeof item === 'number' && !Number.isFinite(item))
}

export const finiteNumbersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema as { querystring?: Schema; params?: Schema } | undefined
    if (!schema) return
    refuseFields([
      ...offending(request.query, schema.querystring),
      ...offending(request.params, schema.params),
    ])
  })
  app.addHook('preHandler', async (request: FastifyRequest) => {
    refuseFields(nonFinitePaths(request.body))
  })
})
