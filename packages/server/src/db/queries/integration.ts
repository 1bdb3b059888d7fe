/** The academy and the services platform as the reference server keeps them (without an upstream), as rows. */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The academy's categories, by id. */
export function academyCategories(db: Db) {
  return db.selectFrom('academy_categories').selectAll().orderBy('id').execute()
}

/** What a course search narrows by. */
export interface CourseFilter {
  categoryId?: number | undefined
  /** A LIKE pattern (lower case, `\` escaping) matched against the titles and descriptions in both languages. */
  pattern?: string | undefined
}

function courses(db: Db, filter: CourseFilter) {
  let query = db.selectFrom('academy_courses')
  if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId)
  const pattern = filter.pattern
  if (pattern !== undefined) {
    query = query.where((eb) =>
      eb.or(
        (['title_ar', 'title_en', 'description_ar', 'description_en'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    )
  }
  return query
}

/** How many academy courses match a filter. */
export async function countCourses(db: Db, filter: CourseFilter): Promise<number> {
  const { n } = await courses(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** One page of the academy courses matching a filter, by id. */
export function coursesPage(db: Db, filter: CourseFilter, page: { limit: number; offset: number }) {
  return courses(db, filter).selectAll().orderBy('id').limit(page.limit).offset(page.offset).execute()
}

/** The services platform's services, by id. */
export function platformServices(db: Db) {
  return db.selectFrom('platform_services').selectAll().orderBy('id').execute()
}

/** One service of the services platform, if it exists. */
export function platformService(db: Db, id: number) {
  return db.selectFrom('platform_services').selectAll().where('id', '=', id).executeTakeFirst()
}
