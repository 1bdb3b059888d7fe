/**
 * The wire shapes of the settings, subjects and lists calls (spec section 7, "Settings and lists"), and
 * the catalogue entities other calls embed: subjects, centers, offices and cancel reasons.
 */
import { type Static, Type } from 'typebox'
import { Nullable, OneOf } from './common.ts'
import { SUBJECT_TYPES, type UserRole } from './enums.ts'

/** The subject type: 1 consulting, 2 guidance, 4 partnerships. */
export const SubjectTypeSchema = OneOf(
  [SUBJECT_TYPES.consulting, SUBJECT_TYPES.guidance, SUBJECT_TYPES.partnerships],
  { description: '1 consulting, 2 guidance, 4 partnerships' },
)

/** A subject experts advise on. */
export const SubjectSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: SubjectTypeSchema,
  bsa_subject: Type.Boolean(),
  description: Nullable(Type.String()),
})

/** A business-support center of the agency. */
export const CenterSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: Nullable(Type.String()),
})

/** An office where in-office sessions take place. */
export const OfficeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  center_id: Type.Integer(),
  address: Nullable(Type.String()),
  map_url: Nullable(Type.String()),
})

/** A reason a contributor may give for cancelling a session. */
export const CancelReasonSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  requires_details: Type.Boolean({
    description: 'Whether the contributor must add their own words (an "other" reason).',
  }),
})

/** The key of a single public setting, each read at `GET /dashboard/settings/{key}`. */
export const SettingKeySchema = Type.Union([
  Type.Literal('mentor_url'),
  Type.Literal('about_us'),
  Type.Literal('terms_and_conditions'),
  Type.Literal('terms_and_conditions_contributor'),
])

/** One public setting, as the single-setting reads return it. */
export const SettingValueSchema = Type.Object({
  key: SettingKeySchema,
  value: Type.String({ description: 'HTML-free text for texts, an absolute URL for `mentor_url`.' }),
  version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "The terms' published version (terms keys only; absent until one is published): accept again when it is above yours.",
    }),
  ),
})

/** One question of the FAQ. */
export const FaqSchema = Type.Object({ id: Type.Integer(), question: Type.String(), answer: Type.String() })

/** The contact settings shown on the contact page (numbers in international form, `+9665…`). */
export const ContactSettingsSchema = Type.Object({
  mobile: Type.String(),
  email: Type.String(),
  whatsapp: Type.String(),
})

/** All public settings in one read. */
export const SettingsSchema = Type.Object({
  about_us: Type.String(),
  terms_and_conditions: Type.String(),
  terms_and_conditions_contributor: Type.String(),
  terms_and_conditions_version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: "The business owners' terms' published version (absent until one is published).",
    }),
  ),
  terms_and_conditions_contributor_version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: "The contributors' terms' published version (absent until one is published).",
    }),
  ),
  contact: ContactSettingsSchema,
  faqs: Type.Array(FaqSchema),
  mentor_url: Type.String(),
})

const SubjectFilters = {
  type: Type.Optional(SubjectTypeSchema),
  bsa_subject: Type.Optional(
    Type.Boolean({ description: 'true: only bsa subjects; false: only the others' }),
  ),
}

/** The query of `GET /dashboard/subjects`: filters by type and the bsa flag. */
export const SubjectsQuerySchema = Type.Object(SubjectFilters, { additionalProperties: false })

/** The query of `GET /dashboard/subjects/get/admin`: every subject, or filtered like the subjects read. */
export const AdminSubjectsQuerySchema = Type.Object(
  {
    all_subjects: Type.Optional(
      Type.Boolean({ description: 'true: every subject; it cannot be combined with type or bsa_subject' }),
    ),
    ...SubjectFilters,
  },
  { additionalProperties: false },
)

/** The query of `GET /center/offices`. */
export const OfficesQuerySchema = Type.Object(
  {
    contributor: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: "Only the offices of this contributor's center",
      }),
    ),
  },
  { additionalProperties: false },
)

/** A subject experts advise on. */
export type Subject = Static<typeof SubjectSchema>
/** A business-support center of the agency. */
export type Center = Static<typeof CenterSchema>
/** An office where in-office sessions take place. */
export type Office = Static<typeof OfficeSchema>
/** A reason a contributor may give for cancelling a session. */
export type CancelReason = Static<typeof CancelReasonSchema>
/** The key of a single public setting. */
export type SettingKey = Static<typeof SettingKeySchema>
/** One question of the FAQ. */
export type Faq = Static<typeof FaqSchema>
/** The contact settings shown on the contact page. */
export type ContactSettings = Static<typeof ContactSettingsSchema>
/** All public settings in one read; `faqs` is the same list as `GET /dashboard/common-questions`. */
export type Settings = Static<typeof SettingsSchema>
/** The query of `GET /dashboard/subjects`. */
export type SubjectsParams = Static<typeof SubjectsQuerySchema>
/** The query of `GET /dashboard/subjects/get/admin`: `all_subjects: true` for every subject (not with the filters). */
export type AdminSubjectsParams = Static<typeof AdminSubjectsQuerySchema>
/** The query of `GET /center/offices`. */
export type OfficesParams = Static<typeof OfficesQuerySchema>
/** Which terms `getTermsAndConditions` reads: `contributor` the contributors' own, `sme` (the default) the general ones. */
export type TermsParams = {
  /** Whose terms to read. */
  role?: UserRole
}
