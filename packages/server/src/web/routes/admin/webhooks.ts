/**
 * The back office's partner webhooks (issue 36): the endpoints of each API key, their secrets, their delivery
 * log, and sending again. Admins only (`access: 'admin'`): an endpoint's address and secret are the partner's
 * and an analyst reads figures, not these. Every change is written to the audit trail, never a secret.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { calls, DEFAULT_PER_PAGE } from '@mashura/core/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { pageMeta } from '../../../db/paging.ts'
import { adminActor } from '../../../domain/admin-experts.ts'
import { recordAudit } from '../../../domain/audit.ts'
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  sendTestWebhook,
  shownEndpoint,
  updateWebhookEndpointSettings,
} from '../../../domain/webhooks.ts'
import { webhookPolicy } from '../../../webhook-dispatcher.ts'
import { ErrorBody } from '../../http/schema.ts'
import { requireAdmin } from '../../plugins/auth.ts'
import { callRoutes } from '../call-route.ts'

const admin = callRoutes({ tags: ['admin'], access: 'admin' })

/** Registers the calls, as an encapsulated plugin under `/api`. */
export async function adminWebhookRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { db } = app.store
  const policy = () => webhookPolicy(app.config)
  /** Records a change in the audit trail, with what it was and became (never a secret). */
  const audit = async (
    request: FastifyRequest,
    action: string,
    targetId: number,
    before: unknown,
    after: unknown,
  ) =>
    recordAudit(db, {
      actor: await adminActor(db, requireAdmin(request).personId),
      action,
      targetType: 'webhook_endpoint',
      targetId,
      before,
      after,
    })

  app.route({
    ...admin(calls.adminListWebhookEndpoints, {
      summary: 'Every webhook endpoint, with its state and how many deliveries wait.',
      description:
        'Endpoints from the back office (`source: admin`) and from the `WEBHOOKS` setting (`source: config`). ' +
        'Secrets are never listed: they are shown once, when made.',
    }),
    handler: async () => ({ data: await listWebhookEndpoints(db) }),
  })

  app.route({
    ...admin(calls.adminCreateWebhookEndpoint, {
      summary: 'Adds a webhook endpoint for a partner’s API key; answers its secret, this once.',
      description:
        'The address must be https in production and may not be private, loopback or link-local unless ' +
        '`WEBHOOK_ALLOWED_HOSTS` names its host (422 webhook_address_forbidden, webhook_url_not_https). The key ' +
        'must be one of `API_KEYS` (422 webhook_unknown_api_key).',
      errors: { 422: ErrorBody },
    }),
    handler: async (request, reply) => {
      requireAdmin(request)
      const made = await createWebhookEndpoint(
        db,
        { apiKey: request.body.api_key, url: request.body.url, events: request.body.events },
        {
          knownKey: (key) => Object.hasOwn(app.config.apiKeys, key) || key === app.config.devApiKey,
          policy: policy(),
        },
      )
      await audit(request, 'webhook.create', made.endpoint.id, null, made.endpoint)
      reply.code(201)
      return { data: made }
    },
  })

  app.route({
    ...admin(calls.adminUpdateWebhookEndpoint, {
      summary: 'Changes an endpoint’s address or events, or pauses or resumes it.',
      description:
        'A resumed endpoint sends what waited at once, each event once. An endpoint of the `WEBHOOKS` setting is ' +
        'paused and resumed here; its address and events change only in the setting (409 webhook_from_configuration).',
      errors: { 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
    }),
    handler: async (request) => {
      requireAdmin(request)
      const before = await shownEndpoint(db, request.params.id)
      const data = await updateWebhookEndpointSettings(db, request.params.id, request.body, {
        policy: policy(),
      })
      const action =
        request.body.paused === true
          ? 'webhook.pause'
          : request.body.paused === false
            ? 'webhook.resume'
            : 'webhook.update'
      await audit(request, action, data.id, before, data)
      return { data }
    },
  })

  app.route({
    ...admin(calls.adminDeleteWebhookEndpoint, {
      summary: 'Deletes a back-office endpoint and its delivery log.',
      description:
        'An endpoint of the `WEBHOOKS` setting is removed from the setting (409 webhook_from_configuration).',
      errors: { 404: ErrorBody, 409: ErrorBody },
    }),
    handler: async (request) => {
      requireAdmin(request)
      const before = await shownEndpoint(db, request.params.id)
      await removeWebhookEndpoint(db, request.params.id)
      await audit(request, 'webhook.delete', request.params.id, before, null)
      return { data: { id: request.params.id, deleted: true as const } }
    },
  })

  app.route({
    ...admin(calls.adminRotateWebhookSecret, {
      summary: 'Makes a new signing secret; the previous one also signs for a day.',
      description:
        'Answers the new secret, this once. Until `previous_secret_until` every webhook carries two signatures, ' +
        'so the partner can switch its verifier without losing one.',
      errors: { 404: ErrorBody, 409: ErrorBody },
    }),
    handler: async (request) => {
      requireAdmin(request)
      const made = await rotateWebhookSecret(db, request.params.id)
      await audit(request, 'webhook.rotate_secret', made.endpoint.id, null, {
        previous_secret_until: made.endpoint.previous_secret_until,
      })
      return { data: made }
    },
  })

  app.route({
    ...admin(calls.adminSendTestWebhook, {
      summary: 'Queues a `webhook.test` event to the endpoint.',
      description:
        'Its delivery shows in the log like any other: the way to check a receiver and its verifier.',
      errors: { 404: ErrorBody },
    }),
    handler: async (request, reply) => {
      requireAdmin(request)
      const data = await sendTestWebhook(db, request.params.id)
      reply.code(201)
      return { data }
    },
  })

  app.route({
    ...admin(calls.adminListWebhookDeliveries, {
      summary: 'An endpoint’s deliveries, newest first, with their attempts and the body sent.',
      description:
        '`state` narrows the list: pending (waiting or being retried), delivered, or failed (given up).',
      errors: { 404: ErrorBody },
    }),
    handler: async (request) => {
      const page = request.query.page ?? 1
      const perPage = request.query.per_page ?? DEFAULT_PER_PAGE
      const { rows, total } = await listWebhookDeliveries(db, request.params.id, {
        state: request.query.state,
        page,
        perPage,
      })
      return { data: rows, meta: pageMeta(page, perPage, total) }
    },
  })

  app.route({
    ...admin(calls.adminRedeliverWebhook, {
      summary: 'Sends a delivery again: the same `webhook-id`, its retries started over.',
      description:
        'A receiver that deduplicates by `webhook-id` sees the same message; one that does not, a second one.',
      errors: { 404: ErrorBody },
    }),
    handler: async (request) => {
      requireAdmin(request)
      const data = await redeliverWebhook(db, request.params.id)
      await audit(request, 'webhook.redeliver', data.endpoint_id, null, {
        delivery: data.id,
        event: data.event_id,
      })
      return { data }
    },
  })
}
