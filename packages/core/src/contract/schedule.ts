/**
 * The wire shapes of slots and the contributor's schedule (spec section 7, "Schedule"): published
 * slots, the working hours within which they may be published, and the range and scope reads.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, IdParam, Nullable } from './common.ts'
import { OfficeSchema } from './settings.ts'

/**
 * How a slot may be held, as bit flags: 1 in the office, 2 online, 3 both. Communication way 1 (office)
 * needs bit 1, communication way 0 (online) needs bit 2.
 */
export const AvailabilitySchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])

/** A published availability slot (a "schedule" on the wire). */
export const SlotSchema = Type.Object({
  id: Type.Integer({ description: "The slot's id (the schedule id)." }),
  contributor_id: Type.Integer(),
  start: DateTimeSchema,
  end: DateTimeSchema,
  availability: AvailabilitySchema,
  office: Nullable(OfficeSchema),
  is_booked: Type.Boolean(),
  session_id: Nullable(
    Type.Integer({ description: "The booked session's id, shown to the slot's contributor only." }),
  ),
})

/** The most slots one call may publish. */
export const MAX_SLOTS_PER_CALL = 50

/** One slot to publish. */
export const SlotInputSchema = Type.Object(
  { start: DateTimeSchema, end: DateTimeSchema },
  { additionalProperties: false },
)

/** The body of `POST /schedule/v5/schedules`: slots to publish, held the same way. */
export const CreateSlotsBodySchema = Type.Object(
  {
    slots: Type.Array(SlotInputSchema, { minItems: 1, maxItems: MAX_SLOTS_PER_CALL }),
    availability: AvailabilitySchema,
    office_id: Type.Optional(Nullable(IdParam)),
  },
  { additionalProperties: false },
)

/** `HH:mm`, 00:00 to 23:59. */
export const HHMM_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$'

/** A day's working hours in Asia/Riyadh: weekday 0 Sunday to 6 Saturday, first and last time `HH:mm`. */
export const WorkingDaySchema = Type.Object({
  day: Type.Union([
    Type.Literal(0),
    Type.Literal(1),
    Type.Literal(2),
    Type.Literal(3),
    Type.Literal(4),
    Type.Literal(5),
    Type.Literal(6),
  ]),
  start: Type.String({ pattern: HHMM_PATTERN }),
  end: Type.String({ pattern: HHMM_PATTERN }),
})

/** The working hours within which contributors may publish slots; days not listed are off. */
export const WorkingHoursSchema = Type.Object({
  time_zone: Type.Literal('Asia/Riyadh'),
  slot_minutes: Type.Integer({ minimum: 1 }),
  days: Type.Array(WorkingDaySchema),
})

/** A period `GET /schedule/booked-sessions` can read. */
export const DateScopeSchema = Type.Union([
  Type.Literal('today'),
  Type.Literal('week'),
  Type.Literal('month'),
  Type.Literal('upcoming'),
  Type.Literal('past'),
])

/** The largest Unix second a range may name (the end of year 9999). */
export const MAX_UNIX_SECONDS = 253_402_300_799

/** The query of `GET /schedule/v2/contributor`: a range in Unix seconds, the end exclusive. */
export const ContributorRangeQuerySchema = Type.Object({
  start_date: Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS }),
  end_date: Type.Integer({ minimum: 0, maximum: MAX_UNIX_SECONDS }),
})

/** How a slot may be held: 1 office, 2 online, 3 both. */
export type Availability = Static<typeof AvailabilitySchema>
/** A published availability slot. */
export type Slot = Static<typeof SlotSchema>
/** One slot to publish. */
export type SlotInput = Static<typeof SlotInputSchema>
/** The body of `POST /schedule/v5/schedules`; `office_id` is required when `availability` includes 1. */
export type CreateSlotsInput = Static<typeof CreateSlotsBodySchema>
/** A day's working hours in Asia/Riyadh. */
export type WorkingDay = Static<typeof WorkingDaySchema>
/** The working hours within which contributors may publish slots. */
export type WorkingHours = Static<typeof WorkingHoursSchema>
/** A period `GET /schedule/booked-sessions` can read. */
export type DateScope = Static<typeof DateScopeSchema>
/** The query of `GET /schedule/v2/contributor`: a range in Unix seconds (such as the current week). */
export type ContributorRangeParams = Static<typeof ContributorRangeQuerySchema>
