/**
 * The schemas of the back office's experts calls (issue 33), by the call's name; their methods and paths are in
 * `./experts-endpoints.ts`. The back office edits both languages, so texts come as `_ar` and `_en` pairs rather
 * than in the request's language.
 */
import { type Static, Type } from 'typebox'
import type { CallSchemas } from '../calls.ts'
import {
  DateTimeSchema,
  Envelope,
  FileRefSchema,
  IdParam,
  IdParamsSchema,
  Nullable,
  OneOf,
  Paged,
  PageQuery,
} from '../common.ts'
import { ContributorGenderSchema, ContributorKindSchema } from '../contributors.ts'
import { REASON_MAX } from '../limits.ts'

/** The longest title, in characters. */
export const EXPERT_TITLE_MAX = 150
/** The longest bio, in characters. */
export const EXPERT_BIO_MAX = 5000
/** The most subjects an expert may cover. */
export const EXPERT_SUBJECTS_MAX = 50
/** The longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254

/** The states of an invitation, as the back office lists them. */
export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const
/** An invitation's state. */
export type InvitationState = (typeof INVITATION_STATES)[number]

const Email = Type.String({ format: 'email', minLength: 3, maxLength: EMAIL_MAX })
const Title = Type.String({ minLength: 1, maxLength: EXPERT_TITLE_MAX, pattern: '\\S' })
const Bio = Type.String({ maxLength: EXPERT_BIO_MAX })
const ZoomUser = Nullable(
  Type.String({
    minLength: 1,
    maxLength: EMAIL_MAX,
    description:
      "The expert's own Zoom user (an e-mail or user id) their meetings are made under; null: the pool's.",
  }),
)
const SubjectIds = Type.Array(IdParam, { maxItems: EXPERT_SUBJECTS_MAX, uniqueItems: true })

/** A name in both languages, with its id (a center, a subject). */
const NamedSchema = Type.Object({ id: Type.Integer(), name_ar: Type.String(), name_en: Type.String() })

/** Every field of an expert the admin sets, all optional (what an update or an invitation may give). */
const expertFields = {
  kind: ContributorKindSchema,
  gender: Nullable(ContributorGenderSchema),
  center_id: Nullable(IdParam),
  subject_ids: SubjectIds,
  title_ar: Title,
  title_en: Title,
  bio_ar: Bio,
  bio_en: Bio,
  join_now_enabled: Type.Boolean({
    description: 'Business owners may join the expert now (instant sessions).',
  }),
  chat_status: Type.Boolean({ description: 'Business owners may chat with the expert.' }),
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
  zoom_user: ZoomUser,
}

/** The fields an admin sets for a new expert: kind and titles required; the rest have defaults. */
const newExpertFields = {
  kind: expertFields.kind,
  title_ar: expertFields.title_ar,
  title_en: expertFields.title_en,
  gender: Type.Optional(expertFields.gender),
  center_id: Type.Optional(expertFields.center_id),
  subject_ids: Type.Optional(expertFields.subject_ids),
  bio_ar: Type.Optional(expertFields.bio_ar),
  bio_en: Type.Optional(expertFields.bio_en),
  join_now_enabled: Type.Optional(expertFields.join_now_enabled),
  chat_status: Type.Optional(expertFields.chat_status),
  can_create_slots: Type.Optional(expertFields.can_create_slots),
  can_delete_slots: Type.Optional(expertFields.can_delete_slots),
  zoom_user: Type.Optional(expertFields.zoom_user),
}

/** An expert as the back office shows and edits them. */
export const AdminExpertSchema = Type.Object({
  id: Type.Integer(),
  person_id: Type.Integer(),
  full_name: Type.String({ description: 'From the sign-in provider (refreshed at every sign-in).' }),
  email: Nullable(Type.String()),
  file: Nullable(FileRefSchema),
  kind: ContributorKindSchema,
  gender: Nullable(ContributorGenderSchema),
  center: Nullable(NamedSchema),
  subjects: Type.Array(NamedSchema),
  title_ar: Type.String(),
  title_en: Type.String(),
  bio_ar: Type.String(),
  bio_en: Type.String(),
  is_active: Type.Boolean({ description: 'false: deactivated, gone from search and booking.' }),
  join_now_enabled: Type.Boolean(),
  chat_status: Type.Boolean(),
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
  available_for_instant: Type.Boolean({ description: "The expert's own toggle (not the admin's)." }),
  zoom_user: Nullable(Type.String()),
  upcoming_sessions: Type.Integer({
    minimum: 0,
    description: 'Future booked sessions and waiting requests: what a deactivation may cancel.',
  }),
  created_at: DateTimeSchema,
})

/** An invitation to become an expert, as the back office lists it (never its link). */
export const ExpertInvitationSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  full_name: Nullable(Type.String()),
  state: OneOf(INVITATION_STATES),
  kind: ContributorKindSchema,
  gender: Nullable(ContributorGenderSchema),
  center_id: Nullable(Type.Integer()),
  subject_ids: Type.Array(Type.Integer()),
  title_ar: Type.String(),
  title_en: Type.String(),
  bio_ar: Type.String(),
  bio_en: Type.String(),
  join_now_enabled: Type.Boolean(),
  chat_status: Type.Boolean(),
  can_create_slots: Type.Boolean(),
  can_delete_slots: Type.Boolean(),
  zoom_user: Nullable(Type.String()),
  invited_by: Nullable(Type.Object({ person_id: Type.Integer(), full_name: Type.String() })),
  created_at: DateTimeSchema,
  expires_at: DateTimeSchema,
  accepted_at: Nullable(DateTimeSchema),
  revoked_at: Nullable(DateTimeSchema),
  contributor_id: Nullable(Type.Integer()),
})

/** The query of `GET /admin/experts`: every filter optional, combined with AND. */
export const AdminExpertListQuerySchema = Type.Object({
  ...PageQuery,
  q: Type.Optional(
    Type.String({ maxLength: 200, description: 'Part of the name, the e-mail address or a title.' }),
  ),
  kind: Type.Optional(ContributorKindSchema),
  center: Type.Optional(IdParam),
  subject: Type.Optional(IdParam),
  active: Type.Optional(
    Type.Boolean({ description: 'true: active experts only; false: deactivated ones only.' }),
  ),
})

/** The body of `PUT /admin/experts/{id}`: the fields to change, at least one; the others stay. */
export const AdminExpertUpdateBodySchema = Type.Object(
  {
    kind: Type.Optional(expertFields.kind),
    gender: Type.Optional(expertFields.gender),
    center_id: Type.Optional(expertFields.center_id),
    subject_ids: Type.Optional(expertFields.subject_ids),
    title_ar: Type.Optional(expertFields.title_ar),
    title_en: Type.Optional(expertFields.title_en),
    bio_ar: Type.Optional(expertFields.bio_ar),
    bio_en: Type.Optional(expertFields.bio_en),
    join_now_enabled: Type.Optional(expertFields.join_now_enabled),
    chat_status: Type.Optional(expertFields.chat_status),
    can_create_slots: Type.Optional(expertFields.can_create_slots),
    can_delete_slots: Type.Optional(expertFields.can_delete_slots),
    zoom_user: Type.Optional(expertFields.zoom_user),
  },
  { additionalProperties: false, minProperties: 1 },
)

/** The body of `POST /admin/expert-invitations`. */
export const ExpertInvitationBodySchema = Type.Object(
  {
    email: Email,
    full_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 150,
        description: "The mail's greeting; the provider's name is kept.",
      }),
    ),
    ...newExpertFields,
  },
  { additionalProperties: false },
)

/** The body of `POST /admin/experts/promotions`: an existing person, by e-mail or id, and the expert to make. */
export const PromotePersonBodySchema = Type.Object(
  {
    email: Type.Optional(Email),
    person_id: Type.Optional(IdParam),
    ...newExpertFields,
  },
  { additionalProperties: false },
)

/** The body of `POST /admin/experts/{id}/deactivate`. */
export const DeactivateExpertBodySchema = Type.Object(
  {
    cancel_sessions: Type.Boolean({
      description:
        'true: cancel every future booked session and waiting request of the expert, with `reason`, and tell each business owner (a notification and a mail).',
    }),
    reason: Type.Optional(
      Type.String({ minLength: 1, maxLength: REASON_MAX, description: 'Required when `cancel_sessions`.' }),
    ),
    cancel_reason_id: Type.Optional(IdParam),
  },
  { additionalProperties: false },
)

/** The query of `GET /admin/expert-invitations`. */
export const InvitationListQuerySchema = Type.Object({
  ...PageQuery,
  state: Type.Optional(OneOf(INVITATION_STATES)),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the e-mail address or name.' })),
})

/** What a deactivation did. */
export const DeactivationResultSchema = Type.Object({
  expert: AdminExpertSchema,
  cancelled_session_ids: Type.Array(Type.Integer()),
})

/** An expert as the back office shows them. */
export type AdminExpert = Static<typeof AdminExpertSchema>
/** An invitation as the back office lists it. */
export type ExpertInvitation = Static<typeof ExpertInvitationSchema>
/** The fields of an expert update. */
export type AdminExpertUpdate = Static<typeof AdminExpertUpdateBodySchema>
/** The body of an invitation. */
export type ExpertInvitationBody = Static<typeof ExpertInvitationBodySchema>
/** The body of a promotion. */
export type PromotePersonBody = Static<typeof PromotePersonBodySchema>

export const adminExpertSchemas = {
  adminListExperts: { querystring: AdminExpertListQuerySchema, response: Paged(AdminExpertSchema) },
  adminGetExpert: { params: IdParamsSchema, response: Envelope(AdminExpertSchema) },
  adminUpdateExpert: {
    params: IdParamsSchema,
    body: AdminExpertUpdateBodySchema,
    response: Envelope(AdminExpertSchema),
  },
  adminDeactivateExpert: {
    params: IdParamsSchema,
    body: DeactivateExpertBodySchema,
    response: Envelope(DeactivationResultSchema),
  },
  adminReactivateExpert: { params: IdParamsSchema, response: Envelope(AdminExpertSchema) },
  adminPromotePerson: { status: 201, body: PromotePersonBodySchema, response: Envelope(AdminExpertSchema) },
  adminInviteExpert: {
    status: 201,
    body: ExpertInvitationBodySchema,
    response: Envelope(ExpertInvitationSchema),
  },
  adminListInvitations: { querystring: InvitationListQuerySchema, response: Paged(ExpertInvitationSchema) },
  adminRevokeInvitation: { params: IdParamsSchema, response: Envelope(ExpertInvitationSchema) },
} as const satisfies Record<string, CallSchemas>
