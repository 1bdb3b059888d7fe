/**
 * Contributors on the wire: full profiles (`ContributorProfile`) for the public lists, the search, profile
 * pages and the signed-in expert, a contributor's free future slots, and the subjects contributors cover.
 * Every read that serves a page of contributors takes a fixed number of queries whatever the page size
 * (no N+1). The search itself (which ids, in which order) is `domain/contributors.ts`.
 */
import type { Availability, ContributorProfile, Language, Slot, Subject } from '@mashura/core'
import type { Kysely } from 'kysely'
import {
  centersOfContributors,
  contributorsByIds,
  coveredSubjectRows,
  endedSessionCounts,
  subjectsOfContributors,
} from '../db/queries/contributors.ts'
import { freeSlotRowsPage, freeSlotStats, officesByIds } from '../db/queries/slots.ts'
import type { Database } from '../db/tables.ts'
import { centerOut, contributorSummaryOf, officeOut, subjectOut } from './common.ts'

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
 * The full profiles of some contributors, by id, in five queries at once whatever their number:
 * rows with names, subjects, centers, free future slots (next one and availability) and held sessions.
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

  // All at once: a page of new profiles waits for one round of reads, not two.
  const [rows, subjectRows, centers, slotStats, sessionCounts] = await Promise.all([
    contributorsByIds(db, unique),
    subjectsOfContributors(db, unique),
    centersOfContributors(db, unique),
    freeSlotStats(db, unique, now),
    endedSessionCounts(db, unique),
  ])
  if (rows.length === 0) return out

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
    const summary = contributorSummaryOf(row, publicUrl)
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
  const offset = (paging.page - 1) * paging.perPage
  const { rows, total } = await freeSlotRowsPage(db, contributorId, now, { limit: paging.perPage, offset })
  if (rows.length === 0) return { slots: [], total }
  const officeIds = [...new Set(rows.flatMap((r) => (r.office_id === null ? [] : [r.office_id])))]
  const offices = await officesByIds(db, officeIds)
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
  const rows = await coveredSubjectRows(db)
  return rows.map((r) => subjectOut(r, lang))
}
