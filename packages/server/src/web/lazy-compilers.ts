/**
 * Schema compilers that compile when first needed (issue 35: a release answers within 1.5 s of its start).
 * While it gets ready, Fastify compiles every route's request schemas with Ajv and its response schemas with
 * fast-json-stringify: about 1 s of CPU, over half of the release's start, for routes most instances answer
 * minutes later. Here each route gets stand-ins that compile the real validator or serializer on first use
 * (`lazy: true`), and `warm()` compiles what is still waiting, one at a time between other work, once the
 * server listens: the first answers come sooner and the later ones pay nothing.
 *
 * Under test they compile at once, as Fastify's own do (`lazy: false`, `Config.schemasAtStart`), so that a
 * schema that cannot compile fails every test, not a request. Development (`npm start`) is lazy like production,
 * and its `warm()` after listening still meets such a schema within a second of the start. Either way the
 * compilers are Fastify's defaults (`@fastify/ajv-compiler`, `@fastify/fast-json-stringify-compiler`) with the
 * server's Ajv options.
 */
import { AjvCompiler } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type Compiled = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown }
type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string; httpStatus?: string }
type Build = (route: RouteSchema) => Compiled

/** What {@link lazyCompilers} gives: the server option, and the warm-up to start once it listens. */
export interface LazyCompilers {
  /** Fastify's `schemaController` option. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>
  /** How many validators and serializers are still to compile. */
  pending(): number
  /**
   * Compiles the waiting ones one at a time, each after the event loop has had its turn, until none waits or
   * `stop()` is called. `done` resolves with how many it compiled.
   */
  warm(): { done: Promise<number>; stop(): void }
}

/**
 * Fastify lower-cases a headers schema's names for its own compiler only; given a compiler of ours it takes
 * the schema as written. Headers arrive lower-cased, so this does what Fastify would.
 */
function lowerCaseHeaders(route: RouteSchema): RouteSchema {
  const schema = route.schema as { properties?: Record<string, unknown>; required?: string[] } | null
  if (route.httpPart !== 'headers' || !schema || typeof schema !== 'object' || !schema.properties)
    return route
  return {
    ...route,
    schema: {
      ...schema,
      properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k.toLowerCase(), v])),
      ...(schema.required ? { required: schema.required.map((k) => k.toLowerCase()) } : {}),
    },
  }
}

/** Validators and response serializers that compile on first use when `lazy`, else at once. */
export function lazyCompilers({ lazy }: { lazy: boolean }): LazyCompilers {
  const waiting = new Set<() => void>()
  /** A stand-in for `build(route)` that builds it on its first call (copying Ajv's `errors` after each). */
  const deferred = (build: Build) => (route: RouteSchema) => {
    if (!lazy) return build(route)
    let compiled: Compiled | undefined
    const ready = (): Compiled => {
      if (!compiled) {
        compiled = build(route)
        waiting.delete(ready)
      }
      return compiled
    }
    waiting.add(ready)
    const standIn: Compiled = (data, context) => {
      const real = ready()
      const result = context === undefined ? real(data) : real(data, context)
      standIn.errors = real.errors
      return result
    }
    // Fastify gives an Ajv validator (one with `schemaEnv`) its parent, so that Ajv may replace a coerced root
    // value: asking for it compiles the real one, and the stand-in passes the parent on.
    Object.defineProperty(standIn, 'schemaEnv', { get: () => ready().schemaEnv })
    return standIn
  }
  const validators = AjvCompiler()
  const serializers = SerializerSelector()
  const buildValidator = (externalSchemas: unknown, options: unknown) => {
    const build = validators(externalSchemas as never, options as never) as unknown as Build
    return deferred((route) => build(lowerCaseHeaders(route)))
  }
  const buildSerializer = (externalSchemas: unknown, options: unknown) =>
    deferred(serializers(externalSchemas as never, options as never) as unknown as Build)
  return {
    schemaController: { compilersFactory: { buildValidator, buildSerializer } } as NonNullable<
      FastifyServerOptions['schemaController']
    >,
    pending: () => waiting.size,
    warm() {
      let stopped = false
      const done = (async () => {
        let compiled = 0
        while (!stopped) {
          const next = waiting.values().next()
          if (next.done) break
          await new Promise<void>((resolve) => setImmediate(resolve))
          if (stopped) break
          next.value()
          compiled++
        }
        return compiled
      })()
      return {
        done,
        stop: () => {
          stopped = true
        },
      }
    },
  }
}
