/**
 * Every operation of the server's OpenAPI document is a call of core's contract and is named after it
 * (issue 32): its `operationId` is the call's key in `calls`, the name core's client function has, so a client
 * generated from the document names its functions as core does, and no route answers outside the contract.
 */
import { calls } from '@mashura/core/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../test-support/context.ts'

/** An OpenAPI document's operations, by path and method. */
interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])

// The document does not depend on the database, so one (SQLite) is enough.
describe('the operations of the OpenAPI document', () => {
  const ctx = useTestContext('sqlite')
  let operations: { route: string; operationId: string | undefined }[]

  beforeAll(async () => {
    const response = await ctx.call({ method: 'GET', url: '/api/openapi.json', apiKey: null })
    expect(response.statusCode).toBe(200)
    const doc = response.json() as Document
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path}`,
          operationId: operation.operationId,
        })),
    )
  })

  it('are many (a sanity check that the document was read)', () => {
    expect(operations.length).toBeGreaterThan(70)
  })

  it('each have an operationId', () => {
    expect(operations.filter((o) => !o.operationId).map((o) => o.route)).toEqual([])
  })

  it('each have an operationId of their own', () => {
    const ids = operations.map((o) => o.operationId)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
  })

  it('are named after a call of the contract, at its method and path', () => {
    const wrong = operations.flatMap(({ route, operationId }) => {
      const call =
        operationId && Object.hasOwn(calls, operationId) ? calls[operationId as keyof typeof calls] : null
      const expected = call ? `${call.method} ${call.path.replace(/:(\w+)/g, '{$1}')}` : null
      return expected === `${route}` ? [] : [`${route}: ${operationId} (${expected ?? 'not a call'})`]
    })
    expect(wrong).toEqual([])
  })

  it('are every call of the contract', () => {
    const named = new Set(operations.map((o) => o.operationId))
    expect(Object.keys(calls).filter((name) => !named.has(name))).toEqual([])
  })
})
