/**
 * Schema helpers shared by every route: the success envelope, paging, the error
 * body (design section 2). Route schemas are TypeBox, i.e. JSON Schema, which both
 * validates requests and feeds the OpenAPI document.
 */
import { type TSchema, Type } from '@fastify/type-provider-typebox'

/** `{ data, message? }`: the success envelope around a schema. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ data, message: Type.Optional(Type.String()) })
}

/** Paging metadata of a paged read. */
export const PageMeta = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  per_page: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  last_page: Type.Integer({ minimum: 1 }),
})

/** `{ data: T[], meta }`: a page of items. */
export function Paged<T extends TSchema>(item: T) {
  return Type.Object({ data: Type.Array(item), meta: PageMeta, message: Type.Optional(Type.String()) })
}

/** The largest page size (design section 2). */
export const MAX_PER_PAGE = 100
/** The default page size. */
export const DEFAULT_PER_PAGE = 15

/** `page` (1-based) and `per_page` (default 15, at most 100) query parameters. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })),
}

/** The error body. */
export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
})

/** A positive integer id in a path. */
export const IdParam = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

/** `{ id }` path parameters. */
export const IdParams = Type.Object({ id: IdParam })

/** Nullable helper. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()])
}

/** Error responses every route may give, for the OpenAPI document. */
export const commonErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
}

/** Builds a page's metadata. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) }
}
