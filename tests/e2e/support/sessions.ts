/** Database fixtures for the expert's sessions journeys (tests/e2e/expert-sessions.test.ts). */
import { personRow, withStore } from './db.ts'

/** What a session is made with: between a seeded expert and business owner (by subject), `startsIn` minutes from now. */
export interface SessionFixture {
  /** The expert's subject at the dev provider (`dev-consultant`). */
  expert: string
  /** The business owner's subject (`dev-sme`). */
  sme: string
  /** Minutes from now to the start (negative: already begun). */
  startsIn: number
  /** Its length in minutes (an hour by default). */
  minutes?: number
  /** The meeting provider of an online session: the built-in call (default) or Zoom. */
  provider?: 'webrtc' | 'zoom'
}

/**
 * Books an online session in a new slot of the expert, as a booking would leave it (state booked, the slot
 * held, the meeting number unique so no two sessions share a call), through the server's own fixture.
 */
export function addBookedSession(dataDir: string, fixture: SessionFixture): Promise<{ id: number }> {
  return withStore(dataDir, async (db) => {
    const { addSession } = await import('@mashura/server/testing')
    const person = (subject: string) => personRow(db, subject)
    const expert = await person(fixture.expert)
    const owner = await person(fixture.sme)
    const subject = await db
      .selectFrom('contributor_subjects')
      .select('subject_id')
      .where('contributor_id', '=', expert.contributor_id!)
      .orderBy('subject_id')
      .executeTakeFirstOrThrow()
    const row = await addSession(db, {
      contributorId: expert.contributor_id!,
      smeId: owner.id,
      start: new Date(Date.now() + fixture.startsIn * 60_000),
      minutes: fixture.minutes ?? 60,
      availability: 2,
      subject_id: subject.subject_id,
      communication_way: 0,
      meeting_provider: fixture.provider ?? 'webrtc',
      meeting_number: String(Date.now()) + String(Math.floor(Math.random() * 1000)),
      description: 'مراجعة خطة التسويق للربع القادم',
    })
    return { id: row.id }
  })
}

/** A session's state and times as the database holds them. */
export function sessionRow(
  dataDir: string,
  id: number,
): Promise<{ state: string; end_at: string; is_instant: number; contributor_id: number }> {
  return withStore(dataDir, (db) =>
    db
      .selectFrom('sessions')
      .select(['state', 'end_at', 'is_instant', 'contributor_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  )
}

/**
 * Ends a session in the database behind the server's back (no realtime event), as when another device
 * ended it while this tab's connection was down: the tab still offers "end", and the server refuses it.
 */
export function endUnheard(dataDir: string, id: number): Promise<void> {
  return withStore(dataDir, async (db) => {
    await db.updateTable('sessions').set({ state: 'ended' }).where('id', '=', id).execute()
  })
}

/** The kinds of the notifications a person got about a session (an instant session's "a business owner joins"). */
export function notificationKinds(dataDir: string, personId: number, sessionId: number): Promise<string[]> {
  return withStore(dataDir, async (db) => {
    const rows = await db
      .selectFrom('notifications')
      .select('kind')
      .where('person_id', '=', personId)
      .where('session_id', '=', sessionId)
      .execute()
    return rows.map((row) => row.kind)
  })
}
