/**
 * The reads and writes behind choosing a Zoom host for a session's meeting (issue 33, `adapters/zoom/hosts.ts`): which
 * Zoom users have a meeting at a time, an expert's own Zoom user, and recording the host a meeting was made
 * under (`sessions.zoom_host`, migration 0014).
 */
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../tables.ts'

type Db = Kysely<Database> | Transaction<Database>

/**
 * The Zoom users that have a session's meeting overlapping `[start, end)`: sessions with a Zoom meeting that are
 * still to happen or under way (not ended, cancelled or refused). A session made before hosts were recorded
 * counts as `legacyHost`'s (the one host meetings were made under then).
 */
export async function busyZoomHosts(
  db: Db,
  window: { start: string; end: string },
  legacyHost: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sessions')
    .select('zoom_host')
    .distinct()
    .where('meeting_provider', '=', 'zoom')
    .where('meeting_number', 'is not', null)
    .where('state', 'in', ['pending', 'booked', 'ongoing'])
    .where((eb) => eb.or([eb('request_state', 'is', null), eb('request_state', '=', 'accepted')]))
    .where('start_at', '<', window.end)
    .where('end_at', '>', window.start)
    .execute()
  return new Set(rows.map((r) => r.zoom_host ?? legacyHost))
}

/** An expert's own Zoom user, if the admin set one. */
export async function contributorZoomUser(db: Db, contributorId: number): Promise<string | null> {
  const row = await db
    .selectFrom('contributors')
    .select('zoom_user')
    .where('id', '=', contributorId)
    .executeTakeFirst()
  return row?.zoom_user?.trim() || null
}

/** Records the Zoom user a session's meeting was made under, by the meeting's number. */
export async function recordSessionZoomHost(db: Db, meetingNumber: string, host: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ zoom_host: host })
    .where('meeting_provider', '=', 'zoom')
    .where('meeting_number', '=', meetingNumber)
    .execute()
}
