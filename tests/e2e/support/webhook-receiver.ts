/**
 * A partner's webhook receiver, as a partner's server would run one (issue 36): an HTTP server on loopback that
 * keeps every POST it gets, and can be stopped and started again on the same port (a receiver down for a while).
 */
import { createServer, type Server } from 'node:http'
import { freePort } from './npm-start.ts'

/** What the receiver got: each request's headers and body. */
export interface WebhookReceiver {
  url: string
  got: { headers: Record<string, string>; body: string }[]
  start(): Promise<void>
  stop(): Promise<void>
}

/** Starts a receiver on a free loopback port, answering 204 to every POST. */
export async function webhookReceiver(): Promise<WebhookReceiver> {
  const port = await freePort()
  let server: Server | null = null
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/mashura-webhooks`,
    got: [],
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((request, response) => {
          const chunks: Buffer[] = []
          request.on('data', (chunk: Buffer) => chunks.push(chunk))
          request.on('end', () => {
            receiver.got.push({
              headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
              body: Buffer.concat(chunks).toString('utf8'),
            })
            response.writeHead(204).end()
          })
        })
        server.once('error', reject)
        server.listen(port, '127.0.0.1', () => resolve())
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve()
        server.closeAllConnections()
        server.close(() => resolve())
        server = null
      }),
  }
  await receiver.start()
  return receiver
}
