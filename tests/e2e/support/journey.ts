/**
 * Fixtures of the spec section 4 journey, read from the database of the running `npm start` (a second
 * SQLite connection beside the server's, as `db.ts` does). Nothing here writes what the journey does
 * through the browser.
 */
import { addCalendarDays, riyadhClockTime, riyadhDay, riyadhInstant, riyadhWeekDays } from '@mashura/core'
import { withStore } from './db.ts'

/** The Riyadh day (`YYYY-MM-DD`) and time (`HH:MM`) `minutes` from now, rounded up to the next minute. */
export function riyadhClock(minutes: number, now = new Date()): { day: string; time: string; at: Date } {
  const at = new Date(Math.ceil((now.getTime() + minutes * 60_000) / 60_000) * 60_000)
  return { day: riyadhDay(at), time: riyadhClockTime(at), at }
}

/**
 * Where step 1 publishes its two back-to-back slots. A session starts only on its own Riyadh day, so the
 * first slot starts in 4 minutes, today, and the second where it ends, also today: hour-long slots while two
 * hours fit before Riyadh's midnight, half-hour ones while one hour does. In the day's last hour neither fits:
 * the two go to tomorrow at 09:00 (`today: false`), and step 4 then starts a session booked for now instead.
 */
export function publishPlan(now = new Date()): {
  day: string
  time: string
  at: Date
  minutes: 30 | 60
  today: boolean
  nextWeek: boolean
} {
  const first = riyadhClock(4, now)
  const midnight = riyadhInstant(addCalendarDays(riyadhDay(now), 1)).getTime()
  const room = (midnight - first.at.getTime()) / 60_000
  if (first.day === riyadhDay(now) && room >= 60)
    return { ...first, minutes: room >= 120 ? 60 : 30, today: true, nextWeek: false }
  const day = addCalendarDays(riyadhDay(now), 1)
  const at = riyadhInstant(day, '09:00')
  return { day, time: '09:00', at, minutes: 60, today: false, nextWeek: !riyadhWeekDays(now).includes(day) }
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
