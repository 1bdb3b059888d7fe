/**
 * Fixtures of the expert-workspace journeys, read from and written to the database of the running
 * `npm start` (a second SQLite connection beside the server's, as `db.ts` does).
 */
import { riyadhDay } from '@mashura/core'
import { withStore } from './db.ts'
/** A seeded expert's own public profile address and contributor id. */
export function ownProfile(
  dataDir: string,
  subject: string,
): Promise<{ path: string; contributorId: number }> {
  return withStore(dataDir, async (db) => {
    const row = await db
      .selectFrom('contributors')
      .innerJoin('people', 'people.id', 'contributors.person_id')
      .select(['contributors.id', 'contributors.kind'])
      .where('people.subject', '=', subject)
      .executeTakeFirstOrThrow()
    const first = await db
      .selectFrom('contributor_subjects')
      .select('subject_id')
      .where('contributor_id', '=', row.id)
      .orderBy('subject_id')
      .executeTakeFirst()
    return { path: `/profile/${row.kind}/${first?.subject_id ?? 0}/${row.id}`, contributorId: row.id }
  })
}

/** Takes away (or gives back) an expert's permission to publish slots, as an administrator would. */
export function setCanCreateSlots(dataDir: string, contributorId: number, allowed: boolean): Promise<void> {
  return withStore(dataDir, async (db) => {
    await db
      .updateTable('contributors')
      .set({ can_create_slots: allowed ? 1 : 0 })
      .where('id', '=', contributorId)
      .execute()
  })
}

/** An expert's slots that overlap a time span (ISO times). */
export function slotsBetween(
  dataDir: string,
  contributorId: number,
  from: string,
  to: string,
): Promise<{ id: number; start_at: string; end_at: string }[]> {
  return withStore(dataDir, (db) =>
    db
      .selectFrom('slots')
      .select(['id', 'start_at', 'end_at'])
      .where('contributor_id', '=', contributorId)
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .orderBy('start_at')
      .execute(),
  )
}

/**
 * Two of an expert's booked-or-held sessions (not requests) that start on different Riyadh days: one to
 * fall inside a one-day range and one outside it.
 */
export function twoSessionDays(
  dataDir: string,
  contributorId: number,
): Promise<{ inside: { id: number; day: string }; outside: { id: number; day: string } }> {
  return withStore(dataDir, async (db) => {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'start_at'])
      .where('contributor_id', '=', contributorId)
      .where('request_state', 'is', null)
      .orderBy('start_at')
      .execute()
    const first = rows[0]
    const other = rows.find((r) => first && riyadhDay(r.start_at) !== riyadhDay(first.start_at))
    if (!first || !other) throw new Error('the expert needs sessions on two different days')
    return {
      inside: { id: first.id, day: riyadhDay(first.start_at) },
      outside: { id: other.id, day: riyadhDay(other.start_at) },
    }
  })
}
