/**
 * Helmet's security headers on every answer, with the site's Content Security Policy (app.ts). The middleware
 * is built once, here: @fastify/helmet, used before, built it again for every request (parsing every CSP
 * directive each time), a few per cent of the main thread under a load of cached reads (issue 37). The headers
 * are set when the request arrives, so a route that needs its own (the sign-in popup, private files) sets
 * them over these, as before.
 *
 * The site's fingerprinted files (`assetsPrefix`, the built scripts, styles and fonts) get only the headers
 * that act on a file a page loads: `X-Content-Type-Options`, `Cross-Origin-Resource-Policy` and HSTS. The
 * others (the CSP, framing, referrer, opener and the old X- headers) act on documents; sent with each of a
 * page's twenty-odd files they were about 0.9 KB apiece, a sixth of what a phone's first load of a profile
 * transferred over HTTP/1.1 (issue 37). No file under the prefix is a document or a worker.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { assetsPrefix, ...options }: HelmetOptions & { assetsPrefix?: string }) => {
    const apply = helmet(options)
    const forFiles = helmet({
      contentSecurityPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      referrerPolicy: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      ...(options.crossOriginResourcePolicy !== undefined
        ? { crossOriginResourcePolicy: options.crossOriginResourcePolicy }
        : {}),
      // HSTS as the site sets it (app.ts names it `hsts`).
      ...('hsts' in options && options.hsts !== undefined ? { hsts: options.hsts } : {}),
    })
    app.addHook('onRequest', (request, reply, done) => {
      const headers = assetsPrefix && request.url.startsWith(assetsPrefix) ? forFiles : apply
      headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined))
    })
  },
)
