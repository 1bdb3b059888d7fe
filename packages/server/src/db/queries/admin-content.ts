/**
 * The back office's reads and writes of the platform's content (issue 33): settings, the FAQ and its order,
 * subjects, centers, offices and cancel reasons, with how many records use each (what a deletion would break).
 * The rules are `domain/admin-content.ts`; the public reads are `./settings.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database, NewRow, RowUpdate } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Counts rows by a column's value, as numbers (PostgreSQL answers counts as text). */
function countMap(rows: { key: number | null; n: number | string | bigint }[]): Map<number, number> {
  const map = new Map<number, number>()
  for (const r of rows) if (r.key !== null) map.set(r.key, (map.get(r.key) ?? 0) + Number(r.n))
  return map
}

// ------------------------------------------------------------------------------------------- settings

/** Sets a setting in both languages, making it when it is not set yet. */
export async function upsertSetting(db: Db, key: string, valueAr: string, valueEn: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value_ar: valueAr, value_en: valueEn })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value_ar: valueAr, value_en: valueEn }))
    .execute()
}

// ------------------------------------------------------------------------------------------- FAQ

/** One question of the FAQ. */
export function faqById(db: Db, id: number) {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The place after the last question (0 for the first). */
export async function nextFaqPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom('faqs')
    .select((eb) => eb.fn.max('position').as('last'))
    .executeTakeFirst()
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1
}

/** Adds a question; answers its id. */
export async function insertFaq(db: Db, values: NewRow<'faqs'>): Promise<number> {
  const row = await db.insertInto('faqs').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Changes a question's columns. */
export async function updateFaqRow(db: Db, id: number, values: RowUpdate<'faqs'>): Promise<void> {
  await db.updateTable('faqs').set(values).where('id', '=', id).execute()
}

/** Deletes a question. */
export async function deleteFaqRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('faqs').where('id', '=', id).execute()
}

// ------------------------------------------------------------------------------------------- subjects

/** Every subject (retired ones too), by id, optionally of one type. */
export function allSubjects(db: Db, type?: 1 | 2 | 4) {
  let q = db.selectFrom('subjects').selectAll().orderBy('id')
  if (type !== undefined) q = q.where('type', '=', type)
  return q.execute()
}

/** One subject, retired or not. */
export function subjectById(db: Db, id: number) {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst()
}

/** How many experts cover each subject, and how many sessions name it (only the ids given; all without). */
export async function subjectUses(db: Db, ids?: readonly number[]) {
  if (ids?.length === 0) return { experts: new Map<number, number>(), sessions: new Map<number, number>() }
  let experts = db
    .selectFrom('contributor_subjects')
    .select((eb) => ['subject_id as key', eb.fn.countAll<number>().as('n')])
    .groupBy('subject_id')
  let sessions = db
    .selectFrom('sessions')
    .select((eb) => ['subject_id as key', eb.fn.countAll<number>().as('n')])
    .where('subject_id', 'is not', null)
    .groupBy('subject_id')
  if (ids) {
    experts = experts.where('subject_id', 'in', ids)
    sessions = sessions.where('subject_id', 'in', ids)
  }
  return { experts: countMap(await experts.execute()), sessions: countMap(await sessions.execute()) }
}

/** Adds a subject; answers its id. */
export async function insertSubject(db: Db, values: NewRow<'subjects'>): Promise<number> {
  const row = await db.insertInto('subjects').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Changes a subject's columns. */
export async function updateSubjectRow(db: Db, id: number, values: RowUpdate<'subjects'>): Promise<void> {
  await db.updateTable('subjects').set(values).where('id', '=', id).execute()
}

/** Deletes a subject (the caller made sure nothing names it). */
export async function deleteSubjectRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('subjects').where('id', '=', id).execute()
}

// ------------------------------------------------------------------------------------------- centers

/** Every center, by id. */
export function allCenters(db: Db) {
  return db.selectFrom('centers').selectAll().orderBy('id').execute()
}

/** One center. */
export function centerById(db: Db, id: number) {
  return db.selectFrom('centers').selectAll().where('id', '=', id).executeTakeFirst()
}

/** How many experts and offices each center has (only the ids given; all without). */
export async function centerUses(db: Db, ids?: readonly number[]) {
  if (ids?.length === 0) return { experts: new Map<number, number>(), offices: new Map<number, number>() }
  let experts = db
    .selectFrom('contributors')
    .select((eb) => ['center_id as key', eb.fn.countAll<number>().as('n')])
    .where('center_id', 'is not', null)
    .groupBy('center_id')
  let offices = db
    .selectFrom('offices')
    .select((eb) => ['center_id as key', eb.fn.countAll<number>().as('n')])
    .groupBy('center_id')
  if (ids) {
    experts = experts.where('center_id', 'in', ids)
    offices = offices.where('center_id', 'in', ids)
  }
  return { experts: countMap(await experts.execute()), offices: countMap(await offices.execute()) }
}

/** Adds a center; answers its id. */
export async function insertCenter(db: Db, values: NewRow<'centers'>): Promise<number> {
  const row = await db.insertInto('centers').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Changes a center's columns. */
export async function updateCenterRow(db: Db, id: number, values: RowUpdate<'centers'>): Promise<void> {
  await db.updateTable('centers').set(values).where('id', '=', id).execute()
}

/** Deletes a center (the caller made sure nothing names it). */
export async function deleteCenterRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('centers').where('id', '=', id).execute()
}

// ------------------------------------------------------------------------------------------- offices

/** Every office, by center and id, optionally of one center. */
export function allOffices(db: Db, centerId?: number) {
  let q = db.selectFrom('offices').selectAll().orderBy('center_id').orderBy('id')
  if (centerId !== undefined) q = q.where('center_id', '=', centerId)
  return q.execute()
}

/** One office. */
export function officeById(db: Db, id: number) {
  return db.selectFrom('offices').selectAll().where('id', '=', id).executeTakeFirst()
}

/** How many slots and sessions name each office (only the ids given; all without). */
export async function officeUses(db: Db, ids?: readonly number[]): Promise<Map<number, number>> {
  if (ids?.length === 0) return new Map()
  let slots = db
    .selectFrom('slots')
    .select((eb) => ['office_id as key', eb.fn.countAll<number>().as('n')])
    .where('office_id', 'is not', null)
    .groupBy('office_id')
  let sessions = db
    .selectFrom('sessions')
    .select((eb) => ['office_id as key', eb.fn.countAll<number>().as('n')])
    .where('office_id', 'is not', null)
    .groupBy('office_id')
  if (ids) {
    slots = slots.where('office_id', 'in', ids)
    sessions = sessions.where('office_id', 'in', ids)
  }
  return countMap([...(await slots.execute()), ...(await sessions.execute())])
}

/** Adds an office; answers its id. */
export async function insertOffice(db: Db, values: NewRow<'offices'>): Promise<number> {
  const row = await db.insertInto('offices').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Changes an office's columns. */
export async function updateOfficeRow(db: Db, id: number, values: RowUpdate<'offices'>): Promise<void> {
  await db.updateTable('offices').set(values).where('id', '=', id).execute()
}

/** Deletes an office (the caller made sure nothing names it). */
export async function deleteOfficeRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('offices').where('id', '=', id).execute()
}

// ------------------------------------------------------------------------------------------- cancel reasons

/** Every cancel reason (retired ones too), by id. */
export function everyCancelReason(db: Db) {
  return db.selectFrom('cancel_reasons').selectAll().orderBy('id').execute()
}

/** One cancel reason, retired or not. */
export function cancelReasonRow(db: Db, id: number) {
  return db.selectFrom('cancel_reasons').selectAll().where('id', '=', id).executeTakeFirst()
}

/** How many sessions name each cancel reason (only the ids given; all without). */
export async function cancelReasonUses(db: Db, ids?: readonly number[]): Promise<Map<number, number>> {
  if (ids?.length === 0) return new Map()
  let q = db
    .selectFrom('sessions')
    .select((eb) => ['cancel_reason_id as key', eb.fn.countAll<number>().as('n')])
    .where('cancel_reason_id', 'is not', null)
    .groupBy('cancel_reason_id')
  if (ids) q = q.where('cancel_reason_id', 'in', ids)
  return countMap(await q.execute())
}

/** Adds a cancel reason; answers its id. */
export async function insertCancelReason(db: Db, values: NewRow<'cancel_reasons'>): Promise<number> {
  const row = await db.insertInto('cancel_reasons').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Changes a cancel reason's columns. */
export async function updateCancelReasonRow(
  db: Db,
  id: number,
  values: RowUpdate<'cancel_reasons'>,
): Promise<void> {
  await db.updateTable('cancel_reasons').set(values).where('id', '=', id).execute()
}

/** Deletes a cancel reason (the caller made sure no session names it). */
export async function deleteCancelReasonRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('cancel_reasons').where('id', '=', id).execute()
}
