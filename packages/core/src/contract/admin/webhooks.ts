/**
 * The schemas of the back office's webhook calls (issue 36), by the call's name; their methods and paths are in
 * `./webhooks-endpoints.ts`. An endpoint belongs to one API key (a partner): it hears the events it chose of the
 * bookings and requests made through that key. Endpoints come from the back office (`source: 'admin'`) or from
 * the `WEBHOOKS` setting (`source: 'config'`, shown here, paused and resumed here, changed only in the setting).
 * A secret is shown once, when it is made (creation, rotation); after a rotation the previous one stays valid
 * for a day, and both sign every webhook meanwhile.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import { DateTimeSchema, Envelope, IdParamsSchema, Nullable, OneOf, Paged, PageQuery } from '../common.ts'
import { WEBHOOK_EVENT_TYPES } from '../webhooks.ts'
import { DeletedSchema } from './content.ts'

/** The longest webhook address. */
export const WEBHOOK_URL_MAX = 2000
/** Where an endpoint's settings come from. */
export const WEBHOOK_SOURCES = ['admin', 'config'] as const
/** The states of a delivery. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const
/** A delivery's state: waiting (or being retried), answered 2xx, or given up after a day of failures. */
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number]

const EventsSchema = Type.Array(OneOf(WEBHOOK_EVENT_TYPES), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The events this endpoint hears.',
})
const UrlSchema = Type.String({
  minLength: 8,
  maxLength: WEBHOOK_URL_MAX,
  description:
    'Where the webhooks are POSTed: https in production, and never a private, loopback or link-local address unless WEBHOOK_ALLOWED_HOSTS names its host.',
})

/** A webhook endpoint as the back office shows it (never its secret). */
export const WebhookEndpointSchema = Type.Object({
  id: Type.Integer(),
  api_key: Type.String({ description: 'The partner’s API key whose bookings and requests it hears.' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  source: OneOf(WEBHOOK_SOURCES),
  paused_at: Nullable(DateTimeSchema),
  pause_reason: Nullable(
    Type.String({ description: '`failing` (a day of failures) or `admin` (paused by hand).' }),
  ),
  failing_since: Nullable(DateTimeSchema),
  previous_secret_until: Nullable(
    Type.String({ format: 'date-time', description: 'Until when the previous secret also signs.' }),
  ),
  pending: Type.Integer({ minimum: 0, description: 'Deliveries waiting or being retried.' }),
  last_delivered_at: Nullable(DateTimeSchema),
  created_at: DateTimeSchema,
})

/** An endpoint with its secret: only in the answers of creation and rotation. */
export const WebhookEndpointWithSecretSchema = Type.Object({
  endpoint: WebhookEndpointSchema,
  secret: Type.String({
    description: 'whsec_… (Standard Webhooks): shown once; keep it on the partner’s server.',
  }),
})

/** The body of `POST /admin/webhooks`. */
export const WebhookEndpointCreateBodySchema = Type.Object(
  {
    api_key: Type.String({ minLength: 1, maxLength: 200 }),
    url: UrlSchema,
    events: EventsSchema,
  },
  { additionalProperties: false },
)

/** The body of `PUT /admin/webhooks/{id}`: what is given changes. */
export const WebhookEndpointUpdateBodySchema = Type.Object(
  {
    url: Type.Optional(UrlSchema),
    events: Type.Optional(EventsSchema),
    paused: Type.Optional(
      Type.Boolean({
        description: 'Pause (true) or resume (false); a resumed endpoint delivers what waited.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** One delivery: one event to one endpoint, with its attempts. */
export const WebhookDeliverySchema = Type.Object({
  id: Type.Integer(),
  endpoint_id: Type.Integer(),
  message_id: Type.String({
    description: 'The `webhook-id` header: the same on every attempt and redelivery.',
  }),
  event_id: Type.String(),
  event_type: Type.String(),
  state: OneOf(WEBHOOK_DELIVERY_STATES),
  attempts: Type.Integer({ minimum: 0 }),
  next_attempt_at: Nullable(DateTimeSchema),
  last_attempt_at: Nullable(DateTimeSchema),
  last_status: Nullable(Type.Integer({ description: 'The receiver’s HTTP status at the last attempt.' })),
  last_error: Nullable(Type.String()),
  delivered_at: Nullable(DateTimeSchema),
  created_at: DateTimeSchema,
  body: Type.String({ description: 'The JSON body sent.' }),
})

/** The query of `GET /admin/webhooks/{id}/deliveries`: newest first. */
export const WebhookDeliveryListQuerySchema = Type.Object({
  ...PageQuery,
  state: Type.Optional(OneOf(WEBHOOK_DELIVERY_STATES, { description: 'Only deliveries in this state.' })),
})

/** A webhook endpoint in the back office. */
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>
/** An endpoint with the secret just made. */
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecretSchema>
/** One delivery of an event to an endpoint. */
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>

export const adminWebhookSchemas = {
  adminListWebhookEndpoints: { response: Envelope(Type.Array(WebhookEndpointSchema)) },
  adminCreateWebhookEndpoint: {
    status: 201,
    body: WebhookEndpointCreateBodySchema,
    response: Envelope(WebhookEndpointWithSecretSchema),
  },
  adminUpdateWebhookEndpoint: {
    params: IdParamsSchema,
    body: WebhookEndpointUpdateBodySchema,
    response: Envelope(WebhookEndpointSchema),
  },
  adminDeleteWebhookEndpoint: {
    params: IdParamsSchema,
    response: Envelope(DeletedSchema),
  },
  adminRotateWebhookSecret: { params: IdParamsSchema, response: Envelope(WebhookEndpointWithSecretSchema) },
  adminSendTestWebhook: { status: 201, params: IdParamsSchema, response: Envelope(WebhookDeliverySchema) },
  adminListWebhookDeliveries: {
    params: IdParamsSchema,
    querystring: WebhookDeliveryListQuerySchema,
    response: Paged(WebhookDeliverySchema),
  },
  adminRedeliverWebhook: { params: IdParamsSchema, response: Envelope(WebhookDeliverySchema) },
} as const satisfies Record<string, CallSchemas>
