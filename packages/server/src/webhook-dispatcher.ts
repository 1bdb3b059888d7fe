/**
 * The webhooks' sender in a running server (issue 36): at start it writes the `WEBHOOKS` setting's endpoints
 * (domain/webhooks.ts `syncConfigWebhooks`), then every `WEBHOOK_POLL_MS` (two seconds by default) it sends what
 * is due, one round at a time, under a name of its own so that several instances share the queue. It stops with
 * the app, waiting for the round in flight.
 */
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyInstance } from 'fastify'
import type { WebhookAddressPolicy } from './adapters/webhooks/address.ts'
import type { Config } from './config.ts'
import { deliverDueWebhooks, syncConfigWebhooks } from './domain/webhooks.ts'

/** Where webhooks may go, from the settings: production's rules unless in development. */
export function webhookPolicy(config: Pick<Config, 'development' | 'webhooks'>): WebhookAddressPolicy {
  return { production: !config.development, allowedHosts: config.webhooks.allowedHosts }
}

/** Starts sending webhooks; resolves once the setting's endpoints are written, with a function that stops it. */
export async function startWebhookDispatcher(app: FastifyInstance): Promise<() => Promise<void>> {
  const { config } = app
  await syncConfigWebhooks(app.store.db, config.webhooks.endpoints)
  const instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  let running: Promise<void> | null = null
  let stopped = false
  const round = () => {
    if (running || stopped) return
    running = (async () => {
      try {
        const result = await deliverDueWebhooks(app.store.db, {
          config: config.webhooks,
          policy: webhookPolicy(config),
          publicUrl: config.publicUrl,
          instance,
        })
        for (const id of result.retrying)
          app.log.warn({ webhookDelivery: id }, 'webhook not delivered yet; will retry')
        for (const id of result.failed)
          app.log.error({ webhookDelivery: id }, 'webhook given up after its retries')
        for (const id of result.paused)
          app.log.error({ webhookEndpoint: id }, 'webhook endpoint paused after a day of failures')
        if (app.hasDecorator('metrics')) {
          app.metrics.webhooks.inc({ outcome: 'delivered' }, result.delivered.length)
          app.metrics.webhooks.inc({ outcome: 'retry' }, result.retrying.length)
          app.metrics.webhooks.inc({ outcome: 'failed' }, result.failed.length)
          app.metrics.webhooks.inc({ outcome: 'paused' }, result.paused.length)
        }
      } catch (error) {
        app.log.error({ err: error }, 'webhook round failed')
      } finally {
        running = null
      }
    })()
  }
  const timer = setInterval(round, config.webhooks.pollMs)
  timer.unref()
  round()
  const stop = async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
  app.addHook('onClose', stop)
  return stop
}
