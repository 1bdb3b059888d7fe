/**
 * The collection of uploads attached to nothing (issue 30); what one person's uploads take is
 * `db/queries/uploads.ts`'s `storedBytes`. An upload
 * is attached while a session holds it (`files.session_id`: a recommendation's voice note or attachment), a
 * chat message sent it, or a recommendation names it as its voice note; recommendations that replace their
 * files detach the old ones. A file attached to nothing and uploaded more than `UPLOAD_ORPHAN_HOURS` ago,
 * whether it was never attached or was detached since, is deleted by the scheduler, its row and its bytes,
 * and no longer counts against its uploader's quota.
 */
import type { Kysely } from 'kysely'
import { deleteOrphanFile, orphanFiles } from '../../db/queries/uploads.ts'
import type { Database } from '../../db/tables.ts'
import type { FileStorage } from './storage.ts'

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
  const candidates = await orphanFiles(db, cutoff, BATCH)
  const collected: string[] = []
  for (const file of candidates) {
    try {
      if ((await deleteOrphanFile(db, file.id, cutoff)) === 0) continue
    } catch {
      // Attached by a message or a recommendation at this very moment (its foreign key holds the row): it stays.
      continue
    }
    await storage.delete(file.stored_name)
    collected.push(file.id)
  }
  return collected
}
