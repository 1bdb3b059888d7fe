/**
 * Retention (issue 34, the personal-data law: personal data is kept no longer than needed). The scheduler
 * purges, every run, what is older than its configured period (`RetentionConfig`, 0 keeps for ever): chat
 * messages (their files are then attached to nothing and the orphan collection deletes them), the voice notes
 * and attachments of recommendations (row and bytes), and the audit trail. A run takes at most `BATCH` of each,
 * so a large backlog (a period shortened) drains over a few minutes without holding the database.
 */
import type { Kysely } from 'kysely'
import type { FileStorage } from '../adapters/files/storage.ts'
import type { RetentionConfig } from '../config.ts'
import {
  deleteAuditEntriesBefore,
  deleteChatMessagesBefore,
  deleteFileRow,
  filesOfKindBefore,
} from '../db/queries/retention.ts'
import type { Database } from '../db/tables.ts'

/** How many rows of each kind one run purges at most. */
const BATCH = 500

/** What one run purged. */
export interface Purged {
  chatMessages: number
  voiceNotes: number
  attachments: number
  auditEntries: number
}

/** The time `days` before `now`, or null for a period of 0 (kept for ever). */
function cutoffOf(now: Date, days: number): string | null {
  return days > 0 ? new Date(now.getTime() - days * 86_400_000).toISOString() : null
}

/** Purges what is past its retention period at `now`. */
export async function purgeExpired(
  db: Kysely<Database>,
  storage: FileStorage,
  periods: RetentionConfig,
  now: Date = new Date(),
): Promise<Purged> {
  const purged: Purged = { chatMessages: 0, voiceNotes: 0, attachments: 0, auditEntries: 0 }
  const chat = cutoffOf(now, periods.chatDays)
  if (chat)
    purged.chatMessages = await db.transaction().execute((trx) => deleteChatMessagesBefore(trx, chat, BATCH))
  for (const [kind, days, key] of [
    ['voice_note', periods.voiceNoteDays, 'voiceNotes'],
    ['attachment', periods.attachmentDays, 'attachments'],
  ] as const) {
    const cutoff = cutoffOf(now, days)
    if (!cutoff) continue
    for (const file of await filesOfKindBefore(db, kind, cutoff, BATCH)) {
      await db.transaction().execute((trx) => deleteFileRow(trx, file.id))
      await storage.delete(file.stored_name)
      purged[key]++
    }
  }
  const audit = cutoffOf(now, periods.auditDays)
  if (audit) purged.auditEntries = await deleteAuditEntriesBefore(db, audit, BATCH)
  return purged
}
