/**
 * The wire shapes of the people: contributors (experts) and business owners, their profiles, the
 * contributor lists and search, and the profile calls (spec section 7, "Contributors and profile").
 */
import { type Static, Type } from 'typebox'
import {
  DateTimeSchema,
  FileRefSchema,
  type IdPageParams,
  IdParam,
  Nullable,
  OneOf,
  PageMetaSchema,
  PageQuery,
} from './common.ts'
import { CONTRIBUTOR_KINDS } from './enums.ts'
import { DELETION_REASON_MAX, MAX_SEARCH_DATES } from './limits.ts'
import { AvailabilitySchema, SlotSchema } from './schedule.ts'
import { CenterSchema, SubjectSchema } from './settings.ts'

/** The kind of contributor. */
export const ContributorKindSchema = OneOf(CONTRIBUTOR_KINDS)

/**
 * The grammatical gender a contributor's kind is titled in: a woman is «مستشارة», «مرشدة», «شريكة». Messages
 * that name the kind (`contributors.kind.*`) select on it as `gender`.
 */
export const ContributorGenderSchema = Type.Union([Type.Literal('female'), Type.Literal('male')])

/** The identity-provider view of a person: their display name. */
export const SsoUserSchema = Type.Object({ full_name: Type.String() })

/** A contributor as lists and sessions show them. */
export const ContributorSummarySchema = Type.Object({
  id: Type.Integer(),
  sso_user: SsoUserSchema,
  file: Nullable(FileRefSchema),
  role: ContributorKindSchema,
  gender: Type.Union([ContributorGenderSchema, Type.Null()], {
    description:
      "The grammatical gender the contributor's kind is titled in: a woman is «مستشارة», «مرشدة», «شريكة». " +
      'null when not given; the title then takes the masculine form.',
  }),
})

/** A business owner as sessions and requests show them. */
export const SmeSummarySchema = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  file: Nullable(FileRefSchema),
})

/** A contributor's full profile, as profile pages and lists show it. */
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

/** A contributor's public schedule: the profile and a page of free slots, earliest first. */
export const ContributorScheduleSchema = Type.Object({
  contributor: ContributorProfileSchema,
  slots: Type.Array(SlotSchema),
})

/** `{ data: { contributor, slots }, meta }`: the meta pages the slots. */
export const ContributorScheduleResponseSchema = Type.Object({
  data: ContributorScheduleSchema,
  meta: PageMetaSchema,
  message: Type.Optional(Type.String()),
})

/** The phase a business owner's company is in. */
export const CompanyPhaseSchema = Type.Union([
  Type.Literal('idea_owner'),
  Type.Literal('launched_project'),
  Type.Literal('facing_challenge'),
  Type.Literal('growing'),
])

/** A company of a business owner. */
export const SmeCompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  commercial_registration: Nullable(Type.String()),
  sector: Nullable(Type.String()),
  city: Nullable(Type.String()),
  phase: Nullable(CompanyPhaseSchema),
})

/** A business owner's profile, as contributors see it. */
export const SmeProfileSchema = Type.Object({
  ...SmeSummarySchema.properties,
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  companies: Type.Array(SmeCompanySchema),
  sessions_count: Type.Integer({ minimum: 0 }),
})

/** The query of the contributor lists and the search: paging, text and filters. */
export const ContributorListQuerySchema = Type.Object({
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
export const AccountDeletionBodySchema = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: DELETION_REASON_MAX }) },
  { additionalProperties: false },
)

/** The body of `PUT /profile/contributor/available-for-instant`. */
export const InstantAvailabilityBodySchema = Type.Object(
  { available_for_instant: Type.Boolean() },
  { additionalProperties: false },
)

/** The result of `PUT /profile/contributor/available-for-instant`. */
export const InstantAvailabilitySchema = Type.Object({ available_for_instant: Type.Boolean() })

/** The body of `POST /profile/contributor/fcm-token`: the push token, and device type 3 (the web). */
export const PushTokenBodySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }), device_type: Type.Literal(3) },
  { additionalProperties: false },
)

/** The grammatical gender a contributor's kind is titled in. */
export type ContributorGender = Static<typeof ContributorGenderSchema>
/** The identity-provider view of a person. */
export type SsoUser = Static<typeof SsoUserSchema>
/** A contributor as lists and sessions show them; `gender` null takes the masculine title. */
export type ContributorSummary = Static<typeof ContributorSummarySchema>
/** A business owner as sessions and requests show them. */
export type SmeSummary = Static<typeof SmeSummarySchema>
/**
 * A contributor's full profile. `rating` is the average from 1 to 5 (null before any rating),
 * `next_free_slot` the start of the next free slot (null when none is published), `created_at` orders
 * the "newest" sort.
 */
export type ContributorProfile = Static<typeof ContributorProfileSchema>
/** The phase a business owner's company is in. */
export type CompanyPhase = Static<typeof CompanyPhaseSchema>
/** A company of a business owner. */
export type SmeCompany = Static<typeof SmeCompanySchema>
/** A business owner's profile, as contributors see it. */
export type SmeProfile = Static<typeof SmeProfileSchema>
/**
 * The query of `GET /profile/v2/consultants`, `GET /profile/v2/bsa` and `GET /profile/contributors`
 * (the search page sends a single space as `q` for a blank search).
 */
export type ContributorListParams = Static<typeof ContributorListQuerySchema>
/** The query of the search, `GET /profile/contributors`: the same as the lists'. */
export type ContributorSearchParams = ContributorListParams
/** The body of `POST /profile/user/request_delete`: why, required, at most 300 characters. */
export type AccountDeletionInput = Static<typeof AccountDeletionBodySchema>
/** The body of `PUT /profile/contributor/available-for-instant`. */
export type InstantAvailabilityInput = Static<typeof InstantAvailabilityBodySchema>
/** The body of `POST /profile/contributor/fcm-token`. */
export type PushTokenBody = Static<typeof PushTokenBodySchema>
/** The parameters of registering a push token; the call adds `device_type` 3 (web). */
export type PushTokenInput = Omit<PushTokenBody, 'device_type'>
/** The parameters of `GET /schedule/contributor/{id}/`: the contributor and the page of slots. */
export type ContributorScheduleParams = IdPageParams
