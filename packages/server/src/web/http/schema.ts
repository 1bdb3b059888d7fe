/**
 * Schema helpers shared by every route. The wire shapes themselves (the success envelope, paging, the
 * error body, ids) are core's contract, `@mashura/core/contract`, which core's client is typed by too;
 * they are re-exported here under the names the routes use. What only the server needs, the error
 * responses of the OpenAPI document, is defined here.
 */
import { ErrorBodySchema } from '@mashura/core/contract'

export {
  DEFAULT_PER_PAGE,
  Envelope,
  ErrorBodySchema as ErrorBody,
  IdParam,
  IdParamsSchema as IdParams,
  MAX_PER_PAGE,
  Nullable,
  Paged,
  PageMetaSchema as PageMeta,
  PageQuery,
} from '@mashura/core/contract'

/** Error responses every route may give, for the OpenAPI document. */
export const commonErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  429: ErrorBodySchema,
}

/** Builds a page's metadata (its arithmetic lives with the paged queries). */
export { pageMeta } from '../../db/paging.ts'
