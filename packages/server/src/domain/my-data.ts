/**
 * A person's own data (issue 34, the personal-data law): who read their contact details, and an export of
 * everything the platform holds about them.
 *
 * - Reads: each call through which someone else (an expert with a session with her, the back office) gets a
 *   business owner's e-mail, mobile or companies records one `personal_data_reads` row ({@link recordContactRead}).
 * - Export: a request writes a `data_exports` job (at most one per `EXPORT_EVERY_HOURS` per person, a failed one
 *   aside) and its audit entry in one transaction; the route then prepares it at once, in the background, and
 *   the scheduler's minute takes over what a crash or a failure left ({@link runDataExports}). Preparing gathers
 *   the person's rows (only theirs: of the other people in their sessions and chats, nothing but their names),
 *   writes them as JSON files with the person's uploads into a ZIP under `DATA_DIR/exports` (0600), then, in one
 *   transaction, marks it ready, records the in-app notice and queues the mail; the notice is then delivered.
 *   The ZIP is deleted `EXPORT_KEEP_DAYS` after (the scheduler again). Downloads are audited.
 * - Erasure (the back office's approval of a deletion request) calls {@link eraseExportsOf}.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { formatDateTime, timeZoneLabel } from '@mashura/core'
import type { Kysely } from 'kysely'
import type { EventBus } from '../adapters/events/bus.ts'
import { SPOOL_FOLDER } from '../adapters/files/spool.ts'
import { diskStorage, type FileStorage } from '../adapters/files/storage.ts'
import { writeZip, type ZipEntry } from '../adapters/files/zip.ts'
import { queueDataExportReadyMail } from '../adapters/mail/data-export.ts'
import type { PushService } from '../adapters/push/service.ts'
import {
  claimExport,
  contactReadsOf,
  deleteExportsOf,
  dueExportIds,
  eraseContactReadsOf,
  expiredExports,
  exportAuditEntries,
  exportChat,
  exportCompanies,
  exportConsents,
  exportContributor,
  exportDeletionRequests,
  exportFiles,
  exportNotifications,
  exportOf,
  exportPerson,
  exportRatingsGiven,
  exportRecommendations,
  exportSessions,
  finishExport,
  insertContactReads,
  insertExport,
  latestCountedExportOf,
  latestExportOf,
  markExportExpired,
  noteExportError,
  storedExportsOf,
} from '../db/queries/my-data.ts'
import { personNameIfAny } from '../db/queries/people.ts'
import type { Database, Row } from '../db/tables.ts'
import { recordAudit } from './audit.ts'
import { isUniqueViolation } from './db-errors.ts'
import { notFound } from './errors.ts'
import { deliverNotification, type RecordedNotification, recordNotification } from './notifications.ts'

/** The folder of exports' ZIPs under DATA_DIR. */
export const EXPORTS_FOLDER = 'exports'

/** The private storage of exports' ZIPs. */
export function exportsStorage(dataDir: string): FileStorage {
  return diskStorage(join(dataDir, EXPORTS_FOLDER))
}

/** The contact details a read can cover. */
export type ContactField = 'email' | 'mobile' | 'companies'

/** One read of a business owner's contact details by someone else. */
export interface ContactRead {
  readerPersonId: number
  readerRole: 'expert' | 'admin'
  subjectPersonId: number
  fields: readonly ContactField[]
  /** The call it was read through (its operationId). */
  via: string
  sessionId?: number | null
  now?: Date
}

/** The contact details a profile answer gives away: those not null or empty. */
export function contactFieldsOf(profile: {
  email: string | null
  mobile: string | null
  companies: readonly unknown[]
}): ContactField[] {
  const fields: ContactField[] = []
  if (profile.email) fields.push('email')
  if (profile.mobile) fields.push('mobile')
  if (profile.companies.length > 0) fields.push('companies')
  return fields
}

/**
 * Records a read of a person's contact details (one row, whatever the number of fields); a person reading
 * their own is not recorded.
 */
export async function recordContactRead(db: Kysely<Database>, read: ContactRead): Promise<void> {
  await recordContactReads(db, [read])
}

/**
 * Records several reads (one answer showing several people's details) as {@link recordContactRead} records
 * one: each reader's name read once, the rows written in one statement.
 */
export async function recordContactReads(db: Kysely<Database>, reads: readonly ContactRead[]): Promise<void> {
  const kept = reads.filter((read) => read.readerPersonId !== read.subjectPersonId && read.fields.length > 0)
  const labels = new Map<number, string>()
  for (const { readerPersonId } of kept) {
    if (!labels.has(readerPersonId))
      labels.set(readerPersonId, (await personNameIfAny(db, readerPersonId))?.full_name ?? '')
  }
  await insertContactReads(
    db,
    kept.map((read) => ({
      occurred_at: (read.now ?? new Date()).toISOString(),
      reader_person_id: read.readerPersonId,
      reader_label: labels.get(read.readerPersonId) ?? '',
      reader_role: read.readerRole,
      subject_person_id: read.subjectPersonId,
      fields: read.fields.join(','),
      via: read.via,
      session_id: read.sessionId ?? null,
    })),
  )
}

// ------------------------------------------------------------------------------------------------ export

/** The export settings (`config.dataExports`). */
export interface ExportSettings {
  /** Days a ready ZIP is kept. */
  keepDays: number
  /** Hours between two requests of one person (a failed export aside). */
  everyHours: number
}

/** When the person may ask again after `latest` (null: now). */
export function nextRequestAt(
  latest: Pick<Row<'data_exports'>, 'requested_at' | 'state'> | undefined,
  settings: Pick<ExportSettings, 'everyHours'>,
  now: Date,
): Date | null {
  if (!latest || latest.state === 'failed') return null
  const next = new Date(Date.parse(latest.requested_at) + settings.everyHours * 3_600_000)
  // One in preparation holds the next request back whatever the setting: one ZIP at a time.
  if (latest.state === 'preparing' && next <= now) return new Date(now.getTime() + 60_000)
  return next > now ? next : null
}

/** The state of a person's exports: the latest, and when they may ask again. */
export async function exportStateOf(
  db: Kysely<Database>,
  personId: number,
  settings: Pick<ExportSettings, 'everyHours'>,
  now = new Date(),
) {
  const [latest, counted] = await Promise.all([
    latestExportOf(db, personId),
    latestCountedExportOf(db, personId),
  ])
  return { latest: latest ?? null, nextRequestAt: nextRequestAt(counted, settings, now) }
}

/** A request's outcome: the new export, or the time from which a new one may be asked for. */
export type ExportRequest = { ok: true; row: Row<'data_exports'> } | { ok: false; retryAt: Date }

/**
 * Asks for an export of the person's data: a job row and its audit entry in one transaction, unless the
 * person asked less than `everyHours` ago (a failed export does not count) or one is being prepared.
 */
export async function requestExport(
  db: Kysely<Database>,
  personId: number,
  settings: Pick<ExportSettings, 'everyHours'>,
  now = new Date(),
): Promise<ExportRequest> {
  try {
    return await db.transaction().execute(async (trx): Promise<ExportRequest> => {
      const retryAt = nextRequestAt(await latestCountedExportOf(trx, personId), settings, now)
      if (retryAt) return { ok: false, retryAt }
      const row = await insertExport(trx, personId, now.toISOString())
      const person = await personNameIfAny(trx, personId)
      await recordAudit(trx, {
        actor: { personId, label: person?.full_name ?? '' },
        action: 'my_data.export_request',
        targetType: 'person',
        targetId: personId,
        after: { export_id: row.id },
        now,
      })
      return { ok: true, row }
    })
  } catch (error) {
    // Two requests at once: the index lets one export be in preparation per person.
    if (isUniqueViolation(error)) return { ok: false, retryAt: new Date(now.getTime() + 60_000) }
    throw error
  }
}

/** What preparing exports goes through. */
export interface ExportDeps {
  db: Kysely<Database>
  bus: EventBus
  push: PushService
  /** The uploads, whose bytes go into the ZIP. */
  files: FileStorage
  /** The exports' ZIPs ({@link exportsStorage}). */
  exports: FileStorage
  /** DATA_DIR: the ZIP is written to its temporary folder, then moved into `exports`. */
  dataDir: string
  publicUrl: string
  settings: ExportSettings
  log?: { warn(details: object, message: string): void }
}

/** How long a preparer holds an export before another may take it over. */
const CLAIM_MS = 10 * 60_000
/** How many times an export is tried before it is marked failed (the person may then ask again at once). */
const MAX_ATTEMPTS = 3
/** A day as `2026-12-05`, in Riyadh. */
const RIYADH_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' })

/** How many exports one run prepares or deletes at most. */
const BATCH = 5

/** A file name's safe form inside the ZIP: no folders, no control characters. */
function entryName(name: string): string {
  const safe = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')
  return safe.slice(0, 120) || 'file'
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** The ZIP's README, in both languages. */
function readme(name: string, now: Date): string {
  return [
    `نسخة بيانات ${name} في مشورة، أُعدّت في ${formatDateTime(now, 'ar')} (${timeZoneLabel('ar')}).`,
    'profile.json: ملفك وشركاتك وهويتك خبيرًا إن وجدت. sessions.json وrequests.json: جلساتك وطلباتك (من الطرف الآخر اسمه فقط).',
    'chat.json: محادثاتك. recommendations.json: التوصيات التي كتبتها أو كُتبت لك. ratings.json: التقييمات التي قدمتها.',
    'files.json والمجلد files/: ملفاتك المرفوعة. consents.json: موافقاتك على الشروط. notifications.json: إشعاراتك.',
    'contact-reads.json: من اطّلع على بيانات تواصلك ومتى. activity.json: ما سُجّل عن حسابك في سجل التدقيق.',
    '',
    `Mashura data of ${name}, prepared on ${formatDateTime(now, 'en')} (${timeZoneLabel('en')}).`,
    'profile.json: your profile, companies and expert identity if any. sessions.json and requests.json: your sessions and requests (of the other party, only their name).',
    'chat.json: your conversations. recommendations.json: recommendations you wrote or that were written for you. ratings.json: the ratings you gave.',
    'files.json and the files/ folder: your uploads. consents.json: your acceptances of the terms. notifications.json: your notifications.',
    'contact-reads.json: who read your contact details, and when. activity.json: what the audit trail recorded about your account.',
    '',
  ].join('\n')
}

/**
 * The ZIP's entries for a person: JSON files of their rows, then their uploads' bytes. Only the person's rows:
 * the sessions, requests and conversations they are a party to carry the other party's name, nothing more.
 */
async function* exportEntries(deps: ExportDeps, personId: number, now: Date): AsyncGenerator<ZipEntry> {
  const { db } = deps
  const person = await exportPerson(db, personId)
  if (!person) throw new Error(`person ${personId} is gone`)
  const contributor = await exportContributor(db, personId)
  const contributorId = contributor?.id ?? null
  const [companies, sessions, chat, ratings, files, notifications, reads, activity, deletions] =
    await Promise.all([
      exportCompanies(db, personId),
      exportSessions(db, personId, contributorId),
      exportChat(db, personId, contributorId),
      exportRatingsGiven(db, personId),
      exportFiles(db, personId),
      exportNotifications(db, personId),
      contactReadsOf(db, personId),
      exportAuditEntries(db, personId),
      exportDeletionRequests(db, personId),
    ])
  let consents: unknown[] | { note: string }
  try {
    consents = await exportConsents(db, personId)
  } catch {
    consents = { note: 'No consent records on this installation.' }
  }
  const recommendations = await exportRecommendations(
    db,
    sessions.map((s) => s.id),
  )
  const asOwner = (s: { sme_id: number }) => s.sme_id === personId
  const sessionOut = (s: (typeof sessions)[number]) => ({
    id: s.id,
    my_role: asOwner(s) ? 'business_owner' : 'expert',
    with: asOwner(s) ? s.expert_name : s.owner_name,
    state: s.state,
    subject: s.subject_ar === null ? null : { ar: s.subject_ar, en: s.subject_en },
    // What the business owner wrote is hers: the expert's export names the session, not her words.
    description: asOwner(s) ? s.description : null,
    communication_way: s.communication_way === 0 ? 'online' : 'office',
    is_instant: s.is_instant === 1,
    start: s.start_at,
    end: s.end_at,
    started_at: s.started_at,
    ended_at: s.ended_at,
    end_reason: s.end_reason,
    cancel_reason: s.cancel_reason,
    created_at: s.created_at,
  })
  const byId = new Map(sessions.map((s) => [s.id, s]))

  yield { name: 'README.txt', data: readme(person.full_name, now) }
  yield {
    name: 'profile.json',
    data: json({
      exported_at: now.toISOString(),
      person: {
        id: person.id,
        full_name: person.full_name,
        email: person.email,
        mobile: person.phone,
        photo: person.photo_path,
        created_at: person.created_at,
      },
      companies: companies.map((c) => ({
        name: c.name,
        commercial_registration: c.cr_number,
        city: c.city,
        phase: c.phase,
        created_at: c.created_at,
      })),
      expert: contributor
        ? {
            kind: contributor.kind,
            gender: contributor.gender,
            title: { ar: contributor.title_ar, en: contributor.title_en },
            bio: { ar: contributor.bio_ar, en: contributor.bio_en },
            created_at: contributor.created_at,
          }
        : null,
    }),
  }
  yield { name: 'sessions.json', data: json(sessions.filter((s) => s.state !== 'pending').map(sessionOut)) }
  yield {
    name: 'requests.json',
    data: json(
      sessions
        .filter((s) => s.request_state !== null)
        .map((s) => ({ ...sessionOut(s), request_state: s.request_state, request_reason: s.request_reason })),
    ),
  }
  yield {
    name: 'chat.json',
    data: json(
      chat.conversations.map((c) => {
        const mine = c.sme_id === personId
        return {
          id: c.id,
          with: mine ? c.expert_name : c.owner_name,
          started_at: c.created_at,
          messages: chat.messages
            .filter((m) => m.conversation_id === c.id)
            .map((m) => ({
              from: m.sender_person_id === personId ? 'me' : 'them',
              type: m.type,
              body: m.body,
              file_id: m.file_id,
              sent_at: m.created_at,
            })),
        }
      }),
    ),
  }
  yield {
    name: 'recommendations.json',
    data: json(
      recommendations.map((r) => {
        const session = byId.get(r.session_id)
        return {
          session_id: r.session_id,
          written: session && asOwner(session) ? 'for_me' : 'by_me',
          with: session ? (asOwner(session) ? session.expert_name : session.owner_name) : null,
          challenges: r.challenges,
          recommendations: r.recommendations,
          need_another_session: r.need_another_session === 1,
          need_academy_course: r.need_academy_course === 1,
          academy_course_ids: JSON.parse(r.academy_course_ids),
          need_platform_feature: r.need_platform_feature === 1,
          service_ids: JSON.parse(r.service_ids),
          company_phase: r.company_phase,
          success_story: r.success_story === 1,
          success_story_summary: r.success_story_summary,
          comment: r.comment,
          voice_note_file_id: r.voice_note_file_id,
          attachment_file_ids: JSON.parse(r.attachment_file_ids),
          supported_file_urls: JSON.parse(r.supported_file_urls),
          created_at: r.created_at,
          updated_at: r.updated_at,
        }
      }),
    ),
  }
  yield {
    name: 'ratings.json',
    data: json(
      ratings.ratings.map((r) => ({
        session_id: r.session_id,
        stars: r.stars,
        comment: r.comment,
        created_at: r.created_at,
        answers: ratings.answers
          .filter((a) => a.session_id === r.session_id)
          .map((a) => ({ question: { ar: a.text_ar, en: a.text_en }, answer: a.value })),
      })),
    ),
  }
  const stored = files.map((f) => ({ row: f, path: `files/${f.id}-${entryName(f.original_name)}` }))
  yield {
    name: 'files.json',
    data: json(
      stored.map(({ row, path }) => ({
        id: row.id,
        kind: row.kind,
        name: row.original_name,
        type: row.mime_type,
        size: row.size,
        duration_seconds: row.duration_seconds,
        session_id: row.session_id,
        uploaded_at: row.created_at,
        in_zip: path,
      })),
    ),
  }
  yield { name: 'consents.json', data: json(consents) }
  yield {
    name: 'notifications.json',
    data: json(
      notifications.map((n) => ({
        kind: n.kind,
        title: { ar: n.title_ar, en: n.title_en },
        body: { ar: n.body_ar, en: n.body_en },
        session_id: n.session_id,
        read_at: n.read_at,
        created_at: n.created_at,
      })),
    ),
  }
  yield {
    name: 'contact-reads.json',
    data: json(
      reads.map((r) => ({
        at: r.occurred_at,
        by: r.reader_label,
        role: r.reader_role,
        what: r.fields.split(','),
        via: r.via,
        session_id: r.session_id,
      })),
    ),
  }
  yield {
    name: 'activity.json',
    data: json({
      audit: activity.map((a) => ({ at: a.occurred_at, by: a.actor_label, action: a.action })),
      deletion_requests: deletions,
    }),
  }
  for (const { row, path } of stored) {
    const stream = await deps.files.get(row.stored_name)
    // A file deleted by retention between the read and now is listed, not included.
    if (stream) yield { name: path, stream }
  }
}

/** Prepares one claimed export: the ZIP, then the ready mark, notice, mail and audit in one transaction. */
async function prepareExport(deps: ExportDeps, row: Row<'data_exports'>, now: Date): Promise<void> {
  const { db } = deps
  const temporaryDir = join(deps.dataDir, SPOOL_FOLDER)
  await mkdir(temporaryDir, { recursive: true })
  const temporary = join(temporaryDir, `export-${randomUUID()}.zip`)
  const storedName = `export-${row.id}-${randomUUID()}.zip`
  let recorded: RecordedNotification | null = null
  try {
    const size = await writeZip(temporary, exportEntries(deps, row.person_id, now), now)
    await deps.exports.putFile(storedName, temporary)
    const expiresAt = new Date(now.getTime() + deps.settings.keepDays * 86_400_000)
    const done = await db.transaction().execute(async (trx) => {
      const marked = await finishExport(trx, row.id, {
        state: 'ready',
        stored_name: storedName,
        size,
        finished_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      })
      if (!marked) return false
      const person = await exportPerson(trx, row.person_id)
      recorded = await recordNotification(trx, {
        personId: row.person_id,
        kind: 'data_export_ready',
        title: 'notify.dataExportReady.title',
        body: 'notify.dataExportReady.body',
        // A date both languages read alike (the notice is stored in both with the same values).
        values: { until: RIYADH_DATE.format(expiresAt) },
      })
      if (person?.email)
        await queueDataExportReadyMail(
          trx,
          person.email,
          { exportId: row.id, name: person.full_name, expiresAt, publicUrl: deps.publicUrl },
          now,
        )
      return true
    })
    // Another preparer finished it first (a claim that lapsed): this copy is not needed.
    if (!done) await deps.exports.delete(storedName)
  } catch (error) {
    await rm(temporary, { force: true })
    await deps.exports.delete(storedName)
    throw error
  }
  if (recorded) await deliverNotification(deps, recorded)
}

/**
 * Prepares the exports that wait (all, or only `ids`), each claimed first so that two instances never
 * prepare the same; answers the ids it made ready. A failed try is logged and left to a later run, up to
 * three; then the export is marked failed (the person may ask again at once).
 */
export async function prepareDueExports(
  deps: ExportDeps,
  now = new Date(),
  ids?: readonly number[],
): Promise<number[]> {
  const { db } = deps
  const due = ids ?? (await dueExportIds(db, now.toISOString(), BATCH))
  const ready: number[] = []
  for (const id of due) {
    const row = await claimExport(db, id, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString())
    if (!row) continue
    try {
      await prepareExport(deps, row, now)
      ready.push(id)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      deps.log?.warn({ err: error, exportId: id }, 'data export failed')
      if (row.attempts >= MAX_ATTEMPTS)
        await finishExport(db, id, { state: 'failed', last_error: message, finished_at: now.toISOString() })
      else await noteExportError(db, id, message)
    }
  }
  return ready
}

/** Deletes the ZIPs whose days are over and marks their exports expired; answers how many. */
export async function purgeExpiredExports(
  db: Kysely<Database>,
  storage: FileStorage,
  now = new Date(),
): Promise<number> {
  const rows = await expiredExports(db, now.toISOString(), 100)
  for (const row of rows) {
    if (row.stored_name) await storage.delete(row.stored_name)
    await markExportExpired(db, row.id)
  }
  return rows.length
}

/** What the scheduler's minute does for exports: prepare what waits, delete what is past its days. */
export async function runDataExports(deps: ExportDeps, now = new Date()) {
  const prepared = await prepareDueExports(deps, now)
  const expired = await purgeExpiredExports(deps.db, deps.exports, now)
  return { prepared, expired }
}

/** The export services of a running app (the scheduler's and the routes'). */
export function exportDepsOf(app: {
  store: { db: Kysely<Database> }
  bus: EventBus
  push: PushService
  files: FileStorage
  config: { dataDir: string; publicUrl: string; dataExports: ExportSettings }
  log?: { warn(details: object, message: string): void }
}): ExportDeps {
  return {
    db: app.store.db,
    bus: app.bus,
    push: app.push,
    files: app.files,
    exports: exportsStorage(app.config.dataDir),
    dataDir: app.config.dataDir,
    publicUrl: app.config.publicUrl,
    settings: app.config.dataExports,
    ...(app.log ? { log: app.log } : {}),
  }
}

/**
 * A person's ready export, to download: the row and its bytes. Anyone else's, an unknown id and an export
 * not (or no longer) ready are 404. The download is audited.
 */
export async function openExport(db: Kysely<Database>, storage: FileStorage, personId: number, id: number) {
  const row = await exportOf(db, id, personId)
  if (row?.state !== 'ready' || !row.stored_name) throw notFound()
  const stream = await storage.get(row.stored_name)
  if (!stream) throw notFound()
  const person = await personNameIfAny(db, personId)
  await recordAudit(db, {
    actor: { personId, label: person?.full_name ?? '' },
    action: 'my_data.export_download',
    targetType: 'person',
    targetId: personId,
    after: { export_id: row.id },
  })
  return { row, stream }
}

/**
 * Erases what this module holds of a person (for the erasure of an approved deletion request): their exports'
 * ZIPs (from `storage`, {@link exportsStorage}) and rows, and the reads of their contact details; the reads
 * they made of others' stay for those people, without the erased person's name. The audit trail's entries are
 * the erasure's to handle.
 */
export async function eraseExportsOf(
  db: Kysely<Database>,
  personId: number,
  storage: FileStorage,
): Promise<{ exports: number; reads: number; readsAnonymised: number }> {
  for (const row of await storedExportsOf(db, personId))
    if (row.stored_name) await storage.delete(row.stored_name)
  const exports = await deleteExportsOf(db, personId)
  const { deleted, anonymised } = await eraseContactReadsOf(db, personId)
  return { exports, reads: deleted, readsAnonymised: anonymised }
}
