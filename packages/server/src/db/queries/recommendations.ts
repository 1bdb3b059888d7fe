/**
 * Session recommendations' reads and writes (the `recommendations` table, and the files written with them),
 * as rows. What a recommendation may name and who may save it are `domain/recommendations.ts`'s rules.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow, Row, RowUpdate } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Some files, by id (those that exist). */
export function filesByIds(db: Db, ids: readonly string[]) {
  return db.selectFrom('files').selectAll().where('id', 'in', ids).execute()
}

/** Which of some academy courses exist. */
export function academyCourseIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('academy_courses').select('id').where('id', 'in', ids).execute()
}

/** Which of some platform services exist. */
export function platformServiceIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('platform_services').select('id').where('id', 'in', ids).execute()
}

/** Inserts a session's recommendations, or replaces them with `values` when the session has some. */
export async function upsertRecommendations(
  db: Db,
  insert: NewRow<'recommendations'>,
  values: RowUpdate<'recommendations'>,
) {
  await db
    .insertInto('recommendations')
    .values(insert)
    .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
    .execute()
}

/**
 * Detaches from a session the files of some kinds its author attached, but those in `keep`.
 */
export async function detachSessionFiles(
  db: Db,
  sessionId: number,
  ownerPersonId: number,
  kinds: readonly Row<'files'>['kind'][],
  keep: readonly string[],
) {
  let detach = db
    .updateTable('files')
    .set({ session_id: null })
    .where('session_id', '=', sessionId)
    .where('owner_person_id', '=', ownerPersonId)
    .where('kind', 'in', [...kinds])
  if (keep.length) detach = detach.where('id', 'not in', keep)
  await detach.execute()
}

/** Attaches some files to a session. */
export async function attachSessionFiles(db: Db, sessionId: number, ids: readonly string[]) {
  await db.updateTable('files').set({ session_id: sessionId }).where('id', 'in', ids).execute()
}

/** The recommendations of some sessions (those that have them). */
export function recommendationsOfSessions(db: Db, sessionIds: readonly number[]) {
  return db.selectFrom('recommendations').selectAll().where('session_id', 'in', sessionIds).execute()
}

/** Whether a session has recommendations: its row's session id, if so. */
export function recommendationOfSession(db: Db, sessionId: number) {
  return db
    .selectFrom('recommendations')
    .select('session_id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst()
}
