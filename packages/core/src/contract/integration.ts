/** The wire shapes of the academy and services integration (spec section 7, "Integration"). */
import { type Static, Type } from 'typebox'
import { IdParam, Nullable } from './common.ts'
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './limits.ts'

/** A category of academy courses. */
export const AcademyCategorySchema = Type.Object({ id: Type.Integer(), name: Type.String() })

/** A course of the agency's academy; `image_url` and `url` are absolute. */
export const AcademyCourseSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  category_id: Nullable(Type.Integer()),
  image_url: Nullable(Type.String()),
  url: Type.String(),
})

/** A service (platform feature) of the agency's services platform; `icon_url` and `url` are absolute. */
export const PlatformServiceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  icon_url: Nullable(Type.String()),
  url: Type.String(),
})

/** The body of `POST /integration/academy/all_courses`: paging, search text and category. */
export const AcademyCoursesBodySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    category_id: Type.Optional(IdParam),
  },
  { additionalProperties: false },
)

/** A category of academy courses. */
export type AcademyCategory = Static<typeof AcademyCategorySchema>
/** A course of the agency's academy. */
export type AcademyCourse = Static<typeof AcademyCourseSchema>
/** A service (platform feature) of the agency's services platform. */
export type PlatformService = Static<typeof PlatformServiceSchema>
/** The body of `POST /integration/academy/all_courses`. */
export type AcademyCoursesParams = Static<typeof AcademyCoursesBodySchema>
