/**
 * Test rows for sessions, requests and slots: each test inserts what it needs (no seed data), through
 * these small helpers. Times are UTC ISO text, as the server stores them.
 */
import type { Kysely } from 'kysely'
import type { Database, NewRow, Row } from '../db/tables.ts'

/** A moment some hours from now (negative for the past). */
export function hoursFromNow(hours: number): Date {
  return new Date(Date.now() + hours * 3_600_000)
}

/** The rows a booking needs besides people: a center with an office, and two subjects. */
export interface Catalogue {
  centerId: number
  officeId: number
  /** «التخطيط المالي» / Financial planning, type 1. */
  subjectId: number
  /** «التسويق» / Marketing, type 2. */
  otherSubjectId: number
}

/** Inserts a center, an office and two subjects. */
export async function insertCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const { id: centerId } = await db
    .insertInto('centers')
    .values({ name_ar: 'مركز الرياض', name_en: 'Riyadh Center', city_ar: 'الرياض', city_en: 'Riyadh' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { id: officeId } = await db
    .insertInto('offices')
    .values({
      center_id: centerId,
      name_ar: 'مكتب العليا',
      name_en: 'Olaya Office',
      address_ar: 'طريق العليا',
      address_en: 'Olaya Road',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { id: subjectId } = await db
    .insertInto('subjects')
    .values({ name_ar: 'التخطيط المالي', name_en: 'Financial planning', type: 1, bsa: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { id: otherSubjectId } = await db
    .insertInto('subjects')
    .values({ name_ar: 'التسويق', name_en: 'Marketing', type: 2, bsa: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { centerId, officeId, subjectId, otherSubjectId }
}

/** Records that a contributor covers some subjects. */
export async function coverSubjects(
  db: Kysely<Database>,
  contributorId: number,
  subjectIds: readonly number[],
): Promise<void> {
  await db
    .insertInto('contributor_subjects')
    .values(subjectIds.map((subject_id) => ({ contributor_id: contributorId, subject_id })))
    .execute()
}

/** Inserts a slot starting at `start` and lasting `minutes` (one hour). */
export async function insertSlot(
  db: Kysely<Database>,
  options: {
    contributorId: number
    start: Date
    minutes?: number
    availability?: 1 | 2 | 3
    officeId?: number | null
  },
): Promise<Row<'slots'>> {
  const { contributorId, start, minutes = 60, availability = 3, officeId = null } = options
  return db
    .insertInto('slots')
    .values({
      contributor_id: contributorId,
      start_at: start.toISOString(),
      end_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
      availability,
      office_id: officeId,
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Inserts a session in a slot, booked and online by default. A live booking (booked, ongoing, pending)
 * holds the slot through `active_slot_id`; a finished one does not.
 */
export async function insertSession(
  db: Kysely<Database>,
  slot: Row<'slots'>,
  smeId: number,
  overrides: Partial<NewRow<'sessions'>> = {},
): Promise<Row<'sessions'>> {
  const state = overrides.state ?? 'booked'
  const live = state === 'booked' || state === 'ongoing' || state === 'pending'
  const now = new Date().toISOString()
  return db
    .insertInto('sessions')
    .values({
      slot_id: slot.id,
      active_slot_id: live ? slot.id : null,
      contributor_id: slot.contributor_id,
      sme_id: smeId,
      subject_id: null,
      communication_way: 0,
      office_id: null,
      state,
      request_state: null,
      start_at: slot.start_at,
      end_at: slot.end_at,
      is_instant: 0,
      meeting_provider: 'webrtc',
      meeting_number: '1234567890',
      meeting_password: 'secret12',
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** How many rows a table holds. */
export async function countRows(db: Kysely<Database>, table: 'sessions' | 'slots'): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}
