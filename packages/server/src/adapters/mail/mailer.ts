/**
 * The outbox's sender in a running server: every `pollMs` (two seconds by default) it sends what is due
 * (`deliverDue`), one round at a time, under a name of its own so that several instances share the outbox.
 * It stops with the app, after the round in flight: a mail it claimed is then marked sent or refused, not left
 * claimed for two minutes where the next start (or another instance) cannot take it.
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { deliverDue, type MailTransport } from './outbox.ts'

/** Options of {@link startMailer}. */
export interface MailerOptions {
  transport: MailTransport & { close?(): void }
  /** The `From` of every mail. */
  from: string
  pollMs?: number
  /** The first wait before a refused mail is tried again. */
  retryBaseMs?: number
}

/** Starts sending the outbox; returns a function that stops it (resolving once the round in flight is done). */
export function startMailer(app: FastifyInstance, options: MailerOptions): () => Promise<void> {
  const instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  let running: Promise<void> | null = null
  let stopped = false
  const round = () => {
    if (running || stopped) return
    running = sendRound().finally(() => {
      running = null
    })
  }
  const sendRound = async () => {
    try {
      const result = await deliverDue(app.store.db, {
        transport: options.transport,
        from: options.from,
        instance,
        retryBaseMs: options.retryBaseMs,
      })
      for (const id of result.retrying) app.log.warn({ outbox: id }, 'mail not sent yet; will retry')
      for (const id of result.failed) app.log.error({ outbox: id }, 'mail refused by the relay for good')
      if (app.hasDecorator('metrics')) {
        app.metrics.mailFailures.inc({ kind: 'retry' }, result.retrying.length)
        app.metrics.mailFailures.inc({ kind: 'permanent' }, result.failed.length)
      }
    } catch (error) {
      app.log.error({ err: error }, 'mail round failed')
    }
  }
  const timer = setInterval(round, options.pollMs ?? 2000)
  timer.unref()
  round()
  const stop = async () => {
    stopped = true
    clearInterval(timer)
    await running
    options.transport.close?.()
  }
  try {
    app.addHook('onClose', async () => stop())
  } catch {
    app.server.once('close', stop)
  }
  return stop
}
