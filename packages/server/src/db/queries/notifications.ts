/**
 * Notifications' reads and writes, as rows. What a notification says and who hears of it lives in
 * `domain/notifications.ts`.
 */
import type { Kysely, Transaction } from 'kysely'
import { precompiled, precompiledRow } from '../precompiled.ts'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** Inserts a notification; returns its id. */
export async function insertNotification(db: Db, values: NewRow<'notifications'>) {
  const row = { request_id: null, session_id: null, chat_with: null, read_at: null, ...values }
  return (await insertNotificationQuery(db, row)).rows[0]!
}

const insertNotificationQuery = precompiledRow(
  [
    'person_id',
    'kind',
    'title_ar',
    'title_en',
    'body_ar',
    'body_en',
    'request_id',
    'session_id',
    'chat_with',
    'read_at',
    'created_at',
  ],
  (db, row) => db.insertInto('notifications').values(row).returning('id'),
)

/** How many of a person's notifications are unread. */
export async function countUnreadNotifications(db: Db, personId: number): Promise<number> {
  const [row] = (await countUnreadQuery(db, personId)).rows
  return Number(row?.n ?? 0)
}

const countUnreadQuery = precompiled(1, (db, personId: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('person_id', '=', personId)
    .where('read_at', 'is', null),
)

/** A person's notifications, as a query to page (not yet run). */
export function notificationsOf(db: Db, personId: number) {
  return db.selectFrom('notifications').where('person_id', '=', personId)
}

/** One of a person's notifications, if it is theirs. */
export function notificationOf(db: Db, id: number, personId: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .executeTakeFirst()
}

/** Marks one of a person's notifications read at `now` unless it is already; the result says how many changed. */
export function markNotificationRead(db: Db, id: number, personId: number, now: string) {
  return db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .where('read_at', 'is', null)
    .executeTakeFirst()
}
