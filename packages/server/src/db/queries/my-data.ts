/**
 * A person's own data (issue 34): the reads of their contact details by others, their export jobs, and the rows
 * an export gathers. Every read of a person's data here is bounded to that person: their own rows, the sessions
 * and conversations they are a party to, and the other party's name only. What is gathered and how it is
 * written out is `domain/my-data.ts`.
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database, NewRow } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

// ------------------------------------------------------------------------------------------------ reads

/** Records reads of people's contact details, in one statement. */
export async function insertContactReads(
  db: Db,
  values: readonly NewRow<'personal_data_reads'>[],
): Promise<void> {
  if (values.length === 0) return
  await db
    .insertInto('personal_data_reads')
    .values([...values])
    .execute()
}

/** The audit actions a person sees about themself: their exports and their consents. */
const OWN_ACTION_PREFIXES = ['my_data.', 'consent.'] as const

/**
 * Who used a person's data, newest first, as one list: the reads of their contact details, and the audit
 * trail's entries about them (their exports and consents, and what the back office did to their account).
 * Answers a page and the total.
 */
export async function dataAccessesPage(
  db: Kysely<Database>,
  personId: number,
  page: { limit: number; offset: number },
) {
  const reads = db
    .selectFrom('personal_data_reads')
    .select([
      sql<string>`'read'`.as('source'),
      'id',
      'occurred_at',
      // Widened to the audit trail's types, which the union shares.
      sql<number | null>`reader_person_id`.as('actor_person_id'),
      'reader_label as actor_label',
      sql<string>`reader_role`.as('role'),
      'via',
      'fields',
      'session_id',
    ])
    .where('subject_person_id', '=', personId)
  const audit = db
    .selectFrom('audit_log')
    .select([
      sql<string>`'audit'`.as('source'),
      'id',
      'occurred_at',
      'actor_person_id',
      'actor_label',
      sql<string>`''`.as('role'),
      'action as via',
      sql<string>`''`.as('fields'),
      sql<number | null>`cast(null as integer)`.as('session_id'),
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('actor_person_id', '=', personId),
          eb.or(
            OWN_ACTION_PREFIXES.map((prefix) =>
              eb(eb.fn('substr', ['action', eb.val(1), eb.val(prefix.length)]), '=', prefix),
            ),
          ),
        ]),
        eb.and([eb('target_type', '=', 'person'), eb('target_id', '=', String(personId))]),
      ]),
    )
  const [readCount, auditCount, rows] = await Promise.all([
    reads
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    audit
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(reads.unionAll(audit).as('u'))
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('source', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  return { rows, total: Number(readCount.n) + Number(auditCount.n) }
}

/** The reads of a person's contact details, oldest first (for their export). */
export function contactReadsOf(db: Db, personId: number) {
  return db
    .selectFrom('personal_data_reads')
    .selectAll()
    .where('subject_person_id', '=', personId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute()
}

/**
 * An erasure's part here: deletes the reads of a person's contact details, and takes the person's name off the
 * reads they made of others' (whose subjects keep the record that their details were read, by an expert no
 * longer named). Answers how many rows were deleted and how many made anonymous.
 */
export async function eraseContactReadsOf(
  db: Db,
  personId: number,
): Promise<{ deleted: number; anonymised: number }> {
  const deleted = await db
    .deleteFrom('personal_data_reads')
    .where('subject_person_id', '=', personId)
    .executeTakeFirst()
  const anonymised = await db
    .updateTable('personal_data_reads')
    .set({ reader_label: '' })
    .where('reader_person_id', '=', personId)
    .executeTakeFirst()
  return { deleted: Number(deleted.numDeletedRows), anonymised: Number(anonymised.numUpdatedRows) }
}

// ---------------------------------------------------------------------------------------------- exports

/** A person's latest export, if any. */
export function latestExportOf(db: Db, personId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('person_id', '=', personId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** A person's latest export that did not fail (what the rate limit counts from), if any. */
export function latestCountedExportOf(db: Db, personId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('person_id', '=', personId)
    .where('state', '!=', 'failed')
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** An export of a person, by id, if it is theirs. */
export function exportOf(db: Db, id: number, personId: number) {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', id)
    .where('person_id', '=', personId)
    .executeTakeFirst()
}

/** Inserts a requested export (preparing); the unique index refuses a second one preparing for the person. */
export function insertExport(db: Db, personId: number, now: string) {
  return db
    .insertInto('data_exports')
    .values({ person_id: personId, state: 'preparing', requested_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The ids of exports waiting to be prepared, or whose preparer's claim lapsed. */
export async function dueExportIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('data_exports')
    .select('id')
    .where('state', '=', 'preparing')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/**
 * Claims an export for preparing until `until`, unless another preparer holds it (compare and set: of two
 * instances, one update matches). Answers the row when claimed.
 */
export function claimExport(db: Db, id: number, now: string, until: string) {
  return db
    .updateTable('data_exports')
    .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('state', '=', 'preparing')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst()
}

/** Marks a claimed export ready (or failed), once: answers whether this call did it. */
export async function finishExport(
  db: Db,
  id: number,
  values:
    | { state: 'ready'; stored_name: string; size: number; finished_at: string; expires_at: string }
    | { state: 'failed'; last_error: string; finished_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ ...values, claimed_until: null })
    .where('id', '=', id)
    .where('state', '=', 'preparing')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Records a failed attempt's error, leaving the export to be tried again once its claim lapses. */
export async function noteExportError(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('data_exports').set({ last_error: error }).where('id', '=', id).execute()
}

/** Ready exports whose days are over at `now`. */
export function expiredExports(db: Db, now: string, limit: number) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'stored_name'])
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Marks an export expired (its ZIP deleted). */
export async function markExportExpired(db: Db, id: number): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ state: 'expired', stored_name: null })
    .where('id', '=', id)
    .execute()
}

/** A person's exports with a stored ZIP (an erasure deletes them). */
export function storedExportsOf(db: Db, personId: number) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'stored_name'])
    .where('person_id', '=', personId)
    .where('stored_name', 'is not', null)
    .execute()
}

/** Deletes a person's export rows. */
export async function deleteExportsOf(db: Db, personId: number): Promise<number> {
  const result = await db.deleteFrom('data_exports').where('person_id', '=', personId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

// ------------------------------------------------------------------------------------- what is exported

/** The person's own row (their profile as the platform holds it). */
export function exportPerson(db: Db, personId: number) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name', 'email', 'phone', 'photo_path', 'created_at'])
    .where('id', '=', personId)
    .executeTakeFirst()
}

/** The person's expert identity, if any. */
export function exportContributor(db: Db, personId: number) {
  return db.selectFrom('contributors').selectAll().where('person_id', '=', personId).executeTakeFirst()
}

/** The person's companies. */
export function exportCompanies(db: Db, personId: number) {
  return db.selectFrom('companies').selectAll().where('person_id', '=', personId).orderBy('id').execute()
}

/**
 * The sessions and requests the person is a party to (as business owner, or as the expert `contributorId`),
 * with the other party's name and the subject, oldest first. Meeting numbers and passwords are left out:
 * they are the platform's, not the person's.
 */
export function exportSessions(db: Db, personId: number, contributorId: number | null) {
  return db
    .selectFrom('sessions')
    .innerJoin('contributors', 'contributors.id', 'sessions.contributor_id')
    .innerJoin('people as expert', 'expert.id', 'contributors.person_id')
    .innerJoin('people as owner', 'owner.id', 'sessions.sme_id')
    .leftJoin('subjects', 'subjects.id', 'sessions.subject_id')
    .select([
      'sessions.id',
      'sessions.sme_id',
      'sessions.contributor_id',
      'sessions.state',
      'sessions.request_state',
      'sessions.request_reason',
      'sessions.description',
      'sessions.communication_way',
      'sessions.is_instant',
      'sessions.start_at',
      'sessions.end_at',
      'sessions.started_at',
      'sessions.ended_at',
      'sessions.end_reason',
      'sessions.cancel_reason',
      'sessions.created_at',
      'expert.full_name as expert_name',
      'owner.full_name as owner_name',
      'subjects.name_ar as subject_ar',
      'subjects.name_en as subject_en',
    ])
    .where((eb) =>
      contributorId === null
        ? eb('sessions.sme_id', '=', personId)
        : eb.or([eb('sessions.sme_id', '=', personId), eb('sessions.contributor_id', '=', contributorId)]),
    )
    .orderBy('sessions.start_at')
    .orderBy('sessions.id')
    .execute()
}

/** The recommendations of some sessions. */
export function exportRecommendations(db: Db, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('recommendations')
    .selectAll()
    .where('session_id', 'in', sessionIds)
    .orderBy('session_id')
    .execute()
}

/** The ratings the person gave (as the business owner of the rated session), with their answers. */
export async function exportRatingsGiven(db: Db, personId: number) {
  const ratings = await db
    .selectFrom('ratings')
    .innerJoin('sessions', 'sessions.id', 'ratings.session_id')
    .select(['ratings.session_id', 'ratings.stars', 'ratings.comment', 'ratings.created_at'])
    .where('sessions.sme_id', '=', personId)
    .orderBy('ratings.created_at')
    .execute()
  const answers =
    ratings.length === 0
      ? []
      : await db
          .selectFrom('rating_answers')
          .innerJoin('questions', 'questions.id', 'rating_answers.question_id')
          .select([
            'rating_answers.session_id',
            'rating_answers.value',
            'questions.text_ar',
            'questions.text_en',
          ])
          .where(
            'rating_answers.session_id',
            'in',
            ratings.map((r) => r.session_id),
          )
          .execute()
  return { ratings, answers }
}

/**
 * The conversations the person is a party to (as business owner, or as the expert `contributorId`), each with
 * the other party's name, and their messages.
 */
export async function exportChat(db: Db, personId: number, contributorId: number | null) {
  const conversations = await db
    .selectFrom('conversations')
    .innerJoin('contributors', 'contributors.id', 'conversations.contributor_id')
    .innerJoin('people as expert', 'expert.id', 'contributors.person_id')
    .innerJoin('people as owner', 'owner.id', 'conversations.sme_id')
    .select([
      'conversations.id',
      'conversations.sme_id',
      'conversations.contributor_id',
      'conversations.created_at',
      'expert.full_name as expert_name',
      'owner.full_name as owner_name',
    ])
    .where((eb) =>
      contributorId === null
        ? eb('conversations.sme_id', '=', personId)
        : eb.or([
            eb('conversations.sme_id', '=', personId),
            eb('conversations.contributor_id', '=', contributorId),
          ]),
    )
    .orderBy('conversations.id')
    .execute()
  const messages =
    conversations.length === 0
      ? []
      : await db
          .selectFrom('chat_messages')
          .select(['id', 'conversation_id', 'sender_person_id', 'type', 'body', 'file_id', 'created_at'])
          .where(
            'conversation_id',
            'in',
            conversations.map((c) => c.id),
          )
          .orderBy('id')
          .execute()
  return { conversations, messages }
}

/** The files the person uploaded. */
export function exportFiles(db: Db, personId: number) {
  return db
    .selectFrom('files')
    .selectAll()
    .where('owner_person_id', '=', personId)
    .orderBy('created_at')
    .execute()
}

/** The person's notifications. */
export function exportNotifications(db: Db, personId: number) {
  return db
    .selectFrom('notifications')
    .select([
      'id',
      'kind',
      'title_ar',
      'title_en',
      'body_ar',
      'body_en',
      'session_id',
      'read_at',
      'created_at',
    ])
    .where('person_id', '=', personId)
    .orderBy('id')
    .execute()
}

/** The person's account-deletion requests. */
export function exportDeletionRequests(db: Db, personId: number) {
  return db
    .selectFrom('deletion_requests')
    .select(['id', 'reason', 'created_at', 'decided_at', 'decision', 'decision_reason'])
    .where('person_id', '=', personId)
    .orderBy('id')
    .execute()
}

/** The audit trail's entries the person made or that are about their account, oldest first. */
export function exportAuditEntries(db: Db, personId: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'occurred_at', 'actor_label', 'action', 'target_type', 'target_id'])
    .where((eb) =>
      eb.or([
        eb('actor_person_id', '=', personId),
        eb.and([eb('target_type', '=', 'person'), eb('target_id', '=', String(personId))]),
      ]),
    )
    .orderBy('occurred_at')
    .orderBy('id')
    .execute()
}

/**
 * The person's consents (terms accepted per role and version), from the `consents` table of migration 0018;
 * an empty list on a database without it.
 */
export async function exportConsents(db: Db, personId: number) {
  type ConsentRow = { role: string; terms_version: number; accepted_at: string }
  const result =
    await sql<ConsentRow>`select role, terms_version, accepted_at from consents where person_id = ${personId} order by accepted_at`.execute(
      db,
    )
  return result.rows
}
