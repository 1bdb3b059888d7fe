/**
 * The back office's reads and writes of experts (issue 33): the admin's filtered list, an expert's row with
 * their person, the changes the admin makes, the invitations (`expert_invitations`, migration 0013) and the
 * future bookings a deactivation may cancel. The rules are `domain/admin-experts.ts` and
 * `domain/expert-onboarding.ts`.
 */
import type { ContributorKind } from '@mashura/core'
import { type Kysely, sql, type Transaction } from 'kysely'
import { escapeLike } from '../../adapters/search/arabic.ts'
import type { Database, NewRow, RowUpdate } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

// ------------------------------------------------------------------------------------------- experts

/** What the admin's list of experts narrows by; every filter given must hold. */
export interface AdminExpertFilter {
  /** Part of the name, the e-mail address or a title (case-insensitive). */
  q?: string | undefined
  kind?: ContributorKind | undefined
  center?: number | undefined
  subject?: number | undefined
  active?: boolean | undefined
}

/** The experts matching the admin's filter, joined with their person, as a query without selection. */
function filteredExperts(db: Db, filter: AdminExpertFilter) {
  let q = db.selectFrom('contributors').innerJoin('people', 'people.id', 'contributors.person_id')
  if (filter.kind) q = q.where('contributors.kind', '=', filter.kind)
  if (filter.center !== undefined) q = q.where('contributors.center_id', '=', filter.center)
  if (filter.active !== undefined) q = q.where('contributors.is_active', '=', filter.active ? 1 : 0)
  const subject = filter.subject
  if (subject !== undefined)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('contributor_subjects')
          .select('contributor_subjects.subject_id')
          .whereRef('contributor_subjects.contributor_id', '=', 'contributors.id')
          .where('contributor_subjects.subject_id', '=', subject),
      ),
    )
  const text = filter.q?.trim().toLowerCase()
  if (text) {
    const pattern = `%${escapeLike(text)}%`
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
    q = q.where((eb) =>
      eb.or([
        like('people.full_name'),
        like('people.email'),
        like('contributors.title_ar'),
        like('contributors.title_en'),
      ]),
    )
  }
  return q
}

/** How many experts match the admin's filter. */
export async function countAdminExperts(db: Db, filter: AdminExpertFilter): Promise<number> {
  const { n } = await filteredExperts(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** One page of the ids of the experts matching the admin's filter, newest first (then id). */
export function adminExpertIds(db: Db, filter: AdminExpertFilter, page: { limit: number; offset: number }) {
  return filteredExperts(db, filter)
    .select('contributors.id')
    .orderBy('contributors.created_at', 'desc')
    .orderBy('contributors.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** Some experts' rows with their person's name, address and photo (those that exist), whatever their state. */
export function adminExpertRows(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('contributors')
    .innerJoin('people', 'people.id', 'contributors.person_id')
    .selectAll('contributors')
    .select(['people.full_name', 'people.email', 'people.photo_path as person_photo_path'])
    .where('contributors.id', 'in', [...new Set(ids)])
    .execute()
}

/** An expert's row, if the expert exists (active or not). */
export function expertRow(db: Db, contributorId: number) {
  return db.selectFrom('contributors').selectAll().where('id', '=', contributorId).executeTakeFirst()
}

/** The ids of the subjects an expert covers, in id order. */
export async function expertSubjectIds(db: Db, contributorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contributor_subjects')
    .select('subject_id')
    .where('contributor_id', '=', contributorId)
    .orderBy('subject_id')
    .execute()
  return rows.map((r) => r.subject_id)
}

/** Some subjects' rows (those that exist), with both names, by id. */
export function subjectNamesOf(db: Db, contributorIds: readonly number[]) {
  return db
    .selectFrom('contributor_subjects')
    .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
    .select(['contributor_subjects.contributor_id', 'subjects.id', 'subjects.name_ar', 'subjects.name_en'])
    .where('contributor_subjects.contributor_id', 'in', [...new Set(contributorIds)])
    .orderBy('subjects.id')
    .execute()
}

/** Which of some subject ids exist. */
export function existingSubjectIds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('subjects')
    .select('id')
    .where('id', 'in', [...ids])
    .execute()
}

/** A center's id, if the center exists. */
export function centerIdIfAny(db: Db, centerId: number) {
  return db.selectFrom('centers').select('id').where('id', '=', centerId).executeTakeFirst()
}

/** Inserts an expert's row; answers its id. */
export function insertExpert(db: Db, values: NewRow<'contributors'>) {
  return db.insertInto('contributors').values(values).returning('id').executeTakeFirstOrThrow()
}

/** Changes an expert's row. */
export async function updateExpertRow(db: Db, contributorId: number, changes: RowUpdate<'contributors'>) {
  await db.updateTable('contributors').set(changes).where('id', '=', contributorId).execute()
}

/**
 * Sets an expert's `is_active` from the other value only; the changed row's id, or undefined when the expert
 * does not exist or was already so (of two concurrent deactivations, one changes it).
 */
export function setExpertActiveIf(db: Db, contributorId: number, active: boolean) {
  return db
    .updateTable('contributors')
    .set({ is_active: active ? 1 : 0 })
    .where('id', '=', contributorId)
    .where('is_active', '=', active ? 0 : 1)
    .returning('id')
    .executeTakeFirst()
}

/** Replaces the subjects an expert covers. */
export async function replaceExpertSubjects(db: Db, contributorId: number, subjectIds: readonly number[]) {
  await db.deleteFrom('contributor_subjects').where('contributor_id', '=', contributorId).execute()
  if (subjectIds.length > 0)
    await db
      .insertInto('contributor_subjects')
      .values(subjectIds.map((subject_id) => ({ contributor_id: contributorId, subject_id })))
      .execute()
}

/**
 * The people whose address is `email` (compared lower-cased), each with their contributor id if they are an
 * expert; at most a few (an address is not unique across providers).
 */
export function peopleByEmail(db: Db, email: string) {
  return db
    .selectFrom('people')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select(['people.id', 'people.full_name', 'people.email', 'contributors.id as contributor_id'])
    .where(sql<string>`lower(${sql.ref('people.email')})`, '=', email.toLowerCase())
    .orderBy('people.id')
    .limit(5)
    .execute()
}

/** A person and their contributor id if they are an expert, if the person exists. */
export function personWithExpert(db: Db, personId: number) {
  return db
    .selectFrom('people')
    .leftJoin('contributors', 'contributors.person_id', 'people.id')
    .select(['people.id', 'people.full_name', 'people.email', 'contributors.id as contributor_id'])
    .where('people.id', '=', personId)
    .executeTakeFirst()
}

// ------------------------------------------------------------------------------------------- bookings

/** A future booked session or waiting request: what a deactivation may cancel. */
function liveFutureBookings(db: Db, now: string) {
  return db
    .selectFrom('sessions')
    .where('sessions.start_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('sessions.state', '=', 'booked'),
        eb.and([eb('sessions.state', '=', 'pending'), eb('sessions.request_state', '=', 'waiting')]),
      ]),
    )
}

/** How many future booked sessions and waiting requests each of some experts has (those with none are absent). */
export function upcomingBookingCounts(db: Db, contributorIds: readonly number[], now: string) {
  return liveFutureBookings(db, now)
    .select('sessions.contributor_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessions.contributor_id', 'in', [...new Set(contributorIds)])
    .groupBy('sessions.contributor_id')
    .execute()
}

/** An expert's future booked sessions and waiting requests, earliest first. */
export function upcomingBookingsOf(db: Db, contributorId: number, now: string) {
  return liveFutureBookings(db, now)
    .selectAll('sessions')
    .where('sessions.contributor_id', '=', contributorId)
    .orderBy('sessions.start_at')
    .orderBy('sessions.id')
    .execute()
}

/** A cancellation reason's id, if it exists. */
export function cancelReasonIdIfAny(db: Db, id: number) {
  return db.selectFrom('cancel_reasons').select('id').where('id', '=', id).executeTakeFirst()
}

// ------------------------------------------------------------------------------------------- invitations

/** Inserts an invitation; answers its row. */
export function insertInvitation(db: Db, values: NewRow<'expert_invitations'>) {
  return db.insertInto('expert_invitations').values(values).returningAll().executeTakeFirstOrThrow()
}

/** An invitation, if it exists. */
export function invitationById(db: Db, id: number) {
  return db.selectFrom('expert_invitations').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The open invitations of an address (neither accepted nor revoked, not expired at `now`), newest first. */
export function openInvitationsOf(db: Db, email: string, now: string) {
  return db
    .selectFrom('expert_invitations')
    .selectAll()
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Revokes an invitation unless it was accepted or revoked already; the changed row, or undefined. */
export function revokeInvitationIf(db: Db, id: number, now: string) {
  return db
    .updateTable('expert_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Marks an invitation accepted by a person, only while it is open (not accepted, not revoked, not expired at
 * `now`): of two concurrent sign-ins one wins. The changed row, or undefined.
 */
export function acceptInvitationIf(db: Db, id: number, personId: number, now: string) {
  return db
    .updateTable('expert_invitations')
    .set({ accepted_at: now, accepted_person_id: personId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

/** Records the expert an accepted invitation made. */
export async function setInvitationContributor(db: Db, id: number, contributorId: number) {
  await db
    .updateTable('expert_invitations')
    .set({ contributor_id: contributorId })
    .where('id', '=', id)
    .execute()
}

/** What the list of invitations narrows by. */
export interface InvitationFilter {
  state?: 'pending' | 'accepted' | 'revoked' | 'expired' | undefined
  /** Part of the address or the name (case-insensitive). */
  q?: string | undefined
}

/** The invitations matching a filter at `now`, as a query without selection. */
function filteredInvitations(db: Db, filter: InvitationFilter, now: string) {
  let q = db.selectFrom('expert_invitations')
  switch (filter.state) {
    case 'accepted':
      q = q.where('accepted_at', 'is not', null)
      break
    case 'revoked':
      q = q.where('accepted_at', 'is', null).where('revoked_at', 'is not', null)
      break
    case 'expired':
      q = q.where('accepted_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '<=', now)
      break
    case 'pending':
      q = q.where('accepted_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now)
      break
  }
  const text = filter.q?.trim().toLowerCase()
  if (text) {
    const pattern = `%${escapeLike(text)}%`
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref('email')} like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('full_name')}) like ${pattern} escape '\\'`,
      ]),
    )
  }
  return q
}

/** One page of the invitations matching a filter, newest first, and their total. */
export async function invitationsPage(
  db: Db,
  filter: InvitationFilter,
  now: string,
  page: { limit: number; offset: number },
) {
  const { n } = await filteredInvitations(db, filter, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const total = Number(n)
  if (page.offset >= total) return { rows: [], total }
  const rows = await filteredInvitations(db, filter, now)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  return { rows, total }
}

/** Some people's names (those that exist), by id. */
export function peopleNames(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('people')
    .select(['id', 'full_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
}
