/**
 * One page of rows and the total across pages, for the list calls (count and page run
 * together; the order is by a column, then id, in one direction, so pages are stable).
 */

import { DEFAULT_PER_PAGE } from '@mashura/core/contract'
import type { Selectable, SelectQueryBuilder } from 'kysely'
import type { Database } from './tables.ts'

type PageMeta = ReturnType<typeof pageMeta>

/** How to cut and order a page. */
export interface PageOptions<T extends keyof Database> {
  page: number
  perPage: number
  /** The column ordered by before `id`. */
  orderBy: keyof Database[T] & string
  direction: 'asc' | 'desc'
}

/** Runs a filtered single-table query as one page: its rows and the total of all pages. */
async function pageRows<T extends keyof Database>(
  // biome-ignore lint/complexity/noBannedTypes: a query that has selected nothing yet
  base: SelectQueryBuilder<Database, T, {}>,
  options: PageOptions<T>,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const { page, perPage, orderBy, direction } = options
  // The column names are checked against the table by the type above; Kysely's own
  // orderBy typing cannot follow a generic table, hence the one loose cast here.
  const ordered = base.selectAll() as unknown as SelectQueryBuilder<Database, T, Selectable<Database[T]>> & {
    orderBy(
      column: string,
      direction: 'asc' | 'desc',
    ): SelectQueryBuilder<Database, T, Selectable<Database[T]>>
  }
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ordered
      .orderBy(orderBy, direction)
      .orderBy('id' as never, direction)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ])
  return { rows: rows as Selectable<Database[T]>[], total: Number(n) }
}

/**
 * Answers a list call with the page its query asks for (`page`, `per_page`, with the defaults): the rows
 * of `base` in `order`, shaped by `shape`, and the paging block.
 */
export async function answerPage<T extends keyof Database, S>(
  // biome-ignore lint/complexity/noBannedTypes: a query that has selected nothing yet
  base: SelectQueryBuilder<Database, T, {}>,
  query: { page?: number; per_page?: number },
  order: Pick<PageOptions<T>, 'orderBy' | 'direction'>,
  shape: (rows: Selectable<Database[T]>[]) => S[] | Promise<S[]>,
): Promise<{ data: S[]; meta: PageMeta }> {
  const page = query.page ?? 1
  const perPage = query.per_page ?? DEFAULT_PER_PAGE
  const { rows, total } = await pageRows(base, { page, perPage, ...order })
  return { data: await shape(rows), meta: pageMeta(page, perPage, total) }
}

/** Builds a page's metadata. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) }
}
