/**
 * The erasure of a person's data once their deletion request is approved (issue 34), as rows. The rules (what
 * goes, what stays, in which order) are `domain/erasure.ts`; every function here takes the decision's
 * transaction, except the compaction of the database files, which no transaction may hold.
 */
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { Dialect } from '../migration-helpers.ts'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/** The person as they are before the erasure: what must be looked for and replaced elsewhere. */
export function personToErase(db: Db, personId: number) {
  return db
    .selectFrom('people')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select([
      'people.id',
      'people.full_name',
      'people.email',
      'people.phone',
      'people.erased_at',
      'contributors.id as contributor_id',
    ])
    .where('people.id', '=', personId)
    .executeTakeFirst()
}

/** The ids of the sessions and requests the person is in, as business owner or as expert. */
export async function sessionIdsOf(db: Db, personId: number, contributorId: number | null) {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where((eb) =>
      contributorId === null
        ? eb('sme_id', '=', personId)
        : eb.or([eb('sme_id', '=', personId), eb('contributor_id', '=', contributorId)]),
    )
    .execute()
  return rows.map((r) => r.id)
}

/** The people on the other side of the person's sessions and conversations (to scrub their notices). */
export async function counterpartsOf(db: Db, personId: number, contributorId: number | null) {
  const experts = await db
    .selectFrom('contributors')
    .select('person_id')
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('sessions').select('contributor_id').where('sme_id', '=', personId)),
        eb(
          'id',
          'in',
          eb.selectFrom('conversations').select('contributor_id').where('sme_id', '=', personId),
        ),
      ]),
    )
    .execute()
  const owners =
    contributorId === null
      ? []
      : await db
          .selectFrom('people')
          .select('id as person_id')
          .where((eb) =>
            eb.or([
              eb(
                'id',
                'in',
                eb.selectFrom('sessions').select('sme_id').where('contributor_id', '=', contributorId),
              ),
              eb(
                'id',
                'in',
                eb.selectFrom('conversations').select('sme_id').where('contributor_id', '=', contributorId),
              ),
            ]),
          )
          .execute()
  return [...new Set([...experts, ...owners].map((r) => r.person_id))].filter((id) => id !== personId)
}

/** The ids of the person's conversations, as business owner or as expert. */
export async function conversationIdsOf(db: Db, personId: number, contributorId: number | null) {
  const rows = await db
    .selectFrom('conversations')
    .select('id')
    .where((eb) =>
      contributorId === null
        ? eb('sme_id', '=', personId)
        : eb.or([eb('sme_id', '=', personId), eb('contributor_id', '=', contributorId)]),
    )
    .execute()
  return rows.map((r) => r.id)
}

/**
 * The files to destroy: the person's own uploads, the files of their sessions (voice notes and attachments of
 * recommendations, by either side) and the files sent in their conversations.
 */
export function filesToErase(
  db: Db,
  personId: number,
  sessionIds: readonly number[],
  conversationIds: readonly number[],
) {
  return db
    .selectFrom('files')
    .select(['id', 'stored_name'])
    .where((eb) =>
      eb.or([
        eb('owner_person_id', '=', personId),
        ...(sessionIds.length ? [eb('session_id', 'in', sessionIds)] : []),
        ...(conversationIds.length
          ? [
              eb(
                'id',
                'in',
                eb
                  .selectFrom('chat_messages')
                  .select('file_id')
                  .where('conversation_id', 'in', conversationIds)
                  .where('file_id', 'is not', null),
              ) as never,
            ]
          : []),
      ]),
    )
    .execute()
}

/** Deletes the conversations with every message in them. */
export async function deleteConversations(db: Db, conversationIds: readonly number[]): Promise<void> {
  if (conversationIds.length === 0) return
  await db
    .updateTable('conversations')
    .set({ last_message_id: null })
    .where('id', 'in', conversationIds)
    .execute()
  await db.deleteFrom('chat_messages').where('conversation_id', 'in', conversationIds).execute()
  await db.deleteFrom('conversations').where('id', 'in', conversationIds).execute()
}

/** Deletes file rows, detaching them first from the recommendations and chat messages that name them. */
export async function deleteFileRows(db: Db, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return
  await db
    .updateTable('recommendations')
    .set({ voice_note_file_id: null })
    .where('voice_note_file_id', 'in', fileIds)
    .execute()
  await db.deleteFrom('chat_messages').where('file_id', 'in', fileIds).execute()
  await db.deleteFrom('files').where('id', 'in', fileIds).execute()
}

/**
 * Empties what was written about the sessions in free text, keeping every number, state and id the reports
 * count: the owner's description, the reasons typed for a refusal, a cancellation or an end, the rating's
 * comment and text answers; the recommendations lose their attachments (and, when `aboutOwner`, their text:
 * it describes the business owner being erased).
 */
export async function anonymiseSessions(
  db: Db,
  sessionIds: readonly number[],
  options: { aboutOwner: readonly number[] },
): Promise<void> {
  if (sessionIds.length === 0) return
  await db
    .updateTable('sessions')
    .set({ description: null, request_reason: null, cancel_reason: null, end_reason: null })
    .where('id', 'in', sessionIds)
    .execute()
  await db.updateTable('ratings').set({ comment: null }).where('session_id', 'in', sessionIds).execute()
  await db
    .deleteFrom('rating_answers')
    .where('session_id', 'in', sessionIds)
    .where('question_id', 'in', (eb) => eb.selectFrom('questions').select('id').where('type', '=', 'text'))
    .execute()
  await db.deleteFrom('rating_links').where('session_id', 'in', sessionIds).execute()
  await db
    .updateTable('recommendations')
    .set({ voice_note_file_id: null, attachment_file_ids: '[]', supported_file_urls: '[]' })
    .where('session_id', 'in', sessionIds)
    .execute()
  if (options.aboutOwner.length)
    await db
      .updateTable('recommendations')
      .set({ challenges: '', recommendations: '', success_story_summary: null, comment: null })
      .where('session_id', 'in', options.aboutOwner)
      .execute()
}

/**
 * Cancels the person's sessions and waiting requests that have not started: nobody is left to meet. The slot
 * is freed; the row stays (and counts) as a cancelled one.
 */
export async function cancelUpcoming(db: Db, sessionIds: readonly number[], now: string) {
  if (sessionIds.length === 0) return []
  return db
    .updateTable('sessions')
    .set({ state: 'cancelled', active_slot_id: null, updated_at: now })
    .where('id', 'in', sessionIds)
    .where('state', 'in', ['pending', 'booked'])
    .where('start_at', '>', now)
    .returning(['id', 'contributor_id', 'sme_id'])
    .execute()
}

/** Deletes an expert's free slots that have not started (nobody can book them any more). */
export async function deleteFreeFutureSlots(db: Db, contributorId: number, now: string): Promise<void> {
  await db
    .deleteFrom('slots')
    .where('contributor_id', '=', contributorId)
    .where('start_at', '>', now)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('sessions').select('id').whereRef('sessions.slot_id', '=', 'slots.id'))),
    )
    .execute()
}

/** Deletes the person's notifications, sign-in sessions (answering their ids), push registrations and companies. */
export async function deletePersonalRows(db: Db, personId: number): Promise<string[]> {
  await db.deleteFrom('notifications').where('person_id', '=', personId).execute()
  await db.deleteFrom('push_tokens').where('person_id', '=', personId).execute()
  await db.deleteFrom('companies').where('person_id', '=', personId).execute()
  await db.deleteFrom('rating_links').where('sme_id', '=', personId).execute()
  await db.updateTable('deletion_requests').set({ reason: '' }).where('person_id', '=', personId).execute()
  const sessions = await db
    .deleteFrom('auth_sessions')
    .where('person_id', '=', personId)
    .returning('id')
    .execute()
  return sessions.map((r) => r.id)
}

/** Deletes the chat notices other people got of the person's messages. */
export async function deleteChatNoticesAbout(
  db: Db,
  recipients: readonly number[],
  senderIds: readonly number[],
): Promise<void> {
  if (recipients.length === 0 || senderIds.length === 0) return
  await db
    .deleteFrom('notifications')
    .where('person_id', 'in', recipients)
    .where('kind', '=', 'chat_message')
    .where('chat_with', 'in', senderIds)
    .execute()
}

/**
 * Replaces each of `needles` with its label in some text columns of the rows `where` picks, only in the rows
 * that hold one (`replace(x) <> x`, the same on both databases, with no LIKE wildcards to escape).
 */
async function replaceIn(
  db: Db,
  table: 'notifications' | 'outbox' | 'audit_log',
  columns: readonly string[],
  needles: readonly Needle[],
  narrow: RawBuilder<unknown> = sql`1 = 1`,
): Promise<void> {
  for (const needle of needles) {
    if (!needle.text) continue
    for (const column of columns) {
      const col = sql.ref(column)
      await sql`update ${sql.table(table)} set ${col} = replace(${col}, ${needle.text}, ${needle.label})
        where ${col} is not null and replace(${col}, ${needle.text}, ${needle.label}) <> ${col} and ${narrow}`.execute(
        db,
      )
    }
  }
}

/** A text to replace and what replaces it. */
export interface Needle {
  text: string
  label: string
}

/** Replaces the person's name in the notices of the sessions they were in that others got. */
export async function scrubSessionNotices(
  db: Db,
  sessionIds: readonly number[],
  name: { ar: Needle[]; en: Needle[] },
): Promise<void> {
  if (sessionIds.length === 0) return
  const ids = sql.join(sessionIds.map((id) => sql`${id}`))
  const only = sql`(session_id in (${ids}) or request_id in (${ids}))`
  await replaceIn(db, 'notifications', ['title_ar', 'body_ar'], name.ar, only)
  await replaceIn(db, 'notifications', ['title_en', 'body_en'], name.en, only)
}

/** Replaces the person's name, address and mobile in the audit trail's values, and their name as its author. */
export async function scrubAuditTrail(
  db: Db,
  personId: number,
  needles: readonly Needle[],
  label: string,
): Promise<void> {
  await replaceIn(db, 'audit_log', ['before_json', 'after_json'], needles)
  await db
    .updateTable('audit_log')
    .set({ actor_label: label })
    .where('actor_person_id', '=', personId)
    .execute()
}

/**
 * The outbox's mails to the person (but the decision mail, `keep`) are deleted; others' mails that name them
 * are deleted once sent (they only record what went) and have the name replaced while still waiting.
 */
export async function scrubOutbox(
  db: Db,
  address: string | null,
  needles: readonly Needle[],
  keep: string | null,
): Promise<void> {
  if (address)
    await db
      .deleteFrom('outbox')
      .where('to_address', '=', address)
      .$if(keep !== null, (q) => q.where('dedupe_key', '<>', keep as string))
      .execute()
  const notKept = keep === null ? sql`1 = 1` : sql`dedupe_key <> ${keep}`
  for (const needle of needles) {
    if (!needle.text) continue
    for (const column of ['subject', 'body', 'html', 'attachments']) {
      const col = sql.ref(column)
      const holds = sql`${col} is not null and replace(${col}, ${needle.text}, '') <> ${col} and ${notKept}`
      await sql`delete from outbox where sent_at is not null and ${holds}`.execute(db)
    }
  }
  await replaceIn(db, 'outbox', ['subject', 'body', 'html', 'attachments'], needles, notKept)
}

/** Empties an expert's profile and takes them out of search and booking. */
export async function eraseContributor(db: Db, contributorId: number): Promise<void> {
  await db
    .updateTable('contributors')
    .set({
      title_ar: '',
      title_en: '',
      bio_ar: '',
      bio_en: '',
      search_text: '',
      photo_path: null,
      is_active: 0,
      chat_status: 0,
      join_now_enabled: 0,
      available_for_instant: 0,
      zoom_user: null,
    })
    .where('id', '=', contributorId)
    .execute()
  await db.deleteFrom('ranking_fields').where('contributor_id', '=', contributorId).execute()
}

/** A contributor's ranked words (name, topics, bio), before they are erased. */
export function rankingFieldsOf(db: Db, contributorId: number) {
  return db
    .selectFrom('ranking_fields')
    .selectAll()
    .where('contributor_id', '=', contributorId)
    .executeTakeFirst()
}

/**
 * Removes from the search vocabulary the words no remaining contributor's texts hold (the words an erased
 * expert alone brought: their name, mostly).
 */
export async function dropUnusedSearchWords(db: Db, words: readonly string[]): Promise<void> {
  for (const word of new Set(words)) {
    if (!word) continue
    const needle = ` ${word} `
    const used = await db
      .selectFrom('ranking_fields')
      .select('contributor_id')
      .where((eb) =>
        eb.or(
          (['name', 'topics', 'bio'] as const).map((column) =>
            eb(sql<string>`replace(${sql.ref(column)}, ${needle}, '')`, '<>', eb.ref(column)),
          ),
        ),
      )
      .limit(1)
      .executeTakeFirst()
    if (!used) await db.deleteFrom('search_words').where('word', '=', word).execute()
  }
}

/** The expert invitations that name the person: the one they accepted, and any sent to their address. */
export async function eraseInvitations(db: Db, personId: number, address: string | null): Promise<void> {
  await db
    .updateTable('expert_invitations')
    .set({ email: '', full_name: null, token_hash: sql<string>`'erased-' || id` as never })
    .where('accepted_person_id', '=', personId)
    .execute()
  if (address)
    await db
      .deleteFrom('expert_invitations')
      .where('email', '=', address.toLowerCase())
      .where('accepted_person_id', 'is', null)
      .execute()
}

/**
 * Empties the person's row: no name, address, mobile, photo or back-office role, and a sign-in identity no
 * provider will ever send, so a new sign-in with their account makes a new person.
 */
export async function erasePersonRow(db: Db, personId: number, now: string): Promise<void> {
  await db
    .updateTable('people')
    .set({
      full_name: '',
      email: null,
      phone: null,
      photo_path: null,
      issuer: 'erased',
      subject: `erased-${personId}`,
      provider_roles: '',
      is_admin: 0,
      is_analyst: 0,
      erased_at: now,
    })
    .where('id', '=', personId)
    .execute()
}

/** Records what is left to do after the transaction commits. */
export function insertErasure(db: Db, row: NewRow<'erasures'>) {
  return db.insertInto('erasures').values(row).execute()
}

/** The erasures with something left to do. */
export function pendingErasures(db: Db) {
  return db.selectFrom('erasures').selectAll().where('done_at', 'is', null).orderBy('created_at').execute()
}

/** Updates an erasure's progress. */
export function updateErasure(
  db: Db,
  personId: number,
  changes: { stored_files?: string; done_at?: string; attempts?: number; last_error?: string | null },
) {
  return db.updateTable('erasures').set(changes).where('person_id', '=', personId).execute()
}

/** The decision mail's state in the outbox: gone, sent, failed for good, or still to send. */
export function decisionMailRow(db: Db, key: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'sent_at', 'next_attempt_at', 'created_at'])
    .where('dedupe_key', '=', key)
    .executeTakeFirst()
}

/** Deletes a mail from the outbox. */
export async function deleteOutboxMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).execute()
}

/** The tables an erasure changes: those compacted afterwards. */
export const ERASED_TABLES = [
  'people',
  'contributors',
  'ranking_fields',
  'search_words',
  'slots',
  'sessions',
  'auth_sessions',
  'companies',
  'deletion_requests',
  'push_tokens',
  'files',
  'recommendations',
  'rating_links',
  'ratings',
  'rating_answers',
  'conversations',
  'chat_messages',
  'notifications',
  'outbox',
  'audit_log',
  'expert_invitations',
  'erasures',
] as const

/**
 * Rewrites the database files so that no deleted or overwritten value stays in them: a deleted row's bytes
 * otherwise stay in the free space of its page (both databases) until something happens to overwrite them.
 *
 * - SQLite: `VACUUM` writes a fresh copy of the database (through the WAL), then a `TRUNCATE` checkpoint
 *   copies it into the main file and empties the WAL, which held the old pages. Tried a few times while a
 *   reader thread keeps the checkpoint from finishing.
 * - PostgreSQL: plain `VACUUM` only marks dead rows' space free (their bytes stay, as a test showed);
 *   `VACUUM FULL` rewrites each table and its indexes and TOAST into new files and drops the old ones. It
 *   locks each table while it runs: a moment on tables of this size, and erasures are rare. It keeps the old
 *   versions any open transaction may still see, so it first waits (up to `waitMs`) for every transaction of
 *   this database that began before it (so before the erasure committed) to end, and fails (to be tried
 *   again) when one stays open. (Other users' sessions are seen when the server's role may read them:
 *   a superuser or `pg_read_all_stats`.)
 */
export async function compactDatabase(
  db: Kysely<Database>,
  dialect: Dialect,
  options: { tables?: readonly string[]; waitMs?: number } = {},
): Promise<void> {
  const tables = options.tables ?? ERASED_TABLES
  if (dialect === 'postgres') {
    const deadline = Date.now() + (options.waitMs ?? 10_000)
    const { rows: start } = await sql<{ at: string }>`select clock_timestamp()::text as at`.execute(db)
    const since = start[0]!.at
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (backend_xmin is not null or backend_xid is not null)
          and xact_start < ${since}::timestamptz`.execute(db)
      if (Number(rows[0]?.n ?? 0) === 0) break
      if (Date.now() > deadline) throw new Error('a transaction older than the erasure is still open')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const table of tables) await sql`vacuum full ${sql.table(table)}`.execute(db)
    return
  }
  await sql`vacuum`.execute(db)
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await sql<{
      busy: number
      log: number
      checkpointed: number
    }>`pragma wal_checkpoint(truncate)`.execute(db)
    if (rows[0] && Number(rows[0].busy) === 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the WAL could not be checkpointed after the erasure')
}
