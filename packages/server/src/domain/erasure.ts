/**
 * The erasure of a person's data when the back office approves their deletion request (issue 34, the
 * personal-data law's right to destruction). Irreversible. It runs in two steps:
 *
 * 1. `erasePerson`, in the decision's own transaction: everything in the database at once, or nothing (a crash
 *    or an error rolls the decision back with it, and the admin decides again). The decision mail is queued
 *    first in that same transaction (`domain/deletion-requests.ts`), rendered with the name and address as they
 *    were: the outbox row carries everything the mail needs, so the person's row can be emptied at once while
 *    the mail still goes out. The step records an `erasures` row of what is left: file bytes, the mail, the
 *    compaction. It names no personal data.
 * 2. `finishErasures`, after the commit (the route runs it at once, the scheduler every minute until done, so
 *    a crash between the steps only delays it): closes the person's sockets and flushes the caches on every
 *    instance (the bus), deletes the files' bytes from disk, deletes the decision mail from the outbox once it
 *    was sent (or refused for good, or a week has passed), then compacts the database files so that no deleted
 *    value stays readable in them (`compactDatabase`). Every part may be done twice without harm.
 *
 * What stays: the person's row (its id: sessions, ratings and the reports point at it) with no name, address,
 * mobile, photo or sign-in identity, shown as «مستخدم محذوف» / "Deleted user"; their sessions and requests as
 * anonymous rows with every state, time and id the reports count; ratings' stars. What goes: everything else
 * they wrote or that names them (see `docs-site`'s back-office guide for the list).
 */
import type { Transaction } from 'kysely'
import type { EventBus } from '../adapters/events/bus.ts'
import type { FileStorage } from '../adapters/files/storage.ts'
import { escapeHtml } from '../adapters/mail/compose.ts'
import type { Store } from '../db/database.ts'
import {
  anonymiseSessions,
  cancelUpcoming,
  compactDatabase,
  conversationIdsOf,
  counterpartsOf,
  decisionMailRow,
  deleteChatNoticesAbout,
  deleteConversations,
  deleteFileRows,
  deleteFreeFutureSlots,
  deleteOutboxMail,
  deletePersonalRows,
  dropUnusedSearchWords,
  eraseContributor,
  eraseInvitations,
  erasePersonRow,
  filesToErase,
  insertErasure,
  type Needle,
  pendingErasures,
  personToErase,
  rankingFieldsOf,
  scrubAuditTrail,
  scrubOutbox,
  scrubSessionNotices,
  sessionIdsOf,
  updateErasure,
} from '../db/queries/erasure.ts'
import { contributorIdOfPerson } from '../db/queries/people.ts'
import type { Database, Row } from '../db/tables.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { eraseExportsOf, exportsStorage } from './my-data.ts'

/** How an erased person is named wherever they used to be. */
export const ERASED_NAME = { ar: 'مستخدم محذوف', en: 'Deleted user' } as const

/** How long the decision mail may wait for the relay before it is deleted unsent: the address must go. */
const MAIL_WAIT_MS = 7 * 86_400_000

/** What the erasure needs to know. */
export interface ErasureInput {
  personId: number
  requestId: number
  actor: AuditActor
  /** The outbox key of the decision mail queued in the same transaction; null when none was. */
  mailKey: string | null
  now: Date
}

/** The forms a text takes where it is stored: as written, in JSON (escaped) and in HTML (escaped). */
function formsOf(text: string | null | undefined, label: string): Needle[] {
  if (!text) return []
  const forms = new Set([text, JSON.stringify(text).slice(1, -1), escapeHtml(text)])
  return [...forms].map((form) => ({ text: form, label }))
}

/**
 * Erases a person's data in `trx` (the decision's transaction): see the module's comment. Does nothing for a
 * person erased before. Audit entries record ids only.
 */
export async function erasePerson(trx: Transaction<Database>, input: ErasureInput): Promise<void> {
  const { personId } = input
  const at = input.now.toISOString()
  const person = await personToErase(trx, personId)
  if (!person || person.erased_at !== null) return
  const contributorId = person.contributor_id
  const sessionIds = await sessionIdsOf(trx, personId, contributorId)
  const ownSessions = contributorId === null ? sessionIds : await sessionIdsOf(trx, personId, null)
  const conversationIds = await conversationIdsOf(trx, personId, contributorId)
  const counterparts = await counterpartsOf(trx, personId, contributorId)
  const files = await filesToErase(trx, personId, sessionIds, conversationIds)
  const ranked = contributorId === null ? undefined : await rankingFieldsOf(trx, contributorId)

  // What names them elsewhere: the name (Arabic and English notices get their own label), address, mobile.
  const nameAr = formsOf(person.full_name, ERASED_NAME.ar)
  const nameEn = formsOf(person.full_name, ERASED_NAME.en)
  const contact = [...formsOf(person.email, ''), ...formsOf(person.phone, '')]

  const cancelled = await cancelUpcoming(trx, sessionIds, at)
  await deleteFileRows(
    trx,
    files.map((f) => f.id),
  )
  await deleteConversations(trx, conversationIds)
  await deleteChatNoticesAbout(
    trx,
    counterparts,
    contributorId === null ? [personId] : [personId, contributorId],
  )
  await anonymiseSessions(trx, sessionIds, { aboutOwner: ownSessions })
  await scrubSessionNotices(trx, sessionIds, { ar: [...nameAr, ...contact], en: [...nameEn, ...contact] })
  // Their tokens are refused from now on: the sign-in sessions they name are gone.
  const apiSessions = await deletePersonalRows(trx, personId)
  await scrubOutbox(trx, person.email, [...nameAr, ...contact], input.mailKey)
  await eraseInvitations(trx, personId, person.email)
  if (contributorId !== null) {
    await eraseContributor(trx, contributorId)
    await deleteFreeFutureSlots(trx, contributorId, at)
    if (ranked) {
      const words = [ranked.name, ranked.topics, ranked.bio].join(' ').split(' ').filter(Boolean)
      await dropUnusedSearchWords(trx, words)
    }
  }
  await scrubAuditTrail(trx, personId, [...nameAr, ...contact], ERASED_NAME.ar)
  await erasePersonRow(trx, personId, at)
  await recordAudit(trx, {
    actor: input.actor,
    action: 'person.erase',
    targetType: 'person',
    targetId: personId,
    after: {
      deletion_request_id: input.requestId,
      contributor_id: contributorId,
      sessions_kept: sessionIds.length,
      sessions_cancelled: cancelled.map((s) => s.id),
      conversations_deleted: conversationIds.length,
      files_deleted: files.length,
      api_sessions_revoked: apiSessions.length,
    },
    now: input.now,
  })
  await insertErasure(trx, {
    person_id: personId,
    request_id: input.requestId,
    created_at: at,
    stored_files: JSON.stringify(files.map((f) => f.stored_name)),
    mail_key: input.mailKey,
    done_at: null,
    last_error: null,
  })
  cancelledSessions.set(erasureKey(personId, at), cancelled)
}

/**
 * The sessions an erasure cancelled, for the first finishing run in this process to announce (their people's
 * screens update). Only a nicety: after a restart it is lost, and the screens catch up at their next read.
 */
const cancelledSessions = new Map<string, { id: number; contributor_id: number; sme_id: number }[]>()

/** The erasures this process has told the other instances of (see `finishOne`). */
const announced = new Set<string>()

/** An erasure's key in this process's memory: one process may serve several databases (tests do). */
function erasureKey(personId: number, createdAt: string): string {
  return `${personId}@${createdAt}`
}

/** What finishing an erasure goes through. */
export interface ErasureDeps {
  store: Pick<Store, 'db' | 'dialect'>
  files: FileStorage
  bus: EventBus
  /** The prepared "My data" exports' ZIPs (`exportsStorage`). */
  exports: FileStorage
  /** Called for an erasure that could not be finished this time (it is tried again). */
  warn?: (details: object, message: string) => void
}

/** What finishing an erasure goes through, from the app's services. */
export function erasureDepsOf(app: {
  store: Pick<Store, 'db' | 'dialect'>
  files: FileStorage
  bus: EventBus
  config: { dataDir: string }
  log: { warn(details: object, message: string): void }
}): ErasureDeps {
  return {
    store: app.store,
    files: app.files,
    bus: app.bus,
    exports: exportsStorage(app.config.dataDir),
    warn: (details, message) => app.log.warn(details, message),
  }
}

/** Does what is left of one erasure (all but the compaction unless `compact`); answers whether all is done. */
async function finishOne(
  deps: ErasureDeps,
  row: Row<'erasures'>,
  now: Date,
  compact: boolean,
): Promise<boolean> {
  const { db } = deps.store
  // The person's sockets close and the caches drop what they hold, on every instance (the bus crosses them).
  // Once per process: a restart (a crash before the first run) tells it again; emptying the caches every
  // minute while the mail waits would cost every instance its cache for nothing.
  const key = erasureKey(row.person_id, row.created_at)
  if (!announced.has(key)) {
    await deps.bus.publish({ type: 'person.erased', personId: row.person_id })
    const contributor = await contributorIdOfPerson(db, row.person_id)
    if (contributor) await deps.bus.publish({ type: 'expert.changed', contributorId: contributor.id })
    announced.add(key)
  }
  for (const s of cancelledSessions.get(key) ?? [])
    await deps.bus.publish({
      type: 'session.changed',
      sessionId: s.id,
      contributorId: s.contributor_id,
      smeId: s.sme_id,
    })
  cancelledSessions.delete(key)
  const stored = JSON.parse(row.stored_files) as string[]
  for (const name of stored) await deps.files.delete(name)
  if (stored.length) await updateErasure(db, row.person_id, { stored_files: '[]' })
  // Their "My data" exports (ZIPs and rows) and the log of reads of their contact details (domain/my-data.ts).
  await eraseExportsOf(db, row.person_id, deps.exports)
  if (row.mail_key) {
    const mail = await decisionMailRow(db, row.mail_key)
    if (mail) {
      const settled = mail.sent_at !== null || mail.next_attempt_at === null
      const overdue = now.getTime() - Date.parse(row.created_at) > MAIL_WAIT_MS
      // The address is in this row until it goes: wait for the relay to take the mail.
      if (!settled && !overdue) return false
      await deleteOutboxMail(db, mail.id)
    }
  }
  if (!compact) return false
  await compactDatabase(db, deps.store.dialect)
  await updateErasure(db, row.person_id, { done_at: now.toISOString(), last_error: null })
  announced.delete(key)
  return true
}

/**
 * Finishes the erasures with something left to do (step 2 of the module's comment); answers the ids of the
 * people whose erasure it completed. A failure is recorded on the row and tried again at the next call.
 * `compact: false` (a request answering an admin) leaves the compaction, which rewrites the database files, to
 * the scheduler's next run.
 */
export async function finishErasures(
  deps: ErasureDeps,
  options: { now?: Date; compact?: boolean } = {},
): Promise<number[]> {
  const now = options.now ?? new Date()
  const done: number[] = []
  for (const row of await pendingErasures(deps.store.db)) {
    try {
      if (await finishOne(deps, row, now, options.compact ?? true)) done.push(row.person_id)
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 1000)
      deps.warn?.({ person: row.person_id, err: message }, 'erasure not finished; will retry')
      await updateErasure(deps.store.db, row.person_id, {
        attempts: row.attempts + 1,
        last_error: message,
      })
    }
  }
  return done
}
