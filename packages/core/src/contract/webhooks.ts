/**
 * What a partner's server hears from the platform (issue 36): the events, and the body of each webhook. A body is
 * an envelope (`type`, `version`, `id`, `occurred_at`, `data`), sent as JSON and signed the Standard Webhooks way
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`; the server's `adapters/webhooks/`). A partner hears only
 * of the bookings and requests made through its own API key, and the data names people by id only: no name of
 * the business owner, no e-mail, no mobile (the partner's own page already knows who booked).
 *
 * `version` changes only when a field changes meaning or goes away; new fields may appear in any version.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, Nullable, OneOf } from './common.ts'
import { ContributorKindSchema } from './contributors.ts'

/** The version of the envelope and of every event's data. */
export const WEBHOOK_VERSION = 1

/** The events a webhook endpoint can hear, in the order the docs list them. */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.cancelled',
  'booking.rescheduled',
  'request.created',
  'request.accepted',
  'request.rejected',
  'request.expired',
  'request.withdrawn',
  'request.moved',
  'session.started',
  'session.ended',
  'session.owner_absent',
  'rating.submitted',
] as const
/** An event's type. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
/** The test event the back office sends on demand (every endpoint hears it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** Who cancelled a booking. */
export const WEBHOOK_CANCELLERS = ['expert', 'owner', 'admin'] as const

/** A session as its events carry it. */
export const WebhookSessionSchema = Type.Object({
  id: Type.Integer(),
  slot_id: Type.Integer(),
  state: Type.String({ description: 'booked, ongoing, ended or cancelled (pending for a waiting request).' }),
  request_state: Nullable(
    Type.String({
      description: 'An advisor request’s state (waiting, accepted, rejected, expired, withdrawn).',
    }),
  ),
  start: DateTimeSchema,
  end: DateTimeSchema,
  online: Type.Boolean({ description: 'By video (true) or in the office (false).' }),
  expert: Type.Object({
    id: Type.Integer({ description: 'The expert’s contributor id.' }),
    kind: ContributorKindSchema,
  }),
  business_owner: Type.Object({ id: Type.Integer({ description: 'The business owner’s person id.' }) }),
  subject_id: Nullable(Type.Integer()),
  url: Type.String({ description: 'The session’s page on the platform.' }),
})

/** The data of the session and booking events. */
export const WebhookSessionDataSchema = Type.Object({
  session: WebhookSessionSchema,
  cancelled_by: Type.Optional(OneOf(WEBHOOK_CANCELLERS)),
  previous: Type.Optional(
    Type.Object(
      { start: DateTimeSchema, end: DateTimeSchema },
      { description: 'Where a moved booking or request was before (booking.rescheduled, request.moved).' },
    ),
  ),
})

/** The data of `rating.submitted`: the scores, never the comment's words. */
export const WebhookRatingDataSchema = Type.Object({
  session_id: Type.Integer(),
  expert: Type.Object({ id: Type.Integer(), kind: ContributorKindSchema }),
  stars: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 5,
      description:
        'The rating’s stars: the star answers about the expert, rounded (null when none was asked).',
    }),
  ),
  submitted_at: DateTimeSchema,
})

/** The body of every webhook. */
export const WebhookEnvelopeSchema = Type.Object({
  type: Type.String({ description: `One of ${WEBHOOK_EVENT_TYPES.join(', ')}, or ${WEBHOOK_TEST_EVENT}.` }),
  version: Type.Literal(WEBHOOK_VERSION),
  id: Type.String({ description: 'The event’s id (evt_…): the same for every endpoint that hears it.' }),
  occurred_at: DateTimeSchema,
  data: Type.Union([WebhookSessionDataSchema, WebhookRatingDataSchema, Type.Object({})]),
})

/** A session as a webhook carries it. */
export type WebhookSession = Static<typeof WebhookSessionSchema>
/** The data of a session or booking event. */
export type WebhookSessionData = Static<typeof WebhookSessionDataSchema>
/** The data of `rating.submitted`. */
export type WebhookRatingData = Static<typeof WebhookRatingDataSchema>
/** A webhook's body. */
export type WebhookEnvelope = Static<typeof WebhookEnvelopeSchema>
