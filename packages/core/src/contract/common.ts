/**
 * The wire shapes every call shares: the success envelope, paging, the error body, ids, times and file
 * references (design section 2). The schemas are TypeBox, i.e. JSON Schema: the server validates and
 * documents with them, core takes only their types.
 *
 * Rules that hold for every shape of the contract:
 * - names on the wire are snake_case, exactly as written;
 * - times are ISO 8601 strings with an offset (`2025-03-02T09:00:00+03:00`), except the
 *   `start_date`/`end_date` of `GET /schedule/v2/contributor`, which are Unix seconds;
 * - calendar dates without a time are `YYYY-MM-DD`, meant in Asia/Riyadh;
 * - ids are positive integers;
 * - texts meant for people (names, messages, reasons) come in the request's `Accept-Language`;
 * - a field that may be unknown is `null`, never missing; an optional field is one a sender may leave out.
 */
import {
  type Static,
  type TLiteral,
  type TLiteralValue,
  type TSchema,
  type TSchemaOptions,
  type TUnion,
  Type,
} from 'typebox'
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './limits.ts'

/** The literal schemas of a list's values, in order. */
type Literals<T extends readonly TLiteralValue[]> = { -readonly [K in keyof T]: TLiteral<T[K]> }

/**
 * A union of the literals of a plain list (`enums.ts`): the list is the one place the values are written, the
 * schema is built from it (as `anyOf` of `const`s, in the list's order).
 */
export function OneOf<const T extends readonly TLiteralValue[]>(
  values: T,
  options?: TSchemaOptions,
): TUnion<Literals<T>> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<Literals<T>>
}

/** Makes a schema that also allows `null`. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()])
}

/** An ISO 8601 time with an offset, as every time on the wire. */
export const DateTimeSchema = Type.String({ format: 'date-time' })

/** `{ data, message? }`: the success envelope around a schema. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ data, message: Type.Optional(Type.String()) })
}

/** The paging block of a paged read: 1-based `page`, `per_page` (default 15, at most 100). */
export const PageMetaSchema = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  per_page: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  last_page: Type.Integer({ minimum: 1 }),
})

/** `{ data: T[], meta }`: a page of items. */
export function Paged<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: PageMetaSchema, message: Type.Optional(Type.String()) })
}

/** `page` (1-based) and `per_page` (default 15, at most 100): the properties of a paged read's query. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })),
}

/** The query of a paged read that takes nothing else. */
export const PageQuerySchema = Type.Object(PageQuery)

/** The error body every failed call answers with, with the HTTP status that fits. */
export const ErrorBodySchema = Type.Object({
  error: Type.Object({
    code: Type.String({ description: 'A stable machine-readable code, such as `validation_failed`.' }),
    message: Type.String({ description: "A message for people, in the request's language." }),
    fields: Type.Optional(
      Type.Record(Type.String(), Type.String(), {
        description: "Per-field messages of a validation failure, keyed by the input's field name.",
      }),
    ),
  }),
})

/** A positive integer id, as in a path. */
export const IdParam = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

/** `{ id }` path parameters. */
export const IdParamsSchema = Type.Object({ id: IdParam })

/** A reference to a stored file; `full_path` is an absolute URL that can be shown or played. */
export const FileRefSchema = Type.Object({ full_path: Type.String() })

/** The paging block of a paged read. */
export type PageMeta = Static<typeof PageMetaSchema>

/** The success envelope every call answers with. */
export interface ApiResponse<T> {
  /** The payload. */
  data: T
  /** A message for people, in the request's language (shown e.g. after creating slots). */
  message?: string
  /** The paging block, present on paged reads. */
  meta?: PageMeta
}

/** The success envelope of a paged read: a list and its paging block. */
export interface PagedResponse<T> extends ApiResponse<T[]> {
  /** The paging block. */
  meta: PageMeta
}

/** Paging parameters of paged reads, sent in the query (or the body of a paged POST): 1-based `page`, `per_page` 15 by default, at most 100. */
export type PageParams = Static<typeof PageQuerySchema>

/** The error body every failed call answers with. */
export type ApiErrorBody = Static<typeof ErrorBodySchema>

/** The parameters of calls that take only an id in the path. */
export type IdParams = Static<typeof IdParamsSchema>

/** The parameters of paged reads with an id in the path. */
export type IdPageParams = IdParams & PageParams

/** A reference to a stored file; `full_path` is an absolute URL. */
export type FileRef = Static<typeof FileRefSchema>
