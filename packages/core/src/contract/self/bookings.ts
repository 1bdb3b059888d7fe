/**
 * The schemas of a business owner's own changes to her bookings (issue 34); their methods and paths are in
 * `./bookings-endpoints.ts`. Each change is allowed until the session's (or the request's slot's)
 * `changeable_until`: its start less the cut-off (`OWNER_CHANGE_CUTOFF_HOURS`, 24 by default).
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import { Envelope, IdParamsSchema } from '../common.ts'
import { SessionRequestSchema } from '../requests.ts'
import { CancelSessionBodySchema, SessionSchema } from '../sessions.ts'

/** The body of a move: the slot (of the same expert, free, before its own cut-off) to move to. */
export const MoveBodySchema = Type.Object(
  {
    schedule_id: Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'The free slot of the same expert to move to.',
    }),
  },
  { additionalProperties: false },
)

export const selfBookingSchemas = {
  cancelMySession: {
    params: IdParamsSchema,
    body: CancelSessionBodySchema,
    response: Envelope(SessionSchema),
  },
  rescheduleMySession: {
    params: IdParamsSchema,
    body: MoveBodySchema,
    response: Envelope(SessionSchema),
  },
  withdrawMyRequest: {
    params: IdParamsSchema,
    body: CancelSessionBodySchema,
    response: Envelope(SessionRequestSchema),
  },
  moveMyRequest: {
    params: IdParamsSchema,
    body: MoveBodySchema,
    response: Envelope(SessionRequestSchema),
  },
} as const satisfies Record<string, CallSchemas>

/** The body of a move. */
export type MoveBody = Static<typeof MoveBodySchema>
/** A move of a session or request: its id and the slot to move it to. */
export type MoveParams = MoveBody & { id: number }
