/**
 * Fixtures of the recommendations journey: sessions of the consultant with the business owner made through
 * the server's own test fixtures on the running server's database, and the saved recommendation read back.
 */
import { personRow, withStore } from './db.ts'

/** A session made for the test: its id and its business owner's. */
export interface MadeSession {
  sessionId: number
  smeId: number
}

/** How many sessions this run has made: each gets its own hour, so no two slots overlap. */
let made = 0

/**
 * A session of the consultant (`dev-consultant`) with the business owner (`dev-sme`) without
 * recommendations: `ended` days ago, or `ongoing` (begun a few minutes ago, ending within the hour).
 */
export function makeSession(dataDir: string, state: 'ended' | 'ongoing'): Promise<MadeSession> {
  return withStore(dataDir, async (db) => {
    const { addSession } = await import('@mashura/server/testing')
    const person = (subject: string) => personRow(db, subject)
    const consultant = await person('dev-consultant')
    const sme = await person('dev-sme')
    made += 1
    const now = Date.now()
    // Ended sessions sit in the nights of days long past (one hour each); the ongoing one began 5 minutes ago.
    const start =
      state === 'ended'
        ? new Date(Date.UTC(2020, 0, 1 + made, 1, 0) + (now % 1000) * 3_600_000)
        : new Date(now - 5 * 60_000)
    const session = await addSession(db, {
      contributorId: consultant.contributor_id!,
      smeId: sme.id,
      start,
      minutes: 60,
      availability: 2,
      state,
      started_at: start.toISOString(),
      ...(state === 'ended' ? { ended_at: new Date(start.getTime() + 55 * 60_000).toISOString() } : {}),
    })
    return { sessionId: session.id, smeId: sme.id }
  })
}

/** A session's state as stored. */
export function sessionState(dataDir: string, sessionId: number): Promise<string> {
  return withStore(dataDir, async (db) => {
    const row = await db
      .selectFrom('sessions')
      .select('state')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    return row.state
  })
}

/** The recommendation saved for a session (lists parsed) with its files' names and kinds, or undefined. */
export function savedRecommendation(dataDir: string, sessionId: number) {
  return withStore(dataDir, async (db) => {
    const row = await db
      .selectFrom('recommendations')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirst()
    if (!row) return undefined
    const files = await db
      .selectFrom('files')
      .select(['id', 'kind', 'original_name', 'mime_type', 'duration_seconds', 'session_id'])
      .where('session_id', '=', sessionId)
      .execute()
    return {
      ...row,
      academy_course_ids: JSON.parse(row.academy_course_ids) as number[],
      service_ids: JSON.parse(row.service_ids) as number[],
      attachment_file_ids: JSON.parse(row.attachment_file_ids) as string[],
      supported_file_urls: JSON.parse(row.supported_file_urls) as string[],
      files,
    }
  })
}

/** A one-page PDF, small and valid enough for the server's type check (it reads the bytes). */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  )
}

/** A 1×1 PNG. */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  )
}
