/**
 * What one person's uploads take, and the collection of uploads attached to nothing (issue 30). An upload
 * is attached while a session holds it (`files.session_id`: a recommendation's voice note or attachment), a
 * chat message sent it, or a recommendation names it as its voice note; recommendations that replace their
 * files detach the old ones. A file attached to nothing and uploaded more than `UPLOAD_ORPHAN_HOURS` ago,
 * whether it was never attached or was detached since, is deleted by the scheduler, its row and its bytes,
 * and no longer counts against its uploader's quota.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Database } from '../db/tables.ts'
import type { FileStorage } from './storage.ts'

/** How many bytes a person's stored files take, attached or not: what their quota counts. */
export async function storedBytes(db: Kysely<Database>, personId: number): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select(sql<number>`coalesce(sum(size), 0)`.as('bytes'))
    .where('owner_person_id', '=', personId)
    .executeTakeFirstOrThrow()
  return Number(row.bytes)
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

/** How many orphans one collection deletes at most: the scheduler runs every minute, so a backlog drains in turns. */
const BATCH = 500

/**
 * Deletes the files attached to nothing that were uploaded more than `orphanHours` before `now`: each row by
 * itself and only while it is still attached to nothing (a file attached meanwhile stays), then its bytes.
 * Answers the ids it deleted.
 */
export async function collectOrphanFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now: Date; orphanHours: number },
): Promise<string[]> {
  const cutoff = new Date(options.now.getTime() - options.orphanHours * 3_600_000).toISOString()
  const candidates = await db
    .selectFrom('files')
    .select(['files.id', 'files.stored_name'])
    .where('files.created_at', '<', cutoff)
    .where(unattached)
    .orderBy('files.created_at')
    .limit(BATCH)
    .execute()
  const collected: string[] = []
  for (const file of candidates) {
    try {
      const { numDeletedRows } = await db
        .deleteFrom('files')
        .where('files.id', '=', file.id)
        .where('files.created_at', '<', cutoff)
        .where(unattached)
        .executeTakeFirstOrThrow()
      if (Number(numDeletedRows) === 0) continue
    } catch {
      // Attached by a message or a recommendation at this very moment (its foreign key holds the row): it stays.
      continue
    }
    await storage.delete(file.stored_name)
    collected.push(file.id)
  }
  return collected
}
