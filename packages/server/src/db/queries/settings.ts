/** The platform's settings and catalogues (settings, FAQs, subjects, centers, offices), as rows. */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** One setting, if it is set. */
export function settingByKey(db: Db, key: string) {
  return db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst()
}

/** The settings of some keys (those that are set). */
export function settingsByKeys(db: Db, keys: readonly string[]) {
  return db.selectFrom('settings').selectAll().where('key', 'in', keys).execute()
}

/** The FAQs, in order. */
export function faqs(db: Db) {
  return db.selectFrom('faqs').selectAll().orderBy('position').orderBy('id').execute()
}

/** The subjects that are not retired, by id, optionally only of a type and only bsa (or non-bsa) ones. */
export function subjects(db: Db, filters: { type?: 1 | 2 | 4; bsa?: boolean }) {
  let query = db.selectFrom('subjects').selectAll().where('is_retired', '=', 0).orderBy('id')
  if (filters.type !== undefined) query = query.where('type', '=', filters.type)
  if (filters.bsa !== undefined) query = query.where('bsa', '=', filters.bsa ? 1 : 0)
  return query.execute()
}

/** The centers, by id. */
export function centers(db: Db) {
  return db.selectFrom('centers').selectAll().orderBy('id').execute()
}

/** The offices by center and id, optionally only one center's. */
export function offices(db: Db, centerId?: number) {
  let query = db.selectFrom('offices').selectAll().orderBy('center_id').orderBy('id')
  if (centerId !== undefined) query = query.where('center_id', '=', centerId)
  return query.execute()
}

/** A contributor's center id, if the contributor exists. */
export function contributorCenter(db: Db, contributorId: number) {
  return db.selectFrom('contributors').select('center_id').where('id', '=', contributorId).executeTakeFirst()
}

/** Some subjects, by id (none when no ids are given, without a query). */
export async function subjectsByIds(db: Db, ids: readonly number[]) {
  return ids.length ? await db.selectFrom('subjects').selectAll().where('id', 'in', ids).execute() : []
}

/** Some cancel reasons, by id (none when no ids are given, without a query). */
export async function cancelReasonsByIds(db: Db, ids: readonly number[]) {
  return ids.length ? await db.selectFrom('cancel_reasons').selectAll().where('id', 'in', ids).execute() : []
}

/** A cancel reason that may be given now (not retired), if it exists. */
export function cancelReasonById(db: Db, id: number) {
  return db
    .selectFrom('cancel_reasons')
    .selectAll()
    .where('id', '=', id)
    .where('is_retired', '=', 0)
    .executeTakeFirst()
}

/** Every cancel reason that may be given now (retired ones are kept for history only), by id. */
export function allCancelReasons(db: Db) {
  return db.selectFrom('cancel_reasons').selectAll().where('is_retired', '=', 0).orderBy('id').execute()
}
