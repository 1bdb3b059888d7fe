/**
 * The method and path of the back office's webhook calls (issue 36), by name, below `/api/admin`. TypeBox-free,
 * like `../endpoints.ts`: the back office's client carries this table; the schemas are in `./webhooks.ts`.
 */
import type { CallMethod } from '../endpoints.ts'

export const adminWebhookEndpoints = {
  adminListWebhookEndpoints: 'GET /admin/webhooks',
  adminCreateWebhookEndpoint: 'POST /admin/webhooks',
  adminUpdateWebhookEndpoint: 'PUT /admin/webhooks/:id',
  adminDeleteWebhookEndpoint: 'DELETE /admin/webhooks/:id',
  adminRotateWebhookSecret: 'POST /admin/webhooks/:id/secret',
  adminSendTestWebhook: 'POST /admin/webhooks/:id/test',
  adminListWebhookDeliveries: 'GET /admin/webhooks/:id/deliveries',
  adminRedeliverWebhook: 'POST /admin/webhook-deliveries/:id/redeliver',
} as const satisfies Record<string, `${CallMethod} /admin/${string}`>
