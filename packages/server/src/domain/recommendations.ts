/**
 * A contributor's recommendations for a session (spec section 3's form): the upsert that attaches the uploaded files
 * to the session, and a batch serializer sessions can embed. Files are named on the wire by their id
 * (`StoredFile.path`).
 */
import type { MessageKey } from '@mashura/core'
import type { Recommendation, RecommendationInput, StoredFile } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import type { Database, Row } from '../db/tables.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { sessionRowsOnly } from './sessions.ts'

/** What the form carries, as the contract's schema validated it. */
export type RecommendationBody = RecommendationInput

// ------------------------------------------------------------------------------------------- serializers

/** A file row on the wire: served back by `GET /uploader/files/{id}`. */
export function storedFileOut(row: Row<'files'>, publicUrl: string): StoredFile {
  return {
    full_path: `${publicUrl}/api/uploader/files/${row.id}`,
    path: row.id,
    name: row.original_name,
    mime_type: row.mime_type,
    size: row.size,
  }
}

function list<T>(json: string): T[] {
  try {
    const value = JSON.parse(json) as unknown
    return Array.isArray(value) ? (value as T[]) : []
  } catch {
    return []
  }
}

/** The recommendations of some sessions, by session id (two queries whatever the count). */
export async function recommendationsFor(
  db: Kysely<Database>,
  sessionIds: readonly number[],
  publicUrl: string,
): Promise<Map<number, Recommendation>> {
  const ids = [...new Set(sessionIds)]
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('recommendations').selectAll().where('session_id', 'in', ids).execute()
  const fileIds = rows.flatMap((r) => [
    ...(r.voice_note_file_id ? [r.voice_note_file_id] : []),
    ...list<string>(r.attachment_file_ids),
  ])
  const files = new Map(
    (fileIds.length ? await db.selectFrom('files').selectAll().where('id', 'in', fileIds).execute() : []).map(
      (f) => [f.id, f],
    ),
  )
  const out = new Map<number, Recommendation>()
  for (const r of rows) {
    const voice = r.voice_note_file_id ? files.get(r.voice_note_file_id) : undefined
    out.set(r.session_id, {
      id: r.session_id,
      session_id: r.session_id,
      challenges: r.challenges,
      recommendations: r.recommendations,
      need_another_session: r.need_another_session === 1,
      need_academy_course: r.need_academy_course === 1,
      academy_course_ids: list<number>(r.academy_course_ids),
      need_platform_feature: r.need_platform_feature === 1,
      service_ids: list<number>(r.service_ids),
      company_phase: r.company_phase ?? 'idea_owner',
      success_story: r.success_story === 1,
      success_story_summary: r.success_story_summary,
      comment: r.comment,
      supported_file_url: list<string>(r.supported_file_urls),
      voice_note: voice ? storedFileOut(voice, publicUrl) : null,
      voice_note_duration: voice?.duration_seconds ?? null,
      attachments: list<string>(r.attachment_file_ids)
        .map((id) => files.get(id))
        .filter((f): f is Row<'files'> => f !== undefined)
        .map((f) => storedFileOut(f, publicUrl)),
      created_at: r.created_at,
    })
  }
  return out
}

// ------------------------------------------------------------------------------------------- saving

/** Session states recommendations may be written in: the meeting has begun or is over. */
export const RECOMMENDABLE_STATES = ['ongoing', 'ended', 'sme_absent'] as const

/** What saving needs. */
export interface SaveRecommendationsInput {
  /** The caller's person id (the uploader of the files). */
  personId: number
  /** The caller's contributor id: it must be the session's. */
  contributorId: number
  /** The validated form. */
  body: RecommendationBody
  /**
   * Whether courses and services come from the agency's integration (`INTEGRATION_BASE_URL`): their ids are
   * then the integration's, which the local tables do not hold, and are taken as given (issue 17).
   */
  integration?: boolean
  /** The current time (tests pass their own). */
  now?: Date
}

/**
 * Saves (inserts or replaces) a session's recommendations in one transaction and attaches the named
 * files to the session. Only the session's contributor may (404 for anyone else, as for a missing
 * session); the session must have begun (409). Files must be the caller's uploads of the right kind,
 * not attached to another session; course and service ids must exist in the seeded catalogue (400 with the
 * field), or, with the agency's integration, are the integration's own. Files the
 * previous version named and this one does not are detached again. Returns the session row.
 */
export async function saveRecommendations(
  db: Kysely<Database>,
  input: SaveRecommendationsInput,
): Promise<Row<'sessions'>> {
  const { body, personId, contributorId } = input
  const stamp = (input.now ?? new Date()).toISOString()
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', body.session_id)
      .where('contributor_id', '=', contributorId)
      .where(sessionRowsOnly)
      .executeTakeFirst()
    if (!session) throw notFound('errors.sessionNotFound')
    if (!(RECOMMENDABLE_STATES as readonly string[]).includes(session.state))
      throw conflict('invalid_state', 'errors.invalidStateTransition')

    const fields: Record<string, MessageKey> = {}
    const wanted = [...(body.voice_note ? [body.voice_note] : []), ...body.attachments]
    const files = wanted.length
      ? await trx.selectFrom('files').selectAll().where('id', 'in', wanted).execute()
      : []
    const usable = (id: string, kind: Row<'files'>['kind']) => {
      const f = files.find((x) => x.id === id)
      return (
        f !== undefined &&
        f.owner_person_id === personId &&
        f.kind === kind &&
        (f.session_id === null || f.session_id === session.id)
      )
    }
    if (body.voice_note && !usable(body.voice_note, 'voice_note')) fields.voice_note = 'errors.invalidValue'
    if (body.attachments.some((id) => !usable(id, 'attachment'))) fields.attachments = 'errors.invalidValue'

    const courses = body.need_academy_course ? body.academy_course_ids : []
    const services = body.need_platform_feature ? body.service_ids : []
    if (courses.length && !input.integration) {
      const found = await trx.selectFrom('academy_courses').select('id').where('id', 'in', courses).execute()
      if (found.length !== courses.length) fields.academy_course_ids = 'errors.invalidValue'
    }
    if (services.length && !input.integration) {
      const found = await trx
        .selectFrom('platform_services')
        .select('id')
        .where('id', 'in', services)
        .execute()
      if (found.length !== services.length) fields.service_ids = 'errors.invalidValue'
    }
    const summary = body.success_story ? body.success_story_summary?.trim() || null : null
    if (body.success_story && !summary) fields.success_story_summary = 'errors.fieldRequired'
    if (Object.keys(fields).length) throw badRequest('validation_failed', 'errors.validationFailed', fields)

    const values = {
      challenges: body.challenges,
      recommendations: body.recommendations,
      need_another_session: body.need_another_session ? 1 : 0,
      need_academy_course: body.need_academy_course ? 1 : 0,
      academy_course_ids: JSON.stringify(courses),
      need_platform_feature: body.need_platform_feature ? 1 : 0,
      service_ids: JSON.stringify(services),
      company_phase: body.company_phase,
      success_story: body.success_story ? 1 : 0,
      success_story_summary: summary,
      comment: body.comment?.trim() || null,
      voice_note_file_id: body.voice_note,
      attachment_file_ids: JSON.stringify(body.attachments),
      supported_file_urls: JSON.stringify(body.supported_file_url),
      updated_at: stamp,
    }
    await trx
      .insertInto('recommendations')
      .values({ session_id: session.id, created_at: stamp, ...values })
      .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
      .execute()

    // Detach files an earlier version named and this one no longer does, then attach this version's.
    let detach = trx
      .updateTable('files')
      .set({ session_id: null })
      .where('session_id', '=', session.id)
      .where('owner_person_id', '=', personId)
      .where('kind', 'in', ['voice_note', 'attachment'])
    if (wanted.length) detach = detach.where('id', 'not in', wanted)
    await detach.execute()
    if (wanted.length)
      await trx.updateTable('files').set({ session_id: session.id }).where('id', 'in', wanted).execute()
    return session
  })
}
