/**
 * A `fetch` that answers requests for the server's own public host from the app
 * itself (Fastify `inject`) instead of over the network. The server exchanges
 * codes with the built-in dev provider this way, so the exchange works even when
 * the public address is not reachable from the server (a tunnel, a proxy, a
 * container, or a test app listening on a port other than the configured one).
 */
import type { FastifyInstance, HTTPMethods } from 'fastify'
import type { FetchLike } from '../auth/oidc-client.ts'

/** Builds the fetch: requests whose host is `publicUrl`'s go to `app.inject`, the rest to `network`. */
export function inProcessFetch(
  app: FastifyInstance,
  publicUrl: string,
  network: FetchLike = (input, init) => fetch(input, init),
): FetchLike {
  const host = new URL(publicUrl).host
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.host !== host) return network(request)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    // The provider builds its endpoint URLs from Host: keep them on the public address.
    headers.host = host
    const payload =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : Buffer.from(await request.arrayBuffer())
    const response = await app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(payload ? { payload } : {}),
    })
    const out = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) out.append(name, String(one))
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD'
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: out,
    })
  }
}
