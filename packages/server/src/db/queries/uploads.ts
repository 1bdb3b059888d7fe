/**
 * Uploaded files' reads and writes, as rows: what a person's files take, storing new ones within a quota,
 * who a chat file was sent to, and the orphans the scheduler collects (`adapters/files/orphans.ts` says when a file
 * is an orphan and deletes its bytes).
 */
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely'
import type { Dialect } from '../migration-helpers.ts'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** How many bytes a person's stored files take, attached or not: what their quota counts. */
export async function storedBytes(db: Db, personId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select(sql<number>`coalesce(sum(size), 0)`.as('bytes'))
    .where('owner_person_id', '=', personId)
    .executeTakeFirstOrThrow()
  return Number(row.bytes)
}

/**
 * Inserts a person's new files unless, with them, the person's files would take more than `quotaBytes`;
 * answers whether it did. One transaction: SQLite runs one write transaction at a time; on PostgreSQL the
 * uploader's row is locked first, so two uploads at once cannot both fit in the same room.
 */
export function insertFilesWithinQuota(
  db: Kysely<Database>,
  dialect: Dialect,
  personId: number,
  rows: NewRow<'files'>[],
  quotaBytes: number,
): Promise<boolean> {
  const adding = rows.reduce((sum, row) => sum + row.size, 0)
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await trx.selectFrom('people').select('id').where('id', '=', personId).forUpdate().execute()
    if ((await storedBytes(trx, personId)) + adding > quotaBytes) return false
    await trx.insertInto('files').values(rows).execute()
    return true
  })
}

/** A stored file by id, if any. */
export function fileRow(db: Db, fileId: string) {
  return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst()
}

/** Whether a file was sent in a chat conversation of which the person is one of the two people. */
export async function fileSentInChatTo(db: Db, fileId: string, personId: number): Promise<boolean> {
  const sent = await db
    .selectFrom('chat_messages')
    .innerJoin('conversations', 'conversations.id', 'chat_messages.conversation_id')
    .innerJoin('contributors', 'contributors.id', 'conversations.contributor_id')
    .select('chat_messages.id')
    .where('chat_messages.file_id', '=', fileId)
    .where((eb) =>
      eb.or([eb('conversations.sme_id', '=', personId), eb('contributors.person_id', '=', personId)]),
    )
    .limit(1)
    .executeTakeFirst()
  return sent !== undefined
}

/** Files attached to nothing: no session holds them, no chat message sent them, no recommendation names them. */
function unattached(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.and([
    eb('files.session_id', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('chat_messages')
          .select('chat_messages.id')
          .whereRef('chat_messages.file_id', '=', 'files.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('recommendations')
          .select('recommendations.session_id')
          .whereRef('recommendations.voice_note_file_id', '=', 'files.id'),
      ),
    ),
  ])
}

/** Up to `limit` files attached to nothing and uploaded before `cutoff`, oldest first. */
export function orphanFiles(db: Db, cutoff: string, limit: number) {
  return db
    .selectFrom('files')
    .select(['files.id', 'files.stored_name'])
    .where('files.created_at', '<', cutoff)
    .where(unattached)
    .orderBy('files.created_at')
    .limit(limit)
    .execute()
}

/**
 * Deletes a file's row if it was uploaded before `cutoff` and is still attached to nothing; answers how many
 * rows went (0 or 1). Throws when a foreign key holds the row (attached at this very moment).
 */
export async function deleteOrphanFile(db: Db, fileId: string, cutoff: string): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('files')
    .where('files.id', '=', fileId)
    .where('files.created_at', '<', cutoff)
    .where(unattached)
    .executeTakeFirstOrThrow()
  return Number(numDeletedRows)
}
