/**
 * A contributor's recommendations for a session (spec section 3's form): the upsert that attaches the uploaded files
 * to the session. Their serializer is wire/recommendations.ts.
 */
import { type MessageKey, RECOMMENDABLE_STATES } from '@mashura/core'
import type { RecommendationInput } from '@mashura/core/contract'
import type { Kysely } from 'kysely'
import {
  academyCourseIds,
  attachSessionFiles,
  detachSessionFiles,
  filesByIds,
  platformServiceIds,
  upsertRecommendations,
} from '../db/queries/recommendations.ts'
import { contributorSessionRow } from '../db/queries/sessions.ts'
import type { Database, Row } from '../db/tables.ts'
import { conflict, invalid, notFound } from './errors.ts'

/** What the form carries, as the contract's schema validated it. */
export type RecommendationBody = RecommendationInput

// ------------------------------------------------------------------------------------------- saving

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
    const session = await contributorSessionRow(trx, body.session_id, contributorId)
    if (!session) throw notFound('errors.sessionNotFound')
    if (!(RECOMMENDABLE_STATES as readonly string[]).includes(session.state))
      throw conflict('invalid_state', 'errors.invalidStateTransition')

    const fields: Record<string, MessageKey> = {}
    const wanted = [...(body.voice_note ? [body.voice_note] : []), ...body.attachments]
    const files = wanted.length ? await filesByIds(trx, wanted) : []
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
      const found = await academyCourseIds(trx, courses)
      if (found.length !== courses.length) fields.academy_course_ids = 'errors.invalidValue'
    }
    if (services.length && !input.integration) {
      const found = await platformServiceIds(trx, services)
      if (found.length !== services.length) fields.service_ids = 'errors.invalidValue'
    }
    const summary = body.success_story ? body.success_story_summary?.trim() || null : null
    if (body.success_story && !summary) fields.success_story_summary = 'errors.fieldRequired'
    if (Object.keys(fields).length) throw invalid('validation_failed', 'errors.validationFailed', fields)

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
    await upsertRecommendations(trx, { session_id: session.id, created_at: stamp, ...values }, values)

    // Detach files an earlier version named and this one no longer does, then attach this version's.
    await detachSessionFiles(trx, session.id, personId, ['voice_note', 'attachment'], wanted)
    if (wanted.length) await attachSessionFiles(trx, session.id, wanted)
    return session
  })
}
