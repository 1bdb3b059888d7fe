/**
 * The wire shapes of a contributor's recommendations for a session (spec section 7, `POST /rating/v4/sme`
 * and `GET /rating/v2/sme/sessions/{id}`) and of the stored files they carry.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, IdParam, Nullable } from './common.ts'
import { CompanyPhaseSchema } from './contributors.ts'
import { RECOMMENDATION_ATTACHMENTS_MAX, RECOMMENDATION_LIST_MAX, RECOMMENDATION_TEXT_MAX } from './limits.ts'

/** A file stored by an upload call, as upload results and recommendations carry it. */
export const StoredFileSchema = Type.Object({
  full_path: Type.String({ description: 'The absolute URL of the file.' }),
  path: Type.String({ description: "The server's reference to send back in later calls." }),
  name: Type.String({ description: 'The original file name.' }),
  mime_type: Type.String({ description: 'The MIME type, as the server detected it.' }),
  size: Type.Integer({ minimum: 0, description: 'The size in bytes.' }),
})

const FileId = Type.String({ format: 'uuid' })
const IdList = Type.Array(IdParam, { maxItems: RECOMMENDATION_LIST_MAX, uniqueItems: true })

/** The recommendation form, the body of `POST /rating/v4/sme`. */
export const RecommendationInputSchema = Type.Object(
  {
    session_id: IdParam,
    // Required: something besides white space.
    challenges: Type.String({ minLength: 1, maxLength: RECOMMENDATION_TEXT_MAX, pattern: '\\S' }),
    recommendations: Type.String({ minLength: 1, maxLength: RECOMMENDATION_TEXT_MAX, pattern: '\\S' }),
    need_another_session: Type.Boolean(),
    need_academy_course: Type.Boolean(),
    academy_course_ids: IdList,
    need_platform_feature: Type.Boolean(),
    service_ids: IdList,
    company_phase: CompanyPhaseSchema,
    success_story: Type.Boolean(),
    success_story_summary: Nullable(Type.String({ maxLength: RECOMMENDATION_TEXT_MAX })),
    comment: Nullable(Type.String({ maxLength: RECOMMENDATION_TEXT_MAX })),
    supported_file_url: Type.Array(Type.String({ maxLength: 2000, pattern: '^https?://\\S+$' }), {
      maxItems: RECOMMENDATION_LIST_MAX,
    }),
    voice_note: Nullable(FileId),
    attachments: Type.Array(FileId, { maxItems: RECOMMENDATION_ATTACHMENTS_MAX, uniqueItems: true }),
  },
  { additionalProperties: false },
)

/** A contributor's recommendations for a session, as stored; its id is the session's. */
export const RecommendationSchema = Type.Object({
  id: Type.Integer(),
  session_id: Type.Integer(),
  challenges: Type.String(),
  recommendations: Type.String(),
  need_another_session: Type.Boolean(),
  need_academy_course: Type.Boolean(),
  academy_course_ids: Type.Array(Type.Integer()),
  need_platform_feature: Type.Boolean(),
  service_ids: Type.Array(Type.Integer()),
  company_phase: CompanyPhaseSchema,
  success_story: Type.Boolean(),
  success_story_summary: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  supported_file_url: Type.Array(Type.String()),
  voice_note: Nullable(StoredFileSchema),
  voice_note_duration: Nullable(Type.Integer()),
  attachments: Type.Array(StoredFileSchema),
  created_at: DateTimeSchema,
})

/** A file stored by an upload call; send its `path` back in later calls (e.g. a recommendation's `voice_note`). */
export type StoredFile = Static<typeof StoredFileSchema>

/**
 * The recommendation form, the body of `POST /rating/v4/sme`. `voice_note` is the `path` of a voice note
 * from `uploadVoiceNote` (or null), `attachments` the `path`s of files from `uploadAttachments`;
 * `success_story_summary` is for `success_story`, the course and service ids for their `need_*` flags.
 */
export type RecommendationInput = Static<typeof RecommendationInputSchema>

/** The fields the recommendation form and a stored recommendation share. */
export type RecommendationFields = Omit<RecommendationInput, 'session_id' | 'voice_note' | 'attachments'>

/** A contributor's recommendations for a session, as stored. */
export type Recommendation = Static<typeof RecommendationSchema>
