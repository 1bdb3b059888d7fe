/**
 * Contributors on the wire: full profiles (`ContributorProfile`) for the public lists, the search, profile
 * pages and the signed-in expert, a contributor's free future slots, and the subjects contributors cover.
 * Every read that serves a page of contributors takes a fixed number of queries whatever the page size
 * (no N+1). The search itself (which ids, in which order) is `domain/contributors.ts`.
 */
import type { Availability, ContributorProfile, Language, Slot, Subject } from '@mashura/core'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables.ts'
import { centerOut, contributorSummaries, officeOut, subjectOut } from './common.ts'

/** Options that shape profiles: the language, the public URL for pictures, and "now". */
export interface ProfileOptions {
  /** The language of names and texts. */
  lang: Language
  /** The public URL that site paths of pictures are prefixed with. */
  publicUrl: string
  /** The moment "future" and "free" are measured from; now by default. */
  now?: Date
}

/**
 * The full profiles of some contributors, by id, in five queries whatever their number:
 * rows, subjects, centers, free future slots (next one and availability) and held sessions.
 * `rating` stays null until ratings exist.
 */
export async function contributorProfiles(
  db: Kysely<Database>,
  ids: readonly number[],
  options: ProfileOptions,
): Promise<Map<number, ContributorProfile>> {
  const out = new Map<number, ContributorProfile>()
  const unique = [...new Set(ids)]
  if (unique.length === 0) return out
  const { lang, publicUrl } = options
  const now = (options.now ?? new Date()).toISOString()

  const rows = await db.selectFrom('contributors').selectAll().where('id', 'in', unique).execute()
  if (rows.length === 0) return out
  const found = rows.map((r) => r.id)
  const centerIds = [...new Set(rows.flatMap((r) => (r.center_id === null ? [] : [r.center_id])))]

  const [summaries, subjectRows, centers, slotStats, sessionCounts] = await Promise.all([
    contributorSummaries(db, found, publicUrl),
    db
      .selectFrom('contributor_subjects')
      .innerJoin('subjects', 'subjects.id', 'contributor_subjects.subject_id')
      .select('contributor_subjects.contributor_id')
      .select(['subjects.id', 'subjects.name_ar', 'subjects.name_en', 'subjects.type', 'subjects.bsa'])
      .where('contributor_subjects.contributor_id', 'in', found)
      .orderBy('subjects.id')
      .execute(),
    centerIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('centers').selectAll().where('id', 'in', centerIds).execute(),
    db
      .selectFrom('slots')
      .select('slots.contributor_id')
      .select((eb) => [
        eb.fn.min('slots.start_at').as('next_start'),
        sql<number>`max(${sql.ref('slots.availability')} & 1)`.as('office'),
        sql<number>`max(${sql.ref('slots.availability')} & 2)`.as('online'),
      ])
      .where('slots.contributor_id', 'in', found)
      .where('slots.start_at', '>', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sessions').select('sessions.id').whereRef('sessions.active_slot_id', '=', 'slots.id'),
          ),
        ),
      )
      .groupBy('slots.contributor_id')
      .execute(),
    db
      .selectFrom('sessions')
      .select('sessions.contributor_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sessions.contributor_id', 'in', found)
      .where('sessions.state', '=', 'ended')
      .groupBy('sessions.contributor_id')
      .execute(),
  ])

  const subjectsBy = new Map<number, Subject[]>()
  for (const s of subjectRows) {
    const list = subjectsBy.get(s.contributor_id) ?? []
    list.push(subjectOut(s, lang))
    subjectsBy.set(s.contributor_id, list)
  }
  const centerBy = new Map(centers.map((c) => [c.id, centerOut(c, lang)]))
  const slotsBy = new Map(slotStats.map((s) => [s.contributor_id, s]))
  const countBy = new Map(sessionCounts.map((s) => [s.contributor_id, Number(s.n)]))

  for (const row of rows) {
    const summary = summaries.get(row.id)
    if (!summary) continue
    const slots = slotsBy.get(row.id)
    const bits = slots ? (Number(slots.office) ? 1 : 0) | (Number(slots.online) ? 2 : 0) : 0
    const bio = lang === 'en' ? row.bio_en : row.bio_ar
    out.set(row.id, {
      ...summary,
      can_create_slots: row.can_create_slots === 1,
      can_delete_slots: row.can_delete_slots === 1,
      subjects: subjectsBy.get(row.id) ?? [],
      bio: bio.trim() === '' ? null : bio,
      center: row.center_id === null ? null : (centerBy.get(row.center_id) ?? null),
      // With nothing free to book, nothing restricts how a booking could be held.
      availability: bits === 0 ? 3 : (bits as Availability),
      next_free_slot: slots?.next_start ?? null,
      rating: null,
      sessions_count: countBy.get(row.id) ?? 0,
      created_at: row.created_at,
      available_now: row.join_now_enabled === 1 && row.available_for_instant === 1,
    })
  }
  return out
}

/** One contributor's full profile, or null when there is no such contributor. */
export async function contributorProfile(
  db: Kysely<Database>,
  id: number,
  options: ProfileOptions,
): Promise<ContributorProfile | null> {
  return (await contributorProfiles(db, [id], options)).get(id) ?? null
}

/** Profiles for a page of ids, in the ids' order. */
export async function orderedProfiles(
  db: Kysely<Database>,
  ids: readonly number[],
  options: ProfileOptions,
): Promise<ContributorProfile[]> {
  const profiles = await contributorProfiles(db, ids, options)
  return ids.flatMap((id) => {
    const p = profiles.get(id)
    return p ? [p] : []
  })
}

/**
 * A page of a contributor's free future slots, earliest first (start, then id), and their
 * total. A slot is free while no session holds it (`sessions.active_slot_id`).
 */
export async function freeSlotsPage(
  db: Kysely<Database>,
  contributorId: number,
  paging: { page: number; perPage: number },
  options: { lang: Language; now?: Date },
): Promise<{ slots: Slot[]; total: number }> {
  const now = (options.now ?? new Date()).toISOString()
  const base = db
    .selectFrom('slots')
    .where('slots.contributor_id', '=', contributorId)
    .where('slots.start_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions').select('sessions.id').whereRef('sessions.active_slot_id', '=', 'slots.id'),
        ),
      ),
    )
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const total = Number(n)
  const offset = (paging.page - 1) * paging.perPage
  if (offset >= total) return { slots: [], total }
  const rows = await base
    .selectAll('slots')
    .orderBy('slots.start_at')
    .orderBy('slots.id')
    .limit(paging.perPage)
    .offset(offset)
    .execute()
  const officeIds = [...new Set(rows.flatMap((r) => (r.office_id === null ? [] : [r.office_id])))]
  const offices =
    officeIds.length === 0
      ? []
      : await db.selectFrom('offices').selectAll().where('id', 'in', officeIds).execute()
  const officeBy = new Map(offices.map((o) => [o.id, officeOut(o, options.lang)]))
  return {
    total,
    slots: rows.map((r) => ({
      id: r.id,
      contributor_id: r.contributor_id,
      start: r.start_at,
      end: r.end_at,
      availability: r.availability,
      office: r.office_id === null ? null : (officeBy.get(r.office_id) ?? null),
      is_booked: false,
      session_id: null,
    })),
  }
}

/** The subjects at least one contributor covers, by id. */
export async function coveredSubjects(db: Kysely<Database>, lang: Language): Promise<Subject[]> {
  const rows = await db
    .selectFrom('subjects')
    .selectAll('subjects')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('contributor_subjects')
          .select('contributor_subjects.contributor_id')
          .whereRef('contributor_subjects.subject_id', '=', 'subjects.id'),
      ),
    )
    .orderBy('subjects.id')
    .execute()
  return rows.map((r) => subjectOut(r, lang))
}
