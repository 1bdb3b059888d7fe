/**
 * The wire shapes of sessions (spec section 7, "Sessions", "Meeting" and the contributor's booked
 * sessions): the session itself, its meeting data, the booking and the lifecycle calls' bodies.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, IdParam, Nullable, OneOf, PageQuery } from './common.ts'
import { ContributorSummarySchema, SmeSummarySchema } from './contributors.ts'
import { COMMUNICATION_WAYS, SESSION_STATES } from './enums.ts'
import { REASON_MAX } from './limits.ts'
import { RecommendationSchema } from './recommendations.ts'
import { DateScopeSchema } from './schedule.ts'
import { OfficeSchema, SubjectSchema, SubjectTypeSchema } from './settings.ts'

/** The states of a session (a pending request is not one). */
export const SessionStateSchema = OneOf(SESSION_STATES)

/** A communication way: 0 online, 1 office. */
export const CommunicationWaySchema = OneOf([COMMUNICATION_WAYS.online.id, COMMUNICATION_WAYS.office.id])

/** The meeting provider that runs an online session. */
export const MeetingProviderKindSchema = Type.Union([Type.Literal('webrtc'), Type.Literal('zoom')])

/** The meeting data of an online session (Zoom fields; the built-in WebRTC call uses `personal_id` as room). */
export const MeetingDataSchema = Type.Object({
  provider: MeetingProviderKindSchema,
  zak_token: Nullable(Type.String({ description: "The host's ZAK token (contributor only)." })),
  personal_id: Type.String({ description: 'The meeting number (the room id for WebRTC).' }),
  meeting_password: Nullable(Type.String()),
  email: Nullable(Type.String({ description: 'The e-mail the host joins with.' })),
  signature: Nullable(
    Type.String({
      description: 'The signature to join with, null until `GET /schedule/zoom/jwt/…` provides it.',
    }),
  ),
})

/** A session between a business owner and a contributor. */
export const SessionSchema = Type.Object({
  id: Type.Integer(),
  type: SubjectTypeSchema,
  communication_way: CommunicationWaySchema,
  schedule_id: Nullable(Type.Integer({ description: 'The slot booked; null for an instant session.' })),
  state: SessionStateSchema,
  is_instant: Type.Boolean(),
  start: DateTimeSchema,
  end: DateTimeSchema,
  started_at: Nullable(DateTimeSchema),
  ended_at: Nullable(DateTimeSchema),
  subject: Nullable(SubjectSchema),
  description: Nullable(Type.String()),
  contributor: ContributorSummarySchema,
  sme: SmeSummarySchema,
  office: Nullable(OfficeSchema),
  meeting: Nullable(MeetingDataSchema),
  recommendations: Nullable(RecommendationSchema),
  request_id: Nullable(Type.Integer()),
  cancel_reason: Nullable(Type.String()),
  end_reason: Nullable(Type.String()),
  changeable_until: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        'Until when the business owner may cancel or move it herself (its start less the cut-off); sent to her alone, while it is upcoming (issue 34).',
    }),
  ),
})

/** The query of `GET /schedule/booked-sessions`: a `date_scope`, or a range and state. */
export const BookedSessionsQuerySchema = Type.Object({
  ...PageQuery,
  date_scope: Type.Optional(DateScopeSchema),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  state: Type.Optional(SessionStateSchema),
})

/** The longest description a business owner may write when booking. */
export const DESCRIPTION_MAX = 1000

/** The body of a booking: how and about what. */
export const BookingBodySchema = Type.Object(
  {
    communication_way: CommunicationWaySchema,
    subject_id: IdParam,
    description: Type.Optional(Nullable(Type.String({ maxLength: DESCRIPTION_MAX }))),
  },
  { additionalProperties: false },
)

/** The path of `POST /schedule/instant/contributor/{contributorId}`. */
export const InstantSessionParamsSchema = Type.Object({ contributorId: IdParam })

/** The body of `POST /schedule/v2/{id}/validate/contributor`. */
export const ValidateSessionBodySchema = Type.Object(
  { start_from: Type.Literal(0, { description: '0: started from the web dashboard.' }) },
  { additionalProperties: false },
)

/** The body of `POST /schedule/sessions/{id}/end/contributor`. */
export const EndSessionBodySchema = Type.Object(
  {
    force_end: Type.Optional(
      Type.Boolean({ default: false, description: 'Required to end before the scheduled end.' }),
    ),
    end_reason: Type.Optional(Nullable(Type.String({ maxLength: REASON_MAX }))),
    end_from: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3, description: '1: the web dashboard (not stored).' }),
    ),
  },
  { additionalProperties: false },
)

/** The body of `POST /schedule/cancel/session/{id}/contributor`. */
export const CancelSessionBodySchema = Type.Object(
  {
    cancel_reason_id: IdParam,
    reason: Type.Optional(
      Nullable(
        Type.String({ maxLength: REASON_MAX, description: 'Required when the reason `requires_details`.' }),
      ),
    ),
  },
  { additionalProperties: false },
)

/** The path of `GET /schedule/zoom/jwt/{meetingNumber}/{role}`. */
export const MeetingSignatureParamsSchema = Type.Object({
  meetingNumber: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }),
  role: Type.Integer({ minimum: 0, maximum: 1, description: '0 attendee, 1 host (the contributor only).' }),
})

/** A meeting signature: the JWT to join with, the SDK key, and the meeting as the caller joins it. */
export const MeetingSignatureSchema = Type.Object({
  signature: Type.String(),
  sdk_key: Nullable(Type.String()),
  meeting: MeetingDataSchema,
})

/** One STUN or TURN server of a built-in call (an entry of `RTCConfiguration.iceServers`). */
export const IceServerSchema = Type.Object({
  urls: Type.Array(Type.String(), { description: 'stun:, stuns:, turn: or turns: URLs.' }),
  username: Type.Optional(Type.String({ description: 'TURN only: `<expiry>:<person id>`.' })),
  credential: Type.Optional(Type.String({ description: 'TURN only: valid until `expires_at`.' })),
})

/** The servers of a session's built-in WebRTC call: `GET /schedule/webrtc/ice-servers/{id}`. */
export const IceServersSchema = Type.Object({
  ice_servers: Type.Array(IceServerSchema, {
    description:
      'For `RTCConfiguration.iceServers`; empty when the server names none (host candidates only).',
  }),
  ice_transport_policy: Type.Union([Type.Literal('all'), Type.Literal('relay')], {
    description: '`relay`: media only through TURN, so neither side learns the other’s address.',
  }),
  expires_at: Nullable(Type.String({ format: 'date-time', description: 'When the TURN credentials stop.' })),
})

/** The meeting provider that runs an online session. */
export type MeetingProviderKind = Static<typeof MeetingProviderKindSchema>
/** The meeting data of an online session. */
export type MeetingData = Static<typeof MeetingDataSchema>
/**
 * A session between a business owner and a contributor. `type` is the subject type of the advice; `meeting`
 * is given to the two participants of an online session only; `recommendations` is null before they are
 * written; `cancel_reason` is set when `state` is `cancelled`.
 */
export type Session = Static<typeof SessionSchema>
/** The query of `GET /schedule/booked-sessions`; with `date_scope`, `from` and `to` are ignored. */
export type BookedSessionsParams = Static<typeof BookedSessionsQuerySchema>
/** The body of a booking: how and about what; the slot's availability must allow the way. */
export type BookingInput = Static<typeof BookingBodySchema>
/** The parameters of a booking: the slot (schedule) id and the booking body. */
export type BookingParams = BookingInput & { id: number }
/** The parameters of ending a session; the call adds `end_from` 1 (the web dashboard). */
export type EndSessionParams = Omit<Static<typeof EndSessionBodySchema>, 'end_from'> & { id: number }
/** The parameters of cancelling a session: the session's id and the body. */
export type CancelSessionParams = Static<typeof CancelSessionBodySchema> & { id: number }
/** A meeting role for the signature: 0 attendee, 1 host. */
export type MeetingRole = 0 | 1
/** The parameters of `GET /schedule/zoom/jwt/{meetingNumber}/{role}`. */
export type MeetingSignatureParams = {
  /** The meeting number (`MeetingData.personal_id`). */
  meeting_number: string
  /** The role to join with: 0 attendee, 1 host. */
  role: MeetingRole
}
/** A meeting signature; `meeting` is the meeting as the caller joins it (for the host, with the ZAK). */
export type MeetingSignature = Static<typeof MeetingSignatureSchema>
/** One STUN or TURN server of a built-in call. */
export type IceServer = Static<typeof IceServerSchema>
/** The servers of a session's built-in WebRTC call. */
export type IceServers = Static<typeof IceServersSchema>
