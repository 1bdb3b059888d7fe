/**
 * Helmet's security headers on every answer, with the site's Content Security Policy (app.ts). The middleware
 * is built once, here: @fastify/helmet, used before, built it again for every request (parsing every CSP
 * directive each time), a few per cent of the main thread under a load of cached reads (issue 37). The headers
 * are set when the request arrives, so a route that needs its own (the sign-in popup, private files) sets
 * them over these, as before.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const apply = helmet(options)
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined))
  })
})
