/**
 * Shutting down with a deadline (issue 35): readiness turns 503 at once, so the load balancer stops sending
 * traffic (after `graceMs`, the load balancer has seen it); then the app closes: the listener stops taking connections, idle keep-alive connections are closed,
 * requests in flight finish (a request arriving on a busy connection meanwhile gets 503), the realtime hub
 * closes every socket with 1001 ("going away": clients reconnect, to another instance), and the `onClose`
 * hooks stop the scheduler, the mailer and the connections. Whatever is still running at the deadline is
 * abandoned: the caller is told, logs one line and exits with code 1.
 */
import type { FastifyInstance } from 'fastify'

/** How a drain ended: `closed` when everything finished in time, `timeout` at the deadline. */
export type DrainOutcome = 'closed' | 'timeout'

/** Options of {@link drain}. */
export interface DrainOptions {
  /** The whole shutdown's deadline (`SHUTDOWN_TIMEOUT_MS`). */
  timeoutMs: number
  /**
   * How long the app keeps serving with readiness at 503 before it closes (`SHUTDOWN_GRACE_MS`): time for a load
   * balancer's probe to see it and stop sending new requests here. Counts within the deadline.
   */
  graceMs?: number
  /** What to close after the app (the database). */
  after?: () => Promise<void>
}

/**
 * Drains and closes the app, then `after`; resolves with `timeout` if that did not finish within the deadline,
 * without waiting any longer for it.
 */
export async function drain(app: FastifyInstance, options: DrainOptions): Promise<DrainOutcome> {
  const { timeoutMs, graceMs = 0, after = async () => undefined } = options
  if (app.hasDecorator('health')) app.health.draining = true
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<DrainOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  const closing = (async (): Promise<DrainOutcome> => {
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs))
    await app.close()
    await after()
    return 'closed'
  })()
  // A close that fails after the deadline has nobody left to tell.
  closing.catch(() => undefined)
  try {
    return await Promise.race([closing, deadline])
  } finally {
    clearTimeout(timer)
  }
}
