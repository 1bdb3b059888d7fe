/**
 * A session's recommendations on the wire (spec section 3's form): the batch serializer sessions embed, and
 * the stored-file shape their voice note and attachments (and uploads) are answered with. Files are named on
 * the wire by their id (`StoredFile.path`).
 */
import type { Recommendation, StoredFile } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import { filesByIds, recommendationsOfSessions } from '../db/queries/recommendations.ts'
import type { Database, Row } from '../db/tables.ts'

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
  const rows = await recommendationsOfSessions(db, ids)
  const fileIds = rows.flatMap((r) => [
    ...(r.voice_note_file_id ? [r.voice_note_file_id] : []),
    ...list<string>(r.attachment_file_ids),
  ])
  const files = new Map((fileIds.length ? await filesByIds(db, fileIds) : []).map((f) => [f.id, f]))
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
