import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { lazyCompilers } from './lazy-compilers.ts'

const response = {
  200: { type: 'object', properties: { name: { type: 'string' }, n: { type: 'integer' } } },
}

/** An app with two routes whose answers have a schema, on the given serializers. */
async function appWith(serializers: ReturnType<typeof lazyCompilers>) {
  const app = Fastify({ schemaController: serializers.schemaController })
  app.get('/a', { schema: { response } }, async () => ({ name: 'أ', n: 1, secret: 'not in the schema' }))
  app.get('/b', { schema: { response } }, async () => ({ name: 'b', n: 2 }))
  app.post(
    '/c',
    {
      schema: {
        body: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } },
        headers: { type: 'object', required: ['X-Partner'], properties: { 'X-Partner': { type: 'string' } } },
      },
    },
    async (request) => ({ n: (request.body as { n: number }).n }),
  )
  await app.ready()
  return app
}

describe('lazy schema compilers', () => {
  it('compile a route’s serializer on its first answer, which is serialized by its schema', async () => {
    const serializers = lazyCompilers({ lazy: true })
    const app = await appWith(serializers)
    // Each answer's GET and HEAD (Fastify adds the HEAD), and the POST's body and headers.
    expect(serializers.pending()).toBe(6)
    const answer = await app.inject('/a')
    expect(answer.json()).toEqual({ name: 'أ', n: 1 })
    expect(serializers.pending()).toBe(5)
    expect((await app.inject('/a')).json()).toEqual({ name: 'أ', n: 1 })
    await app.close()
  })

  it('validate on first use as at once: Ajv’s errors reach the answer, header names are lower-cased', async () => {
    for (const lazy of [true, false]) {
      const app = await appWith(lazyCompilers({ lazy }))
      const post = (body: unknown, headers: Record<string, string> = { 'x-partner': 'p' }) =>
        app.inject({ method: 'POST', url: '/c', payload: body as object, headers })
      const refused = await post({ n: 0 })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toMatch(/body\/n must be >= 1/)
      expect((await post({ n: 2 }, {})).statusCode).toBe(400)
      expect((await post({ n: 2 })).json()).toEqual({ n: 2 })
      await app.close()
    }
  })

  it('compile the rest when warmed, and stop when told', async () => {
    const serializers = lazyCompilers({ lazy: true })
    const app = await appWith(serializers)
    const stopped = serializers.warm()
    stopped.stop()
    expect(await stopped.done).toBe(0)
    expect(serializers.pending()).toBe(6)
    expect(await serializers.warm().done).toBe(6)
    expect(serializers.pending()).toBe(0)
    expect((await app.inject('/b')).json()).toEqual({ name: 'b', n: 2 })
    await app.close()
  })

  it('compile at once under test, so a schema that cannot compile fails the start', async () => {
    const serializers = lazyCompilers({ lazy: false })
    const app = await appWith(serializers)
    expect(serializers.pending()).toBe(0)
    await app.close()
    const broken = Fastify({ schemaController: lazyCompilers({ lazy: false }).schemaController })
    broken.get('/x', { schema: { response: { 200: { $ref: 'nowhere#' } } } }, async () => ({}))
    await expect(broken.ready()).rejects.toThrow()
  })

  it('meet a schema that cannot compile when warmed, lazy as in development and production', async () => {
    const serializers = lazyCompilers({ lazy: true })
    const broken = Fastify({ schemaController: serializers.schemaController })
    broken.get('/x', { schema: { response: { 200: { $ref: 'nowhere#' } } } }, async () => ({}))
    await broken.ready()
    // Its GET and the HEAD Fastify adds.
    expect(serializers.pending()).toBe(2)
    await expect(serializers.warm().done).rejects.toThrow()
    await broken.close()
  })
})
