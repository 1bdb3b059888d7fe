/**
 * The TypeBox schemas of the contributors-and-profile calls: the wire shapes of
 * `@mashura/core`'s `api/types.ts` (validation, serialization and the OpenAPI document).
 */
import { Type } from '@fastify/type-provider-typebox'
import { DELETION_REASON_MAX } from '@mashura/core'
import { MAX_SEARCH_DATES } from '../../domain/contributors.ts'
import { IdParam, Nullable, PageMeta, PageQuery } from '../../http/schema.ts'

/** Public calls: the API key only. */
export const PUBLIC = [{ apiKey: [] }]
/** Signed-in calls: the API key and a bearer token. */
export const SIGNED_IN = [{ apiKey: [], bearer: [] }]

/** An ISO 8601 time. */
const Time = Type.String({ format: 'date-time' })

/** `FileRef`. */
export const FileRefSchema = Type.Object({ full_path: Type.String() })

/** `SubjectType`: 1 consulting, 2 guidance, 4 partnerships. */
export const SubjectTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)])

/** `Availability`: 1 office, 2 online, 3 both. */
export const AvailabilitySchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])

/** `ContributorKind`. */
export const ContributorKindSchema = Type.Union([
  Type.Literal('bsa'),
  Type.Literal('advisor'),
  Type.Literal('consultant'),
  Type.Literal('partner'),
])

/** `Subject`. */
export const SubjectSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: SubjectTypeSchema,
  bsa_subject: Type.Boolean(),
  description: Nullable(Type.String()),
})

/** `Center`. */
export const CenterSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: Nullable(Type.String()),
})

/** `Office`. */
export const OfficeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  center_id: Type.Integer(),
  address: Nullable(Type.String()),
  map_url: Nullable(Type.String()),
})

const contributorSummaryProperties = {
  id: Type.Integer(),
  sso_user: Type.Object({ full_name: Type.String() }),
  file: Nullable(FileRefSchema),
  role: ContributorKindSchema,
}

/** `ContributorSummary`. */
export const ContributorSummarySchema = Type.Object(contributorSummaryProperties)

/** `ContributorProfile`. */
export const ContributorProfileSchema = Type.Object({
  ...contributorSummaryProperties,
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
  subjects: Type.Array(SubjectSchema),
  bio: Nullable(Type.String()),
  center: Nullable(CenterSchema),
  availability: AvailabilitySchema,
  next_free_slot: Nullable(Time),
  rating: Nullable(Type.Number({ minimum: 1, maximum: 5 })),
  sessions_count: Type.Integer({ minimum: 0 }),
  created_at: Time,
})

/** `Slot`. */
export const SlotSchema = Type.Object({
  id: Type.Integer(),
  contributor_id: Type.Integer(),
  start: Time,
  end: Time,
  availability: AvailabilitySchema,
  office: Nullable(OfficeSchema),
  is_booked: Type.Boolean(),
  session_id: Nullable(Type.Integer()),
})

/** `{ data: ContributorSchedule, meta }`: the meta pages the slots. */
export const ContributorScheduleResponse = Type.Object({
  data: Type.Object({ contributor: ContributorProfileSchema, slots: Type.Array(SlotSchema) }),
  meta: PageMeta,
  message: Type.Optional(Type.String()),
})

const smeSummaryProperties = {
  id: Type.Integer(),
  full_name: Type.String(),
  file: Nullable(FileRefSchema),
}

/** `SmeSummary`. */
export const SmeSummarySchema = Type.Object(smeSummaryProperties)

/** `CompanyPhase`. */
export const CompanyPhaseSchema = Type.Union([
  Type.Literal('idea_owner'),
  Type.Literal('launched_project'),
  Type.Literal('facing_challenge'),
  Type.Literal('growing'),
])

/** `SmeCompany`. */
export const SmeCompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  commercial_registration: Nullable(Type.String()),
  sector: Nullable(Type.String()),
  city: Nullable(Type.String()),
  phase: Nullable(CompanyPhaseSchema),
})

/** `SmeProfile`. */
export const SmeProfileSchema = Type.Object({
  ...smeSummaryProperties,
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  companies: Type.Array(SmeCompanySchema),
  sessions_count: Type.Integer({ minimum: 0 }),
})

/** `SessionState`. */
export const SessionStateSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('booked'),
  Type.Literal('ongoing'),
  Type.Literal('ended'),
  Type.Literal('cancelled'),
  Type.Literal('sme_absent'),
])

/**
 * `Session` as a business owner's history shows it to a contributor: meeting data are never
 * part of a history (they belong to the session's two participants, on its own page), and
 * recommendations are null until part 2 stores them.
 */
export const HistorySessionSchema = Type.Object({
  id: Type.Integer(),
  type: SubjectTypeSchema,
  communication_way: Type.Union([Type.Literal(0), Type.Literal(1)]),
  schedule_id: Nullable(Type.Integer()),
  state: SessionStateSchema,
  is_instant: Type.Boolean(),
  start: Time,
  end: Time,
  started_at: Nullable(Time),
  ended_at: Nullable(Time),
  subject: Nullable(SubjectSchema),
  description: Nullable(Type.String()),
  contributor: ContributorSummarySchema,
  sme: SmeSummarySchema,
  office: Nullable(OfficeSchema),
  meeting: Type.Null(),
  recommendations: Type.Null(),
  request_id: Nullable(Type.Integer()),
  cancel_reason: Nullable(Type.String()),
  end_reason: Nullable(Type.String()),
})

/** The query of the contributor lists and the search: paging, text and filters. */
export const ContributorListQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Search text; every word must match. A single space lists everyone.',
    }),
  ),
  dates: Type.Optional(
    Type.Array(Type.String({ format: 'date' }), {
      maxItems: MAX_SEARCH_DATES,
      description: 'Riyadh days (YYYY-MM-DD) with a free future slot; any of them.',
    }),
  ),
  availability: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
      description: 'A free future slot bookable this way: 1 office, 2 online, 3 either.',
    }),
  ),
  available: Type.Optional(Type.Boolean({ description: 'Only contributors with a free future slot.' })),
  centers: Type.Optional(Type.Array(IdParam, { maxItems: 50, description: 'Any of these centers.' })),
  subjects: Type.Optional(
    Type.Array(IdParam, { maxItems: 50, description: 'Covering any of these subjects.' }),
  ),
  type: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)], {
      description:
        'Field: 1 consulting (consultants), 2 guidance (advisors), 4 partnerships (partners); bsa contributors by the types of their subjects.',
    }),
  ),
  sort: Type.Optional(Type.Literal('newest', { description: 'Newest first (the default order).' })),
})

/** The body of `POST /profile/user/request_delete`. */
export const AccountDeletionBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: DELETION_REASON_MAX }) },
  { additionalProperties: false },
)

/** The body of `PUT /profile/contributor/available-for-instant`. */
export const InstantAvailabilityBody = Type.Object(
  { available_for_instant: Type.Boolean() },
  { additionalProperties: false },
)

/** The body of `POST /profile/contributor/fcm-token`. */
export const PushTokenBodySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }), device_type: Type.Literal(3) },
  { additionalProperties: false },
)
