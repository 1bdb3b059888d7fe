/**
 * Sends one webhook (issue 36): a POST of the JSON body with its signed headers, over node:http(s) with the
 * address policy's own `lookup` (address.ts), no redirect followed (a 3xx is a failure), a deadline for the
 * whole exchange, and at most 4 KB of the answer read (kept for the delivery log). Answers the receiver's
 * status; throws when no answer came (refused address, DNS, connection, timeout).
 */
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { checkedLookup, checkWebhookUrl, type WebhookAddressPolicy } from './address.ts'

/** The largest body a webhook carries, in bytes. */
export const WEBHOOK_BODY_MAX = 256 * 1024
/** How much of the receiver's answer is read and kept. */
const ANSWER_KEEP = 4096

/** A receiver's answer. */
export interface WebhookAnswer {
  status: number
  /** The start of its body, for the log. */
  text: string
}

/** POSTs `body` to `url` with `headers`; resolves with the answer, rejects when there was none. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { policy: WebhookAddressPolicy; timeoutMs: number; userAgent: string },
): Promise<WebhookAnswer> {
  const target = checkWebhookUrl(url, options.policy)
  const payload = Buffer.from(body)
  if (payload.length > WEBHOOK_BODY_MAX)
    return Promise.reject(new Error(`the body is ${payload.length} bytes, over ${WEBHOOK_BODY_MAX}`))
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': options.userAgent,
        },
        lookup: checkedLookup(target.hostname, options.policy) as never,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = []
        let kept = 0
        response.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_KEEP) {
            chunks.push(chunk.subarray(0, ANSWER_KEEP - kept))
            kept += Math.min(chunk.length, ANSWER_KEEP - kept)
          }
          // A receiver that keeps talking is not read further: the deadline ends it.
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', (error: Error & { code?: string }) =>
      reject(
        error.name === 'AbortError' || error.code === 'ABORT_ERR'
          ? new Error(`no answer within ${options.timeoutMs} ms`)
          : error,
      ),
    )
    request.end(payload)
  })
}
