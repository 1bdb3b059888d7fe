/**
 * The schemas of the back office's content calls (issue 33), by the call's name; their methods and paths are in
 * `./content-endpoints.ts`. The back office edits both languages, so texts come as `_ar` and `_en` pairs (the
 * admin previews both); the public reads (`../settings.ts`) answer in the request's language and show a change
 * at once. A subject or a cancel reason that history names is retired rather than deleted; deleting anything
 * still in use is refused (409 `in_use`).
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import { DateTimeSchema, Envelope, IdParam, IdParamsSchema, Nullable, OneOf } from '../common.ts'
import { SubjectTypeSchema } from '../settings.ts'

/** The longest about-us text, in characters. */
export const ABOUT_MAX = 20_000
/** The longest terms text, in characters. */
export const TERMS_MAX = 100_000
/** The longest name (a subject, a center, an office, a city, a cancel reason), in characters. */
export const CONTENT_NAME_MAX = 200
/** The longest FAQ question, in characters. */
export const FAQ_QUESTION_MAX = 500
/** The longest FAQ answer, in characters. */
export const FAQ_ANSWER_MAX = 5000
/** The longest address, in characters. */
export const ADDRESS_MAX = 500
/** The longest link (the mentor video, an office's map), in characters. */
export const LINK_MAX = 2000
/** The most FAQs the order may list. */
export const FAQS_MAX = 500

/** Whose terms: the business owners' (`terms_and_conditions`) or the experts' (`terms_and_conditions_contributor`). */
export const TERMS_AUDIENCES = ['owners', 'experts'] as const
/** Whose terms. */
export type TermsAudience = (typeof TERMS_AUDIENCES)[number]

const Name = Type.String({ minLength: 1, maxLength: CONTENT_NAME_MAX, pattern: '\\S' })
const HttpsLink = Type.String({
  maxLength: LINK_MAX,
  format: 'uri',
  pattern: '^https://[^\\s]+$',
  description: 'An absolute https URL.',
})
const Retired = Type.Boolean({
  description: 'true: gone from the public lists and new choices; kept for history.',
})
const Uses = (what: string) => Type.Integer({ minimum: 0, description: `How many ${what} use it.` })

/** The terms' published version: 0 until the first publication. */
export const TermsVersionSchema = Type.Object({
  version: Type.Integer({
    minimum: 0,
    description: 'Raised by each publication: people accept the terms again when it is above theirs.',
  }),
  published_at: Nullable(DateTimeSchema),
})

/** The settings as the back office edits them: every text in both languages, the terms' versions. */
export const AdminSettingsSchema = Type.Object({
  about_us_ar: Type.String(),
  about_us_en: Type.String(),
  terms_owners_ar: Type.String(),
  terms_owners_en: Type.String(),
  terms_experts_ar: Type.String(),
  terms_experts_en: Type.String(),
  mentor_url: Type.String({ description: 'The mentor video; empty: none.' }),
  contact_mobile: Type.String(),
  contact_email: Type.String(),
  contact_whatsapp: Type.String(),
  terms_owners: TermsVersionSchema,
  terms_experts: TermsVersionSchema,
})

const Phone = Type.String({
  maxLength: 20,
  pattern: '^(\\+[0-9]{6,15})?$',
  description: '+9665…; empty: none.',
})

/** The body of `PUT /admin/settings`: the fields to change, at least one. Editing the terms publishes nothing. */
export const AdminSettingsUpdateBodySchema = Type.Object(
  {
    about_us_ar: Type.Optional(Type.String({ maxLength: ABOUT_MAX })),
    about_us_en: Type.Optional(Type.String({ maxLength: ABOUT_MAX })),
    terms_owners_ar: Type.Optional(Type.String({ maxLength: TERMS_MAX })),
    terms_owners_en: Type.Optional(Type.String({ maxLength: TERMS_MAX })),
    terms_experts_ar: Type.Optional(Type.String({ maxLength: TERMS_MAX })),
    terms_experts_en: Type.Optional(Type.String({ maxLength: TERMS_MAX })),
    mentor_url: Type.Optional(Type.Union([Type.Literal(''), HttpsLink])),
    contact_mobile: Type.Optional(Phone),
    contact_email: Type.Optional(
      Type.Union([Type.Literal(''), Type.String({ format: 'email', maxLength: 254 })]),
    ),
    contact_whatsapp: Type.Optional(Phone),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** The path of `POST /admin/settings/terms/{audience}/publish`. */
export const TermsAudienceParamsSchema = Type.Object({ audience: OneOf(TERMS_AUDIENCES) })

/** A question of the FAQ in both languages, with its place. */
export const AdminFaqSchema = Type.Object({
  id: Type.Integer(),
  question_ar: Type.String(),
  question_en: Type.String(),
  answer_ar: Type.String(),
  answer_en: Type.String(),
  position: Type.Integer({ description: 'The display order, ascending.' }),
})

const faqFields = {
  question_ar: Type.String({ minLength: 1, maxLength: FAQ_QUESTION_MAX, pattern: '\\S' }),
  question_en: Type.String({ minLength: 1, maxLength: FAQ_QUESTION_MAX, pattern: '\\S' }),
  answer_ar: Type.String({ minLength: 1, maxLength: FAQ_ANSWER_MAX, pattern: '\\S' }),
  answer_en: Type.String({ minLength: 1, maxLength: FAQ_ANSWER_MAX, pattern: '\\S' }),
}

/** The body of `POST /admin/faqs`: a new question, placed last. */
export const AdminFaqBodySchema = Type.Object(faqFields, { additionalProperties: false })

/** The body of `PUT /admin/faqs/{id}`: the fields to change, at least one. */
export const AdminFaqUpdateBodySchema = Type.Object(
  {
    question_ar: Type.Optional(faqFields.question_ar),
    question_en: Type.Optional(faqFields.question_en),
    answer_ar: Type.Optional(faqFields.answer_ar),
    answer_en: Type.Optional(faqFields.answer_en),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** The body of `PUT /admin/faqs/order`: every question's id, once each, in the new order. */
export const AdminFaqOrderBodySchema = Type.Object(
  { ids: Type.Array(IdParam, { minItems: 1, maxItems: FAQS_MAX, uniqueItems: true }) },
  { additionalProperties: false },
)

/** A subject as the back office edits it. */
export const AdminSubjectSchema = Type.Object({
  id: Type.Integer(),
  name_ar: Type.String(),
  name_en: Type.String(),
  type: SubjectTypeSchema,
  bsa_subject: Type.Boolean(),
  is_retired: Retired,
  experts: Uses('experts'),
  sessions: Uses('sessions'),
})

/** The query of `GET /admin/subjects`. */
export const AdminSubjectListQuerySchema = Type.Object(
  { type: Type.Optional(SubjectTypeSchema) },
  { additionalProperties: false },
)

/** The body of `POST /admin/subjects`. */
export const AdminSubjectBodySchema = Type.Object(
  { name_ar: Name, name_en: Name, type: SubjectTypeSchema, bsa_subject: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)

/** The body of `PUT /admin/subjects/{id}`: the fields to change, at least one. */
export const AdminSubjectUpdateBodySchema = Type.Object(
  {
    name_ar: Type.Optional(Name),
    name_en: Type.Optional(Name),
    type: Type.Optional(SubjectTypeSchema),
    bsa_subject: Type.Optional(Type.Boolean()),
    is_retired: Type.Optional(Retired),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** A center as the back office edits it. */
export const AdminCenterSchema = Type.Object({
  id: Type.Integer(),
  name_ar: Type.String(),
  name_en: Type.String(),
  city_ar: Type.String(),
  city_en: Type.String(),
  experts: Uses('experts'),
  offices: Uses('offices'),
})

const centerFields = {
  name_ar: Name,
  name_en: Name,
  city_ar: Type.String({ maxLength: CONTENT_NAME_MAX }),
  city_en: Type.String({ maxLength: CONTENT_NAME_MAX }),
}

/** The body of `POST /admin/centers`. */
export const AdminCenterBodySchema = Type.Object(
  {
    name_ar: centerFields.name_ar,
    name_en: centerFields.name_en,
    city_ar: Type.Optional(centerFields.city_ar),
    city_en: Type.Optional(centerFields.city_en),
  },
  { additionalProperties: false },
)

/** The body of `PUT /admin/centers/{id}`: the fields to change, at least one. */
export const AdminCenterUpdateBodySchema = Type.Object(
  {
    name_ar: Type.Optional(centerFields.name_ar),
    name_en: Type.Optional(centerFields.name_en),
    city_ar: Type.Optional(centerFields.city_ar),
    city_en: Type.Optional(centerFields.city_en),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** An office as the back office edits it. */
export const AdminOfficeSchema = Type.Object({
  id: Type.Integer(),
  center_id: Type.Integer(),
  name_ar: Type.String(),
  name_en: Type.String(),
  address_ar: Type.String(),
  address_en: Type.String(),
  map_url: Nullable(Type.String()),
  sessions: Uses('sessions and slots'),
})

const officeFields = {
  center_id: IdParam,
  name_ar: Name,
  name_en: Name,
  address_ar: Type.String({ maxLength: ADDRESS_MAX }),
  address_en: Type.String({ maxLength: ADDRESS_MAX }),
  map_url: Nullable(HttpsLink),
}

/** The query of `GET /admin/offices`. */
export const AdminOfficeListQuerySchema = Type.Object(
  { center: Type.Optional(IdParam) },
  { additionalProperties: false },
)

/** The body of `POST /admin/offices`. */
export const AdminOfficeBodySchema = Type.Object(
  {
    center_id: officeFields.center_id,
    name_ar: officeFields.name_ar,
    name_en: officeFields.name_en,
    address_ar: Type.Optional(officeFields.address_ar),
    address_en: Type.Optional(officeFields.address_en),
    map_url: Type.Optional(officeFields.map_url),
  },
  { additionalProperties: false },
)

/** The body of `PUT /admin/offices/{id}`: the fields to change, at least one. */
export const AdminOfficeUpdateBodySchema = Type.Object(
  {
    center_id: Type.Optional(officeFields.center_id),
    name_ar: Type.Optional(officeFields.name_ar),
    name_en: Type.Optional(officeFields.name_en),
    address_ar: Type.Optional(officeFields.address_ar),
    address_en: Type.Optional(officeFields.address_en),
    map_url: Type.Optional(officeFields.map_url),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** A cancel reason as the back office edits it. */
export const AdminCancelReasonSchema = Type.Object({
  id: Type.Integer(),
  label_ar: Type.String(),
  label_en: Type.String(),
  requires_details: Type.Boolean(),
  is_retired: Retired,
  sessions: Uses('sessions'),
})

/** The body of `POST /admin/cancel-reasons`. */
export const AdminCancelReasonBodySchema = Type.Object(
  { label_ar: Name, label_en: Name, requires_details: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)

/** The body of `PUT /admin/cancel-reasons/{id}`: the fields to change, at least one. */
export const AdminCancelReasonUpdateBodySchema = Type.Object(
  {
    label_ar: Type.Optional(Name),
    label_en: Type.Optional(Name),
    requires_details: Type.Optional(Type.Boolean()),
    is_retired: Type.Optional(Retired),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** What a deletion answers: the id that is gone. */
export const DeletedSchema = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) })

/** The settings as the back office edits them. */
export type AdminSettings = Static<typeof AdminSettingsSchema>
/** The fields of a settings update. */
export type AdminSettingsUpdate = Static<typeof AdminSettingsUpdateBodySchema>
/** A question of the FAQ in both languages. */
export type AdminFaq = Static<typeof AdminFaqSchema>
/** A subject as the back office edits it. */
export type AdminSubject = Static<typeof AdminSubjectSchema>
/** A center as the back office edits it. */
export type AdminCenter = Static<typeof AdminCenterSchema>
/** An office as the back office edits it. */
export type AdminOffice = Static<typeof AdminOfficeSchema>
/** A cancel reason as the back office edits it. */
export type AdminCancelReason = Static<typeof AdminCancelReasonSchema>

const Deleted = { params: IdParamsSchema, response: Envelope(DeletedSchema) }

export const adminContentSchemas = {
  adminGetSettings: { response: Envelope(AdminSettingsSchema) },
  adminUpdateSettings: { body: AdminSettingsUpdateBodySchema, response: Envelope(AdminSettingsSchema) },
  adminPublishTerms: { params: TermsAudienceParamsSchema, response: Envelope(AdminSettingsSchema) },
  adminListFaqs: { response: Envelope(Type.Array(AdminFaqSchema)) },
  adminCreateFaq: { status: 201, body: AdminFaqBodySchema, response: Envelope(AdminFaqSchema) },
  adminReorderFaqs: { body: AdminFaqOrderBodySchema, response: Envelope(Type.Array(AdminFaqSchema)) },
  adminUpdateFaq: {
    params: IdParamsSchema,
    body: AdminFaqUpdateBodySchema,
    response: Envelope(AdminFaqSchema),
  },
  adminDeleteFaq: Deleted,
  adminListSubjects: {
    querystring: AdminSubjectListQuerySchema,
    response: Envelope(Type.Array(AdminSubjectSchema)),
  },
  adminCreateSubject: { status: 201, body: AdminSubjectBodySchema, response: Envelope(AdminSubjectSchema) },
  adminUpdateSubject: {
    params: IdParamsSchema,
    body: AdminSubjectUpdateBodySchema,
    response: Envelope(AdminSubjectSchema),
  },
  adminDeleteSubject: Deleted,
  adminListCenters: { response: Envelope(Type.Array(AdminCenterSchema)) },
  adminCreateCenter: { status: 201, body: AdminCenterBodySchema, response: Envelope(AdminCenterSchema) },
  adminUpdateCenter: {
    params: IdParamsSchema,
    body: AdminCenterUpdateBodySchema,
    response: Envelope(AdminCenterSchema),
  },
  adminDeleteCenter: Deleted,
  adminListOffices: {
    querystring: AdminOfficeListQuerySchema,
    response: Envelope(Type.Array(AdminOfficeSchema)),
  },
  adminCreateOffice: { status: 201, body: AdminOfficeBodySchema, response: Envelope(AdminOfficeSchema) },
  adminUpdateOffice: {
    params: IdParamsSchema,
    body: AdminOfficeUpdateBodySchema,
    response: Envelope(AdminOfficeSchema),
  },
  adminDeleteOffice: Deleted,
  adminListCancelReasons: { response: Envelope(Type.Array(AdminCancelReasonSchema)) },
  adminCreateCancelReason: {
    status: 201,
    body: AdminCancelReasonBodySchema,
    response: Envelope(AdminCancelReasonSchema),
  },
  adminUpdateCancelReason: {
    params: IdParamsSchema,
    body: AdminCancelReasonUpdateBodySchema,
    response: Envelope(AdminCancelReasonSchema),
  },
  adminDeleteCancelReason: Deleted,
} as const satisfies Record<string, CallSchemas>
