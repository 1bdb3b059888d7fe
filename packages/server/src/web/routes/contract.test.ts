/**
 * Core's client and the server agree on every call (issue 19): each call of `@mashura/core/contract`'s
 * `calls` (core's client sends each one by name from the contract's method and path, and its endpoint test
 * holds each function to them) must be a route of the server's OpenAPI document with exactly the contract's
 * path parameters, query, body and success answer. (`operation-ids.test.ts` checks the other way round: that
 * every operation of the document is a call, named after it.)
 *
 * Both sides go through @fastify/swagger: the server's own document, and the document of an app that has
 * just the contract's calls with the contract's schemas. Comparing the two documents compares the
 * schemas as the server publishes them, so a route that validates or answers with anything but the
 * contract's shape (an inline copy that drifted, a renamed field, another status) fails here.
 */
import swagger from '@fastify/swagger'
import { adminEndpoints, type Call, calls } from '@mashura/core/contract'
import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../test-support/context.ts'

/** The parts of an OpenAPI operation that describe what goes over the wire. */
interface Operation {
  parameters?: { in: string; name: string }[]
  requestBody?: unknown
  responses?: Record<string, unknown>
}

/** An OpenAPI document's operations. */
interface Document {
  paths: Record<string, Record<string, Operation>>
}

/** `/schedule/contributor/:id/` as OpenAPI writes it: `/schedule/contributor/{id}/`. */
function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}')
}

/** The wire-relevant parts of an operation, the parameters in a stable order. */
function wireOf(operation: Operation, status: number) {
  const parameters = [...(operation.parameters ?? [])].sort((a, b) =>
    `${a.in} ${a.name}`.localeCompare(`${b.in} ${b.name}`),
  )
  return { parameters, requestBody: operation.requestBody, success: operation.responses?.[String(status)] }
}

/** The OpenAPI document of an app whose routes are exactly the contract's calls, with its schemas. */
async function contractDocument(): Promise<Document> {
  const app = Fastify()
  // Only the document is wanted: nothing is validated or serialized here.
  app.setValidatorCompiler(() => () => true)
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'contract', version: '1' }, servers: [{ url: '/api' }] },
  })
  await app.register(
    async (api) => {
      for (const call of Object.values(calls) as Call[]) {
        api.route({
          method: call.method,
          url: call.path,
          schema: {
            ...(call.params ? { params: call.params } : {}),
            ...(call.querystring ? { querystring: call.querystring } : {}),
            ...(call.body ? { body: call.body } : {}),
            response: {
              [call.status ?? 200]: call.media
                ? { content: { [call.media]: { schema: call.response } } }
                : call.response,
            },
          },
          handler: async () => null,
        })
      }
    },
    { prefix: '/api' },
  )
  await app.ready()
  const doc = app.swagger() as unknown as Document
  await app.close()
  return doc
}

// The document does not depend on the database, so one (SQLite) is enough.
describe('the contract of core and the server', () => {
  const ctx = useTestContext('sqlite')
  let server: Document
  let contract: Document

  beforeAll(async () => {
    server = (await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })).json() as Document
    contract = await contractDocument()
  })

  it('lists the calls: core’s client’s (the spec’s 64 paths, 8 extensions, the 2 uploads, issue 34’s 11, issue 36’s 4 calendar-feed calls), 4 no front end makes and the back office’s 52 (issue 36’s 8 webhook calls among them)', () => {
    expect(Object.keys(calls).filter((name) => !(name in adminEndpoints))).toHaveLength(92)
    expect(Object.keys(adminEndpoints)).toHaveLength(52)
  })

  it.each(Object.entries(calls) as [string, Call][])(
    '%s is a route of the server with the contract’s schemas',
    (_name, call) => {
      const path = openApiPath(call.path)
      const method = call.method.toLowerCase()
      const route = server.paths[path]?.[method]
      expect(route, `${call.method} ${path} is not in the server's OpenAPI document`).toBeDefined()
      const expected = contract.paths[path]?.[method]
      expect(expected, `the contract's own document lacks ${call.method} ${path}`).toBeDefined()
      const status = call.status ?? 200
      expect(
        route?.responses?.[String(status)],
        `the server answers ${call.method} ${path} with another status`,
      ).toBeDefined()
      expect(wireOf(route as Operation, status)).toEqual(wireOf(expected as Operation, status))
    },
  )
})
