/**
 * Publishing and deleting a contributor's slots. Both run in one transaction; on PostgreSQL the
 * contributor's (or slot's) row is locked first, so two calls at once cannot both pass the overlap or
 * booking checks (SQLite runs one write transaction at a time anyway).
 */
import type { CreateSlotsInput } from '@mashura/core/contract'
import type { ApiMessageKey as MessageKey } from '@mashura/core/i18n/server'
import type { Store } from '../db/database.ts'
import {
  anyBookingOfSlot,
  contributorSlotRights,
  contributorSlotTimesOverlapping,
  deleteSlotRow,
  insertSlots,
  lockContributorRow,
  officeIdIfAny,
  ownSlotId,
} from '../db/queries/slots.ts'
import type { Row } from '../db/tables.ts'
import { isForeignKeyViolation } from './db-errors.ts'
import { conflict, forbidden, notFound, refused } from './errors.ts'

/** The longest range `GET /schedule/v2/contributor` reads, in days. */
export const MAX_RANGE_DAYS = 62

/** What `POST /schedule/v5/schedules` takes. */
export type CreateSlotsBody = CreateSlotsInput

interface Candidate {
  index: number
  start: number
  end: number
}

/** The indices of candidates that overlap another candidate (touching ends do not overlap). */
function overlapsWithin(candidates: readonly Candidate[]): Set<number> {
  const sorted = [...candidates].sort((a, b) => a.start - b.start || a.end - b.end)
  const clashing = new Set<number>()
  let reach: Candidate | null = null
  for (const c of sorted) {
    if (reach && c.start < reach.end) {
      clashing.add(c.index)
      clashing.add(reach.index)
    }
    if (!reach || c.end > reach.end) reach = c
  }
  return clashing
}

function fieldsOf(indices: Iterable<number>, suffix: string, key: MessageKey): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {}
  for (const i of [...indices].sort((a, b) => a - b)) fields[`slots.${i}${suffix}`] = key
  return fields
}

/**
 * Publishes slots for a contributor, all or none, and returns the new rows earliest first. Refuses (forbidden, 403)
 * without `can_create_slots`; (422) a slot that does not end after it starts, starts in the past, or
 * overlaps another slot of the call or a published one; (422) an office that is missing when the slots
 * can be held in the office, or does not exist. Times are stored as UTC ISO text.
 */
export async function createSlots(
  store: Store,
  contributorId: number,
  input: CreateSlotsBody,
  now: Date,
): Promise<Row<'slots'>[]> {
  const { db, dialect } = store
  const me = await contributorSlotRights(db, contributorId, 'can_create_slots')
  if (me.can_create_slots !== 1) throw forbidden('errors.cannotCreateSlots')

  const candidates: Candidate[] = input.slots.map((s, index) => ({
    index,
    start: Date.parse(s.start),
    end: Date.parse(s.end),
  }))
  const unreadable = candidates.filter((c) => Number.isNaN(c.start) || Number.isNaN(c.end))
  if (unreadable.length)
    throw refused(
      'invalid_date',
      'errors.validationFailed',
      fieldsOf(
        unreadable.map((c) => c.index),
        '',
        'errors.invalidDate',
      ),
    )
  const backwards = candidates.filter((c) => c.end <= c.start)
  if (backwards.length)
    throw refused(
      'slot_end_before_start',
      'errors.validationFailed',
      fieldsOf(
        backwards.map((c) => c.index),
        '.end',
        'errors.invalidValue',
      ),
    )
  const past = candidates.filter((c) => c.start <= now.getTime())
  if (past.length)
    throw refused(
      'slot_in_past',
      'errors.slotInPast',
      fieldsOf(
        past.map((c) => c.index),
        '.start',
        'errors.slotInPast',
      ),
    )
  const within = overlapsWithin(candidates)
  if (within.size)
    throw refused('slot_overlap', 'errors.slotOverlap', fieldsOf(within, '', 'errors.slotOverlap'))

  const inOffice = (input.availability & 1) === 1
  // An online-only slot has no office, whatever was sent.
  const officeId = inOffice ? (input.office_id ?? null) : null
  if (inOffice && officeId === null)
    throw refused('office_required', 'errors.validationFailed', { office_id: 'errors.fieldRequired' })
  if (officeId !== null) {
    const office = await officeIdIfAny(db, officeId)
    if (!office)
      throw refused('office_not_found', 'errors.validationFailed', { office_id: 'errors.invalidValue' })
  }

  const first = new Date(Math.min(...candidates.map((c) => c.start))).toISOString()
  const last = new Date(Math.max(...candidates.map((c) => c.end))).toISOString()
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await lockContributorRow(trx, contributorId)
    const existing = await contributorSlotTimesOverlapping(trx, contributorId, first, last)
    const clashing = candidates
      .filter((c) => existing.some((e) => Date.parse(e.start_at) < c.end && Date.parse(e.end_at) > c.start))
      .map((c) => c.index)
    if (clashing.length)
      throw refused('slot_overlap', 'errors.slotOverlap', fieldsOf(clashing, '', 'errors.slotOverlap'))
    const created = now.toISOString()
    const rows = await insertSlots(
      trx,
      candidates.map((c) => ({
        contributor_id: contributorId,
        start_at: new Date(c.start).toISOString(),
        end_at: new Date(c.end).toISOString(),
        availability: input.availability,
        office_id: officeId,
        created_at: created,
      })),
    )
    return rows.sort((a, b) => a.start_at.localeCompare(b.start_at) || a.id - b.id)
  })
}

/**
 * Deletes one of a contributor's slots. Refuses (forbidden, 403) without `can_delete_slots`, (404) a slot that is not
 * theirs, and (409) a slot any booking refers to: a live one holds it, and a released one (rejected,
 * expired, cancelled) still names it as its `slot_id`, which must keep pointing at a real slot.
 */
export async function deleteSlot(store: Store, contributorId: number, slotId: number): Promise<void> {
  const { db, dialect } = store
  const me = await contributorSlotRights(db, contributorId, 'can_delete_slots')
  if (me.can_delete_slots !== 1) throw forbidden('errors.cannotDeleteSlots')
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await ownSlotId(trx, contributorId, slotId, dialect === 'postgres')))
        throw notFound('errors.slotNotFound')
      const used = await anyBookingOfSlot(trx, slotId)
      if (used) throw conflict('slot_has_bookings', 'errors.slotHasBookings')
      await deleteSlotRow(trx, slotId)
    })
  } catch (err) {
    // A booking committed between the check and the delete.
    if (isForeignKeyViolation(err)) throw conflict('slot_has_bookings', 'errors.slotHasBookings')
    throw err
  }
}
