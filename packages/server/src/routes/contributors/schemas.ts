/**
 * The TypeBox schemas of the contributors-and-profile calls: the wire shapes of
 * `@mashura/core`'s `api/types.ts` (validation, serialization and the OpenAPI document)
 * that only these calls use; the ones other route groups embed too are in `http/wire-schemas.ts`.
 */
import { Type } from '@fastify/type-provider-typebox'
import { DELETION_REASON_MAX } from '@mashura/core'
import { MAX_SEARCH_DATES } from '../../domain/contributors.ts'
import { IdParam, Nullable, PageMeta, PageQuery } from '../../http/schema.ts'
import {
  AvailabilitySchema,
  CenterSchema,
  ContributorSummarySchema,
  DateTimeSchema,
  SlotSchema,
  SmeSummarySchema,
  SubjectSchema,
} from '../../http/wire-schemas.ts'

/** Public calls: the API key only. */
export const PUBLIC = [{ apiKey: [] }]
/** Signed-in calls: the API key and a bearer token. */
export const SIGNED_IN = [{ apiKey: [], bearer: [] }]

/** `ContributorProfile`. */
export const ContributorProfileSchema = Type.Object({
  ...ContributorSummarySchema.properties,
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
  subjects: Type.Array(SubjectSchema),
  bio: Nullable(Type.String()),
  center: Nullable(CenterSchema),
  availability: AvailabilitySchema,
  next_free_slot: Nullable(DateTimeSchema),
  rating: Nullable(Type.Number({ minimum: 1, maximum: 5 })),
  sessions_count: Type.Integer({ minimum: 0 }),
  created_at: DateTimeSchema,
  available_now: Type.Boolean({
    description:
      'Whether a business owner can join this expert now (an instant session): the admin permits it ' +
      "(join_now_enabled) and the expert's own toggle (available_for_instant) is on.",
  }),
})

/** `{ data: ContributorSchedule, meta }`: the meta pages the slots. */
export const ContributorScheduleResponse = Type.Object({
  data: Type.Object({ contributor: ContributorProfileSchema, slots: Type.Array(SlotSchema) }),
  meta: PageMeta,
  message: Type.Optional(Type.String()),
})

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
  ...SmeSummarySchema.properties,
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  companies: Type.Array(SmeCompanySchema),
  sessions_count: Type.Integer({ minimum: 0 }),
})

/** The query of the contributor lists and the search: paging, text and filters. */
export const ContributorListQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Search text; every word must match, a word of five letters or more also as a word one typo away. Results are ordered by relevance. A single space lists everyone.',
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
  sort: Type.Optional(
    Type.Union([Type.Literal('relevance'), Type.Literal('newest')], {
      description:
        'The order. `relevance` (the default with a text): best matches first, the name above the subjects above the bio, then newest. `newest`: newest first, the only order without a text.',
    }),
  ),
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
