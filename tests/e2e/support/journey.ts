/**
 * Fixtures of the spec section 4 journey, read from the database of the running `npm start` (a second
 * SQLite connection beside the server's, as `db.ts` does). Nothing here writes what the journey does
 * through the browser.
 */
import { riyadhClockTime, riyadhDay } from '@mashura/core'
import { withStore } from './db.ts'

/** The Riyadh day (`YYYY-MM-DD`) and time (`HH:MM`) `minutes` from now, rounded up to the next minute. */
export function riyadhClock(minutes: number): { day: string; time: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000)
  return { day: riyadhDay(at), time: riyadhClockTime(at), at }
}

/** A session row as the journey checks it. */
export interface JourneySession {
  id: number
  slot_id: number
  state: string
  request_state: string | null
  request_reason: string | null
}

/** The session (or request) booked on a slot. */
export function sessionOnSlot(dataDir: string, slotId: number): Promise<JourneySession | undefined> {
  return withStore(dataDir, async (db) => {
    const row = await db
      .selectFrom('sessions')
      .selectAll()
      .where('slot_id', '=', slotId)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (!row) return undefined
    return {
      id: row.id,
      slot_id: row.slot_id,
      state: row.state,
      request_state: row.request_state,
      request_reason: row.request_reason,
    }
  })
}

/**
 * Removes an expert's free slots (none booked or held) that overlap `[from, to)`: the seed plans whole-hour
 * slots from the hour after it ran, and one of them can fall where the journey publishes its own, which
 * the server then refuses as overlapping (a failure that came and went with the clock).
 */
export function clearFreeSlots(dataDir: string, contributorId: number, from: Date, to: Date): Promise<void> {
  return withStore(dataDir, async (db) => {
    await db
      .deleteFrom('slots')
      .where('contributor_id', '=', contributorId)
      .where('start_at', '<', to.toISOString())
      .where('end_at', '>', from.toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('sessions').select('sessions.id').whereRef('sessions.slot_id', '=', 'slots.id')),
        ),
      )
      .execute()
  })
}
