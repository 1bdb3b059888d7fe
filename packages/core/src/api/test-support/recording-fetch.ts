import type { FetchLike } from '../client.ts'

/** Answers a recorded request. */
export type Responder = (request: Request) => Response | Promise<Response>

/** A JSON response, as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A promise with its resolve function exposed, to hold a response back. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/**
 * A `fetch` that records every call as a real `Request` (so bodies are serialised as a browser
 * would) and answers through `responder`; by default `{ "data": null }`. Aborted signals reject
 * like the real thing. Works the same in Node and in Chromium.
 */
export function createRecordingFetch(responder: Responder = () => jsonResponse({ data: null })): {
  fetch: FetchLike
  calls: Request[]
  last: () => Request
} {
  const calls: Request[] = []
  const fetch: FetchLike = async (input, init) => {
    if (init?.signal?.aborted) throw init.signal.reason
    const request = new Request(input, init)
    calls.push(request)
    return responder(request)
  }
  const last = (): Request => {
    const request = calls.at(-1)
    if (!request) throw new Error('no request was recorded')
    return request
  }
  return { fetch, calls, last }
}
