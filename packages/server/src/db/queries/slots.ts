/**
 * Slots' reads and writes (the `slots` table), as rows, and the one condition that makes a slot free:
 * no session holds it (`sessions.active_slot_id`). Every free-slot read (profiles, the paged list, the
 * contributor search) uses {@link slotIsFree}, so "free" means the same everywhere.
 */
import { expressionBuilder, type Kysely, sql, type Transaction } from 'kysely'
import { precompiled } from '../precompiled.ts'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

const onSlots = expressionBuilder<Database, 'slots'>()

/**
 * The free-slot predicate, for a query whose scope has `slots`: `NOT EXISTS` a session that holds the slot
 * (`sessions.active_slot_id = slots.id`). A booked session or a waiting request holds its slot; a cancelled
 * session or a rejected or expired request has let it go.
 */
export function slotIsFree() {
  return onSlots.not(
    onSlots.exists(
      onSlots
        .selectFrom('sessions')
        .select('sessions.id')
        .whereRef('sessions.active_slot_id', '=', 'slots.id'),
    ),
  )
}

/**
 * For each of some contributors with a free slot starting after `now`: the earliest start (`next_start`) and
 * whether any is bookable in the office (`office`, nonzero) and online (`online`, nonzero).
 */
export function freeSlotStats(db: Db, contributorIds: readonly number[], now: string) {
  return db
    .selectFrom('slots')
    .select('slots.contributor_id')
    .select((eb) => [
      eb.fn.min('slots.start_at').as('next_start'),
      sql<number>`max(${sql.ref('slots.availability')} & 1)`.as('office'),
      sql<number>`max(${sql.ref('slots.availability')} & 2)`.as('online'),
    ])
    .where('slots.contributor_id', 'in', contributorIds)
    .where('slots.start_at', '>', now)
    .where(slotIsFree())
    .groupBy('slots.contributor_id')
    .execute()
}

/**
 * A page of a contributor's free slots starting after `now`, earliest first (start, then id), and their
 * total. No page is read when the offset is past the total.
 */
export async function freeSlotRowsPage(
  db: Db,
  contributorId: number,
  now: string,
  paging: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('slots')
    .where('slots.contributor_id', '=', contributorId)
    .where('slots.start_at', '>', now)
    .where(slotIsFree())
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const total = Number(n)
  if (paging.offset >= total) return { rows: [], total }
  const rows = await base
    .selectAll('slots')
    .orderBy('slots.start_at')
    .orderBy('slots.id')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute()
  return { rows, total }
}

/** The live bookings (sessions or waiting requests) holding some slots: each with the slot it holds. */
export function slotHolders(db: Db, slotIds: readonly number[]) {
  return db
    .selectFrom('sessions')
    .select(['id', 'active_slot_id', 'state'])
    .where('active_slot_id', 'in', slotIds)
    .execute()
}

/** Some slots, by id (none when no ids are given, without a query). */
export async function slotsByIds(db: Db, ids: readonly number[]) {
  return ids.length ? await db.selectFrom('slots').selectAll().where('id', 'in', ids).execute() : []
}

/** A contributor's slots starting in [from, to), earliest first (start, then id). */
export function contributorSlotsStarting(db: Db, contributorId: number, from: string, to: string) {
  return db
    .selectFrom('slots')
    .selectAll()
    .where('contributor_id', '=', contributorId)
    .where('start_at', '>=', from)
    .where('start_at', '<', to)
    .orderBy('start_at')
    .orderBy('id')
    .execute()
}

/** The start and end of a contributor's slots that overlap [from, to). */
export function contributorSlotTimesOverlapping(db: Db, contributorId: number, from: string, to: string) {
  return db
    .selectFrom('slots')
    .select(['start_at', 'end_at'])
    .where('contributor_id', '=', contributorId)
    .where('start_at', '<', to)
    .where('end_at', '>', from)
    .execute()
}

/** Inserts slots and returns their rows (in no particular order). */
export function insertSlots(db: Db, values: readonly NewRow<'slots'>[]) {
  return db.insertInto('slots').values(values).returningAll().execute()
}

/** A contributor's slot's id, if the slot is theirs; `lock` takes the row (`FOR UPDATE`, PostgreSQL only). */
export function ownSlotId(db: Db, contributorId: number, slotId: number, lock: boolean) {
  let find = db
    .selectFrom('slots')
    .select('id')
    .where('id', '=', slotId)
    .where('contributor_id', '=', contributorId)
  if (lock) find = find.forUpdate()
  return find.executeTakeFirst()
}

/** Whether any booking, live or released, names a slot as its `slot_id` (one row or none). */
export function anyBookingOfSlot(db: Db, slotId: number) {
  return db.selectFrom('sessions').select('id').where('slot_id', '=', slotId).limit(1).executeTakeFirst()
}

/** Deletes a slot. */
export async function deleteSlotRow(db: Db, slotId: number) {
  await db.deleteFrom('slots').where('id', '=', slotId).execute()
}

/** Some offices, by id (none when no ids are given, without a query). */
export async function officesByIds(db: Db, ids: readonly number[]) {
  return ids.length ? await db.selectFrom('offices').selectAll().where('id', 'in', ids).execute() : []
}

/** One of a contributor's slot rights (`can_create_slots` or `can_delete_slots`); the contributor must exist. */
export function contributorSlotRights(
  db: Db,
  contributorId: number,
  right: 'can_create_slots' | 'can_delete_slots',
) {
  return db.selectFrom('contributors').select(right).where('id', '=', contributorId).executeTakeFirstOrThrow()
}

/** Locks a contributor's row (`FOR UPDATE`, PostgreSQL only), so their slots change one call at a time. */
export async function lockContributorRow(db: Db, contributorId: number) {
  await db.selectFrom('contributors').select('id').where('id', '=', contributorId).forUpdate().execute()
}

/** An office's id, if the office exists. */
export function officeIdIfAny(db: Db, officeId: number) {
  return db.selectFrom('offices').select('id').where('id', '=', officeId).executeTakeFirst()
}

/** A slot, if it exists and its contributor is active (a deactivated expert's slots are not bookable: issue 33). */
export async function slotById(db: Db, slotId: number) {
  return (await slotByIdQuery(db, slotId)).rows[0]
}

const slotByIdQuery = precompiled(1, (db, slotId: number) =>
  db
    .selectFrom('slots')
    .selectAll('slots')
    .where('slots.id', '=', slotId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('contributors')
          .select('contributors.id')
          .whereRef('contributors.id', '=', 'slots.contributor_id')
          .where('contributors.is_active', '=', 1),
      ),
    ),
)

/** Inserts one slot and returns its id. */
export function insertSlot(db: Db, values: NewRow<'slots'>) {
  return db.insertInto('slots').values(values).returning('id').executeTakeFirstOrThrow()
}

/** A slot's times and its contributor's kind, if the slot exists. */
export function slotTimesAndKind(db: Db, slotId: number) {
  return db
    .selectFrom('slots')
    .innerJoin('contributors', 'contributors.id', 'slots.contributor_id')
    .select(['slots.start_at', 'slots.end_at', 'slots.contributor_id', 'contributors.kind'])
    .where('slots.id', '=', slotId)
    .executeTakeFirst()
}
