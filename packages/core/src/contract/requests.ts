/**
 * The wire shapes of a business owner's requests for sessions with advisors (spec section 7, "Requests")
 * and of a booking's result, which is a request for advisors.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, Nullable, OneOf, PageQuery } from './common.ts'
import { ContributorSummarySchema, SmeSummarySchema } from './contributors.ts'
import { REQUEST_STATES } from './enums.ts'
import { REASON_MAX } from './limits.ts'
import { SlotSchema } from './schedule.ts'
import { CommunicationWaySchema, SessionSchema } from './sessions.ts'
import { SubjectSchema } from './settings.ts'

/** The states of a request. */
export const RequestStateSchema = OneOf(REQUEST_STATES)

/** A business owner's request for a session with an advisor. */
export const SessionRequestSchema = Type.Object({
  id: Type.Integer(),
  state: RequestStateSchema,
  reason: Nullable(Type.String({ description: "The advisor's reason when rejecting." })),
  description: Nullable(Type.String()),
  contributor: ContributorSummarySchema,
  sme: SmeSummarySchema,
  subject: Nullable(SubjectSchema),
  slot: SlotSchema,
  communication_way: CommunicationWaySchema,
  session_id: Nullable(Type.Integer({ description: 'The session created on acceptance.' })),
  created_at: DateTimeSchema,
  expires_at: Nullable(DateTimeSchema),
  changeable_until: Type.Optional(
    Type.String({
      format: 'date-time',
      description:
        "Until when the business owner may withdraw or move it herself (its slot's start less the cut-off); sent to her alone, while it waits (issue 34).",
    }),
  ),
})

/** The result of a booking: a session, or for advisors a request that waits for an answer. */
export const BookingResultSchema = Type.Union([
  Type.Object({ kind: Type.Literal('session'), session: SessionSchema }),
  Type.Object({ kind: Type.Literal('request'), request: SessionRequestSchema }),
])

/** The query of request lists: paging and an optional state. */
export const RequestListQuerySchema = Type.Object({ ...PageQuery, state: Type.Optional(RequestStateSchema) })

/** The body of `POST /schedule/requests/advisor-session/{id}`: accept, or reject with a reason. */
export const RequestAnswerBodySchema = Type.Object(
  {
    is_accepted: Type.Boolean(),
    reason: Type.Optional(
      Nullable(Type.String({ maxLength: REASON_MAX, description: 'Required (not blank) to reject.' })),
    ),
  },
  { additionalProperties: false },
)

/** A business owner's request for a session with an advisor. */
export type SessionRequest = Static<typeof SessionRequestSchema>
/** The result of a booking. */
export type BookingResult = Static<typeof BookingResultSchema>
/** The query of request lists. */
export type RequestListParams = Static<typeof RequestListQuerySchema>
/** The answer to a request: the request's id and the body (the reason is required when rejecting). */
export type RequestAnswer = Static<typeof RequestAnswerBodySchema> & { id: number }
