/**
 * The back office's experts and invitations on the wire (issue 33): both languages of every text (the admin
 * edits both), the admin's flags as booleans, and how many future bookings a deactivation would touch. A page
 * takes a fixed number of queries whatever its size.
 */
import type { calls } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import type { Static } from 'typebox'
import {
  adminExpertRows,
  peopleNames,
  subjectNamesOf,
  upcomingBookingCounts,
} from '../db/queries/admin-experts.ts'
import { centersByIds } from '../db/queries/contributors.ts'
import type { Database, Row } from '../db/tables.ts'
import { invitationState } from '../domain/expert-onboarding.ts'
import { fileRef } from './common.ts'

/** An expert as the back office shows them. */
export type AdminExpertOut = Static<(typeof calls)['adminGetExpert']['response']>['data']
/** An invitation as the back office lists it. */
export type InvitationOut = Static<(typeof calls)['adminRevokeInvitation']['response']>['data']

/** Some experts as the back office shows them, in the ids' order (unknown ids left out). */
export async function adminExpertsOut(
  db: Kysely<Database>,
  ids: readonly number[],
  options: { publicUrl: string; now?: Date },
): Promise<AdminExpertOut[]> {
  if (ids.length === 0) return []
  const now = (options.now ?? new Date()).toISOString()
  const rows = await adminExpertRows(db, ids)
  const centerIds = [...new Set(rows.flatMap((r) => (r.center_id === null ? [] : [r.center_id])))]
  const [subjects, centers, counts] = await Promise.all([
    subjectNamesOf(db, ids),
    centerIds.length ? centersByIds(db, centerIds) : Promise.resolve([]),
    upcomingBookingCounts(db, ids, now),
  ])
  const centerBy = new Map(centers.map((c) => [c.id, { id: c.id, name_ar: c.name_ar, name_en: c.name_en }]))
  const countBy = new Map(counts.map((c) => [c.contributor_id, Number(c.n)]))
  const byId = new Map<number, AdminExpertOut>()
  for (const row of rows) {
    byId.set(row.id, {
      id: row.id,
      person_id: row.person_id,
      full_name: row.full_name,
      email: row.email,
      file: fileRef(row.photo_path ?? row.person_photo_path, options.publicUrl),
      kind: row.kind,
      gender: row.gender,
      center: row.center_id === null ? null : (centerBy.get(row.center_id) ?? null),
      subjects: subjects
        .filter((s) => s.contributor_id === row.id)
        .map((s) => ({ id: s.id, name_ar: s.name_ar, name_en: s.name_en })),
      title_ar: row.title_ar,
      title_en: row.title_en,
      bio_ar: row.bio_ar,
      bio_en: row.bio_en,
      is_active: row.is_active === 1,
      join_now_enabled: row.join_now_enabled === 1,
      chat_status: row.chat_status === 1,
      can_create_slots: row.can_create_slots === 1,
      can_delete_slots: row.can_delete_slots === 1,
      available_for_instant: row.available_for_instant === 1,
      zoom_user: row.zoom_user,
      upcoming_sessions: countBy.get(row.id) ?? 0,
      created_at: row.created_at,
    })
  }
  return ids.flatMap((id) => {
    const out = byId.get(id)
    return out ? [out] : []
  })
}

/** One expert as the back office shows them, or null when there is no such expert. */
export async function adminExpertOut(
  db: Kysely<Database>,
  id: number,
  options: { publicUrl: string; now?: Date },
): Promise<AdminExpertOut | null> {
  return (await adminExpertsOut(db, [id], options))[0] ?? null
}

/** Some invitations as the back office lists them (never their token hash), with who invited. */
export async function invitationsOut(
  db: Kysely<Database>,
  rows: readonly Row<'expert_invitations'>[],
  now: Date = new Date(),
): Promise<InvitationOut[]> {
  const inviters = [...new Set(rows.flatMap((r) => (r.invited_by === null ? [] : [r.invited_by])))]
  const names = new Map(
    (inviters.length ? await peopleNames(db, inviters) : []).map((p) => [p.id, p.full_name]),
  )
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    state: invitationState(row, now),
    kind: row.kind,
    gender: row.gender,
    center_id: row.center_id,
    subject_ids: JSON.parse(row.subject_ids) as number[],
    title_ar: row.title_ar,
    title_en: row.title_en,
    bio_ar: row.bio_ar,
    bio_en: row.bio_en,
    join_now_enabled: row.join_now_enabled === 1,
    chat_status: row.chat_status === 1,
    can_create_slots: row.can_create_slots === 1,
    can_delete_slots: row.can_delete_slots === 1,
    zoom_user: row.zoom_user,
    invited_by:
      row.invited_by === null
        ? null
        : { person_id: row.invited_by, full_name: names.get(row.invited_by) ?? '' },
    created_at: row.created_at,
    expires_at: row.expires_at,
    accepted_at: row.accepted_at,
    revoked_at: row.revoked_at,
    contributor_id: row.contributor_id,
  }))
}
