/**
 * TypeBox schemas of the wire types that several route groups embed: one schema per type of
 * `@mashura/core`'s `api/types.ts`, matching it exactly (validation, serialization and the OpenAPI
 * document). Schemas of types only one group answers with stay beside that group.
 */
import { Type } from '@fastify/type-provider-typebox'
import { Nullable } from './schema.ts'

/** An ISO 8601 time with an offset, as every time on the wire. */
export const DateTimeSchema = Type.String({ format: 'date-time' })

/** `FileRef`. */
export const FileRefSchema = Type.Object({ full_path: Type.String() })

/** `SubjectType`: 1 consulting, 2 guidance, 4 partnerships. */
export const SubjectTypeSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)], {
  description: '1 consulting, 2 guidance, 4 partnerships',
})

/** `Availability`: 1 office, 2 online, 3 both. */
export const AvailabilitySchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])

/** `ContributorKind`. */
export const ContributorKindSchema = Type.Union([
  Type.Literal('bsa'),
  Type.Literal('advisor'),
  Type.Literal('consultant'),
  Type.Literal('partner'),
])

/** `ContributorGender`: the grammatical gender a contributor's kind is titled in. */
export const ContributorGenderSchema = Type.Union([Type.Literal('female'), Type.Literal('male')])

/** `SessionState`: the states of a session (a pending request is not one). */
export const SessionStateSchema = Type.Union([
  Type.Literal('booked'),
  Type.Literal('ongoing'),
  Type.Literal('ended'),
  Type.Literal('cancelled'),
  Type.Literal('sme_absent'),
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

/** `ContributorSummary`: a contributor as lists and sessions show them. */
export const ContributorSummarySchema = Type.Object({
  id: Type.Integer(),
  sso_user: Type.Object({ full_name: Type.String() }),
  file: Nullable(FileRefSchema),
  role: ContributorKindSchema,
  gender: Type.Union([ContributorGenderSchema, Type.Null()], {
    description:
      "The grammatical gender the contributor's kind is titled in: a woman is «مستشارة», «مرشدة», «شريكة». " +
      'null when not given; the title then takes the masculine form.',
  }),
})

/** `SmeSummary`: a business owner as sessions and requests show them. */
export const SmeSummarySchema = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  file: Nullable(FileRefSchema),
})

/** `Slot`. */
export const SlotSchema = Type.Object({
  id: Type.Integer(),
  contributor_id: Type.Integer(),
  start: DateTimeSchema,
  end: DateTimeSchema,
  availability: AvailabilitySchema,
  office: Nullable(OfficeSchema),
  is_booked: Type.Boolean(),
  session_id: Nullable(Type.Integer()),
})
