/**
 * The back office's experts (issue 33): the admin's list, the changes an admin makes to an expert (every
 * field, the admin's flags, the Zoom user), promoting an existing person, deactivating (gone from search and
 * booking at once; optionally cancelling their future sessions and waiting requests, each owner told and
 * mailed) and reactivating. Every change is one transaction with its audit entry (before and after); once it
 * commits, the catalogue cache's scopes are bumped and `expert.changed` is published, so public pages and
 * realtime see it at once. Invitations are `expert-onboarding.ts`.
 */
import { type ContributorKind, REQUEST_MOVES, SESSION_MOVES } from '@mashura/core'
import type { Kysely, Transaction } from 'kysely'
import type { CacheScope } from '../adapters/cache/catalogue-cache.ts'
import {
  type AdminExpertFilter,
  adminExpertIds,
  cancelReasonIdIfAny,
  centerIdIfAny,
  countAdminExperts,
  existingSubjectIds,
  expertRow,
  expertSubjectIds,
  insertExpert,
  peopleByEmail,
  personWithExpert,
  replaceExpertSubjects,
  setExpertActiveIf,
  upcomingBookingsOf,
  updateExpertRow,
} from '../db/queries/admin-experts.ts'
import { personName } from '../db/queries/people.ts'
import { updateRequestBeforeStart } from '../db/queries/requests.ts'
import { updateSessionIf } from '../db/queries/sessions.ts'
import type { Database, Row, RowUpdate } from '../db/tables.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { rebuildSearchText } from './contributors.ts'
import { isUniqueViolation } from './db-errors.ts'
import { conflict, invalid, notFound, refused } from './errors.ts'
import { type FollowUpDeps, recordFollowUp, runFollowUps } from './follow-ups.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What an expert change needs: the database, the bus and pushes (notices), the cache to bump, the site's URL. */
export interface ExpertChangeDeps extends FollowUpDeps {
  catalogueCache: { bump(scopes: readonly CacheScope[]): Promise<void> }
}

/** The fields of an expert an admin sets, as the wire names them; each optional (an update changes those given). */
export interface ExpertFields {
  kind?: ContributorKind
  gender?: 'female' | 'male' | null
  center_id?: number | null
  subject_ids?: number[]
  title_ar?: string
  title_en?: string
  bio_ar?: string
  bio_en?: string
  join_now_enabled?: boolean
  chat_status?: boolean
  can_create_slots?: boolean
  can_delete_slots?: boolean
  zoom_user?: string | null
}

/** The fields of a new expert: kind and titles given, the rest from {@link NEW_EXPERT_DEFAULTS}. */
export type NewExpertFields = ExpertFields & Required<Pick<ExpertFields, 'kind' | 'title_ar' | 'title_en'>>

/** A new expert's fields the admin left out: no center, subjects, gender or bio; may manage slots and chat. */
export const NEW_EXPERT_DEFAULTS = {
  gender: null,
  center_id: null,
  subject_ids: [] as number[],
  bio_ar: '',
  bio_en: '',
  join_now_enabled: false,
  chat_status: true,
  can_create_slots: true,
  can_delete_slots: true,
  zoom_user: null,
} as const

/** An expert as the audit trail records them: plain data, the subjects as ids. */
export interface ExpertSnapshot {
  kind: ContributorKind
  gender: 'female' | 'male' | null
  center_id: number | null
  subject_ids: number[]
  title_ar: string
  title_en: string
  bio_ar: string
  bio_en: string
  is_active: boolean
  join_now_enabled: boolean
  chat_status: boolean
  can_create_slots: boolean
  can_delete_slots: boolean
  zoom_user: string | null
}

/** The admin as the audit trail names them: their person and their name now. */
export async function adminActor(db: Db, personId: number): Promise<AuditActor> {
  const { full_name } = await personName(db, personId)
  return { personId, label: full_name }
}

/** An expert's snapshot, or null when there is no such expert. */
export async function expertSnapshot(db: Db, contributorId: number): Promise<ExpertSnapshot | null> {
  const row = await expertRow(db, contributorId)
  if (!row) return null
  return {
    kind: row.kind,
    gender: row.gender,
    center_id: row.center_id,
    subject_ids: await expertSubjectIds(db, contributorId),
    title_ar: row.title_ar,
    title_en: row.title_en,
    bio_ar: row.bio_ar,
    bio_en: row.bio_en,
    is_active: row.is_active === 1,
    join_now_enabled: row.join_now_enabled === 1,
    chat_status: row.chat_status === 1,
    can_create_slots: row.can_create_slots === 1,
    can_delete_slots: row.can_delete_slots === 1,
    zoom_user: row.zoom_user,
  }
}

/** 422 unless the center and every subject named exist. */
export async function checkExpertFields(db: Db, fields: ExpertFields): Promise<void> {
  if (
    fields.center_id !== undefined &&
    fields.center_id !== null &&
    !(await centerIdIfAny(db, fields.center_id))
  )
    throw refused('invalid_center', 'errors.validationFailed', { center_id: 'errors.invalidValue' })
  const subjects = [...new Set(fields.subject_ids ?? [])]
  if (subjects.length > 0 && (await existingSubjectIds(db, subjects)).length !== subjects.length)
    throw refused('invalid_subject', 'errors.validationFailed', { subject_ids: 'errors.invalidValue' })
}

/** The columns of `contributors` that some fields set (texts trimmed, flags as 0/1). */
function expertColumns(fields: ExpertFields): RowUpdate<'contributors'> {
  const flag = (value: boolean) => (value ? 1 : 0)
  const out: RowUpdate<'contributors'> = {}
  if (fields.kind !== undefined) out.kind = fields.kind
  if (fields.gender !== undefined) out.gender = fields.gender
  if (fields.center_id !== undefined) out.center_id = fields.center_id
  if (fields.title_ar !== undefined) out.title_ar = fields.title_ar.trim()
  if (fields.title_en !== undefined) out.title_en = fields.title_en.trim()
  if (fields.bio_ar !== undefined) out.bio_ar = fields.bio_ar.trim()
  if (fields.bio_en !== undefined) out.bio_en = fields.bio_en.trim()
  if (fields.join_now_enabled !== undefined) out.join_now_enabled = flag(fields.join_now_enabled)
  if (fields.chat_status !== undefined) out.chat_status = flag(fields.chat_status)
  if (fields.can_create_slots !== undefined) out.can_create_slots = flag(fields.can_create_slots)
  if (fields.can_delete_slots !== undefined) out.can_delete_slots = flag(fields.can_delete_slots)
  if (fields.zoom_user !== undefined) out.zoom_user = fields.zoom_user?.trim() || null
  return out
}

/**
 * Makes a person an expert with `fields` (defaults for the rest), covering its subjects, with their search text
 * built; answers the new contributor id. Call it in a transaction; 409 `already_expert` when the person is one.
 */
export async function createExpert(
  trx: Transaction<Database>,
  personId: number,
  fields: NewExpertFields,
  now: Date,
): Promise<number> {
  const all = { ...NEW_EXPERT_DEFAULTS, ...fields }
  const columns = expertColumns(all)
  let id: number
  try {
    ;({ id } = await insertExpert(trx, {
      person_id: personId,
      kind: all.kind,
      gender: columns.gender ?? null,
      title_ar: all.title_ar.trim(),
      title_en: all.title_en.trim(),
      bio_ar: all.bio_ar.trim(),
      bio_en: all.bio_en.trim(),
      search_text: '',
      center_id: all.center_id,
      can_create_slots: all.can_create_slots ? 1 : 0,
      can_delete_slots: all.can_delete_slots ? 1 : 0,
      chat_status: all.chat_status ? 1 : 0,
      join_now_enabled: all.join_now_enabled ? 1 : 0,
      available_for_instant: 0,
      photo_path: null,
      zoom_user: columns.zoom_user ?? null,
      created_at: now.toISOString(),
    }))
  } catch (error) {
    if (isUniqueViolation(error, 'person_id')) throw conflict('already_expert', 'errors.alreadyExpert')
    throw error
  }
  await replaceExpertSubjects(trx, id, [...new Set(all.subject_ids)])
  await rebuildSearchText(trx, [id])
  return id
}

/**
 * Tells the rest of the platform that an expert changed, once the change has committed: the public lists,
 * search, profiles and slots (the cache's scopes), and realtime (`expert.changed`).
 */
export async function afterExpertChange(deps: ExpertChangeDeps, contributorId: number): Promise<void> {
  await deps.catalogueCache.bump(['catalogue', 'slots', 'slotset', `contributor:${contributorId}`])
  await deps.bus.publish({ type: 'expert.changed', contributorId })
}

/** Finds experts for the admin: one page of ids, newest first, and the total. */
export async function searchAdminExperts(
  db: Db,
  filter: AdminExpertFilter,
  paging: { page: number; perPage: number },
): Promise<{ ids: number[]; total: number }> {
  const offset = (paging.page - 1) * paging.perPage
  const total = await countAdminExperts(db, filter)
  if (offset >= total) return { ids: [], total }
  const rows = await adminExpertIds(db, filter, { limit: paging.perPage, offset })
  return { ids: rows.map((r) => r.id), total }
}

/** The keys whose values differ between two snapshots. */
function changedKeys(before: ExpertSnapshot, after: ExpertSnapshot): (keyof ExpertSnapshot)[] {
  return (Object.keys(after) as (keyof ExpertSnapshot)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  )
}

function pick(snapshot: ExpertSnapshot, keys: readonly (keyof ExpertSnapshot)[]) {
  return Object.fromEntries(keys.map((k) => [k, snapshot[k]]))
}

/**
 * Changes an expert's fields: those given, the others kept (404 for an unknown expert, 422 for an unknown center
 * or subject). The audit entry `expert.update` holds the changed fields before and after; nothing changed
 * records nothing.
 */
export async function updateExpert(
  deps: ExpertChangeDeps,
  actor: AuditActor,
  contributorId: number,
  fields: ExpertFields,
  now: Date = new Date(),
): Promise<void> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const before = await expertSnapshot(trx, contributorId)
    if (!before) throw notFound('errors.contributorNotFound')
    await checkExpertFields(trx, fields)
    const columns = expertColumns(fields)
    if (Object.keys(columns).length > 0) await updateExpertRow(trx, contributorId, columns)
    if (fields.subject_ids !== undefined)
      await replaceExpertSubjects(trx, contributorId, [...new Set(fields.subject_ids)])
    await rebuildSearchText(trx, [contributorId])
    const after = (await expertSnapshot(trx, contributorId))!
    const keys = changedKeys(before, after)
    if (keys.length === 0) return false
    await recordAudit(trx, {
      actor,
      action: 'expert.update',
      targetType: 'expert',
      targetId: contributorId,
      before: pick(before, keys),
      after: pick(after, keys),
      now,
    })
    return true
  })
  if (changed) await afterExpertChange(deps, contributorId)
}

/** Who a promotion names: an existing person by address or id. */
export interface PromotionTarget {
  email?: string | undefined
  personId?: number | undefined
}

/**
 * Makes an existing person an expert at once, found by e-mail address (compared lower-cased) or id: 422 when
 * neither is given, 404 when no one has it, 409 `person_ambiguous` when several people share the address (give
 * the id), 409 `already_expert` when they are one. Answers the new contributor id; audit `expert.promote`.
 */
export async function promotePerson(
  deps: ExpertChangeDeps,
  actor: AuditActor,
  target: PromotionTarget,
  fields: NewExpertFields,
  now: Date = new Date(),
): Promise<number> {
  let person: { id: number; contributor_id: number | null } | undefined
  if (target.personId !== undefined) person = await personWithExpert(deps.db, target.personId)
  else if (target.email) {
    const found = await peopleByEmail(deps.db, target.email.trim())
    if (found.length > 1) throw conflict('person_ambiguous', 'errors.personAmbiguous')
    person = found[0]
  } else throw invalid('validation_failed', 'errors.validationFailed', { email: 'errors.fieldRequired' })
  if (!person) throw notFound('errors.personNotFound')
  if (person.contributor_id !== null) throw conflict('already_expert', 'errors.alreadyExpert')
  const personId = person.id
  const id = await deps.db.transaction().execute(async (trx) => {
    await checkExpertFields(trx, fields)
    const created = await createExpert(trx, personId, fields, now)
    await recordAudit(trx, {
      actor,
      action: 'expert.promote',
      targetType: 'expert',
      targetId: created,
      after: { person_id: personId, ...(await expertSnapshot(trx, created)) },
      now,
    })
    return created
  })
  await afterExpertChange(deps, id)
  return id
}

/** How a deactivation treats the expert's future bookings. */
export interface DeactivationInput {
  /** Cancel every future booked session and waiting request, with `reason`. */
  cancelSessions: boolean
  /** Required to cancel: what the business owners are told. */
  reason?: string | undefined
  /** A reason from the list (`cancel_reasons`) recorded on the sessions, if the admin picked one. */
  cancelReasonId?: number | undefined
}

/**
 * Deactivates an expert: at once gone from the lists, search, profiles and booking (their row stays, with their
 * history). With `cancelSessions`, every future booked session is cancelled and every waiting request rejected
 * with the admin's reason, in the same transaction, each business owner mailed (queued with it) and, once it
 * commits, notified. 404 for an unknown expert, 409 `expert_already_inactive`, 422 without a reason to cancel.
 * Answers the rows cancelled.
 */
export async function deactivateExpert(
  deps: ExpertChangeDeps,
  actor: AuditActor,
  contributorId: number,
  input: DeactivationInput,
  now: Date = new Date(),
): Promise<Row<'sessions'>[]> {
  const reason = input.reason?.trim() ?? ''
  if (input.cancelSessions && reason === '')
    throw refused('reason_required', 'errors.validationFailed', { reason: 'errors.fieldRequired' })
  const stamp = now.toISOString()
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    if (input.cancelReasonId !== undefined && !(await cancelReasonIdIfAny(trx, input.cancelReasonId)))
      throw refused('invalid_cancel_reason', 'errors.validationFailed', {
        cancel_reason_id: 'errors.invalidValue',
      })
    if (!(await setExpertActiveIf(trx, contributorId, false))) {
      if (await expertRow(trx, contributorId))
        throw conflict('expert_already_inactive', 'errors.expertAlreadyInactive')
      throw notFound('errors.contributorNotFound')
    }
    const rows: Row<'sessions'>[] = []
    if (input.cancelSessions) {
      for (const booking of await upcomingBookingsOf(trx, contributorId, stamp)) {
        const row = await cancelBooking(
          trx,
          booking,
          contributorId,
          reason,
          input.cancelReasonId ?? null,
          now,
        )
        if (!row) continue
        rows.push(row)
        // Its follow-up is an expert's cancellation's (domain/follow-ups.ts): the owner's notice, and both
        // people's mails with the calendar file that cancels the event (issue 34); `cancelled_by` 'admin' words
        // them as the expert's deactivation.
        await recordFollowUp(trx, row.id, 'cancelled', { now })
      }
    }
    await recordAudit(trx, {
      actor,
      action: 'expert.deactivate',
      targetType: 'expert',
      targetId: contributorId,
      before: { is_active: true },
      after: {
        is_active: false,
        cancel_sessions: input.cancelSessions,
        ...(input.cancelSessions ? { reason, cancel_reason_id: input.cancelReasonId ?? null } : {}),
        cancelled_session_ids: rows.map((r) => r.id),
      },
      now,
    })
    return rows
  })
  // Told after the commit; a follow-up that fails stays pending for the scheduler (the mail is queued already).
  if (cancelled.length > 0)
    await runFollowUps(
      deps,
      cancelled.map((r) => r.id),
      now,
    )
  await afterExpertChange(deps, contributorId)
  return cancelled
}

/**
 * Cancels one future booking of a deactivated expert: a booked session becomes cancelled (core's `cancel`
 * move), a waiting request rejected; both free the slot. Undefined when it changed state meanwhile.
 */
async function cancelBooking(
  trx: Transaction<Database>,
  booking: Row<'sessions'>,
  contributorId: number,
  reason: string,
  cancelReasonId: number | null,
  now: Date,
): Promise<Row<'sessions'> | undefined> {
  const stamp = now.toISOString()
  if (booking.state === 'booked')
    // Core's `cancel` move as one conditional UPDATE (as `transitionSession` makes it, but in this transaction).
    return updateSessionIf(
      trx,
      { id: booking.id, contributorId, from: SESSION_MOVES.cancel.from },
      {
        state: SESSION_MOVES.cancel.to,
        cancel_reason_id: cancelReasonId,
        cancel_reason: reason,
        cancelled_by: 'admin',
        active_slot_id: null,
        updated_at: stamp,
      },
      { bumpSequence: true },
    )
  return updateRequestBeforeStart(trx, booking.id, contributorId, REQUEST_MOVES.reject.from, stamp, {
    request_state: REQUEST_MOVES.reject.to,
    request_reason: reason,
    answered_at: stamp,
    updated_at: stamp,
    active_slot_id: null,
    // Mailed as a cancellation, with the next SEQUENCE of the event the booking widget's download made.
    cancel_reason_id: cancelReasonId,
    cancel_reason: reason,
    cancelled_by: 'admin',
    ics_sequence: booking.ics_sequence + 1,
  })
}

/** Reactivates a deactivated expert: back in search and booking. 404 unknown, 409 `expert_already_active`. */
export async function reactivateExpert(
  deps: ExpertChangeDeps,
  actor: AuditActor,
  contributorId: number,
  now: Date = new Date(),
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await setExpertActiveIf(trx, contributorId, true))) {
      if (await expertRow(trx, contributorId))
        throw conflict('expert_already_active', 'errors.expertAlreadyActive')
      throw notFound('errors.contributorNotFound')
    }
    await recordAudit(trx, {
      actor,
      action: 'expert.reactivate',
      targetType: 'expert',
      targetId: contributorId,
      before: { is_active: false },
      after: { is_active: true },
      now,
    })
  })
  await afterExpertChange(deps, contributorId)
}
