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
 *
 * The API's answers (`apiPrefix`: JSON, calendar feeds, files) are data, not documents. They get the headers
 * OWASP's REST cheat sheet asks of an API: a policy that lets nothing load (`default-src 'none'`) and keeps the
 * framing rule, `nosniff`, `X-Frame-Options`, no referrer, the resource policy and HSTS. The site's own policy
 * (scripts, styles, frames, the video hosts) governs nothing in a JSON answer and was 0.9 KB of each one, with
 * eleven middlewares run for it: a few per cent of the main thread under a load of searches (issue 37). A route
 * under the prefix that serves a file sets its own policy over this one, as before.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/** What an API answer gets besides the files' headers (see above). */
const API_HEADERS: readonly [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'self'"],
  ['x-frame-options', 'SAMEORIGIN'],
  ['referrer-policy', 'no-referrer'],
]

export const securityHeadersPlugin = fp(
  async (
    app: FastifyInstance,
    { assetsPrefix, apiPrefix, ...options }: HelmetOptions & { assetsPrefix?: string; apiPrefix?: string },
  ) => {
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
      if (apiPrefix && request.url.startsWith(apiPrefix)) {
        for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value)
        forFiles(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined))
        return
      }
      const headers = assetsPrefix && request.url.startsWith(assetsPrefix) ? forFiles : apply
      headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined))
    })
  },
)
