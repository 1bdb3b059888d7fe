/**
 * The wire shapes of rating a session (spec section 7, "Rating"): what a rating link opens, the
 * questionnaires and the business owner's answers.
 */
import { type Static, Type } from 'typebox'
import { DateTimeSchema, IdParam, Nullable } from './common.ts'
import { ContributorKindSchema } from './contributors.ts'
import { RATING_TEXT_MAX } from './limits.ts'

/** An encrypted rating token: AES-256-CBC, key from PBKDF2-SHA-512 (999 iterations); IV and salt in hex. */
export const EncryptedTokenSchema = Type.Object({
  ciphertext: Type.String({ description: 'base64' }),
  iv: Type.String({ description: 'The 16-byte IV, hex.' }),
  salt: Type.String({ description: 'The PBKDF2 salt, hex.' }),
})

/** The kind of answer a rating question takes: 1–5 stars, yes or no, or free text. */
export const QuestionTypeSchema = Type.Union([
  Type.Literal('stars'),
  Type.Literal('yes_no'),
  Type.Literal('text'),
])

/** A question of a rating questionnaire. */
export const QuestionSchema = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  type: QuestionTypeSchema,
  required: Type.Boolean(),
})

/** A rating questionnaire, about the session or about the contributor. */
export const QuestionnaireSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  target: Type.Union([Type.Literal('session'), Type.Literal('contributor')]),
  questions: Type.Array(QuestionSchema),
})

/** The session a rating link rates, as the rating form names it (in the request's language). */
export const RatingSessionSchema = Type.Object(
  {
    start: DateTimeSchema,
    contributor: Type.Object({ full_name: Type.String(), kind: ContributorKindSchema }),
    subject: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  },
  {
    description:
      "The rated session: its start, its expert's name and kind, and its subject (null when it has none), in the request's language.",
  },
)

/** What a rating link opens. `session` is an addition of this server; the first three fields are the agency's. */
export const RatingDetailsSchema = Type.Object({
  session_id: Type.Integer(),
  sme_access_token: EncryptedTokenSchema,
  questionnaires: Type.Array(QuestionnaireSchema),
  session: RatingSessionSchema,
})

/** The path of `GET /rating/sme/validate-rating/{token}`. */
export const RatingTokenParamsSchema = Type.Object({ token: Type.String({ maxLength: 200 }) })

/** An answer to one rating question: stars 1–5, a yes/no, or text. */
export const QuestionAnswerSchema = Type.Object(
  {
    question_id: IdParam,
    // One schema with a list of types: Ajv's coercion leaves a value of any listed type alone
    // (a union would turn `true` into 1). Each question's type is checked by the server.
    value: Type.Unsafe<number | boolean | string>({
      type: ['integer', 'boolean', 'string'],
      // Core's limit, which the form's textareas share.
      maxLength: RATING_TEXT_MAX,
    }),
  },
  { additionalProperties: false },
)

/** The body of `POST /rating/v4/sessions/{id}/questionnaires`. */
export const RatingSubmissionBodySchema = Type.Object(
  {
    answers: Type.Array(QuestionAnswerSchema, { maxItems: 100 }),
    comment: Type.Optional(Nullable(Type.String({ maxLength: RATING_TEXT_MAX }))),
  },
  { additionalProperties: false },
)

/** An encrypted rating token; decrypt it to call the rating endpoints. */
export type EncryptedToken = Static<typeof EncryptedTokenSchema>
/** The kind of answer a rating question takes. */
export type QuestionType = Static<typeof QuestionTypeSchema>
/** A question of a rating questionnaire. */
export type Question = Static<typeof QuestionSchema>
/** A rating questionnaire, about the session or about the contributor. */
export type Questionnaire = Static<typeof QuestionnaireSchema>
/** The session a rating link rates: its start, its expert and its subject (null when it has none). */
export type RatingSession = Static<typeof RatingSessionSchema>
/** What a rating link opens: the session, the encrypted rating token and the questionnaires. */
export type RatingDetails = Static<typeof RatingDetailsSchema>
/** An answer to one rating question. */
export type QuestionAnswer = Static<typeof QuestionAnswerSchema>
/** The body of submitting a rating. */
export type RatingSubmissionBody = Static<typeof RatingSubmissionBodySchema>
/** The parameters of submitting a rating: the session rated and the body. */
export type RatingSubmission = RatingSubmissionBody & { id: number }
/** The parameters of `GET /rating/sme/validate-rating/{token}`: the token from the rating link. */
export type RatingTokenParams = Static<typeof RatingTokenParamsSchema>
